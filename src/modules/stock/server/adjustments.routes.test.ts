// Adjustments (warehouse.md §1 "Done means"): 20 received and 12 reserved read as available 8, 'Закінчується'; a
// count of 18 with reason 'Псування' posts ADJ −2 at the average, shown on the movements page with its reason and
// audited; −25 is refused naming item, warehouse, needed and available; an opening-balance file gives a draft per
// warehouse whose posting sets on hand and average exactly. Also: the drafts' life, the two mounts, the stock
// settings with their audit and rights, and the low-stock notifications (§0). The ledger's invariants hold after each.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/modules/notifications/server/index.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { toXlsx, XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { serialEvents, serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { checkLedger, reserveStock } from './index.ts';
import { lowStockKey } from './low-stock.ts';
import { itemCosts, stockBalances } from './stock.table.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let mainWarehouse: { id: number; name: string; code: string };
let receiptBase: Record<string, unknown>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

let n = 0;
async function receive(itemId: number, qty: string, unitPrice: string) {
  const draft = await api('POST', '/api/supplier-receipts', {
    ...receiptBase,
    supplierDocNumber: `ADJ-T-${++n}`,
    supplierDocDate: '2026-11-01',
    documentDate: '2026-11-01',
    lines: [{ itemId, qty, unitPrice }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await api('POST', `/api/supplier-receipts/${draft.json().id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
}

const product = async (fields: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/products', { sku: `ADJ-P-${++n}`, name: `Виріб ${n}`, unitId, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sku: string; name: string };
};
const component = async (fields: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/components', { sku: `ADJ-C-${++n}`, name: `Деталь ${n}`, unitId, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sku: string; name: string };
};
const adjust = (body: Record<string, unknown>, base = '/api/inventory') => api('POST', `${base}/adjustments`, body);
const stockRow = async (sku: string, base = '/api/inventory') =>
  (await api('GET', `${base}?search=${encodeURIComponent(sku)}`)).json()[0];
const ledgerOk = async () => expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

async function userWith(permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
  const user = await createUser(t.db, { password: 'role-pass' });
  const role = (await api('POST', '/api/roles', { name: `Роль ${++n}` })).json();
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/roles/${role.id}/permissions`,
    payload: { permissions },
    headers: { cookie },
  });
  expect(put.statusCode, put.body).toBeLessThan(300);
  await replaceUserRoles(t.db, user.id, [role.id]);
  return { id: user.id, cookie: (await signIn(t.app, user.username, 'role-pass')).cookie };
}

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'adj-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'adj-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  mainWarehouse = (await api('GET', '/api/warehouses')).json()[0];
  const supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Постачальник ADJ',
      fullName: 'ТОВ «Постачальник ADJ»',
      taxId: sampleEdrpou(9191),
    })
  ).json().id;
  const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  receiptBase = { supplierId, warehouseId: mainWarehouse.id, documentTypeId };
});
afterAll(() => t.close());

