// Hostile-value generators of the bad-input suite (issue 10, 'Bad input'): SQL and HTML fragments, unicode edge
// cases, huge and negative numbers, number-like strings, deep nesting, prototype-pollution keys, wrong types —
// and, from an endpoint's JSON Schema, near-valid requests with one part broken, so that the handlers behind the
// validation get exercised too, not only zod.
// None of the fixed strings contains a marker the leak check looks for (see judge.ts), so an answer that echoes
// the input back is never mistaken for a leak.
import fc from 'fast-check';
import { fillPath, type FuzzEndpoint, type JsonSchema } from './endpoints.ts';

/** A JSON fragment sent verbatim (nesting deeper than JSON.stringify can recurse). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; DELETE FROM stock_movements',
  "' UNION SELECT password_hash, 1 FROM users --",
  "'||(SELECT current_user)||'",
  "1' AND pg_sleep(3) IS NULL --",
  '$$; TRUNCATE items; $$',
  "\\'; --",
  '%_%',
  "E'\\x27'",
  '1)) OR ((1=1',
  '`id`',
];

export const HTML_FRAGMENTS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}${7*7}<%= 7*7 %>',
  '<!--',
  ']]><![CDATA[',
  '&lt;&amp;&#x27;&#0;',
  '<iframe src="//example.invalid"></iframe>',
  '=HYPERLINK("http://example.invalid","x")',
  '+cmd|" /C calc"!A0',
];

export const UNICODE_EDGES = [
  '\ud800',
  '\udfff',
  'a\ud83dz',
  '\udc00\ud800',
  '\u200f\u202eтекст\u202c',
  '\u200b\u200c\u200d\ufeff',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '👨‍👩‍👧‍👦🇺🇦',
  '😀'.repeat(50),
  'e\u0301\u0301\u0301',
  'Ї\u0308',
  '\u2028\u2029',
  '\r\n\t\u000b\u000c',
  '\u00a0\u3000',
  'İıßﬀ',
  '\uffff\ufffe\ufffd',
  '𝕳𝖊𝖑𝖑𝖔',
  '\u0007\u001b[31m',
  '',
  ' ',
  '   \t  ',
];

export const NUMBERISH = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '1e5',
  '-0',
  '0x10',
  '0b11',
  '1_000',
  '١٢٣',
  '１２３',
  ' 1',
  '1 ',
  '+1',
  '.5',
  '5.',
  '1,5',
  '9'.repeat(40),
  '-' + '9'.repeat(40),
  '99999999999999.9999',
  '1.0000000000000000001',
  '00001',
  '-1',
  '-0.0001',
  '-100',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty', 'toString'];

/** 100 KB strings: ASCII, two-byte Cyrillic, four-byte emoji (each ~100 KB of UTF-8). */
export const BIG_STRINGS = ['A'.repeat(100 * 1024), 'я'.repeat(50 * 1024), '😀'.repeat(25 * 1024)];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_FRAGMENTS) },
  { weight: 2, arbitrary: fc.constantFrom(...HTML_FRAGMENTS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERISH) },
  { weight: 1, arbitrary: fc.constantFrom(...BIG_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...SQL_FRAGMENTS, ...HTML_FRAGMENTS), fc.constantFrom(...UNICODE_EDGES))
      .map(([a, b]) => `Тест ${a}${b}`),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    -0.0001,
    0.1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.MAX_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Nesting far deeper than any schema: arrays, objects or both, up to 10 000 levels. */
export const deepValue: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(64, 1000, 10_000), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, shape]) => {
    const open = shape === 'array' ? '[' : shape === 'object' ? '{"a":' : '[{"a":';
    const close = shape === 'array' ? ']' : shape === 'object' ? '}' : '}]';
    const reps = shape === 'mixed' ? depth / 2 : depth;
    return new RawJson(open.repeat(reps) + '1' + close.repeat(reps));
  });

