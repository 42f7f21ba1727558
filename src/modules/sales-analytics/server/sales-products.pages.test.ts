// Sales by product reads its page first (issue 27): the statement ranks every item of the filter for ABC and cuts the
// page; the clients, the last sale and the 12 months are read for the page's items. These tests hold the pages
// against the whole table for every sort, with and without 'Показати без продажів', for a client and a search, and
// the whole table against the rules computed here from its own rows (xyz.ts's ABC and XYZ, the share, the average
// price, the sort's order) — on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, cmp, dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { salesProductSorts, type SalesProductRow } from '../sales-analytics.contract.ts';
import { abcClasses, xyzClass } from './xyz.ts';

let f: SalesFixture;
const items: number[] = [];
let big: number;
let mid: number;
const period = 'from=2026-11-01&to=2026-11-30';

interface Answer {
  totals: { qty: string; revenue: string; items: number };
  rows: SalesProductRow[];
  total: number;
}
const get = (url: string) => f.getJson<Answer>(url);

beforeAll(async () => {
  f = await createSalesFixture();
  for (let i = 0; i < 7; i++) items.push(await f.product({ stock: '500', cost: '5.00' }));
  big = await f.client('Альфа', 81);
  mid = await f.client('Бета', 82);
  const [p1, p2, p3, p4, p5, p6] = items as [number, number, number, number, number, number];
  // November: 300 and 300 (a tie, decided by the name), 200 from two clients, 50, 30 — of 880: A, A, B, C, C.
  await f.sell(big, p1, '10', '30.00', '2026-11-05');
  await f.sell(mid, p2, '10', '30.00', '2026-11-06');
  await f.sell(big, p3, '5', '20.00', '2026-11-07');
  await f.sell(mid, p3, '5', '20.00', '2026-11-20');
  await f.sell(mid, p4, '1', '50.00', '2026-11-21');
  await f.sell(big, p5, '3', '10.00', '2026-11-22');
  // Before the period: p6's only sale (its last sale shows, it is not in the period's rows), and p1's October.
  await f.sell(big, p6, '1', '5.00', '2026-10-10');
  await f.sell(big, p1, '4', '30.00', '2026-10-11');
});
afterAll(() => f.t.close());

/** The table's order for a sort, as reports-admin.md §6 reads it: ties by the item id. */
function compareFor(sort: string) {
  const desc = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  const collator = new Intl.Collator('uk');
  const byRank = (a: SalesProductRow, b: SalesProductRow) =>
    -cmp(dec(a.revenue), dec(b.revenue)) || collator.compare(a.name, b.name) || a.itemId - b.itemId;
  if (sort === '-revenue') return byRank;
  return (a: SalesProductRow, b: SalesProductRow) => {
    const c =
      key === 'name'
        ? collator.compare(a.name, b.name)
        : key === 'lastSale'
          ? (a.lastSaleDate ?? '').localeCompare(b.lastSaleDate ?? '')
          : key === 'qty'
            ? cmp(dec(a.qty), dec(b.qty))
            : cmp(dec(a.revenue), dec(b.revenue));
    return (desc ? -c : c) || a.itemId - b.itemId;
  };
}

/** The rules of §6 on the whole table's own rows. */
function checkRules(whole: Answer, sort: string) {
  const total = whole.rows.reduce((acc, r) => add(acc, dec(r.revenue)), dec(0));
  expect(whole.totals.revenue).toBe(fixed(total, 2));
  expect(whole.total).toBe(whole.rows.length);
  expect([...whole.rows].sort(compareFor(sort)).map((r) => r.itemId)).toEqual(whole.rows.map((r) => r.itemId));
  const sold = whole.rows.filter((r) => !isZero(dec(r.revenue)) || !isZero(dec(r.qty))).sort(compareFor('-revenue'));
  expect(whole.totals.items).toBe(sold.length);
  const classes = new Map(abcClasses(sold.map((r) => r.revenue)).map((c, i) => [sold[i]!.itemId, c.abcClass]));
  for (const r of whole.rows) {
    expect(r.abcClass, `ABC of ${r.sku}`).toBe(classes.get(r.itemId) ?? null);
    const xyz = xyzClass(r.trend);
    expect([r.xyzClass, r.cv], `XYZ of ${r.sku}`).toEqual([xyz?.xyzClass ?? null, xyz?.cv ?? null]);
    expect(r.sharePercent).toBe(isZero(total) ? null : fixed(div(mul(dec(r.revenue), dec(100)), total, 8), 2));
    expect(r.averagePrice).toBe(isZero(dec(r.qty)) ? null : fixed(div(dec(r.revenue), dec(r.qty), 8), 2));
  }
}