describe('adjustments: warehouse.md §1 "Done means"', () => {
  it('counts 18 of 20 as ADJ −2 at the average, on the movements page with its reason, audited; refuses −25', async () => {
    expect(mainWarehouse.name).toBe('Основний склад');
    const item = await product({ sku: 'БЖ-ADJ', name: 'Блок живлення ADJ' });
    await receive(item.id, '20', '150');
    await t.db.transaction((tx) =>
      reserveStock(tx, {
        itemId: item.id,
        warehouseId: mainWarehouse.id,
        qty: '12',
        sourceType: 'order_line',
        sourceId: 7,
      }),
    );
    expect(await stockRow('БЖ-ADJ')).toMatchObject({
      onHand: '20.0000',
      reserved: '12.0000',
      available: '8.0000',
      avgCost: '180.000000',
      status: 'low-stock',
    });

    const quick = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      comment: 'Пошкоджено',
      lines: [{ itemId: item.id, countedQty: '18' }],
      post: true,
    });
    expect(quick.statusCode, quick.body).toBe(201);
    const adj = quick.json();
    expect(adj).toMatchObject({
      number: expect.stringMatching(/^ADJ-\d{4}-\d{5}$/),
      status: 'posted',
      reason: 'damage',
      warehouseName: 'Основний склад',
      lines: [{ itemId: item.id, deltaQty: '-2.0000', countedQty: '18.0000' }],
    });
    expect(await stockRow('БЖ-ADJ')).toMatchObject({ onHand: '18.0000', available: '6.0000', avgCost: '180.000000' });
    // The movements page opens the document as /inventory?search=<number>: it lists the adjusted item.
    expect(await stockRow(adj.number)).toMatchObject({ sku: 'БЖ-ADJ' });

    const movements = (await api('GET', `/api/component-movement?itemId=${item.id}`)).json();
    expect(movements[0]).toMatchObject({
      documentType: 'adjustment',
      documentNumber: adj.number,
      qty: '-2.0000',
      unitCost: '180.000000',
      value: '-360.00',
      note: 'Псування',
      balanceAfter: '18.0000',
    });
    const [posted] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'stock_adjustments'),
          eq(auditLog.entityId, String(adj.id)),
          eq(auditLog.action, 'post'),
        ),
      );
    expect(posted).toMatchObject({ before: { status: 'draft' }, after: { status: 'posted', number: adj.number } });
    await ledgerOk();

    // The same count again changes nothing: refused with a clear message.
    const same = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'correction',
      lines: [{ itemId: item.id, countedQty: '18' }],
      post: true,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields['lines.0.countedQty']).toBe(
      'Залишок «БЖ-ADJ» на цьому складі вже дорівнює 18 — коригувати нічого',
    );

    const tooMuch = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-25' }],
      post: true,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('Недостатньо запасу: БЖ-ADJ (Основний склад): потрібно 25, доступно 6');
    expect(await stockRow('БЖ-ADJ')).toMatchObject({ onHand: '18.0000' });
    // Nothing of the refused document stays behind, not even its draft.
    expect((await api('GET', `/api/inventory/adjustments?itemId=${item.id}`)).json()).toHaveLength(1);
    // An id beyond the column's range is the contract's 400, not the database's.
    for (const [field, value] of [
      ['itemId', '2147483648'],
      ['warehouseId', '9999999999'],
    ]) {
      const res = await api('GET', `/api/inventory/adjustments?${field}=${value}`);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), field).toEqual([field]);
    }
    await ledgerOk();
  });

  it('imports an opening-balance file into a draft per warehouse; posting sets on hand and average exactly', async () => {
    const second = await api('POST', '/api/warehouses', { code: 'ФІЛ', name: 'Склад філії', type: 'general' });
    expect(second.statusCode, second.body).toBe(201);
    const a = await product();
    const b = await product();
    const csv = [
      'SKU;Код складу;Кількість;Ціна одиниці;Серійні номери',
      `${a.sku};${mainWarehouse.code};12;125,50;`,
      `${b.sku};${mainWarehouse.code};3,5;80;`,
      `${a.sku.toLowerCase()};ФІЛ;8;125,5;`,
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: '\uFEFF' + csv,
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const drafts = res.json() as Array<{
      id: number;
      status: string;
      reason: string;
      warehouseId: number;
      lines: unknown[];
    }>;
    expect(drafts).toHaveLength(2);
    expect(drafts.map((d) => [d.status, d.reason, d.warehouseId, d.lines.length])).toEqual([
      ['draft', 'opening', mainWarehouse.id, 2],
      ['draft', 'opening', second.json().id, 1],
    ]);
    // A draft moves nothing.
    expect((await t.db.select().from(stockBalances).where(eq(stockBalances.itemId, a.id))).length).toBe(0);

    for (const draft of drafts) {
      const posted = await api('POST', `/api/inventory/adjustments/${draft.id}/post`, { version: 1 });
      expect(posted.statusCode, posted.body).toBe(200);
    }
    const balances = await t.db.select().from(stockBalances).where(eq(stockBalances.itemId, a.id));
    expect(Object.fromEntries(balances.map((r) => [r.warehouseId, r.onHand]))).toEqual({
      [mainWarehouse.id]: '12.0000',
      [second.json().id]: '8.0000',
    });
    expect((await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, a.id)))[0]).toMatchObject({
      qty: '20.0000',
      avgCost: '125.500000',
      value: '2510.00',
    });
    expect((await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, b.id)))[0]).toMatchObject({
      qty: '3.5000',
      avgCost: '80.000000',
      value: '280.00',
    });
    await ledgerOk();
  });

  it('reads XLSX too, and refuses a bad file whole with every row’s error in Ukrainian', async () => {
    const c = await product();
    const xlsx = await toXlsx(
      'Залишки',
      ['SKU', 'Warehouse code', 'Qty', 'Unit cost'],
      [[c.sku, mainWarehouse.code, '4', '10.25']],
      new Set([2, 3]),
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: xlsx,
      headers: { cookie, 'content-type': XLSX_TYPE },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()[0].lines[0]).toMatchObject({ itemId: c.id, deltaQty: '4.0000', unitCost: '10.250000' });

    const before = Number((await api('GET', '/api/inventory/adjustments?limit=1')).headers['x-total-count']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: ['SKU;Код складу;Кількість;Ціна', `${c.sku};${mainWarehouse.code};2;5`, 'НЕМАЄ;ХХХ;-1;abc'].join('\n'),
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('помилок — 1');
    expect(bad.json().fields['rows.0']).toBe(
      'Рядок 3: артикул «НЕМАЄ» не знайдено; склад з кодом «ХХХ» не знайдено; ' +
        'кількість має бути числом більше нуля (до 4 знаків після коми); ' +
        'ціна одиниці має бути числом не менше нуля (до 6 знаків після коми)',
    );
    expect(Number((await api('GET', '/api/inventory/adjustments?limit=1')).headers['x-total-count'])).toBe(before);
    const noColumn = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: 'SKU;Кількість\nA;1',
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(noColumn.json().error).toBe('У файлі немає стовпця «Код складу»');
  });
});

