// The stock reports walk items in their name order (report-kit `itemWalk`, itemStockFacts): a page, a count that
// stops at a bound, and an export from one item to the next. Held here against the ledger itself — every movement of
// a small stock summed in the test's own query — on names whose Ukrainian order a code-point sort gets wrong, two
// items of one name (then by SKU), one item in two warehouses, a movement and its reversal, stock received only after
// the period and a pair that came and went before it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { postToLedger, reverseInLedger, type LedgerIntent } from '@/modules/stock/server/ledger.ts';
import type { ReportQuery } from '../advanced-reports.catalogue.ts';
import { readAllRows, type ReportDefinition, type Row } from './report-kit.ts';
import { stockAtDateReader, stockTurnoverReader } from './stock-sales.reports.ts';

let f: SalesFixture;
let store: number;
const items: Record<string, number> = {};
// Unsorted on purpose; 'Гвинт' twice (SKUs decide), 'гвинт' before 'Гвинт', Ґ after Г, Є/І/Ї in their places.
const names: [string, string][] = [
  ['WALK-07', 'Їжак'],
  ['WALK-02', 'Гвинт'],
  ['WALK-01', 'Гвинт'],
  ['WALK-03', 'гвинт'],
  ['WALK-04', 'Ґанок'],
  ['WALK-05', 'Єнот'],
  ['WALK-06', 'Іній'],
  ['WALK-08', 'абрикос'],
  ['WALK-09', 'Яблуко'],
];
const FROM = '2026-11-01';
const TO = '2026-11-20';
let docs = 0;

async function post(date: string, intents: LedgerIntent[]) {
  const doc = { type: 'adjustment' as const, id: 970_000 + ++docs, number: `WALK-${docs}`, date, userId: null };
  await f.t.db.transaction((tx) => postToLedger(tx, doc, intents));
  return doc;
}
const inn = (sku: string, warehouseId: number, qty: string, unitCost = '10.00'): LedgerIntent => ({
  kind: 'in',
  itemId: items[sku]!,
  warehouseId,
  qty,
  unitCost,
});
const out = (sku: string, warehouseId: number, qty: string): LedgerIntent => ({
  kind: 'out',
  itemId: items[sku]!,
  warehouseId,
  qty,
});

beforeAll(async () => {
  f = await createSalesFixture();
  const made = await f.api('POST', '/api/warehouses', { code: 'АН-1', name: 'Ангар', type: 'materials' });
  expect(made.statusCode, made.body).toBe(201);
  store = made.json().id;
  for (const [sku, name] of names) {
    const res = await f.api('POST', '/api/products', { sku, name, unitId: f.unitId, retailPrice: '100.00' });
    expect(res.statusCode, res.body).toBe(201);
    items[sku] = res.json().id;
  }
  const home = f.warehouseId;
  await post('2026-10-05', [
    inn('WALK-07', home, '10'),
    inn('WALK-07', store, '4', '12.50'),
    inn('WALK-02', home, '3'),
    inn('WALK-01', home, '2'),
    inn('WALK-05', home, '1'),
    inn('WALK-06', home, '6'),
  ]);
  await post('2026-10-20', [out('WALK-06', home, '6')]); // came and went before the period: no row
  await post('2026-11-05', [out('WALK-07', home, '3'), inn('WALK-03', home, '5', '7.25'), inn('WALK-08', home, '1')]);
  const reversed = await post('2026-11-10', [inn('WALK-04', store, '4')]);
  await f.t.db.transaction((tx) => reverseInLedger(tx, { ...reversed, date: '2026-11-12' }));
  await post('2026-11-20', [out('WALK-02', home, '1'), in2('WALK-08')]);
  await post('2026-11-25', [inn('WALK-07', home, '5'), inn('WALK-09', home, '2'), out('WALK-01', home, '2')]);
  function in2(sku: string): LedgerIntent {
    return inn(sku, store, '2', '3.00');
  }
});
afterAll(() => f.t.close());

