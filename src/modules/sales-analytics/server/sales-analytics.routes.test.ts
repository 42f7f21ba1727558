// /api/sales-analytics and /api/sales-analytics-products (reports-admin.md §5, §6 'Done means') on both databases:
// revenue by client sums to /reports' revenue; a client whose first shipment is in the period is new exactly once;
// clients at 70 %, 20 % and 10 % are A, B, C; each item's qty equals its lines in the sales register; an unsold item
// shows only with 'Показати без продажів'; 10 units every month is X, one month of twelve is Z; 400 and 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { abcClasses, xyzClass } from './xyz.ts';

let f: SalesFixture;
let steady: number;
let once: number;
let unsold: number;
let big: number;
let mid: number;
let small: number;
const period = 'from=2026-11-01&to=2026-11-30';
const get = async (url: string) => {
  const res = await f.api('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const sell = (...args: Parameters<SalesFixture['sell']>) => f.sell(...args);

beforeAll(async () => {
  f = await createSalesFixture();
  steady = await f.product({ stock: '500', cost: '10.00' });
  once = await f.product({ stock: '500', cost: '10.00' });
  unsold = await f.product({ stock: '5', cost: '10.00' });
  big = await f.client('Альфа', 71);
  mid = await f.client('Бета', 72);
  small = await f.client('Гамма', 73);
  // 70 %, 20 %, 10 % of November's revenue (net of VAT: the fixture's prices are net).
  await sell(big, once, '70', '10.00', '2026-11-12');
  await sell(mid, steady, '10', '20.00', '2026-11-13');
  await sell(small, steady, '5', '20.00', '2026-11-14');
  // The steady item also sold 10 a month in the eleven months after November, to Бета.
  for (let i = 1; i <= 11; i++) {
    const month = new Date(Date.UTC(2026, 10 + i, 15)).toISOString().slice(0, 10);
    await sell(mid, steady, '10', '20.00', month);
  }
});
afterAll(() => f.t.close());

describe('sales analytics (reports-admin.md §5)', () => {
  it('sums the revenue by client to the revenue of /reports for the same period', async () => {
    const byClient = await get(`/api/sales-analytics/by-client?${period}&limit=100`);
    const report = await get(`/api/reports/profitability?${period}`);
    const sum = byClient.rows.reduce(
      (acc: ReturnType<typeof dec>, r: { revenue: string }) => add(acc, dec(r.revenue)),
      dec(0),
    );
    expect(fixed(sum, 2)).toBe(report.totals.revenue);
    expect(report.totals.revenue).toBe('1000.00');
    const summary = await get(`/api/sales-analytics/summary?${period}`);
    expect(summary.revenue.current).toBe('1000.00');
    expect(summary.orders.current).toBe('3');
    expect(summary.averageOrder.current).toBe('333.33');
    expect(summary.revenue.growthPercent).toBeNull();
  });

  it('classes clients at 70 %, 20 % and 10 % of revenue as A, B and C', async () => {
    const abc = await get(`/api/sales-analytics/abc-clients?${period}`);
    expect(abc.rows.map((r: { clientId: number; abcClass: string }) => [r.clientId, r.abcClass])).toEqual([
      [big, 'A'],
      [mid, 'B'],
      [small, 'C'],
    ]);
    expect(abc.classes).toEqual([
      { abcClass: 'A', clients: 1, revenue: '700.00', sharePercent: '70.00' },
      { abcClass: 'B', clients: 1, revenue: '200.00', sharePercent: '20.00' },
      { abcClass: 'C', clients: 1, revenue: '100.00', sharePercent: '10.00' },
    ]);
    expect(abcClasses(['90', '5', '5']).map((r) => r.abcClass)).toEqual(['A', 'B', 'C']);
  });

  it('counts a client whose first shipment is in the period as new once, and as returning the month after', async () => {
    const nov = await get(`/api/sales-analytics/summary?${period}`);
    expect(nov.clients).toMatchObject({ active: 3, new: 3, returning: 0 });
    const dec26 = await get('/api/sales-analytics/summary?from=2026-12-01&to=2026-12-31');
    expect(dec26.clients).toMatchObject({ active: 1, new: 0, returning: 1 });
    // Альфа and Гамма bought only in November: dormant 180 days later.
    const later = await get('/api/sales-analytics/summary?from=2027-06-01&to=2027-06-30');
    expect(later.clients.dormant).toBe(2);
    const rows = (await get(`/api/sales-analytics/by-client?${period}`)).rows;
    expect(rows.filter((r: { status: string }) => r.status === 'new')).toHaveLength(3);
  });

  it('answers the figures by period with zero periods, and by category and manager summing to the revenue', async () => {
    const days = await get(`/api/sales-analytics/by-period?${period}&granularity=day`);
    expect(days).toHaveLength(30);
    expect(days.find((d: { period: string }) => d.period === '2026-11-12')).toMatchObject({
      revenue: '700.00',
      orders: 1,
    });
    const categories = await get(`/api/sales-analytics/by-category?${period}`);
    const managers = await get(`/api/sales-analytics/by-manager?${period}`);
    for (const rows of [categories, managers]) {
      expect(
        fixed(
          rows.reduce((a: ReturnType<typeof dec>, r: { revenue: string }) => add(a, dec(r.revenue)), dec(0)),
          2,
        ),
      ).toBe('1000.00');
    }
  });
});

describe('sales by product (reports-admin.md §6)', () => {
  const year = 'from=2026-11-01&to=2027-10-31';
  it('answers each item its qty as the sales register lines, X for a steady item and Z for one month of twelve', async () => {
    const answer = await get(`/api/sales-analytics-products?${year}`);
    const register = await get(`/api/advanced-reports/sales-register?${year}&pageSize=500`);
    for (const row of answer.rows as Array<{ itemId: number; sku: string; qty: string }>) {
      const lines = (register.rows as Array<{ sku: string; qty: string }>).filter((r) => r.sku === row.sku);
      expect(
        fixed(
          lines.reduce((a, r) => add(a, dec(r.qty)), dec(0)),
          4,
        ),
        row.sku,
      ).toBe(row.qty);
    }
    const bySku = new Map(answer.rows.map((r: { itemId: number }) => [r.itemId, r]));
    expect(bySku.get(steady)).toMatchObject({ qty: '125.0000', xyzClass: 'X', clients: 2, lastSaleDate: '2027-10-15' });
    expect((bySku.get(steady) as { trend: string[] }).trend).toHaveLength(12);
    expect(bySku.get(once)).toMatchObject({ qty: '70.0000', xyzClass: 'Z', averagePrice: '10.00' });
    expect(bySku.has(unsold)).toBe(false);
    expect(xyzClass(Array(12).fill('10'))?.xyzClass).toBe('X');
    expect(xyzClass(['7', ...Array(11).fill('0')])?.xyzClass).toBe('Z');
  });

  it('shows the unsold item only with «Показати без продажів», and downloads the table', async () => {
    const all = await get(`/api/sales-analytics-products?${period}&withoutSales=true&limit=500`);
    const row = all.rows.find((r: { itemId: number }) => r.itemId === unsold);
    expect(row).toMatchObject({ qty: '0.0000', revenue: '0.00', abcClass: null, xyzClass: null, lastSaleDate: null });
    const csv = await f.api('GET', `/api/sales-analytics-products?${period}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Артикул');
    const trend = await get(`/api/sales-analytics-products/${steady}/trend?months=3`);
    expect(trend.months).toHaveLength(3);
    expect((await f.api('GET', '/api/sales-analytics-products/999999/trend')).statusCode).toBe(404);
  });
});

describe('access and input', () => {
  it('answers 400 to a bad period or grouping and 403 without the page', async () => {
    expect((await f.api('GET', '/api/sales-analytics/summary?from=2026-12-01&to=2026-11-01')).statusCode).toBe(400);
    expect((await f.api('GET', `/api/sales-analytics/by-period?${period}&granularity=year`)).statusCode).toBe(400);
    expect((await f.api('GET', `/api/sales-analytics-products?${period}&sort=price`)).statusCode).toBe(400);
    const clerk = await createUser(f.t.db, { password: 'clerk-pass' });
    const { cookie } = await signIn(f.t.app, clerk.username, 'clerk-pass');
    expect((await f.api('GET', `/api/sales-analytics/summary?${period}`, undefined, cookie)).statusCode).toBe(403);
    expect((await f.api('GET', `/api/sales-analytics-products?${period}`, undefined, cookie)).statusCode).toBe(403);
  });
});