describe('adjustment documents', () => {
  it('edits a current draft, posts once, cancels by reversal; opening needs a cost; audits each step', async () => {
    const item = await product();
    const noCost = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'opening',
      lines: [{ itemId: item.id, deltaQty: '5' }],
    });
    expect(noCost.json().fields['lines.0.unitCost']).toBe('Для введення залишків вкажіть ціну одиниці');
    const noAverage = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines: [{ itemId: item.id, deltaQty: '5' }],
      post: true,
    });
    expect(noAverage.statusCode).toBe(409);
    expect(noAverage.json().error).toContain('ще немає собівартості');

    const draft = (
      await adjust({
        warehouseId: mainWarehouse.id,
        reason: 'surplus_found',
        documentDate: '2026-11-05',
        lines: [{ itemId: item.id, deltaQty: '5', unitCost: '40' }],
      })
    ).json();
    expect(draft).toMatchObject({ status: 'draft', version: 1, documentDate: '2026-11-05' });
    const edited = await api('PATCH', `/api/inventory/adjustments/${draft.id}`, {
      version: 1,
      comment: 'Знайдено на полиці',
      lines: [{ itemId: item.id, deltaQty: '+6', unitCost: '40,5' }],
    });
    expect(edited.json()).toMatchObject({ version: 2, comment: 'Знайдено на полиці', lines: [{ deltaQty: '6.0000' }] });
    const stale = await api('PATCH', `/api/inventory/adjustments/${draft.id}`, { version: 1, comment: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');
    expect((await api('POST', `/api/inventory/adjustments/${draft.id}/post`, { version: 1 })).statusCode).toBe(409);
    expect((await api('POST', `/api/inventory/adjustments/${draft.id}/post`, { version: 2 })).statusCode).toBe(200);
    expect((await stockRow(item.sku)).avgCost).toBe('40.500000');
    const twice = await api('POST', `/api/inventory/adjustments/${draft.id}/post`);
    expect(twice.json().error).toBe('Коригування вже проведено');
    expect((await api('DELETE', `/api/inventory/adjustments/${draft.id}`)).statusCode).toBe(409);

    expect((await api('POST', `/api/inventory/adjustments/${draft.id}/cancel`, { reason: '' })).statusCode).toBe(400);
    const cancelled = await api('POST', `/api/inventory/adjustments/${draft.id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Помилка' });
    expect((await stockRow(item.sku)).onHand).toBe('0.0000');
    await ledgerOk();

    const other = (
      await adjust({
        warehouseId: mainWarehouse.id,
        reason: 'other',
        lines: [{ itemId: item.id, deltaQty: '1', unitCost: '1' }],
      })
    ).json();
    expect((await api('DELETE', `/api/inventory/adjustments/${other.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/inventory/adjustments/${other.id}`)).statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'stock_adjustments'), eq(auditLog.entityId, String(draft.id))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'post', 'cancel']);
  });

  it('keeps each page to its kinds; lists with filters and the total; shows the item card', async () => {
    const part = await component();
    const wrong = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'other',
      lines: [{ itemId: part.id, deltaQty: '1', unitCost: '2' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields['lines.0.itemId']).toBe('Цей товар ведеться на сторінці «Запаси компонентів»');
    const right = await adjust(
      { warehouseId: mainWarehouse.id, reason: 'other', lines: [{ itemId: part.id, deltaQty: '3', unitCost: '2' }] },
      '/api/component-stock',
    );
    expect(right.statusCode, right.body).toBe(201);
    expect((await api('GET', `/api/inventory/adjustments/${right.json().id}`)).statusCode).toBe(404);
    expect((await api('GET', `/api/component-stock/adjustments/${right.json().id}`)).statusCode).toBe(200);
    const both = await adjust(
      { warehouseId: mainWarehouse.id, reason: 'other', lines: [{ itemId: part.id }] },
      '/api/component-stock',
    );
    expect(both.json().fields['lines.0.deltaQty']).toBe('Вкажіть зміну кількості або фактичну кількість');

    const drafts = await api('GET', '/api/component-stock/adjustments?status=draft&search=ADJ-C');
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().map((d: { id: number }) => d.id)).toContain(right.json().id);
    expect(Number(drafts.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const inventoryDrafts = (await api('GET', '/api/inventory/adjustments?status=draft&limit=500')).json();
    expect(inventoryDrafts.map((d: { id: number }) => d.id)).not.toContain(right.json().id);

    await api('POST', `/api/component-stock/adjustments/${right.json().id}/post`);
    const card = await api('GET', `/api/component-stock/${part.id}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({
      itemId: part.id,
      avgCost: '2.000000',
      balances: [{ warehouseId: mainWarehouse.id, onHand: '3.0000', reserved: '0.0000', available: '3.0000' }],
      reservations: [],
      movements: [{ documentNumber: right.json().number, qty: '3.0000', itemKind: 'component', note: 'Інше' }],
    });
    expect((await api('GET', `/api/inventory/${part.id}`)).statusCode).toBe(404);
    await ledgerOk();
  });
});

