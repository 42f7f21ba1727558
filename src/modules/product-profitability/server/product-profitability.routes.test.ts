// /api/product-profitability (reports-admin.md §7 'Done means'): an item sold below its average cost is 'Збиткова'
// with a negative margin; COGS per item ties to its shipment movements in the ledger; a receipt that raises a
// component's average (the planned cost on /costing) changes the planned margin here, not the past COGS; the top and
// the trend; the per-item figures agree with /api/reports/profitability; the XLSX export matches the JSON; 403
// without the page, 400 on a bad period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { add, dec, fixed, neg } from '@/shared/decimal.ts';

let f: SalesFixture;
const today = kyivToday();
const period = `from=2026-11-01&to=${today}`;
let supplierId: number;
let documentTypeId: number;
let n = 0;

const get = async (url: string) => {
  const res = await f.api('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const list = () => get(`/api/product-profitability?${period}`);
const rowOf = async (itemId: number) =>
  (await list()).rows.find((r: { itemId: number }) => r.itemId === itemId) as Record<string, unknown>;

async function ship(orderId: number) {
  const draft = await f.api('POST', '/api/shipments', { orderId });
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await f.api('POST', `/api/shipments/${draft.json().id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
  return posted.json() as { id: number };
}
async function receive(itemId: number, qty: string, unitPrice: string) {
  const draft = await f.api('POST', '/api/supplier-receipts', {
    supplierId,
    warehouseId: f.warehouseId,
    documentTypeId,
    supplierDocNumber: `PP-${++n}`,
    supplierDocDate: '2026-11-03',
    documentDate: '2026-11-03',
    lines: [{ itemId, qty, unitPrice, vatRate: '0' }],
  });
  expect(draft.statusCode, draft.body).toBe(201);
  expect((await f.api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).statusCode).toBe(200);
}

beforeAll(async () => {
  f = await createSalesFixture();
  documentTypeId = (await get('/api/supplier-document-types'))[0].id;
  const supplier = await f.api('POST', '/api/suppliers', {
    legalForm: 'legal_entity',
    name: 'Постачальник рентабельності',
    fullName: 'ТОВ «Постачальник рентабельності»',
    taxId: sampleEdrpou(5151),
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierId = supplier.json().id;
});
afterAll(() => f.t.close());

describe('product profitability (reports-admin.md §7)', () => {
  let lossItem: number;
  let made: number;
  let part: number;

  it('answers 0 and no rows for an empty period', async () => {
    const empty = await get('/api/product-profitability?from=2026-01-01&to=2026-01-31');
    expect(empty.totals).toMatchObject({ revenue: '0.00', cogs: '0.00', margin: null });
    expect(empty.rows).toEqual([]);
    expect(empty.distribution.map((d: { count: number }) => d.count)).toEqual([0, 0, 0, 0, 0]);
  });

  it("flags an item sold below its average cost 'Збиткова' with a negative margin", async () => {
    lossItem = await f.product({ stock: '10', cost: '100.00' });
    await ship(await f.order([{ itemId: lossItem, qty: '2', unitPrice: '80.00' }], { confirm: true }));
    const row = await rowOf(lossItem);
    expect(row).toMatchObject({
      qty: '2.0000',
      revenue: '160.00',
      cogs: '200.00',
      grossProfit: '-40.00',
      margin: '-25.00',
      avgUnitCost: '100.00',
      avgPrice: '80.00',
      plannedUnitCost: null,
      loss: true,
    });
    const answer = await list();
    expect(answer.distribution.find((d: { bucket: string }) => d.bucket === 'negative').count).toBe(1);
    const losses = await get(`/api/product-profitability?${period}&flag=loss`);
    expect(losses.rows.map((r: { itemId: number }) => r.itemId)).toEqual([lossItem]);
  });

  it('ties COGS per item to its shipment movements on /component-movement', async () => {
    const moves = (await get(
      `/api/component-movement?itemId=${lossItem}&documentType=shipment&kind=all&limit=100`,
    )) as Array<{ value: string }>;
    expect(moves.length).toBeGreaterThan(0);
    const out = moves.reduce((s, m) => add(s, dec(m.value)), dec(0));
    expect((await rowOf(lossItem)).cogs).toBe(fixed(neg(out), 2));
  });

  it('changes the planned margin, not the past COGS, when the planned cost on /costing rises', async () => {
    part = (await f.api('POST', '/api/components', { sku: `PP-C-${++n}`, name: `Плата ${n}`, unitId: f.unitId })).json()
      .id;
    await receive(part, '10', '50.00');
    made = (
      await f.api('POST', '/api/products', {
        sku: `PP-M-${++n}`,
        name: `Виріб ${n}`,
        unitId: f.unitId,
        retailPrice: '100.00',
      })
    ).json().id;
    const bom = await f.api('POST', '/api/bom', {
      itemId: made,
      name: 'Основна',
      status: 'active',
      lines: [{ componentItemId: part, qty: '1', scrapPercent: '0' }],
    });
    expect(bom.statusCode, bom.body).toBe(201);
    await receive(made, '5', '55.00');
    await ship(await f.order([{ itemId: made, qty: '1', unitPrice: '100.00' }], { confirm: true }));
    const before = await rowOf(made);
    expect(before).toMatchObject({
      cogs: '55.00',
      plannedUnitCost: '50.00',
      retailPrice: '100.00',
      plannedMargin: '50.00',
      targetMarkup: '20.00',
      belowTarget: false,
      loss: false,
    });
    // 10 more at 150,00: the component's average is (500 + 1500) ÷ 20 = 100,00.
    await receive(part, '10', '150.00');
    const after = await rowOf(made);
    expect(after).toMatchObject({ cogs: '55.00', plannedUnitCost: '100.00', plannedMargin: '0.00', belowTarget: true });
    const flagged = await get(`/api/product-profitability?${period}&flag=belowTarget`);
    expect(flagged.rows.map((r: { itemId: number }) => r.itemId)).toContain(made);
    // The flag filters the costed rows of every sold item, then pages them.
    const every = await list();
    expect(flagged.rows).toEqual(every.rows.filter((r: { belowTarget: boolean }) => r.belowTarget));
    expect(flagged.total).toBe(flagged.rows.length);
  });

  it('agrees with /api/reports/profitability by item and answers the top and the trend', async () => {
    const answer = await list();
    const byItem = await get(`/api/reports/profitability?${period}&groupBy=item`);
    expect(answer.totals).toMatchObject({
      revenue: byItem.totals.revenue,
      cogs: byItem.totals.cogs,
      grossProfit: byItem.totals.grossProfit,
    });
    for (const row of byItem.rows) {
      const mine = answer.rows.find((r: { itemId: number }) => r.itemId === row.key);
      expect(mine).toMatchObject({ revenue: row.revenue, cogs: row.cogs, grossProfit: row.grossProfit });
    }
    // The table comes a page at a time; the total counts the whole filter.
    expect(answer.total).toBe(answer.rows.length);
    const second = await get(`/api/product-profitability?${period}&page=2&limit=1`);
    expect(second.total).toBe(answer.total);
    expect(second.rows).toEqual([answer.rows[1]]);
    // Only the page is costed: each one-row page is the same row as in the whole list, planned cost included.
    for (let i = 0; i < answer.rows.length; i++) {
      const one = await get(`/api/product-profitability?${period}&page=${i + 1}&limit=1`);
      expect(one.rows).toEqual([answer.rows[i]]);
    }
    const top = await get(`/api/product-profitability/top?${period}&limit=1`);
    expect(top).toEqual([
      { itemId: made, name: expect.any(String), revenue: '100.00', grossProfit: '45.00', margin: '45.00' },
    ]);
    const trend = await get(`/api/product-profitability/${lossItem}/trend?months=3`);
    expect(trend.months).toHaveLength(3);
    expect(trend.months[2]).toMatchObject({ month: `${today.slice(0, 7)}-01`, revenue: '160.00', cogs: '200.00' });
    expect(trend.months[0]).toMatchObject({ revenue: '0.00', margin: null });
    expect((await f.api('GET', '/api/product-profitability/999999/trend')).statusCode).toBe(404);
  });

  it('exports the same rows as XLSX', async () => {
    const answer = await list();
    const xlsx = await f.api('GET', `/api/product-profitability?${period}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(Buffer.from(xlsx.rawPayload), String(xlsx.headers['content-type']));
    expect(sheet.headers[0]).toBe('Артикул');
    expect(sheet.rows.map((r) => [r[0], Number(r[3]), Number(r[4]), r[12] ?? ''])).toEqual(
      answer.rows.map((r: Record<string, string | boolean>) => [
        r.sku,
        Number(r.revenue),
        Number(r.cogs),
        [r.loss ? 'Збиткова' : null, r.belowTarget ? 'Нижче цілі' : null].filter(Boolean).join(', '),
      ]),
    );
  });

  it('refuses a bad period and answers 403 without the page', async () => {
    expect((await f.api('GET', '/api/product-profitability?from=2026-11-10&to=2026-11-01')).statusCode).toBe(400);
    expect((await f.api('GET', `/api/product-profitability?${period}&flag=other`)).statusCode).toBe(400);
    const outsider = await createUser(f.t.db, { password: 'no-pp-1' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-pp-1');
    expect((await f.api('GET', `/api/product-profitability?${period}`, undefined, cookie)).statusCode).toBe(403);
  });
});
