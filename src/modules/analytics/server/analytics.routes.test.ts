// /api/analytics (reports-admin.md §4 'Done means') on both databases: every tile equals the matching figure of
// /reports (revenue, gross profit, margin) and of the receivables for the same period; a period without data answers
// 0 and null percentages, never an error; an order confirmed and fully shipped counts its days in the lead time; cash
// is posted receipts less refunds; the trends answer every month with 0 where nothing happened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { bookingFacts, bookingsByOrder, bookingTotals, stockFactsAt } from '@/modules/reports/server/index.ts';

let f: SalesFixture;
const today = kyivToday();
const period = `from=${today.slice(0, 8)}01&to=${today}`;
const get = async (url: string) => {
  const res = await f.api('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  f = await createSalesFixture();
  const item = await f.product({ stock: '10', cost: '100.00' });
  const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '150.00' }], { confirm: true });
  // Confirmed three days before it was shipped (the lead time counts Kyiv days).
  await f.t.db.execute(sql`update orders set confirmed_at = (${today}::date - 3)::timestamp at time zone 'Europe/Kyiv'
    + interval '10 hours' where id = ${orderId}`);
  const draft = await f.api('POST', '/api/shipments', { orderId });
  expect((await f.api('POST', `/api/shipments/${draft.json().id}/post`)).statusCode).toBe(200);
  for (const [type, amount] of [
    ['receipt', '200.00'],
    ['refund', '20.00'],
  ] as const) {
    const res = await f.api('POST', '/api/payments', {
      paymentDate: today,
      type,
      method: 'bank_transfer',
      amount,
      clientId: f.clientId,
      post: true,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => f.t.close());

describe('analytics (reports-admin.md §4)', () => {
  it('answers tiles equal to /reports and the receivables for the same period', async () => {
    const answer = await get(`/api/analytics/overview?${period}`);
    const report = await get(`/api/reports/profitability?${period}`);
    const t = answer.tiles;
    expect(t.revenue.current).toBe(report.totals.revenue);
    expect(t.grossProfit.current).toBe(report.totals.grossProfit);
    expect(t.margin.current).toBe(report.totals.margin);
    expect(t.cashReceived.current).toBe('180.00');
    const balance = await get(`/api/clients/${f.clientId}/balance`);
    expect(t.receivables.current).toBe(balance.balance);
    expect(t.bookingsCount.current).toBe('1');
    expect(t.leadTimeDays.current).toBe('3.0');
  });

  it('answers 0 and null percentages for a period without data', async () => {
    const answer = await get('/api/analytics/overview?from=2026-01-01&to=2026-01-31');
    expect(answer.tiles.revenue).toMatchObject({ current: '0.00', changePercent: null });
    expect(answer.tiles.margin.current).toBeNull();
    expect(answer.tiles.leadTimeDays.current).toBeNull();
  });

  it('answers 12 months of trends, 0 where nothing happened, the current one holding the sale', async () => {
    const answer = await get('/api/analytics/trends?months=12');
    expect(answer.months).toHaveLength(12);
    expect(answer.months.at(-1)).toMatchObject({ month: `${today.slice(0, 8)}01`, revenue: expect.any(String) });
    expect(answer.months[0].revenue).toBe('0.00');
  });

  it('answers the stock value at each month-end equal to the stock facts at that day', async () => {
    // The opening stock moved two months back, so the earlier month-ends hold stock too.
    await f.t.db.execute(sql`update stock_movements set occurred_on = occurred_on - interval '2 months'
      where id = (select min(id) from stock_movements)`);
    const answer = await get('/api/analytics/trends?months=12');
    let nonZero = 0;
    for (const m of answer.months as { month: string; stockValue: string }[]) {
      const end = new Date(Date.UTC(Number(m.month.slice(0, 4)), Number(m.month.slice(5, 7)), 0));
      const day = end.toISOString().slice(0, 10) < today ? end.toISOString().slice(0, 10) : today;
      const facts = rowsOf<{ value: string }>(
        await f.t.db.execute(sql`select coalesce(sum(value), 0)::numeric(18,2)::text as value
          from (${stockFactsAt(day)}) s`),
      );
      expect(m.stockValue, m.month).toBe(facts[0]!.value);
      if (m.stockValue !== '0.00') nonZero++;
    }
    expect(nonZero).toBeGreaterThanOrEqual(3);
    // The overview's stock tile (today's item values less later movements) is the stock facts at the period end too.
    for (const day of [today, `${today.slice(0, 8)}01`]) {
      const tile = (await get(`/api/analytics/overview?from=${today.slice(0, 8)}01&to=${day}`)).tiles.stockValue
        .current;
      const facts = rowsOf<{ value: string }>(
        await f.t.db.execute(
          sql`select coalesce(sum(value), 0)::numeric(18,2)::text as value from (${stockFactsAt(day)}) s`,
        ),
      );
      expect(tile, day).toBe(facts[0]!.value);
    }
  });

  it('answers 403 without the page and 400 to a bad period', async () => {
    const clerk = await createUser(f.t.db, { password: 'clerk-pass' });
    const { cookie } = await signIn(f.t.app, clerk.username, 'clerk-pass');
    expect((await f.api('GET', `/api/analytics/overview?${period}`, undefined, cookie)).statusCode).toBe(403);
    expect((await f.api('GET', '/api/analytics/overview?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
  });

  // Last: it adds orders the tiles above do not expect.
  it('sums the bookings per order as the booking facts do, under every filter the tile takes', async () => {
    const [x, y] = [await f.product({ stock: '50' }), await f.product({ stock: '50' })];
    const other = await f.client('Бронювання', 7101);
    const lines = [
      { itemId: x, qty: '3', unitPrice: '10.335' },
      { itemId: y, qty: '1', unitPrice: '7.10' },
    ];
    const two = await f.order(lines, { confirm: true, orderDate: '2026-10-05' });
    await f.t.db.execute(sql`update orders set fx_rate = 41.2345 where id = ${two}`);
    await f.order(lines.slice(1), { confirm: true, orderDate: '2026-10-06', clientId: other });
    await f.order(lines, { orderDate: '2026-10-07' }); // a draft is no booking
    const cancelled = await f.order(lines, { confirm: true, orderDate: '2026-10-08' });
    expect((await f.api('POST', `/api/orders/${cancelled}/cancel`, { reason: 'Дубль' })).statusCode).toBe(200);
    await f.order(lines, { confirm: true, orderDate: '2026-09-30' }); // before the period
    const company = rowsOf<{ company_id: number }>(
      await f.t.db.execute(sql`select company_id from orders where id = ${two}`),
    )[0]!.company_id;
    const category = (await f.api('POST', '/api/categories', { name: 'Бронювання категорія' })).json().id as number;
    await f.t.db.execute(sql`update items set category_id = ${category} where id = ${y}`);
    const filters = [{}, { clientId: f.clientId }, { clientId: other }, { companyId: company }, { companyId: 999_999 }];
    for (const [from, to] of [
      ['2026-10-01', '2026-10-31'],
      ['2026-09-01', '2026-11-30'],
      ['2026-01-01', '2026-01-31'],
    ]) {
      for (const filter of filters) {
        const q = { from: from!, to: to!, ...filter };
        const [facts, perOrder] = await Promise.all([
          f.t.db.execute(sql`select count(distinct f.order_id)::int as n, coalesce(sum(f.amount), 0)::text as v
            from (${bookingFacts(q)}) f`),
          f.t.db.execute(sql`select count(*)::int as n, coalesce(sum(f.amount), 0)::text as v
            from (${bookingsByOrder(q)}) f`),
        ]);
        expect(rowsOf(perOrder), JSON.stringify(q)).toEqual(rowsOf(facts));
        // The totals the tiles read: per order without a category, over the category's lines with one.
        for (const scoped of [q, { ...q, categoryId: category }, { ...q, itemId: x }]) {
          const [totals, lineFacts] = await Promise.all([
            f.t.db.execute(sql`select t.bookings_count as n, t.bookings_value as v from (${bookingTotals(scoped)}) t`),
            f.t.db.execute(sql`select count(distinct f.order_id)::int as n,
                coalesce(sum(f.amount), 0)::numeric(18,2)::text as v
              from (${bookingFacts(scoped)}) f`),
          ]);
          expect(rowsOf(totals), JSON.stringify(scoped)).toEqual(rowsOf(lineFacts));
        }
      }
    }
    const october = await get('/api/analytics/overview?from=2026-10-01&to=2026-10-31');
    expect(october.tiles.bookingsCount.current).toBe('2');
    // With 20 % VAT the lines are 37,21 (3 × 10,335 × 1,2) and 8,52; at 41,2345 each line rounds on its own:
    // 1 534,34 and 351,32; the other client's 8,52 at 1.
    expect(october.tiles.bookingsValue.current).toBe('1894.18');
  });
});
