// The one definition of an endpoint (decision 0016). A module's contract keeps the zod schemas of each endpoint
// (`<module>Schemas`: params, query, body, response); its `<module>.endpoints.ts` names each endpoint once — method,
// path, declared access and a few options — typed by those schemas through `import type` only. The server registers
// the pair with `serve` (src/server/kernel/serve.ts); the client calls an endpoint with `callEndpoint`, builds its
// query key with `endpointKey` and its link with `endpointUrl` (src/web/lib/api.ts). No method or path is written a
// second time, and a page that calls an endpoint does not load zod unless it validates something itself: the login
// page and the signed-in shell stay without it (DESIGN §9 budgets).
//
// Isomorphic and free of runtime dependencies: zod is imported for its types only.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: anyone; session: any signed-in user; route: a signed-in user with the right on any of the keys —
 * canView for GET, canAccess for every other method (domain README §9); `read`: canView whatever the method, for a
 * POST that only reads (a label PDF, a check of serials); handler: no session, the handler authenticates the request
 * itself (the inbound webhook's signature, 1C's exchange login).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'route'; routes: readonly string[]; read?: true }
  | { kind: 'handler' };

export const access = {
  public: { kind: 'public' } as Access,
  session: { kind: 'session' } as Access,
  route: (...routes: [string, ...string[]]): Access => ({ kind: 'route', routes }),
  /** A request that only reads, whatever its method: canView on any of the routes is enough. */
  read: (...routes: [string, ...string[]]): Access => ({ kind: 'route', routes, read: true }),
  /**
   * No session cookie: the handler authenticates the request itself before it reads the body, and answers 401
   * without valid credentials — the inbound webhook by its HMAC signature, 1C's CommerceML exchange by its own login
   * (reports-admin.md §15). Called by other servers, so the cross-site guard asks for no Origin.
   */
  byHandler: { kind: 'handler' } as Access,
};

/** The zod schemas of one endpoint, kept in the module's contract. `response`: the success body (none for a file). */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

/** What an endpoint is besides its shapes. */
export interface EndpointSpec {
  method: HttpMethod;
  path: string;
  access: Access;
  /** The success status (201 for a create). Default 200. */
  status?: 200 | 201;
  /** A page of a list: a bare array with the total in X-Total-Count (domain README §10). */
  list?: boolean;
  /** Media types of request bodies the route takes besides application/json (decision 0014). */
  bodyTypes?: readonly string[];
  /** Bytes of request body the route takes (an import, an upload); default the app's 1 MiB. */
  bodyLimit?: number;
}

/** An endpoint: its spec, typed by its schemas (a type-level tag only: no schema exists at run time here). */
export type Endpoint<S extends EndpointSchemas = EndpointSchemas, D extends EndpointSpec = EndpointSpec> = D & {
  readonly __schemas?: S;
};

/**
 * Names a module's endpoints, typed by its schema map: `defineEndpoints<typeof ordersSchemas>()({ list: {...} })`.
 * Every key of the schema map needs an endpoint, and no other key is taken.
 */
export function defineEndpoints<S extends Record<string, EndpointSchemas>>() {
  return <const D extends { [K in keyof S]: EndpointSpec } & Record<Exclude<keyof D, keyof S>, never>>(
    specs: D,
  ): { [K in keyof S]: Endpoint<S[K], D[K]> } => specs as never;
}

// ---- what a caller sends and gets ----------------------------------------------------------------------------------

type SchemasOf<E> = E extends { readonly __schemas?: infer S } ? Exclude<S, undefined> : never;
type PathOf<E> = E extends { path: infer P extends string } ? P : string;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's `:name` segments. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** A filter value the client may leave empty: '', null and 'all' never reach the URL (spec §5). */
export type Unset = '' | null | undefined | 'all';

type QueryOf<S> = S extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The query an endpoint takes, as a page keeps it: every field optional, '' / null / 'all' meaning none. */
export type QueryInput<E> = [QueryOf<SchemasOf<E>>] extends [never]
  ? never
  : { [K in keyof QueryOf<SchemasOf<E>>]?: QueryOf<SchemasOf<E>>[K] | Unset };

/** The body an endpoint takes (the input side of its schema). */
export type BodyInput<E> = SchemasOf<E> extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The JSON an endpoint answers (the output side of its response schema). */
export type ResponseOf<E> = SchemasOf<E> extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;

/** One row of a list endpoint's answer. */
export type RowOf<E> = ResponseOf<E> extends ReadonlyArray<infer T> ? T : never;

type ParamsPart<E> = [ParamNames<PathOf<E>>] extends [never] ? { params?: never } : { params: PathParams<PathOf<E>> };
type QueryPart<E> = [QueryInput<E>] extends [never] ? { query?: never } : { query?: QueryInput<E> };
type BodyPart<E> = [BodyInput<E>] extends [never]
  ? { body?: never }
  : undefined extends BodyInput<E>
    ? { body?: BodyInput<E> }
    : { body: BodyInput<E> };

/** What a call of the endpoint needs: its path's values, its query and its body, each where it has one. */
export type CallInput<E> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

/** `true` when a call needs nothing (so the input may be left out). */
export type NeedsNoInput<E> = Record<never, never> extends CallInput<E> ? true : false;

// ---- paths ---------------------------------------------------------------------------------------------------------

/** The path with each `:name` replaced by its (encoded) value. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Не задано параметр шляху «${name}» для ${path}`);
    return encodeURIComponent(String(value));
  });
}

const UNSET = new Set<unknown>([undefined, null, '', 'all']);

/** `?a=1&b=x` of a query (values '' / null / 'all' left out, arrays joined by commas), or ''. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (UNSET.has(value)) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
