// The endpoints of the built app as the bad-input suite sees them: method, url, declared access (the registry
// `app.endpoints` that buildApp fills from its onRoute hook) and the zod schemas of params, querystring and body.
// The schemas are not in the registry, so the suite wraps the zod validator compiler (bad-input.test.ts mocks
// fastify-type-provider-zod) and every route's schemas pass through `recordSchema` while the app is built.
import { z } from 'zod';
import type { Access, AppInstance } from '../kernel/endpoint.ts';

export type HttpPart = 'params' | 'querystring' | 'body';

/** The subset of JSON Schema that zod's `toJSONSchema` writes and the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface FuzzEndpoint {
  method: string;
  url: string;
  /** `METHOD url`, the name used in test titles and failure reports. */
  key: string;
  access: Access | undefined;
  /** Names of the path parameters, in order. */
  params: string[];
  zod: Partial<Record<HttpPart, z.ZodType>>;
  /** The input side of each zod schema as JSON Schema (null when zod cannot express it). */
  json: Partial<Record<HttpPart, JsonSchema | null>>;
  /** The upload media types the route declares besides JSON (empty: a JSON-only route). */
  bodyTypes: readonly string[];
}

/** The zod schemas a route validates its params, query and body with, as the app registered them. */
function schemasOf(endpoint: AppInstance['endpoints'][number]): Partial<Record<HttpPart, z.ZodType>> {
  const zod: Partial<Record<HttpPart, z.ZodType>> = {};
  for (const part of ['params', 'querystring', 'body'] as const) {
    const schema = endpoint.schema?.[part];
    if (schema instanceof z.ZodType) zod[part] = schema;
  }
  return zod;
}

function toJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    return z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Every /api endpoint (and /healthz) of the app, HEAD twins left out, in registration order. */
export function fuzzEndpoints(app: AppInstance): FuzzEndpoint[] {
  const seen = new Set<string>();
  const out: FuzzEndpoint[] = [];
  for (const e of app.endpoints) {
    if (!(e.url.startsWith('/api/') || e.url === '/healthz')) continue;
    const key = `${e.method} ${e.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const zod = schemasOf(e);
    const json: FuzzEndpoint['json'] = {};
    for (const part of ['params', 'querystring', 'body'] as const) {
      const schema = zod[part];
      if (schema) json[part] = toJsonSchema(schema);
    }
    out.push({
      method: e.method,
      url: e.url,
      key,
      access: e.access,
      params: [...e.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      zod,
      json,
      bodyTypes: e.bodyTypes ?? [],
    });
  }
  return out;
}

/** The url with each `:name` replaced by the given (already encoded) segment. */
export function fillPath(url: string, segments: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? '1');
}

/** The collection a path parameter points into: `/api/clients/:id/bank-accounts` → `/api/clients` for `id`. */
export function collectionOf(url: string, param: string): string {
  return url.slice(0, url.indexOf(`:${param}`)).replace(/\/$/, '');
}