/** An object whose own keys are prototype-pollution keys (own properties, so JSON.stringify writes them). */
export const protoObject: fc.Arbitrary<Record<string, unknown>> = fc
  .subarray(PROTO_KEYS, { minLength: 1 })
  .map((keys) => {
    const o: Record<string, unknown> = {};
    for (const k of keys) {
      Object.defineProperty(o, k, {
        value: k === 'constructor' ? { prototype: { fuzzPolluted: 'так' } } : { fuzzPolluted: 'так' },
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return o;
  });

/** Any value of any JSON type, hostile where it can be. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// --- near-valid values from JSON Schema ------------------------------------------------------------------

/** What the generators know of the database: real ids to aim at. */
export interface FuzzContext {
  /** A real id for a field or parameter name (`clientId`, `itemId`, `id` …), or undefined. */
  idFor(name: string): number | undefined;
}

const STRING_CANDIDATES = [
  '1',
  '1.00',
  '2026-11-10',
  '2026-11-10T10:00:00.000Z',
  '10:00',
  'fuzz@example.com',
  'https://example.com',
  '00000000-0000-4000-8000-000000000000',
  'UA213223130000026007233566001',
  '12345678',
  '1234567890',
  '+380501234567',
  'ТЕСТ-1',
  'Тест',
  'test',
  'a',
];

export function pick(schema: JsonSchema): JsonSchema {
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts && alts.length > 0) return alts.find((a) => a.type !== 'null') ?? alts[0]!;
  if (schema.allOf && schema.allOf.length > 0) return Object.assign({}, ...schema.allOf) as JsonSchema;
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function validString(schema: JsonSchema): string {
  if (schema.format === 'date') return '2026-11-10';
  if (schema.format === 'date-time') return '2026-11-10T10:00:00.000Z';
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  let re: RegExp | null = null;
  if (schema.pattern) {
    try {
      re = new RegExp(schema.pattern, 'u');
    } catch {
      re = null;
    }
  }
  const fits = (s: string) => s.length >= min && s.length <= max && (!re || re.test(s));
  const found = STRING_CANDIDATES.find(fits);
  if (found !== undefined) return found;
  const padded = 'Тест'.padEnd(Math.max(min, 4), 'т').slice(0, Number.isFinite(max) ? max : undefined);
  return padded;
}

/**
 * A plausible valid value for the schema (best effort — it only has to get past validation often); `requiredOnly`
 * leaves out the optional properties of objects (a body as small as the schema allows).
 */
export function sampleValid(
  schema: JsonSchema | undefined,
  ctx: FuzzContext,
  name = '',
  depth = 0,
  requiredOnly = false,
): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const s = pick(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (/id$/i.test(name) && !s.pattern && !s.format) return String(ctx.idFor(name) ?? 1);
      return validString(s);
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -Infinity);
      const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Infinity);
      const wanted = /id$/i.test(name) ? (ctx.idFor(name) ?? 1) : 1;
      return Math.min(Math.max(wanted, lo), hi);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const n = Math.max(s.minItems ?? 0, s.prefixItems?.length ?? 0, 1);
      return Array.from({ length: Math.min(n, 3) }, (_, i) =>
        sampleValid(s.prefixItems?.[i] ?? s.items, ctx, singular(name), depth + 1, requiredOnly),
      );
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (!requiredOnly || s.required?.includes(k)) out[k] = sampleValid(v, ctx, k, depth + 1, requiredOnly);
      }
      return out;
    }
    default:
      return 'Тест';
  }
}

function singular(name: string) {
  return name.endsWith('Ids') ? name.slice(0, -1) : name;
}

export type Path = Array<string | number>;

/** Every path inside a sample value (objects and arrays included, the root excluded). */
export function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([...prefix, i]);
      pathsOf(v, [...prefix, i], out);
    });
  } else if (value && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [k, v] of Object.entries(value)) {
      out.push([...prefix, k]);
      pathsOf(v, [...prefix, k], out);
    }
  }
  return out;
}

export function clone<T>(v: T): T {
  return structuredClone(v);
}

