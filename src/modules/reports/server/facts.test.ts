// The fact layer's booking, cash and stock facts (reports-admin.md §0) on both databases: a confirmed order is a
// booking dated by its order date (a draft and a cancelled one are not), a posted receipt counts and a refund
// subtracts (a draft payment does not), and the stock at a date sums the ledger up to that date only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { bookingFacts, cashFacts, stockFactsAt, type SalesFilter } from './facts.ts';

let f: SalesFixture;
const today = kyivToday();
const period: SalesFilter = { from: '2026-01-01', to: today };

async function one(query: ReturnType<typeof sql>): Promise<Record<string, string | null>> {
  const [row] = rowsOf<Record<string, string | null>>(await f.t.db.execute(query));
  return row ?? {};
}

async function pay(type: 'receipt' | 'refund', amount: string, post: boolean) {
  const res = await f.api('POST', '/api/payments', {
    paymentDate: today,
    type,
    method: 'bank_transfer',
    amount,
    clientId: f.clientId,
    post,
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

describe('fact layer', () => {
  it('books confirmed orders by their order date, never drafts or cancelled ones', async () => {
    const item = await f.product({ stock: '10', cost: '10.00' });
    const confirmed = await f.order([{ itemId: item, qty: '2', unitPrice: '50.00' }], { confirm: true });
    await f.order([{ itemId: item, qty: '3', unitPrice: '50.00' }]);
    const cancelled = await f.order([{ itemId: item, qty: '4', unitPrice: '50.00' }], { confirm: true });
    const order = (await f.api('GET', `/api/orders/${cancelled}`)).json() as { version: number };
    const cancel = await f.api('POST', `/api/orders/${cancelled}/cancel`, { version: order.version, reason: 'тест' });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const row = await one(sql`select count(distinct f.order_id)::int as orders, sum(f.qty)::numeric(18,4)::text as qty,
      sum(f.amount)::numeric(18,2)::text as amount from (${bookingFacts({ ...period, itemId: item })}) f`);
    const gross = (await f.api('GET', `/api/orders/${confirmed}`)).json() as { totalGross: string };
    expect(row).toEqual({ orders: 1, qty: '2.0000', amount: gross.totalGross });

    const before = await one(
      sql`select count(*)::int as n from (${bookingFacts({ from: '2026-01-01', to: '2026-01-31', itemId: item })}) f`,
    );
    expect(before).toEqual({ n: 0 });
  });

  it('counts posted receipts less refunds as cash, never a draft', async () => {
    const sum = async () =>
      (
        await one(
          sql`select coalesce(sum(f.amount), 0)::numeric(18,2)::text as amount from (${cashFacts({ ...period, clientId: f.clientId })}) f`,
        )
      ).amount;
    expect(await sum()).toBe('0.00');
    await pay('receipt', '1000.00', true);
    await pay('refund', '150.50', true);
    await pay('receipt', '999.00', false);
    expect(await sum()).toBe('849.50');
  });

  it('sums the ledger up to the date for the stock at a date', async () => {
    const item = await f.product({ stock: '7', cost: '3.00' });
    const atToday =
      await one(sql`select sum(f.qty)::numeric(18,4)::text as qty, sum(f.value)::numeric(18,2)::text as value
      from (${stockFactsAt(today, { itemId: item })}) f`);
    expect(atToday).toEqual({ qty: '7.0000', value: '21.00' });
    const earlier = await one(sql`select count(*)::int as n from (${stockFactsAt('2026-01-01', { itemId: item })}) f`);
    expect(earlier).toEqual({ n: 0 });
  });

  it('reads the stock at a date as the balance less later movements: the ledger summed up to each date', async () => {
    const item = await f.product({ stock: '5', cost: '2.00' });
    const [pair] = rowsOf<{ warehouse_id: number }>(
      await f.t.db.execute(sql`select warehouse_id from stock_balances where item_id = ${item}`),
    );
    const w = pair!.warehouse_id;
    // One movement dated in the past and one in the future, appended as a bulk load would (the database keeps the
    // balance's value; the quantity is the loader's to keep).
    await f.t.db.execute(sql`insert into stock_movements
        (item_id, warehouse_id, qty, unit_cost, value, document_type, document_id, document_number, occurred_on)
      values (${item}, ${w}, 2, 4, 8, 'adjustment', 0, 'ТЕСТ-1', '2026-03-01'),
             (${item}, ${w}, -1, 4, -4, 'adjustment', 0, 'ТЕСТ-2', '2027-01-15')`);
    await f.t.db.execute(
      sql`update stock_balances set on_hand = on_hand + 1 where item_id = ${item} and warehouse_id = ${w}`,
    );
    for (const day of ['2026-02-28', '2026-03-01', today, '2027-01-14', '2027-01-15']) {
      const direct = rowsOf(
        await f.t.db.execute(sql`select item_id, warehouse_id, sum(qty)::numeric(18,4)::text as qty,
            sum(value)::numeric(18,2)::text as value
          from stock_movements where occurred_on <= ${day}::date group by item_id, warehouse_id
          having sum(qty) <> 0 or sum(value) <> 0 order by item_id, warehouse_id`),
      );
      const facts = rowsOf(
        await f.t.db.execute(sql`select item_id, warehouse_id, qty::numeric(18,4)::text as qty,
            value::numeric(18,2)::text as value
          from (${stockFactsAt(day)}) s order by item_id, warehouse_id`),
      );
      expect(facts, day).toEqual(direct);
    }
    const mine = async (day: string) =>
      one(sql`select sum(qty)::numeric(18,4)::text as qty from (${stockFactsAt(day, { itemId: item })}) s`);
    expect(await mine('2026-03-01')).toEqual({ qty: '2.0000' });
    expect(await mine('2027-01-15')).toEqual({ qty: '6.0000' });
  });
});