/** What the ledger says, summed here: per pair the stock before `from` and the movements from…to, with names. */
async function ledger(from: string, to: string): Promise<Row[]> {
  return rowsOf<Row>(
    await f.t.db.execute(sql`select i.sku, i.name as item, w.name as warehouse,
        round(coalesce(sum(m.qty) filter (where m.occurred_on < ${from}::date), 0), 4)::text as "openingQty",
        round(coalesce(sum(m.value) filter (where m.occurred_on < ${from}::date), 0), 2)::text as "openingValue",
        round(coalesce(sum(m.qty) filter (where m.qty > 0 and m.occurred_on between ${from}::date and ${to}::date), 0), 4)::text as "inQty",
        round(coalesce(sum(m.value) filter (where m.qty > 0 and m.occurred_on between ${from}::date and ${to}::date), 0), 2)::text as "inValue",
        round(coalesce(-sum(m.qty) filter (where m.qty < 0 and m.occurred_on between ${from}::date and ${to}::date), 0), 4)::text as "outQty",
        round(coalesce(-sum(m.value) filter (where m.qty < 0 and m.occurred_on between ${from}::date and ${to}::date), 0), 2)::text as "outValue",
        round(coalesce(sum(m.qty) filter (where m.occurred_on <= ${to}::date), 0), 4)::text as "closingQty",
        round(coalesce(sum(m.value) filter (where m.occurred_on <= ${to}::date), 0), 2)::text as "closingValue",
        count(*) filter (where m.occurred_on between ${from}::date and ${to}::date)::int as moves
      from stock_movements m join items i on i.id = m.item_id join warehouses w on w.id = m.warehouse_id
      group by i.sku, i.name, w.name`),
  );
}

const uk = new Intl.Collator('uk');
const inOrder = (a: Row, b: Row) =>
  uk.compare(a.item!, b.item!) ||
  (a.sku! < b.sku! ? -1 : a.sku! > b.sku! ? 1 : 0) ||
  uk.compare(a.warehouse!, b.warehouse!);

const turnoverQuery = (extra: Partial<ReportQuery> = {}): ReportQuery => ({
  page: 1,
  pageSize: 50,
  format: 'json',
  from: FROM,
  to: TO,
  ...extra,
});
const atDateQuery = (asOf: string, extra: Partial<ReportQuery> = {}): ReportQuery => ({
  page: 1,
  pageSize: 50,
  format: 'json',
  asOf,
  ...extra,
});

/** Every page of `limit` rows in turn, and the totals each page gave. */
async function pages(reader: Pick<ReportDefinition, 'read'>, q: ReportQuery, limit: number) {
  const rows: Row[] = [];
  const totals: { total: number; capped: boolean }[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await reader.read(f.t.db, q, { offset, limit });
    totals.push({ total: page.total, capped: page.capped ?? false });
    rows.push(...page.rows);
    if (page.rows.length < limit) return { rows, totals };
  }
}

async function exported(reader: Pick<ReportDefinition, 'read' | 'readAll'>, q: ReportQuery) {
  const rows: Row[] = [];
  for await (const chunk of readAllRows({ meta: undefined as never, ...reader }, f.t.db, q)) rows.push(...chunk);
  return rows;
}