export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

function deleteAt(root: unknown, path: Path): unknown {
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return copy;
}

/** Extreme numbers for fields that hold quantities, prices or ids: as JSON numbers and as decimal strings. */
const extremeNumeric: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NUMBERISH),
  hostileNumber,
  hostileNumber.map((n) => String(n)),
);

/**
 * A request body for a JSON-Schema'd body: one field replaced by a hostile or wrongly typed value, a required
 * field missing, extra (and prototype-pollution) keys, every string hostile, every number extreme, the object in
 * an array, or plain random JSON.
 */
export function bodyArbitrary(schema: JsonSchema | null | undefined, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const base = schema ? sampleValid(schema, ctx) : {};
  const paths = pathsOf(base);
  const strategies: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: deepValue },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant([base]) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.dictionary(
            fc.oneof(fc.constantFrom(...PROTO_KEYS, 'id', 'createdBy', 'isAdmin', 'status'), fc.string()),
            hostileValue,
            { maxKeys: 4 },
          ),
          protoObject,
        )
        .map(([extra, proto]) =>
          base && typeof base === 'object' && !Array.isArray(base) ? { ...extra, ...base, ...proto } : extra,
        ),
    },
    {
      weight: 1,
      arbitrary: hostileString.map((s) => mapLeaves(base, (v) => (typeof v === 'string' ? s : v))),
    },
    {
      weight: 1,
      arbitrary: extremeNumeric.map((n) =>
        mapLeaves(base, (v) => (typeof v === 'number' || (typeof v === 'string' && /^-?\d/.test(v)) ? n : v)),
      ),
    },
  ];
  if (paths.length > 0) {
    strategies.push({
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, value]) => setAt(base, path, value)),
    });
    strategies.push({
      weight: 3,
      arbitrary: fc.tuple(fc.constantFrom(...paths), extremeNumeric).map(([path, value]) => setAt(base, path, value)),
    });
    strategies.push({
      weight: 2,
      arbitrary: fc.constantFrom(...paths).map((path) => deleteAt(base, path)),
    });
  }
  return fc.oneof(...strategies);
}

export function mapLeaves(value: unknown, f: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, f));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, f)]));
  }
  return f(value);
}

/** The valid-looking body of an endpoint (used while another part of the request is the broken one). */
export function validBody(schema: JsonSchema | null | undefined, ctx: FuzzContext): unknown {
  return schema ? sampleValid(schema, ctx) : undefined;
}

// --- query strings and path segments -----------------------------------------------------------------------

/** Percent-encodes any string, lone surrogates included (as the UTF-8 replacement character's bytes). */
export function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  }
}

/** Segments that are not valid percent-encoding, or decode to traversal and NUL. */
const RAW_SEGMENTS = ['%', '%zz', '%c0%af', '%00', '%ED%A0%80', '..', '%2e%2e%2f%2e%2e%2f', '%E2%80%AE', '%F0%9F%98'];

const PATH_NUMBERS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x1A',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'abc',
  '١٢٣',
  '１',
  '%201',
  '1%20',
];

export function pathSegment(realIds: number[]): fc.Arbitrary<string> {
  const real = realIds.length > 0 ? realIds.map(String) : ['1'];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real) },
    { weight: 3, arbitrary: fc.constantFrom(...PATH_NUMBERS) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length < 2000 && s.length > 0).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

