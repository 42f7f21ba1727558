// Inventory audits (warehouse.md §8 "Done means"): a full count lists the warehouse's items with snapshots; a +2 and
// a −1 post exactly two movements at the average, and the variance sheet shows the same values; a posting during
// counting marks the line moved and the variance is taken against the new on hand; four scans count 4; a posted
// audit is read-only and cancelling it writes reversals; a shortage shrinks the newest reservations.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { checkLedger, postToLedger, reserveStock, type LedgerIntent } from '@/modules/stock/server/index.ts';
import { stockBalances, stockMovements, stockReservations } from '@/modules/stock/server/stock.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { varianceForm } from './inventory-audits.print.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let docNo = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'aud-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'aud-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
});
afterAll(() => t.close());

let n = 0;
const warehouse = async () => {
  const res = await api('POST', '/api/warehouses', { code: `AUD${++n}`, name: `Склад інвентаризації ${n}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const component = async (extra: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/components', { sku: `AUD-C-${++n}`, name: `Деталь ${n}`, unitId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sku: string; name: string };
};
/** Another document's posting (an adjustment), straight through the ledger. */
const post = (intents: LedgerIntent[]) =>
  t.db.transaction((tx) =>
    postToLedger(
      tx,
      { type: 'adjustment', id: 900_000 + ++docNo, number: `ADJ-T-${docNo}`, date: '2026-11-20', userId: null },
      intents,
    ),
  );
const receive = (itemId: number, warehouseId: number, qty: string, unitCost: string) =>
  post([{ kind: 'in', itemId, warehouseId, qty, unitCost }]);
const movementsOf = (auditId: number) =>
  t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.documentType, 'inventory_audit'), eq(stockMovements.documentId, auditId)))
    .orderBy(asc(stockMovements.id));
const onHand = async (itemId: number, warehouseId: number) =>
  (
    await t.db
      .select()
      .from(stockBalances)
      .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, warehouseId)))
  )[0];
const lines = async (id: number, filter = '') =>
  (await api('GET', `/api/inventory-audits/${id}/lines${filter ? `?filter=${filter}` : ''}`)).json() as Array<
    Record<string, unknown> & { id: number; itemId: number }
  >;
const lineOf = async (id: number, itemId: number) => (await lines(id)).find((l) => l.itemId === itemId)!;

async function startedAudit(body: Record<string, unknown>) {
  const created = await api('POST', '/api/inventory-audits', { documentDate: '2026-11-21', ...body });
  expect(created.statusCode, created.body).toBe(201);
  const started = await api('POST', `/api/inventory-audits/${created.json().id}/start`, {
    version: created.json().version,
  });
  expect(started.statusCode, started.body).toBe(200);
  return started.json() as { id: number; number: string; version: number; lineCount: number };
}

describe('inventory audits', () => {
  it('counts a full warehouse of 3 items, posts a +2 and a −1 as two movements at the average, prints the same', async () => {
    const w = await warehouse();
    const [a, b, c] = [await component(), await component(), await component()];
    await receive(a.id, w, '10', '10');
    await receive(b.id, w, '5', '15');
    await receive(c.id, w, '8', '3');

    const draft = await api('POST', '/api/inventory-audits', { warehouseId: w, documentDate: '2026-11-21' });
    expect(draft.json()).toMatchObject({
      status: 'draft',
      scope: 'full',
      number: expect.stringMatching(/^AUD-2026-\d{5}$/),
      lineCount: 0,
    });
    const audit = await startedAudit({ warehouseId: w });
    expect(audit).toMatchObject({ status: 'counting', lineCount: 3, countedCount: 0 });
    const listed = await lines(audit.id);
    expect(listed.map((l) => [l.itemId, l.snapshotQty, l.countedQty, l.movedSinceSnapshot])).toEqual([
      [a.id, '10.0000', null, false],
      [b.id, '5.0000', null, false],
      [c.id, '8.0000', null, false],
    ]);

    const la = listed[0]!;
    const lb = listed[1]!;
    const counted = await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${la.id}`, { countedQty: '12' });
    expect(counted.json()).toMatchObject({ countedQty: '12.0000', variance: '2.0000', varianceValue: '20.00' });
    await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${lb.id}`, { countedQty: '4', reason: 'Бій' });
    expect((await lines(audit.id, 'uncounted')).map((l) => l.itemId)).toEqual([c.id]);
    expect((await lines(audit.id, 'variance')).map((l) => l.itemId)).toEqual([a.id, b.id]);

    const posted = await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({
      status: 'posted',
      uncountedPolicy: 'ignore',
      countedCount: 2,
      lineCount: 3,
      netVarianceValue: '5.00',
      totals: {
        surplusQty: '2.0000',
        surplusValue: '20.00',
        shortageQty: '1.0000',
        shortageValue: '15.00',
        netQty: '1.0000',
        netValue: '5.00',
      },
    });
    const moves = await movementsOf(audit.id);
    expect(moves.map((m) => [m.itemId, m.qty, m.unitCost, m.value])).toEqual([
      [a.id, '2.0000', '10.000000', '20.00'],
      [b.id, '-1.0000', '15.000000', '-15.00'],
    ]);
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

    const after = await lines(audit.id);
    expect(after.map((l) => [l.expectedQty, l.variance, l.varianceValue])).toEqual([
      ['10.0000', '2.0000', '20.00'],
      ['5.0000', '-1.0000', '-15.00'],
      ['8.0000', null, null],
    ]);

    // 'Порівняльна відомість' shows the same values: the JSON it is built from, then the PDF itself.
    const form = await varianceForm(t.db, audit.id);
    expect(form.title).toBe('Порівняльна відомість');
    expect(form.rows).toEqual([
      ['1', a.name, a.sku, 'шт', '10', '12', '2', '10,00', '20,00'],
      ['2', b.name, b.sku, 'шт', '5', '4', '-1', '15,00', '-15,00'],
    ]);
    expect(form.totals).toEqual([
      ['Надлишок', '2 од. на 20,00 грн'],
      ['Нестача', '1 од. на 15,00 грн'],
      ['Разом', '1 од. на 5,00 грн'],
    ]);
    for (const print of ['variance', 'count-sheet']) {
      const pdf = await api('GET', `/api/inventory-audits/${audit.id}/print/${print}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }

    const list = await api('GET', `/api/inventory-audits?warehouseId=${w}&status=posted`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({ id: audit.id, countedCount: 2, lineCount: 3, netVarianceValue: '5.00' });
  });

  it('marks a line moved by a posting during counting and takes the variance against the new on hand', async () => {
    const w = await warehouse();
    const [a, b] = [await component(), await component()];
    await receive(a.id, w, '20', '4');
    await receive(b.id, w, '6', '2');
    const audit = await startedAudit({ warehouseId: w, scope: 'items', itemIds: [a.id, b.id] });
    // A sale while the counters are in the aisles: 5 of A leave.
    await post([{ kind: 'out', itemId: a.id, warehouseId: w, qty: '5' }]);
    expect((await lines(audit.id, 'moved')).map((l) => l.itemId)).toEqual([a.id]);
    expect(await lineOf(audit.id, a.id)).toMatchObject({
      snapshotQty: '20.0000',
      onHand: '15.0000',
      movedSinceSnapshot: true,
    });

    const la = await lineOf(audit.id, a.id);
    await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${la.id}`, { countedQty: '14' });
    const posted = await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await lineOf(audit.id, a.id)).toMatchObject({
      expectedQty: '15.0000',
      variance: '-1.0000',
      varianceValue: '-4.00',
      movedSinceSnapshot: true,
    });
    expect((await movementsOf(audit.id)).map((m) => m.qty)).toEqual(['-1.0000']);
    expect((await onHand(a.id, w))!.onHand).toBe('14.0000');
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('counts 4 after four scans of a barcode, adds an item found on the shelf and says when nothing is found', async () => {
    const w = await warehouse();
    const boxed = await component({ barcode: '4006381333931' });
    const other = await component();
    await receive(other.id, w, '3', '1');
    const audit = await startedAudit({ warehouseId: w, scope: 'items', itemIds: [other.id] });

    let last;
    for (let i = 0; i < 4; i++) {
      last = await api('POST', `/api/inventory-audits/${audit.id}/scan`, { code: '4006381333931' });
      expect(last.statusCode, last.body).toBe(200);
    }
    expect(last!.json()).toMatchObject({ itemId: boxed.id, sku: boxed.sku, name: boxed.name, qty: '4.0000' });
    expect(await lineOf(audit.id, boxed.id)).toMatchObject({ snapshotQty: '0.0000', countedQty: '4.0000' });
    // By SKU in any case.
    const bySku = await api('POST', `/api/inventory-audits/${audit.id}/scan`, { code: other.sku.toLowerCase() });
    expect(bySku.json()).toMatchObject({ itemId: other.id, qty: '1.0000' });
    const unknown = await api('POST', `/api/inventory-audits/${audit.id}/scan`, { code: 'NO-SUCH-CODE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Нічого не знайдено' });
    const scans = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'inventory_audit_lines'), isNotNull(auditLog.after)));
    expect(scans.filter((r) => (r.after as { scan?: string }).scan === '4006381333931')).toHaveLength(4);

    const extra = await component();
    const added = await api('POST', `/api/inventory-audits/${audit.id}/lines`, { itemId: extra.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ itemId: extra.id, snapshotQty: '0.0000', countedQty: null });
    const again = await api('POST', `/api/inventory-audits/${audit.id}/lines`, { itemId: extra.id });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a surplus without an average until the line has a cost', async () => {
    const w = await warehouse();
    const fresh = await component();
    const audit = await startedAudit({ warehouseId: w, scope: 'items', itemIds: [fresh.id] });
    const line = await lineOf(audit.id, fresh.id);
    await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${line.id}`, { countedQty: '2' });
    const refused = await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(`«${fresh.sku} ${fresh.name}»`);
    await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${line.id}`, { unitCost: '7,5' });
    const posted = await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await movementsOf(audit.id)).map((m) => [m.qty, m.unitCost, m.value])).toEqual([
      ['2.0000', '7.500000', '15.00'],
    ]);
  });

  it('keeps a posted audit read-only and cancels it by reversal; counts uncounted as 0 on request', async () => {
    const w = await warehouse();
    const [a, b] = [await component(), await component()];
    await receive(a.id, w, '10', '2');
    await receive(b.id, w, '4', '5');
    const audit = await startedAudit({ warehouseId: w });
    const la = await lineOf(audit.id, a.id);
    await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${la.id}`, { countedQty: '9' });
    const stale = await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'zero', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');
    const posted = await api('POST', `/api/inventory-audits/${audit.id}/post`, {
      uncounted: 'zero',
      version: audit.version,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await movementsOf(audit.id)).map((m) => [m.itemId, m.qty])).toEqual([
      [a.id, '-1.0000'],
      [b.id, '-4.0000'],
    ]);

    const message = 'Інвентаризацію вже проведено — змінювати її не можна';
    const attempts = [
      await api('PATCH', `/api/inventory-audits/${audit.id}`, { version: posted.json().version, notes: 'x' }),
      await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${la.id}`, { countedQty: '10' }),
      await api('POST', `/api/inventory-audits/${audit.id}/scan`, { code: a.sku }),
      await api('POST', `/api/inventory-audits/${audit.id}/lines`, { itemId: b.id }),
      await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' }),
      await api('POST', `/api/inventory-audits/${audit.id}/start`, {}),
      await api('DELETE', `/api/inventory-audits/${audit.id}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(message);
    }
    expect((await movementsOf(audit.id)).length).toBe(2);

    expect((await api('POST', `/api/inventory-audits/${audit.id}/cancel`, { reason: ' ' })).statusCode).toBe(400);
    const cancelled = await api('POST', `/api/inventory-audits/${audit.id}/cancel`, { reason: 'Перерахунок' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Перерахунок' });
    const moves = await movementsOf(audit.id);
    expect(moves.map((m) => [m.qty, m.reversesMovementId !== null])).toEqual([
      ['-1.0000', false],
      ['-4.0000', false],
      ['1.0000', true],
      ['4.0000', true],
    ]);
    expect((await onHand(a.id, w))!.onHand).toBe('10.0000');
    expect((await onHand(b.id, w))!.onHand).toBe('4.0000');
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
    const history = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'inventory_audits'), eq(auditLog.entityId, String(audit.id))));
    expect(history.map((h) => h.action)).toEqual(['create', 'status_change', 'post', 'cancel']);
  });

  it('edits and deletes only a draft, cancels a count in progress without touching stock', async () => {
    const w = await warehouse();
    const created = (await api('POST', '/api/inventory-audits', { warehouseId: w })).json();
    const bad = await api('PATCH', `/api/inventory-audits/${created.id}`, { version: created.version, scope: 'items' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ itemIds: 'Оберіть хоча б одну позицію' });
    const edited = await api('PATCH', `/api/inventory-audits/${created.id}`, {
      version: created.version,
      blind: true,
      notes: 'Нічна',
    });
    expect(edited.json()).toMatchObject({ blind: true, notes: 'Нічна', version: 2 });
    expect((await api('DELETE', `/api/inventory-audits/${created.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/inventory-audits/${created.id}`)).statusCode).toBe(404);

    const other = await startedAudit({ warehouseId: w });
    expect((await api('DELETE', `/api/inventory-audits/${other.id}`)).statusCode).toBe(409);
    const cancelled = await api('POST', `/api/inventory-audits/${other.id}/cancel`, { reason: 'Відкладено' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await movementsOf(other.id)).toEqual([]);
    const empty = await api('POST', '/api/inventory-audits', { warehouseId: w, scope: 'categories' });
    expect(empty.json().fields).toEqual({ categoryIds: 'Оберіть хоча б одну категорію' });
  });

  it('shrinks the newest reservations a shortage leaves uncovered, keeping the ledger consistent', async () => {
    const w = await warehouse();
    const item = await component();
    await receive(item.id, w, '10', '6');
    await t.db.transaction(async (tx) => {
      await reserveStock(tx, { itemId: item.id, warehouseId: w, qty: '4', sourceType: 'order_line', sourceId: 501 });
      await reserveStock(tx, { itemId: item.id, warehouseId: w, qty: '5', sourceType: 'order_line', sourceId: 502 });
    });
    const audit = await startedAudit({ warehouseId: w, scope: 'items', itemIds: [item.id] });
    const line = await lineOf(audit.id, item.id);
    await api('PATCH', `/api/inventory-audits/${audit.id}/lines/${line.id}`, { countedQty: '3' });
    const posted = await api('POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await onHand(item.id, w)).toMatchObject({ onHand: '3.0000', reserved: '3.0000' });
    const left = await t.db
      .select({ sourceId: stockReservations.sourceId, qty: stockReservations.qty })
      .from(stockReservations)
      .where(eq(stockReservations.itemId, item.id));
    expect(left).toEqual([{ sourceId: 501, qty: '3.0000' }]);
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('lists with search, filters, sort and paging', async () => {
    const w = await warehouse();
    await api('POST', '/api/inventory-audits', { warehouseId: w, notes: 'Пошуковий маркер' });
    const found = await api('GET', `/api/inventory-audits?search=${encodeURIComponent('маркер')}`);
    expect(found.json()).toHaveLength(1);
    expect(found.json()[0]).toMatchObject({ warehouseId: w, status: 'draft', scope: 'full', lineCount: 0 });
    const paged = await api('GET', '/api/inventory-audits?limit=2&page=1&sort=-netVarianceValue');
    expect(paged.statusCode).toBe(200);
    expect(paged.json()).toHaveLength(2);
    expect(Number(paged.headers['x-total-count'])).toBeGreaterThan(2);
    const drafts = await api('GET', '/api/inventory-audits?status=draft&scope=full');
    expect(drafts.json().every((r: { status: string }) => r.status === 'draft')).toBe(true);
  });

  it('lets a viewer read but not change, and refuses a user without the right', async () => {
    const w = await warehouse();
    const audit = await startedAudit({ warehouseId: w });
    const role = (await api('POST', '/api/roles', { name: 'Перегляд інвентаризацій' })).json();
    await api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/inventory-audits', canView: true, canAccess: false }],
    });
    const viewer = await createUser(t.db, { password: 'view-pass' });
    await replaceUserRoles(t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'view-pass')).cookie;
    expect((await api('GET', '/api/inventory-audits', undefined, viewerCookie)).statusCode).toBe(200);
    expect((await api('GET', `/api/inventory-audits/${audit.id}/lines`, undefined, viewerCookie)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/inventory-audits', { warehouseId: w }],
      ['POST', `/api/inventory-audits/${audit.id}/scan`, { code: 'X' }],
      ['POST', `/api/inventory-audits/${audit.id}/post`, { uncounted: 'ignore' }],
    ] as const) {
      const res = await api(method, url, body, viewerCookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Недостатньо прав');
    }
    const stranger = await createUser(t.db, { password: 'none-pass' });
    const strangerCookie = (await signIn(t.app, stranger.username, 'none-pass')).cookie;
    expect((await api('GET', '/api/inventory-audits', undefined, strangerCookie)).statusCode).toBe(403);
    expect(
      (await api('GET', `/api/inventory-audits/${audit.id}/print/variance`, undefined, strangerCookie)).statusCode,
    ).toBe(403);
  });
});