describe('the stock reports walk items in Ukrainian order (itemWalk)', () => {
  it('turnover: every pair that held stock or moved, with the ledger’s figures, in the order of the names', async () => {
    const expected = (await ledger(FROM, TO))
      .filter((r) => r.openingQty !== '0.0000' || r.openingValue !== '0.00' || Number(r.moves) > 0)
      .map(({ moves: _moves, ...r }) => r)
      .sort(inOrder);
    // абрикос, Гвинт (WALK-01, WALK-02 — 'гвинт' first), Ґанок (moved and reversed), Єнот, Їжак ×2; not Іній (gone
    // before the period) and not Яблуко (received after it).
    expect(expected.map((r) => `${r.item} ${r.sku} ${r.warehouse}`)).toEqual([
      'абрикос WALK-08 Ангар',
      'абрикос WALK-08 Склад готової продукції',
      'гвинт WALK-03 Склад готової продукції',
      'Гвинт WALK-01 Склад готової продукції',
      'Гвинт WALK-02 Склад готової продукції',
      'Ґанок WALK-04 Ангар',
      'Єнот WALK-05 Склад готової продукції',
      'Їжак WALK-07 Ангар',
      'Їжак WALK-07 Склад готової продукції',
    ]);
    const reader = stockTurnoverReader();
    const whole = await reader.read(f.t.db, turnoverQuery(), { offset: 0, limit: 50 });
    expect(whole).toEqual({ rows: expected, total: expected.length });
    expect(whole.rows.find((r) => r.sku === 'WALK-04')).toMatchObject({ inQty: '4.0000', outQty: '4.0000' });
    for (const limit of [1, 2, 4]) {
      const paged = await pages(reader, turnoverQuery(), limit);
      expect(paged.rows, `limit ${limit}`).toEqual(expected);
      expect(new Set(paged.totals.map((t) => t.total))).toEqual(new Set([expected.length]));
    }
    expect(await reader.read(f.t.db, turnoverQuery(), { offset: 40, limit: 5 })).toEqual({
      rows: [],
      total: expected.length,
      capped: false,
    });
  });

  it('stock at a date: the turnover’s closing at its last day and its opening the day before its first', async () => {
    const reader = stockAtDateReader();
    const turnover = (await stockTurnoverReader().read(f.t.db, turnoverQuery(), { offset: 0, limit: 50 })).rows;
    const pairs = (rows: Row[], qty: string, value: string) =>
      rows
        .filter((r) => r[qty] !== '0.0000' || r[value] !== '0.00')
        .map((r) => ({ sku: r.sku, item: r.item, warehouse: r.warehouse, qty: r[qty], value: r[value] }));
    const atTo = await reader.read(f.t.db, atDateQuery(TO), { offset: 0, limit: 50 });
    expect(atTo.rows).toEqual(pairs(turnover, 'closingQty', 'closingValue'));
    const before = await reader.read(f.t.db, atDateQuery('2026-10-31'), { offset: 0, limit: 50 });
    expect(before.rows).toEqual(pairs(turnover, 'openingQty', 'openingValue'));
    // Today: the balances themselves — Яблуко and Їжак's later receipt are in, Гвинт WALK-01 went out.
    const now = await reader.read(f.t.db, atDateQuery('2026-11-30'), { offset: 0, limit: 50 });
    const balances = rowsOf<Row>(
      await f.t.db.execute(sql`select i.sku, w.name as warehouse, round(b.on_hand, 4)::text as qty
        from stock_balances b join items i on i.id = b.item_id join warehouses w on w.id = b.warehouse_id
        where b.on_hand <> 0 or b.value <> 0`),
    );
    expect(now.rows.map((r) => `${r.sku} ${r.warehouse} ${r.qty}`).sort()).toEqual(
      balances.map((r) => `${r.sku} ${r.warehouse} ${r.qty}`).sort(),
    );
    expect(now.rows.some((r) => r.sku === 'WALK-09')).toBe(true);
    expect(now.rows.some((r) => r.sku === 'WALK-01')).toBe(false);
  });

  it('filters by warehouse and item as the whole report does', async () => {
    const reader = stockTurnoverReader();
    const whole = (await reader.read(f.t.db, turnoverQuery(), { offset: 0, limit: 50 })).rows;
    const inStore = await reader.read(f.t.db, turnoverQuery({ warehouseId: store }), { offset: 0, limit: 50 });
    expect(inStore.rows).toEqual(whole.filter((r) => r.warehouse === 'Ангар'));
    const one = await reader.read(f.t.db, turnoverQuery({ itemId: items['WALK-07']! }), { offset: 0, limit: 1 });
    expect(one.rows).toEqual(whole.filter((r) => r.sku === 'WALK-07').slice(0, 1));
    expect(one.total).toBe(2);
  });

  it('counts up to its bound: exact below it, capped above it, past the page for a page beyond it', async () => {
    const all = (await stockTurnoverReader().read(f.t.db, turnoverQuery(), { offset: 0, limit: 50 })).rows;
    expect(all).toHaveLength(9);
    const small = stockTurnoverReader({ bound: 4 });
    expect(await small.read(f.t.db, turnoverQuery(), { offset: 0, limit: 2 })).toEqual({
      rows: all.slice(0, 2),
      total: 4,
      capped: true,
    });
    // A page beyond the bound counts just past itself: still more after rows 5–6, none after 7–9.
    expect(await small.read(f.t.db, turnoverQuery(), { offset: 4, limit: 2 })).toMatchObject({
      rows: all.slice(4, 6),
      total: 6,
      capped: true,
    });
    expect(await small.read(f.t.db, turnoverQuery(), { offset: 6, limit: 3 })).toMatchObject({
      rows: all.slice(6, 9),
      total: 9,
      capped: false,
    });
    expect(await stockTurnoverReader({ bound: 9 }).read(f.t.db, turnoverQuery(), { offset: 0, limit: 2 })).toEqual({
      rows: all.slice(0, 2),
      total: 9,
      capped: false,
    });
  });

  it('exports every row once, in order, whatever the chunk — an item split across chunks waits for the next', async () => {
    const all = (await stockTurnoverReader().read(f.t.db, turnoverQuery(), { offset: 0, limit: 50 })).rows;
    for (const chunk of [1, 2, 3, 5, 9, 10]) {
      expect(await exported(stockTurnoverReader({ chunk }), turnoverQuery()), `chunk ${chunk}`).toEqual(all);
    }
    const atDate = (await stockAtDateReader().read(f.t.db, atDateQuery(TO), { offset: 0, limit: 50 })).rows;
    expect(await exported(stockAtDateReader({ chunk: 2 }), atDateQuery(TO))).toEqual(atDate);
  });
});