describe('adjustments of serial-tracked items (sales.md §4)', () => {
  const invariantOk = async () => expect(await checkSerialInvariant(t.db)).toEqual([]);
  const serialsOf = async (itemId: number) =>
    (
      await t.db
        .select({ serial: serialNumbers.serial, status: serialNumbers.status, warehouseId: serialNumbers.warehouseId })
        .from(serialNumbers)
        .where(eq(serialNumbers.itemId, itemId))
        .orderBy(asc(serialNumbers.serial))
    ).map((s) => `${s.serial}:${s.status}${s.warehouseId === mainWarehouse.id ? '@main' : ''}`);

  it('a + line registers exactly its serials; wrong counts and existing serials are refused by name', async () => {
    const item = await product({ serialTracking: true });
    const body = (lines: Array<Record<string, unknown>>) => ({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines,
      post: true,
    });
    const none = await adjust(body([{ itemId: item.id, deltaQty: '2', unitCost: '50' }]));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(`Товар «${item.sku}»: потрібно 2 серійних номерів, вказано 0`);
    const fractional = await adjust(body([{ itemId: item.id, deltaQty: '1.5', unitCost: '50', serials: ['A1'] }]));
    expect(fractional.json().error).toBe(
      `Товар «${item.sku}» обліковується за серійними номерами — кількість має бути цілою`,
    );
    // Nothing of the refused documents stays behind.
    expect(await serialsOf(item.id)).toEqual([]);
    const [balance] = await t.db.select().from(stockBalances).where(eq(stockBalances.itemId, item.id));
    expect(balance?.onHand ?? '0.0000').toBe('0.0000');

    const ok = await adjust(body([{ itemId: item.id, deltaQty: '3', unitCost: '50', serials: ['adj-01-adj-03'] }]));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().lines[0]).toMatchObject({ serialTracking: true, serials: ['ADJ-01', 'ADJ-02', 'ADJ-03'] });
    expect(await serialsOf(item.id)).toEqual([
      'ADJ-01:available@main',
      'ADJ-02:available@main',
      'ADJ-03:available@main',
    ]);
    const dup = await adjust(body([{ itemId: item.id, deltaQty: '2', unitCost: '50', serials: ['ADJ-03', 'ADJ-04'] }]));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(`Товар «${item.sku}»: ці серійні номери вже існують: ADJ-03 (На складі)`);
    // Serials on an untracked item's line are a mistake, said so.
    const plain = await product();
    const untracked = await adjust(body([{ itemId: plain.id, deltaQty: '1', unitCost: '5', serials: ['X'] }]));
    expect(untracked.statusCode).toBe(400);
    expect(untracked.json().error).toBe(
      `Товар «${plain.sku}» не веде облік серійних номерів — приберіть серійні номери з рядка`,
    );
    await ledgerOk();
    await invariantOk();
  });

  it('a − line writes the named serials off (defective); cancelling brings them back, and voids registered ones', async () => {
    const item = await product({ serialTracking: true });
    const inDoc = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines: [{ itemId: item.id, deltaQty: '3', unitCost: '80', serials: ['WO-1', 'WO-2', 'WO-3'] }],
      post: true,
    });
    expect(inDoc.statusCode, inDoc.body).toBe(201);
    // A draft posted later names its serials by line number.
    const draft = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-2' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const postUrl = `/api/inventory/adjustments/${draft.json().id}/post`;
    const missing = await api('POST', postUrl, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(`Товар «${item.sku}»: потрібно 2 серійних номерів, вказано 0`);
    const unknown = await api('POST', postUrl, { serials: [{ lineNo: 1, serials: ['WO-1', 'WO-9'] }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toBe(`Товар «${item.sku}»: серійних номерів не знайдено: WO-9`);
    const noLine = await api('POST', postUrl, { serials: [{ lineNo: 2, serials: ['WO-1'] }] });
    expect(noLine.json().error).toBe('Серійні номери вказано для рядка 2, якого немає в документі');
    const posted = await api('POST', postUrl, { serials: [{ lineNo: 1, serials: ['wo-1', 'wo-2'] }] });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0].serials).toEqual(['WO-1', 'WO-2']);
    expect(await serialsOf(item.id)).toEqual(['WO-1:defective', 'WO-2:defective', 'WO-3:available@main']);
    const [event] = await t.db
      .select({ event: serialEvents.event, number: serialEvents.documentNumber })
      .from(serialEvents)
      .innerJoin(serialNumbers, eq(serialNumbers.id, serialEvents.serialId))
      .where(and(eq(serialNumbers.itemId, item.id), eq(serialNumbers.serial, 'WO-1')))
      .orderBy(asc(serialEvents.id))
      .offset(1);
    expect(event).toEqual({ event: 'written_off', number: posted.json().number });
    // A written-off serial cannot leave again.
    const again = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-1', serials: ['WO-1'] }],
      post: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `Товар «${item.sku}»: серійні номери не доступні на складі «${mainWarehouse.name}»: WO-1 (Брак / списано)`,
    );
    await ledgerOk();
    await invariantOk();

    const cancelOut = await api('POST', `/api/inventory/adjustments/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelOut.statusCode, cancelOut.body).toBe(200);
    expect(await serialsOf(item.id)).toEqual(['WO-1:available@main', 'WO-2:available@main', 'WO-3:available@main']);
    await ledgerOk();
    await invariantOk();

    // The + document's serials must still be on the shelf to be voided.
    const out = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-1', serials: ['WO-3'] }],
      post: true,
    });
    expect(out.statusCode, out.body).toBe(201);
    await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines: [{ itemId: item.id, deltaQty: '1', serials: ['WO-4'] }],
      post: true,
    });
    const refused = await api('POST', `/api/inventory/adjustments/${inDoc.json().id}/cancel`, { reason: 'Помилка' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Неможливо скасувати: оприбутковані серійні номери вже не на складі: WO-3');
    // Once it is back, the + document cancels and its serials are void.
    expect(
      (await api('POST', `/api/inventory/adjustments/${out.json().id}/cancel`, { reason: 'Знайшли' })).statusCode,
    ).toBe(200);
    const cancelIn = await api('POST', `/api/inventory/adjustments/${inDoc.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelIn.statusCode, cancelIn.body).toBe(200);
    expect(await serialsOf(item.id)).toEqual(['WO-1:void', 'WO-2:void', 'WO-3:void', 'WO-4:available@main']);
    await ledgerOk();
    await invariantOk();
  });

  it('an opening balance without serials generates them from the template; with serials takes those', async () => {
    const item = await product({ serialTracking: true });
    const other = await product({ serialTracking: true });
    const res = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'opening',
      documentDate: '2026-03-05',
      lines: [
        { itemId: item.id, deltaQty: '2', unitCost: '100' },
        { itemId: other.id, deltaQty: '1', unitCost: '100', serials: ['OLD-77'] },
      ],
      post: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0].serials).toEqual([
      expect.stringMatching(/^2603-\d{5}$/),
      expect.stringMatching(/^2603-\d{5}$/),
    ]);
    expect(res.json().lines[1].serials).toEqual(['OLD-77']);
    await invariantOk();
    const cancel = await api('POST', `/api/inventory/adjustments/${res.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await serialsOf(item.id)).every((s) => s.endsWith(':void'))).toBe(true);
    expect(await serialsOf(other.id)).toEqual(['OLD-77:void']);
    await ledgerOk();
    await invariantOk();
  });
});

describe('stock settings', () => {
  it('reads and changes the two settings with an audit record; only canAccess /inventory may change them', async () => {
    expect((await api('GET', '/api/inventory/settings')).json()).toEqual({
      allowNegativeStock: false,
      lowStockThreshold: 10,
    });
    const item = await product();
    await receive(item.id, '7', '10');
    expect((await stockRow(item.sku)).status).toBe('low-stock');

    const changed = await api('PATCH', '/api/inventory/settings', { lowStockThreshold: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ allowNegativeStock: false, lowStockThreshold: 5 });
    expect(await stockRow(item.sku)).toMatchObject({ status: 'in-stock', threshold: '5' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting_change'), eq(auditLog.entityId, 'stock')))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({
      entityType: 'settings',
      before: { allowNegativeStock: false, lowStockThreshold: 10 },
      after: { allowNegativeStock: false, lowStockThreshold: 5 },
    });
    expect((await api('PATCH', '/api/inventory/settings', { lowStockThreshold: -1 })).statusCode).toBe(400);
    expect((await api('PATCH', '/api/inventory/settings', { lowStockThreshold: 1.5 })).statusCode).toBe(400);

    // Negative stock allowed: the ledger lets an adjustment take more than there is.
    await api('PATCH', '/api/inventory/settings', { allowNegativeStock: true });
    const over = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'correction',
      lines: [{ itemId: item.id, deltaQty: '-9' }],
      post: true,
    });
    expect(over.statusCode, over.body).toBe(201);
    expect((await stockRow(item.sku)).onHand).toBe('-2.0000');
    await api('PATCH', '/api/inventory/settings', { allowNegativeStock: false, lowStockThreshold: 10 });
    await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'correction',
      lines: [{ itemId: item.id, deltaQty: '2' }],
      post: true,
    });

    const viewer = await userWith([{ route: '/inventory', canView: true, canAccess: false }]);
    expect((await api('GET', '/api/inventory/settings', undefined, viewer.cookie)).statusCode).toBe(200);
    expect((await api('PATCH', '/api/inventory/settings', { lowStockThreshold: 3 }, viewer.cookie)).statusCode).toBe(
      403,
    );
    const viewerPost = await api(
      'POST',
      '/api/inventory/adjustments',
      { warehouseId: mainWarehouse.id, reason: 'other', lines: [{ itemId: item.id, deltaQty: '1' }] },
      viewer.cookie,
    );
    expect(viewerPost.statusCode).toBe(403);
    const stranger = await userWith([{ route: '/component-stock', canView: true, canAccess: true }]);
    expect((await api('GET', '/api/inventory/settings', undefined, stranger.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/inventory/adjustments', undefined, stranger.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/component-stock/adjustments', undefined, stranger.cookie)).statusCode).toBe(200);
    await ledgerOk();
  });
});

describe('low-stock notifications (warehouse.md §0)', () => {
  const openFor = async (itemId: number, userId?: number) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.dedupeKey, lowStockKey(itemId)), eq(notifications.isResolved, false)))
    ).filter((row) => userId === undefined || row.userId === userId);

  it('raises one warning when a posting takes an item to its threshold, escalates at zero, resolves on restock', async () => {
    const watcher = await userWith([{ route: '/inventory', canView: true, canAccess: false }]);
    const componentViewer = await userWith([{ route: '/component-stock', canView: true, canAccess: false }]);
    const item = await product({ name: 'Контролер КТ-1' });
    await receive(item.id, '15', '10');
    expect(await openFor(item.id)).toEqual([]);

    const down = (qty: string) =>
      adjust({
        warehouseId: mainWarehouse.id,
        reason: 'damage',
        lines: [{ itemId: item.id, deltaQty: `-${qty}` }],
        post: true,
      });
    expect((await down('6')).statusCode).toBe(201); // 9 ≤ 10
    const [first] = await openFor(item.id, watcher.id);
    expect(first).toMatchObject({
      type: 'warning',
      priority: 'medium',
      title: 'Закінчується: Контролер КТ-1',
      actionUrl: `/inventory?search=${encodeURIComponent(item.sku)}`,
      relatedEntityType: 'item',
      relatedEntityId: String(item.id),
    });
    expect(await openFor(item.id, componentViewer.id)).toEqual([]);

    expect((await down('1')).statusCode).toBe(201); // 8: the same warning, not a second one
    const again = await openFor(item.id, watcher.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).toBe(first!.id);

    expect((await down('8')).statusCode).toBe(201); // 0: out of stock, high
    const out = await openFor(item.id, watcher.id);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ id: first!.id, priority: 'high', title: 'Немає в наявності: Контролер КТ-1' });

    await receive(item.id, '30', '10'); // 30 > 10: resolved
    expect(await openFor(item.id)).toEqual([]);
    const all = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, lowStockKey(item.id)));
    expect(all.filter((r) => r.userId === watcher.id).map((r) => r.isResolved)).toEqual([true]);
    await ledgerOk();
  });

  it('leads components to /component-stock, follows minStock, and stays silent without stock control', async () => {
    const part = await component({ minStock: '50' });
    await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'surplus_found',
        lines: [{ itemId: part.id, deltaQty: '40', unitCost: '1' }],
        post: true,
      },
      '/api/component-stock',
    );
    const [warning] = await openFor(part.id);
    expect(warning).toMatchObject({ actionUrl: `/component-stock?search=${encodeURIComponent(part.sku)}` });

    const free = await product({ stockControl: false });
    await receive(free.id, '3', '10');
    await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: free.id, deltaQty: '-3' }],
      post: true,
    });
    expect(await openFor(free.id)).toEqual([]);
    await ledgerOk();
  });
});
