// Issue 10, 'Bad input': generated malformed, oversized, wrongly typed and hostile input at EVERY endpoint of the
// registry. Every answer: no 5xx, no stack trace / file path / SQL text, every 4xx JSON `{ error }` in Ukrainian;
// afterwards the ledger, the numbering and the serial invariant still hold and no prototype got polluted. Beside the
// generated requests, deterministic ones (issue 19 §5): `null` in every field, dates across the whole range and
// malformed version stamps at every endpoint that has them.
//
// Deterministic: the seed is FUZZ_SEED (default below), each endpoint derives its own from it and its key, so a
// failure is reproduced with the printed command. FUZZ_RUNS sets the generated requests per endpoint (default
// 10); FUZZ_ONLY='<text>' fuzzes only the endpoints whose `METHOD url` contains the text.
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceUserRoles, adminRoleId } from '@/modules/roles/server/index.ts';
import { checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { BODY_LIMIT } from '../app.ts';
import { requestArbitrary, serialize, type FuzzContext, type FuzzRequest } from './arbitraries.ts';
import { edgeRequests, isUpload, uploadArbitrary } from './edge-requests.ts';
import { collectionOf, fillPath, fuzzEndpoints, type FuzzEndpoint } from './endpoints.ts';
import { createFuzzFixture, type FuzzUser } from './fixture.ts';
import { describeAnswer, judge, shorten, type Answer } from './judge.ts';

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_251_110);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const ONLY = process.env.FUZZ_ONLY ?? '';
/** When set, every generated request's status and error are appended to this file (tab-separated). */
const LOG = process.env.FUZZ_LOG ?? '';

/**
 * Endpoints not fuzzed as the administrator, and why. None is left out entirely: each is fuzzed under the
 * caller named here instead (their answers are judged the same way).
 */
export const SPECIAL_CASES: Record<string, string> = {
  'GET /api/logout': 'ends the caller’s session — fuzzed with the spare user’s session, signed in again after',
  'POST /api/auth/simple-login':
    'failed sign-ins are throttled per address — fuzzed from another remote address so the suite can still sign in',
  'POST /api/profile/password': 'changes the caller’s password — fuzzed as the spare user',
  'PATCH /api/profile': 'changes the caller’s own account (username, e-mail) — fuzzed as the spare user',
  'DELETE /api/profile/sessions/others': 'ends the caller’s other sessions — fuzzed as the spare user',
  '/api/profile/*': 'the caller’s own profile — fuzzed as the spare user',
  '/api/users/:id…': 'real ids never include the fuzzing administrator or the spare user (deactivation, password)',
};

/** Endpoints left out completely, with the reason. Keep it empty unless an endpoint cannot be fuzzed at all. */
export const SKIPPED: Record<string, string> = {};

/**
 * Endpoints that call the server the settings name (a fuzzed PUT just set it to any host): each request may wait
 * for that host's connection timeout, so they get two generated requests, not RUNS, within a longer test time.
 */
export const NETWORK_BOUND: Record<string, string> = {
  'POST /api/integrations/bank-mailbox/test': 'logs in to the configured IMAP server',
  'POST /api/integrations/bank-mailbox/poll': 'polls the configured IMAP server',
};

const f = await createFuzzFixture();
const { app, db } = f.t;
afterAll(() => f.close());

const endpoints = fuzzEndpoints(app);
const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();

// --- helpers ---------------------------------------------------------------------------------------------------

type Caller = FuzzUser | null;

async function send(req: FuzzRequest, as: Caller, remoteAddress?: string): Promise<Answer> {
  const headers: Record<string, string> = { ...req.headers };
  if (as) headers.cookie = as.cookie;
  if (req.payload !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
  const res = await app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.body };
}

function describeRequest(req: FuzzRequest): string {
  const payload =
    req.payload === undefined
      ? '(без тіла)'
      : typeof req.payload === 'string'
        ? shorten(req.payload)
        : `[${req.payload.length} байтів] ${shorten(req.payload.toString('latin1'), 300)}`;
  return [
    `${req.method} ${shorten(req.url, 600)}`,
    `зламано: ${req.broken}${req.contentType ? `; content-type: ${req.contentType}` : ''}`,
    ...(req.headers && Object.keys(req.headers).length > 0
      ? [`заголовки: ${shorten(JSON.stringify(req.headers), 300)}`]
      : []),
    `тіло: ${payload}`,
  ].join('\n');
}

