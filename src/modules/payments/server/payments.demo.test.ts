// The demo seeder on the sales fixture: posted payments (full, partial, split across two orders with an advance, an
// advance) and a bank statement whose credits wait as drafts — all through the services, the orders re-derived.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { paymentsDemoSeeder } from './payments.demo.ts';
import { bankTransactions, payments } from './payments.table.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

describe('payments demo', () => {
  it('records posted payments and leaves three bank credits for a person to match', async () => {
    const item = await f.product({ stock: '50' });
    const other = await f.client('Сонячна станція', 4501);
    const line = [{ itemId: item, qty: '2', unitPrice: '1000.00' }];
    for (const clientId of [f.clientId, f.clientId, other, other, other]) {
      await f.order(line, { confirm: true, clientId });
    }
    const messages: string[] = [];
    await f.t.db.transaction((tx) => paymentsDemoSeeder.run({ tx, demoPassword: 'x', log: (m) => messages.push(m) }));
    const rows = await f.t.db.select().from(payments);
    expect(rows.filter((p) => p.status === 'posted' && p.source === 'manual')).toHaveLength(4);
    const drafts = rows.filter((p) => p.status === 'draft');
    expect(drafts).toHaveLength(3);
    expect(drafts.every((p) => p.source === 'bank_statement' && p.bankTransactionId !== null)).toBe(true);
    expect(await f.t.db.select().from(bankTransactions).where(eq(bankTransactions.status, 'parsed'))).toHaveLength(3);
    const list = (await f.api('GET', '/api/payments?status=posted&unallocated=true')).json();
    expect(list.map((p: { unallocated: string }) => p.unallocated).sort()).toEqual(['1000.00', '5000.00']);
    const split = list.find((p: { unallocated: string }) => p.unallocated === '1000.00');
    expect(split.orders).toHaveLength(2);
    expect(messages[0]).toMatch(/^Платежі: 4 проведені .* 3 з банківської виписки$/);
  });
});
