// /bank-email-test (reports-admin.md §17 'Done means') on both databases: the Ukrsibbank letter is parsed with the
// order it would match, its score and the auto-post verdict, and nothing is written; 'Обробити' posts the payment and
// the order becomes paid, and a second time answers 'Вже оброблено' with the same ids; a debit is shown as
// 'списано — ігнорується'; a notice without an order number waits as a draft with its notification; a letter that
// is no notice is kept as failed and can be parsed again.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';

let f: SalesFixture;
let orderId: number;
let orderNumber: string;
let totalGross: string;
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const [y, mo, d] = kyivToday().split('-');

function letter(opts: { id: string; order?: string; amount: string }) {
  return fixture('ukrsib-credit-ua.eml')
    .replace('{{OUR_IBAN}}', f.companyIban)
    .replace('{{AMOUNT}}', opts.amount.replace('.', ','))
    .replace('{{DATE}}', `${d}.${mo}.${y}`)
    .replace('{{TAX_ID}}', f.clientTaxId)
    .replace('{{ORDER}}', opts.order ?? 'договір поставки')
    .replace('{{MESSAGE_ID}}', opts.id);
}
const counts = async () =>
  rowsOf<{ tx: number; pay: number }>(
    await f.t.db.execute(
      sql`select (select count(*) from bank_transactions)::int as tx, (select count(*) from payments)::int as pay`,
    ),
  )[0]!;

beforeAll(async () => {
  f = await createSalesFixture();
  const item = await f.product({ stock: '10', cost: '100.00' });
  orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '500.00' }], { confirm: true });
  const order = (await f.api('GET', `/api/orders/${orderId}`)).json();
  orderNumber = order.orderNumber;
  totalGross = order.totalGross;
});
afterAll(() => f.t.close());

describe('bank e-mail test', () => {
  it('parses the letter with the order it would match and writes nothing', async () => {
    const before = await counts();
    const res = await f.api('POST', '/api/bank-email-test/parse', {
      raw: letter({ id: 'paid-1', order: orderNumber, amount: totalGross }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const a = res.json();
    expect(a).toMatchObject({
      parser: 'ukrsibbank',
      credit: true,
      duplicateOf: null,
      wouldAutoPost: true,
      fields: { status: 'parsed', amount: totalGross, counterpartyTaxId: f.clientTaxId, bankDocNumber: '4471' },
    });
    expect(a.company.id).toBe(f.companyId);
    expect(a.proposals[0]).toMatchObject({ orderId, orderNumber, score: expect.any(Number) });
    expect(a.proposals[0].reasons).toContain('Номер замовлення в призначенні');
    expect(await counts()).toEqual(before);
  });

  it('processes the letter once: a posted payment and a paid order, then «Вже оброблено» with the same ids', async () => {
    const raw = letter({ id: 'paid-1', order: orderNumber, amount: totalGross });
    const first = await f.api('POST', '/api/bank-email-test/process', { raw });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ alreadyProcessed: false, status: 'parsed', paymentStatus: 'posted' });
    const order = (await f.api('GET', `/api/orders/${orderId}`)).json();
    expect(order.paymentStatus).toBe('paid');

    const before = await counts();
    const second = await f.api('POST', '/api/bank-email-test/process', { raw });
    expect(second.json()).toEqual({
      ...first.json(),
      alreadyProcessed: true,
      message: 'Вже оброблено',
      paymentStatus: null,
    });
    expect(await counts()).toEqual(before);
    const parsedAgain = (await f.api('POST', '/api/bank-email-test/parse', { raw })).json();
    expect(parsedAgain.duplicateOf).toEqual({
      bankTransactionId: first.json().bankTransactionId,
      paymentId: first.json().paymentId,
    });
  });

  it('shows a debit as «списано — ігнорується» and creates no payment for it', async () => {
    const raw = fixture('ukrsib-debit.eml').replace('{{OUR_IBAN}}', f.companyIban).replace('{{MESSAGE_ID}}', 'd-1');
    const parsed = (await f.api('POST', '/api/bank-email-test/parse', { raw })).json();
    expect(parsed).toMatchObject({ credit: false, fields: { status: 'ignored', parseError: 'списано — ігнорується' } });
    const done = (await f.api('POST', '/api/bank-email-test/process', { raw })).json();
    expect(done).toMatchObject({ status: 'ignored', paymentId: null });
  });

  it('leaves a notice without an order number as a draft payment with its notification', async () => {
    const res = await f.api('POST', '/api/bank-email-test/process', {
      raw: letter({ id: 'draft-1', amount: '150.00' }),
    });
    expect(res.json()).toMatchObject({ status: 'parsed', paymentStatus: 'draft' });
    const [notice] = rowsOf<{ n: number }>(
      await f.t.db.execute(
        sql`select count(*)::int as n from notifications where action_url = ${`/unprocessed-payments/${res.json().paymentId}`}`,
      ),
    );
    expect(notice!.n).toBeGreaterThan(0);
  });

  it('keeps a letter that is no notice as failed; «Повторити розбір» parses it again', async () => {
    const done = (await f.api('POST', '/api/bank-email-test/process', { raw: fixture('malformed.eml') })).json();
    expect(done).toMatchObject({ status: 'failed', paymentId: null });
    const again = await f.api('POST', `/api/bank-email-test/reparse/${done.bankTransactionId}`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ bankTransactionId: done.bankTransactionId, status: 'failed' });
    const parsedOne = (
      await f.api('POST', '/api/bank-email-test/process', { raw: letter({ id: 'x-2', amount: '1.00' }) })
    ).json();
    const refused = await f.api('POST', `/api/bank-email-test/reparse/${parsedOne.bankTransactionId}`, {});
    expect(refused.statusCode).toBe(409);
  });

  it('refuses an empty letter in Ukrainian and a user without the page', async () => {
    const empty = await f.api('POST', '/api/bank-email-test/parse', { raw: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Вставте текст листа');
    const clerk = await createUser(f.t.db, { password: 'clerk-pass' });
    const { cookie } = await signIn(f.t.app, clerk.username, 'clerk-pass');
    expect((await f.api('POST', '/api/bank-email-test/parse', { raw: 'x' }, cookie)).statusCode).toBe(403);
  });
});