/** A query string: the route's own keys with hostile values, unknown and prototype keys, repeated keys. */
export function queryArbitrary(schema: JsonSchema | null | undefined, ctx: FuzzContext): fc.Arbitrary<string> {
  const known = Object.keys(pick(schema ?? {}).properties ?? {});
  const value = fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBERISH) },
    { weight: 1, arbitrary: hostileNumber.map(String) },
    { weight: 1, arbitrary: fc.constant('') },
  );
  const keyArb = fc.oneof(
    { weight: known.length > 0 ? 6 : 0, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('q') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, 'a[b]', 'a.b', '', 'sort[]', 'limit[0]') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(keyArb, value).map(([k, v]) => `${encode(k)}=${encode(v)}`) },
    { weight: 1, arbitrary: keyArb.map((k) => encode(k)) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => `search=${raw}`) },
  );
  const validPairs = known
    .map((k) => {
      const v = sampleValid(pick(schema!).properties![k], ctx, k);
      return typeof v === 'string' || typeof v === 'number' ? `${encode(k)}=${encode(String(v))}` : null;
    })
    .filter((p): p is string => p !== null);
  return fc
    .tuple(fc.subarray(validPairs), fc.array(pair, { minLength: 1, maxLength: 5 }))
    .map(([valid, hostile]) => [...valid, ...hostile].join('&'));
}

// --- whole requests ----------------------------------------------------------------------------------------

export interface FuzzRequest {
  method: string;
  url: string;
  /** The body as sent: a JSON text, raw bytes of an upload, or undefined for none. */
  payload?: string | Buffer;
  /** application/json unless an upload says otherwise. */
  contentType?: string;
  /** Extra headers (Idempotency-Key of the terminal's actions, a client-chosen request id). */
  headers?: Record<string, string>;
  /** What was broken, for the report. */
  broken: string;
}

/** Serialises a body that may contain RawJson fragments. */
export function serialize(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `__fuzz_raw_${raws.length - 1}__`;
    }
    return v;
  });
  if (text === undefined) return 'null';
  return raws.length === 0 ? text : text.replace(/"__fuzz_raw_(\d+)__"/g, (_, i: string) => raws[Number(i)]!);
}

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One generated request to an endpoint: which parts are broken is itself generated (at least one), the other
 * parts stay valid-looking so the broken one reaches as deep into the handler as validation lets it.
 */
export function requestArbitrary(
  endpoint: FuzzEndpoint,
  ctx: FuzzContext,
  realIds: Record<string, number[]>,
): fc.Arbitrary<FuzzRequest> {
  const hasBody =
    BODY_METHODS.has(endpoint.method) && (endpoint.json.body !== undefined || endpoint.method !== 'DELETE');
  const parts = [...(endpoint.params.length > 0 ? ['params'] : []), 'query', ...(hasBody ? ['body'] : [])] as const;
  const validSegments = Object.fromEntries(endpoint.params.map((p) => [p, String(realIds[p]?.[0] ?? 1)]));
  const segments = fc.record(Object.fromEntries(endpoint.params.map((p) => [p, pathSegment(realIds[p] ?? [])])));
  const body = bodyArbitrary(endpoint.json.body, ctx);
  const valid = validBody(endpoint.json.body, ctx);
  return fc
    .record({
      broken: fc.subarray([...parts], { minLength: 1 }),
      segments,
      query: queryArbitrary(endpoint.json.querystring, ctx),
      body,
      headers: headersArbitrary,
    })
    .map(({ broken, segments: segs, query, body: b, headers }) => {
      const path = fillPath(endpoint.url, broken.includes('params') ? segs : validSegments);
      const url = broken.includes('query') ? `${path}?${query}` : path;
      const payload = hasBody ? serialize(broken.includes('body') ? b : (valid ?? {})) : undefined;
      return { method: endpoint.method, url, payload, headers, broken: broken.join('+') };
    });
}

/** Header values must stay printable ASCII to be sent at all; hostile text goes in percent-encoded. */
const headerValue = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: hostileString.filter((s) => s.length < 4000).map(encode) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(8000), "' OR '1'='1", '../../', 'null', '-1') },
);

const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .record({ 'idempotency-key': headerValue, 'x-request-id': headerValue }, { requiredKeys: [] })
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);

// --- deterministic edge cases: null, dates across the whole range, version stamps (issue 19 §5) ------------

/**
 * Dates outside the document years (2000–2999) on both sides and at the limits of PostgreSQL and of `Date`, the
 * range's own first and last day, days that do not exist, and dates in other shapes.
 */