function failureReport(endpoint: string, req: FuzzRequest, a: Answer, problems: string[]) {
  return [
    `Ендпоінт ${endpoint}: ${problems.join('; ')}`,
    '— запит —',
    describeRequest(req),
    '— відповідь —',
    describeAnswer(a),
  ].join('\n');
}

function logAnswer(key: string, req: FuzzRequest, a: Answer) {
  let error = '';
  if (a.statusCode >= 400) {
    try {
      error = String((JSON.parse(a.body) as { error?: unknown }).error);
    } catch {
      error = shorten(a.body, 200);
    }
  }
  const line = [a.statusCode, key, error, req.broken, shorten(describeRequest(req), 400)].map((v) =>
    String(v).replace(/[\t\n]/g, ' '),
  );
  appendFileSync(LOG, line.join('\t') + '\n');
}

function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${BASE_SEED}:${key}`) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  return h | 0;
}

function isPublic(e: FuzzEndpoint) {
  return e.access?.kind === 'public';
}

function callerOf(e: FuzzEndpoint): Caller {
  if (e.key === 'GET /api/logout' || e.url.startsWith('/api/profile')) return f.spare;
  // An endpoint that authenticates in its handler does so before it parses: without credentials every body is 401
  // (the webhook's own test sends broken and polluted JSON with a valid signature).
  if (isPublic(e) || e.access?.kind === 'handler') return null;
  return f.admin;
}

const alwaysAllowed = new Set(routeCatalog.filter((r) => r.alwaysAllowed).map((r) => r.route));

/** A route-keyed endpoint a user without roles may not call (keys every user has are allowed — README §9). */
function deniedWithoutRoles(e: FuzzEndpoint) {
  return e.access?.kind === 'route' && !e.access.routes.some((r) => alwaysAllowed.has(r));
}

function bodyMethod(e: FuzzEndpoint) {
  return e.method === 'POST' || e.method === 'PUT' || e.method === 'PATCH';
}

// --- real ids for path parameters and id-like body fields ----------------------------------------------------

const listCache = new Map<string, number[]>();

/** The first ids of a list endpoint (`template` is its registered url, `url` the same with parameters filled). */
async function idsOfList(template: string, url = template): Promise<number[]> {
  const cached = listCache.get(url);
  if (cached) return cached;
  let ids: number[] = [];
  if (endpoints.some((e) => e.method === 'GET' && e.url === template)) {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: f.admin.cookie } });
    if (res.statusCode === 200) {
      const body: unknown = res.json();
      const rows = Array.isArray(body) ? body : [];
      ids = rows
        .map((r: unknown) =>
          r && typeof r === 'object'
            ? ((r as { id?: unknown; itemId?: unknown }).id ?? (r as { itemId?: unknown }).itemId)
            : undefined,
        )
        .filter((v): v is number => typeof v === 'number')
        .slice(0, 3);
    }
  }
  listCache.set(url, ids);
  return ids;
}

const NAMED_LISTS: Record<string, string[]> = {
  itemId: ['/api/products', '/api/components'],
  productId: ['/api/products'],
  componentId: ['/api/components'],
  clientId: ['/api/clients'],
  supplierId: ['/api/suppliers'],
  warehouseId: ['/api/warehouses'],
  companyId: ['/api/companies'],
  unitId: ['/api/units'],
  categoryId: ['/api/categories', '/api/product-categories'],
  orderId: ['/api/orders'],
  workerId: ['/api/workers'],
  userId: ['/api/users'],
  roleId: ['/api/roles'],
  currencyId: ['/api/currencies'],
  carrierId: ['/api/carriers'],
  departmentId: ['/api/departments'],
  positionId: ['/api/positions'],
  shipmentId: ['/api/shipments'],
  paymentId: ['/api/payments'],
  bomId: ['/api/bom'],
  techCardId: ['/api/tech-cards'],
  recipeId: ['/api/recipes'],
  manufacturingOrderId: ['/api/manufacturing-orders'],
  supplierOrderId: ['/api/supplier-orders'],
  documentTypeId: ['/api/supplier-document-types'],
};
const namedIds = new Map<string, number[]>();
for (const [name, lists] of Object.entries(NAMED_LISTS)) {
  namedIds.set(name, (await Promise.all(lists.map((l) => idsOfList(l)))).flat());
}
const protectedUsers = new Set([f.admin.id, f.spare.id]);

const ctx: FuzzContext = {
  idFor(name) {
    const ids = namedIds.get(name) ?? namedIds.get(name.replace(/s$/, ''));
    return ids?.[0];
  },
};

const realIds = new Map<string, Record<string, number[]>>();
for (const e of endpoints) {
  const perParam: Record<string, number[]> = {};
  for (const p of e.params) {
    const collection = collectionOf(e.url, p);
    const filled = fillPath(
      collection,
      Object.fromEntries(Object.entries(perParam).map(([k, v]) => [k, String(v[0])])),
    );
    let ids = await idsOfList(collection, filled);
    if (ids.length === 0) ids = namedIds.get(p) ?? [];
    if (e.url.startsWith('/api/users/')) ids = (namedIds.get('userId') ?? []).filter((id) => !protectedUsers.has(id));
    perParam[p] = ids.length > 0 ? ids : [1, 2];
  }
  realIds.set(e.key, perParam);
}

/** The administrator must still be signed in with all rights after each endpoint; repairs it if not. */
async function adminStillWhole(): Promise<string | null> {
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: f.admin.cookie } });
  const users = await app.inject({ method: 'GET', url: '/api/users?limit=1', headers: { cookie: f.admin.cookie } });
  if (me.statusCode === 200 && users.statusCode === 200) return null;
  await replaceUserRoles(db, f.admin.id, [await adminRoleId(db)]);
  await f.resignIn(f.admin);
  return `після цього ендпоінта адміністратор втратив сесію або права (auth/user ${me.statusCode}, users ${users.statusCode})`;
}

async function spareStillSignedIn() {
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: f.spare.cookie } });
  if (me.statusCode !== 200) await f.resignIn(f.spare);
}

async function numberingDuplicates(): Promise<string[]> {
  const tables = (await db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'number' order by table_name`)) as unknown as {
    rows: Array<{ table_name: string }>;
  };
  const problems: string[] = [];
  for (const { table_name } of tables.rows) {
    const dups = (await db.execute(
      sql`select number, count(*)::int as n from ${sql.identifier(table_name)} where number is not null
          group by number having count(*) > 1 limit 5`,
    )) as unknown as { rows: Array<{ number: string; n: number }> };
    for (const d of dups.rows) problems.push(`${table_name}: номер ${d.number} повторюється ${d.n} разів`);
  }
  return problems;
}