describe('sales by product, page by page (reports-admin.md §6)', () => {
  it('classes November A, A, B, C, C by the running share, and shows the clients, last sale and months', async () => {
    const whole = await get(`/api/sales-analytics-products?${period}&limit=500`);
    const [p1, p2, p3, p4, p5, p6] = items;
    const of = (id: number | undefined) => whole.rows.find((r) => r.itemId === id);
    expect(whole.rows.map((r) => [r.itemId, r.abcClass])).toEqual([
      [p1, 'A'],
      [p2, 'A'],
      [p3, 'B'],
      [p4, 'C'],
      [p5, 'C'],
    ]);
    expect(whole.totals).toEqual({ qty: '34.0000', revenue: '880.00', items: 5 });
    expect(of(p3)).toMatchObject({ clients: 2, lastSaleDate: '2026-11-20', revenue: '200.00', sharePercent: '22.73' });
    expect(of(p1)?.trend.slice(-2)).toEqual(['4.0000', '10.0000']);
    expect(of(p6)).toBeUndefined();
    const unsold = await get(`/api/sales-analytics-products?${period}&withoutSales=true&limit=500`);
    expect(unsold.rows.find((r) => r.itemId === p6)).toMatchObject({
      qty: '0.0000',
      abcClass: null,
      lastSaleDate: '2026-10-10',
      trend: expect.arrayContaining(['1.0000']) as unknown,
    });
  });

  it('reads the same rows page by page as in one page, for every sort and filter', async () => {
    const filters = [
      '',
      '&withoutSales=true',
      `&clientId=${big}`,
      `&clientId=${mid}&withoutSales=true`,
      '&search=живл',
    ];
    for (const sort of salesProductSorts) {
      for (const filter of filters) {
        const base = `/api/sales-analytics-products?${period}&sort=${sort}${filter}`;
        const whole = await get(`${base}&limit=500`);
        checkRules(whole, sort);
        const paged: SalesProductRow[] = [];
        for (let page = 1; page <= Math.ceil(whole.total / 2); page++) {
          const answer = await get(`${base}&limit=2&page=${page}`);
          expect(answer.totals, `${sort}${filter} page ${page}`).toEqual(whole.totals);
          paged.push(...answer.rows);
        }
        expect(paged, `${sort}${filter}`).toEqual(whole.rows);
      }
    }
    const past = await get(`/api/sales-analytics-products?${period}&limit=2&page=99`);
    expect(past).toMatchObject({ rows: [], total: 5, totals: { revenue: '880.00', items: 5 } });
  });

  it('keeps a sold item that was deactivated since, with and without «Показати без продажів»', async () => {
    const sold = items[4]!;
    expect((await f.api('PATCH', `/api/products/${sold}`, { isActive: false })).statusCode).toBe(200);
    try {
      for (const extra of ['', '&withoutSales=true']) {
        const answer = await get(`/api/sales-analytics-products?${period}${extra}&limit=500`);
        expect(
          answer.rows.find((r) => r.itemId === sold),
          extra,
        ).toMatchObject({ revenue: '30.00', abcClass: 'C' });
        expect(answer.totals.revenue).toBe('880.00');
      }
    } finally {
      expect((await f.api('PATCH', `/api/products/${sold}`, { isActive: true })).statusCode).toBe(200);
    }
  });

  it('downloads every row of the filter, not the page', async () => {
    const csv = await f.api('GET', `/api/sales-analytics-products?${period}&withoutSales=true&limit=2&format=csv`);
    expect(csv.statusCode).toBe(200);
    const whole = await get(`/api/sales-analytics-products?${period}&withoutSales=true&limit=500`);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(whole.rows.length);
    for (const r of whole.rows) expect(csv.body).toContain(r.sku);
  });
});
