// The bad-input suite's edge requests (issue 19 §5) and uploads: for every endpoint, bodies and queries with null in
// each field, dates across the whole range (and the absurd ones), malformed version stamps; and hostile files for
// every upload endpoint. Built on the generators of arbitraries.ts.
import fc from 'fast-check';
import { type FuzzEndpoint, type JsonSchema, fillPath } from './endpoints.ts';
import {
  BODY_METHODS,
  clone,
  encode,
  type FuzzContext,
  type FuzzRequest,
  hostileString,
  mapLeaves,
  NUMBERISH,
  type Path,
  pathsOf,
  pick,
  sampleValid,
  serialize,
  setAt,
  validBody,
} from './arbitraries.ts';

export const EDGE_DATES = [
  '0000-01-01',
  '1999-12-31',
  '2000-01-01',
  '2999-12-31',
  '3000-01-01',
  '9999-12-31',
  '2000-02-30',
  '2026-13-01',
  '10.11.2026',
];

/** Optimistic-lock stamps that are not the one read: not a timestamp, out of every range, of the wrong type. */
export const EDGE_STAMPS: readonly unknown[] = [
  'x',
  '',
  -1,
  2 ** 31,
  1e21,
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-13-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
];

/** What a sample value or a field name says the field holds: a date, a moment, or a version stamp. */
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_VALUE = /^\d{4}-\d{2}-\d{2}T/;
const STAMP_NAME = /^(?:version|updatedAt)$/;

/** Dates in random years 0–9999 (a real day of the year), the same for the same seed. */
export function randomYearDates(seed: number, count = 2): string[] {
  const day = fc.tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  );
  return fc
    .sample(day, { seed, numRuns: count })
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
}

function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const seg of path) node = (node as Record<string | number, unknown> | null)?.[seg];
  return node;
}

/** The values a field's edge cases try, from its sample value and its name. */
function edgeValuesOf(path: Path, sample: unknown, dates: readonly string[]): readonly unknown[] {
  const name = path[path.length - 1];
  const values = new Set<unknown>();
  if (typeof sample === 'string' && DATE_VALUE.test(sample)) for (const d of dates) values.add(d);
  if (typeof sample === 'string' && DATE_TIME_VALUE.test(sample)) {
    for (const d of dates) values.add(`${d}T10:00:00Z`);
    for (const st of EDGE_STAMPS) values.add(st);
  }
  if (typeof name === 'string' && STAMP_NAME.test(name)) for (const st of EDGE_STAMPS) values.add(st);
  return [...values];
}

/** The smallest body that holds `path`: the required fields, and the path's parents taken from the full sample. */
function withParents(minimal: unknown, full: unknown, path: Path): unknown {
  let body = minimal;
  for (let i = 1; i < path.length; i++) {
    const prefix = path.slice(0, i);
    if (valueAt(body, prefix) === undefined) body = setAt(body, prefix, clone(valueAt(full, prefix)));
  }
  return body;
}

/**
 * Deterministic bodies beside the generated ones: `null` in each field in turn (nested ones included, the first
 * element of an array standing for all) and in every field at once; each date across the whole range; each version
 * stamp malformed. Each case is the smallest body the schema allows plus the field tried, so that it reaches as
 * deep into the handler as its one broken field lets it (a full sample often fails on another optional field).
 */
export function edgeBodies(
  schema: JsonSchema | null | undefined,
  ctx: FuzzContext,
  dates: readonly string[],
): Array<{ body: unknown; broken: string }> {
  if (!schema) return [];
  const full = sampleValid(schema, ctx);
  if (!full || typeof full !== 'object') return [];
  const minimal = sampleValid(schema, ctx, '', 0, true);
  const paths = pathsOf(full).filter((p) => p.every((seg) => typeof seg === 'string' || seg === 0));
  const out: Array<{ body: unknown; broken: string }> = paths.map((path) => ({
    body: setAt(withParents(minimal, full, path), path, null),
    broken: `null у ${path.join('.')}`,
  }));
  if (!Array.isArray(full) && Object.keys(full).length > 0) {
    out.push({ body: Object.fromEntries(Object.keys(full).map((k) => [k, null])), broken: 'null у всіх полях' });
  }
  if (paths.length > Object.keys(full).length) {
    out.push({ body: mapLeaves(full, () => null), broken: 'null у всіх значеннях' });
  }
  for (const path of paths) {
    for (const value of edgeValuesOf(path, valueAt(full, path), dates)) {
      out.push({
        body: setAt(withParents(minimal, full, path), path, value),
        broken: `${path.join('.')} = ${JSON.stringify(value)}`,
      });
    }
  }
  return out;
}