async function invariantProblems(): Promise<string[]> {
  const ledger = await checkLedger(db);
  const serials = await checkSerialInvariant(db);
  return [
    ...ledger.problems.map((p) => `облік: ${p}`),
    ...(await numberingDuplicates()),
    ...serials.map((s) => `серійні номери: товар ${s.itemId} склад ${s.warehouseId}: ${s.serials} ≠ ${s.onHand}`),
  ];
}

const selected = endpoints.filter((e) => !SKIPPED[e.key] && (ONLY === '' || e.key.includes(ONLY)));

// --- the suite -------------------------------------------------------------------------------------------------

describe('bad input: the registry', () => {
  it('lists every endpoint with the schemas it validates', () => {
    expect(endpoints.length).toBeGreaterThan(400);
    expect(endpoints.filter((e) => Object.keys(e.zod).length > 0).length).toBeGreaterThan(300);
    const withParams = endpoints.filter((e) => e.params.length > 0);
    expect(withParams.filter((e) => !e.zod.params).map((e) => e.key)).toEqual([]);
  });

  it('starts from a dataset that satisfies the invariants', async () => {
    expect(await invariantProblems()).toEqual([]);
  });
});

describe('bad input: callers without rights', () => {
  it('answers 401 with a Ukrainian error to every non-public endpoint without a session', async () => {
    const failures: string[] = [];
    for (const e of selected.filter((x) => !isPublic(x))) {
      const req: FuzzRequest = {
        method: e.method,
        url: fillPath(e.url, Object.fromEntries(e.params.map((p) => [p, String(realIds.get(e.key)![p]![0])]))),
        payload: bodyMethod(e) ? '{}' : undefined,
        broken: 'без сесії',
      };
      const a = await send(req, null);
      const problems = judge(a);
      if (a.statusCode !== 401) problems.push(`очікувався статус 401, отримано ${a.statusCode}`);
      if (problems.length > 0) failures.push(failureReport(e.key, req, a, problems));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('answers 403 with a Ukrainian error to a signed-in user without any role on every route-keyed endpoint', async () => {
    const failures: string[] = [];
    for (const e of selected.filter((x) => x.access?.kind !== 'public')) {
      const req: FuzzRequest = {
        method: e.method,
        url: fillPath(e.url, Object.fromEntries(e.params.map((p) => [p, String(realIds.get(e.key)![p]![0])]))),
        payload: bodyMethod(e) ? '{}' : undefined,
        broken: 'користувач без прав',
      };
      const a = await send(req, f.noRights);
      const problems = judge(a);
      if (deniedWithoutRoles(e) && a.statusCode !== 403) {
        problems.push(`очікувався статус 403, отримано ${a.statusCode}`);
      }
      if (problems.length > 0) failures.push(failureReport(e.key, req, a, problems));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});

describe('bad input: malformed and oversized bodies', () => {
  const bodyEndpoints = selected.filter((e) => bodyMethod(e) && callerOf(e) === f.admin);
  const urlOf = (e: FuzzEndpoint) =>
    fillPath(e.url, Object.fromEntries(e.params.map((p) => [p, String(realIds.get(e.key)![p]![0])])));

  it('answers 400 «Некоректний JSON» to a body that is not JSON but says it is', async () => {
    const failures: string[] = [];
    const texts = [
      '{"a":',
      "{'a':1}",
      '{"a":1}}',
      'NaN',
      '\u0000',
      '{"a":"\ud800"',
      'undefined',
      '[1,]',
      '{"__proto__":',
    ];
    for (const [i, e] of bodyEndpoints.entries()) {
      const req: FuzzRequest = { method: e.method, url: urlOf(e), payload: texts[i % texts.length], broken: 'JSON' };
      const a = await send(req, f.admin);
      const problems = judge(a);
      if (a.statusCode !== 400) problems.push(`очікувався статус 400, отримано ${a.statusCode}`);
      if (problems.length > 0) failures.push(failureReport(e.key, req, a, problems));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('answers 400 to prototype-pollution keys in JSON and leaves Object.prototype alone', async () => {
    const failures: string[] = [];
    const texts = [
      '{"__proto__":{"fuzzPolluted":"так"}}',
      '{"constructor":{"prototype":{"fuzzPolluted":"так"}}}',
      '{"a":{"__proto__":{"fuzzPolluted":"так"}}}',
    ];
    for (const [i, e] of bodyEndpoints.entries()) {
      const req: FuzzRequest = { method: e.method, url: urlOf(e), payload: texts[i % texts.length], broken: 'proto' };
      const a = await send(req, f.admin);
      const problems = judge(a);
      if (a.statusCode !== 400) problems.push(`очікувався статус 400, отримано ${a.statusCode}`);
      if (problems.length > 0) failures.push(failureReport(e.key, req, a, problems));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(({} as Record<string, unknown>).fuzzPolluted).toBeUndefined();
  });

  const tooLarge = async (e: FuzzEndpoint, req: FuzzRequest, failures: string[]) => {
    const a = await send(req, f.admin);
    const problems = judge(a);
    if (a.statusCode !== 413) problems.push(`очікувався статус 413, отримано ${a.statusCode}`);
    else if ((JSON.parse(a.body) as { error: string }).error !== 'Запит завеликий') problems.push('інший текст 413');
    if (problems.length > 0) failures.push(failureReport(e.key, req, a, problems));
  };

  it(`answers 413 «Запит завеликий» to a JSON body over the ${BODY_LIMIT} byte limit`, async () => {
    const failures: string[] = [];
    const huge = serialize({ notes: 'я'.repeat(BODY_LIMIT / 2 + 16) });
    for (const e of bodyEndpoints.filter((x) => !isUpload(x))) {
      await tooLarge(e, { method: e.method, url: urlOf(e), payload: huge, broken: 'розмір' }, failures);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('answers 413 «Запит завеликий» to an upload over its own limit (imports 10 MB, images less)', async () => {
    const failures: string[] = [];
    const huge = Buffer.alloc(16 * 1024 * 1024 + 1, 0x41);
    const uploads = bodyEndpoints.filter(isUpload);
    if (ONLY === '') expect(uploads.length).toBeGreaterThan(10);
    for (const e of uploads) {
      // A type the route takes, so the refusal is for the size (an image route's first is PNG, an import's CSV).
      const contentType = e.bodyTypes[0]!;
      await tooLarge(e, { method: e.method, url: urlOf(e), payload: huge, contentType, broken: 'розмір' }, failures);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('answers 415 with a Ukrainian error to a content type no endpoint reads', async () => {
    const failures: string[] = [];
    for (const e of bodyEndpoints) {
      const req: FuzzRequest = {
        method: e.method,
        url: urlOf(e),
        payload: '<a>1</a>',
        contentType: 'application/x-fuzz',
        broken: 'content-type',
      };
      const a = await send(req, f.admin);
      const problems = judge(a);
      if (a.statusCode !== 415) problems.push(`очікувався статус 415, отримано ${a.statusCode}`);
      if (problems.length > 0) failures.push(failureReport(e.key, req, a, problems));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});

describe('bad input: generated requests at every endpoint', () => {
  for (const e of selected) {
    it(
      e.key,
      async () => {
        const as = callerOf(e);
        const ids = realIds.get(e.key)!;
        const arb =
          bodyMethod(e) && isUpload(e)
            ? fc.oneof(requestArbitrary(e, ctx, ids), uploadArbitrary(e, ids))
            : requestArbitrary(e, ctx, ids);
        // Sign-in attempts come from their own address: the throttle must not lock the suite's own sign-ins out.
        const remote = e.key === 'POST /api/auth/simple-login' ? '203.0.113.7' : undefined;
        let report = '';
        const details = await fc.check(
          fc.asyncProperty(arb, async (req) => {
            const a = await send(req, as, remote);
            if (as === f.spare) await spareStillSignedIn();
            if (LOG) logAnswer(e.key, req, a);
            const problems = judge(a);
            if (problems.length > 0) {
              report = failureReport(e.key, req, a, problems);
              return false;
            }
            return true;
          }),
          { seed: seedOf(e.key), numRuns: NETWORK_BOUND[e.key] ? 2 : RUNS, endOnFailure: true },
        );
        const lost = as === f.admin ? await adminStillWhole() : null;
        if (details.failed) {
          const why = report || String(details.errorInstance);
          throw new Error(
            `${why}\nВідтворити: FUZZ_SEED=${BASE_SEED} FUZZ_ONLY='${e.key}' (запуск ${details.numRuns})`,
          );
        }
        expect(lost, `${e.key}: ${lost}`).toBeNull();
      },
      NETWORK_BOUND[e.key] ? 60_000 : undefined,
    );
  }
});

/**
 * Issue 19 §5: what random runs seldom hit, tried at every endpoint deterministically — `null` in each field and in
 * all at once, each date across the whole range (outside 2000–2999 both ways, days that do not exist, random years
 * 0–9999 from the seed), each version stamp malformed. Any 5xx (or a leak, or a non-Ukrainian error) fails.
 */
describe('bad input: null, dates across the whole range and malformed version stamps', () => {
  for (const e of selected) {
    const as = callerOf(e);
    const cases = edgeRequests(e, ctx, realIds.get(e.key)!, seedOf(e.key));
    if (cases.length === 0) continue;
    it(`${e.key} (${cases.length})`, async () => {
      const remote = e.key === 'POST /api/auth/simple-login' ? '203.0.113.7' : undefined;
      const failures: string[] = [];
      for (const req of cases) {
        const a = await send(req, as, remote);
        if (as === f.spare) await spareStillSignedIn();
        if (LOG) logAnswer(e.key, req, a);
        const problems = judge(a);
        if (problems.length > 0) failures.push(failureReport(e.key, req, a, problems));
      }
      const lost = as === f.admin ? await adminStillWhole() : null;
      expect(failures, `${failures.join('\n\n')}\nВідтворити: FUZZ_ONLY='${e.key}'`).toEqual([]);
      expect(lost, `${e.key}: ${lost}`).toBeNull();
    });
  }
});

describe('bad input: afterwards', () => {
  it('keeps the ledger, the numbering and the serial invariant', async () => {
    const problems = await invariantProblems();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('pollutes no prototype of the server process', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeysBefore);
    expect(({} as Record<string, unknown>).fuzzPolluted).toBeUndefined();
  });
});