/** Query strings that set one date parameter (dateFrom, dueBefore …) across the whole range, the others left out. */
export function edgeQueries(
  schema: JsonSchema | null | undefined,
  ctx: FuzzContext,
  dates: readonly string[],
): string[] {
  const properties = pick(schema ?? {}).properties ?? {};
  const out: string[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const sample = sampleValid(property, ctx, key);
    if (typeof sample !== 'string' || !DATE_VALUE.test(sample)) continue;
    for (const d of dates) out.push(`${encode(key)}=${encode(d)}`);
  }
  return out;
}

/** Every deterministic edge case of an endpoint as a request (valid path ids). */
export function edgeRequests(
  endpoint: FuzzEndpoint,
  ctx: FuzzContext,
  realIds: Record<string, number[]>,
  seed: number,
): FuzzRequest[] {
  const dates = [...EDGE_DATES, ...randomYearDates(seed)];
  const path = fillPath(
    endpoint.url,
    Object.fromEntries(endpoint.params.map((p) => [p, String(realIds[p]?.[0] ?? 1)])),
  );
  const hasBody =
    BODY_METHODS.has(endpoint.method) && (endpoint.json.body !== undefined || endpoint.method !== 'DELETE');
  const valid = validBody(endpoint.json.body, ctx);
  const queries = edgeQueries(endpoint.json.querystring, ctx, dates).map((query) => ({
    method: endpoint.method,
    url: `${path}?${query}`,
    payload: hasBody ? serialize(valid ?? {}) : undefined,
    broken: `query ${decodeURIComponent(query)}`,
  }));
  const bodies = hasBody
    ? edgeBodies(endpoint.json.body, ctx, dates).map(({ body, broken }) => ({
        method: endpoint.method,
        url: path,
        payload: serialize(body),
        broken,
      }))
    : [];
  return [...queries, ...bodies];
}

// --- uploads (imports, photos, logos, bank statements, CommerceML) ---------------------------------------

/** A route that takes a file: it declares upload media types besides JSON (decision 0014), whatever its path. */
export const isUpload = (endpoint: FuzzEndpoint) => endpoint.bodyTypes.length > 0;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const UPLOAD_TYPES = [
  'text/csv',
  'text/plain',
  'application/octet-stream',
  XLSX_TYPE,
  'application/xml',
  'text/xml',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
];

const csvCell = fc.oneof(hostileString, fc.constantFrom(...NUMBERISH), fc.constant('=1+1'), fc.constant('"'));

/** Crafted and random file contents: hostile CSV, broken XLSX/PNG/JPEG headers, SVG with script, entity XML. */
const uploadBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
  fc
    .array(fc.array(csvCell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 })
    .map((rows) => Buffer.from('\ufeff' + rows.map((r) => r.join(';')).join('\r\n'), 'utf8')),
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from(b)])),
  fc
    .uint8Array({ maxLength: 512 })
    .map((b) => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from(b)])),
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(b)])),
  fc.constant(
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    ),
  ),
  fc.constant(
    Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
        '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>' +
        '<КоммерческаяИнформация><Каталог><Товары><Товар><Ид>&d;</Ид><Наименование>&d;</Наименование></Товар>' +
        '</Товары></Каталог></КоммерческаяИнформация>',
    ),
  ),
  hostileString.map((s) => Buffer.from(`<?xml version="1.0"?><КоммерческаяИнформация>${s}`, 'utf8')),
  fc.constant(Buffer.alloc(0)),
);

export function uploadArbitrary(endpoint: FuzzEndpoint, realIds: Record<string, number[]>): fc.Arbitrary<FuzzRequest> {
  const validSegments = Object.fromEntries(endpoint.params.map((p) => [p, String(realIds[p]?.[0] ?? 1)]));
  return fc
    .record({ contentType: fc.constantFrom(...UPLOAD_TYPES), payload: uploadBody })
    .map(({ contentType, payload }) => ({
      method: endpoint.method,
      url: fillPath(endpoint.url, validSegments),
      payload,
      contentType,
      broken: 'upload',
    }));
}
