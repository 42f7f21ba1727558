// The bank mailbox against a real IMAP server (Dovecot, started by the test): a notice whose purpose holds an order's
// full number and its exact outstanding, delivered into the mailbox, becomes a posted payment within one poll and the
// order is paid (sales.md §2 'Done means'); polling again creates nothing; the UID advances and the letter keeps its
// flags (never marked read); a letter from another sender is skipped; 'Отримати' reads without moving the UID; the
// settings never answer the IMAP password.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { startImap, type ImapTestServer } from '@/server/testing/imap-server.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';

let f: SalesFixture;
let imap: ImapTestServer;
let orderId: number;
let orderNumber: string;
let totalGross: string;
const [y, mo, d] = kyivToday().split('-');
const template = readFileSync(new URL('./fixtures/ukrsib-credit-ua.eml', import.meta.url), 'utf8');
const letter = (id: string, order: string, amount: string, from = 'notify@ukrsibbank.com') =>
  template
    .replace('notify@ukrsibbank.com', from)
    .replace('{{OUR_IBAN}}', f.companyIban)
    .replace('{{AMOUNT}}', amount.replace('.', ','))
    .replace('{{DATE}}', `${d}.${mo}.${y}`)
    .replace('{{TAX_ID}}', f.clientTaxId)
    .replace('{{ORDER}}', order)
    .replace('{{MESSAGE_ID}}', id);
const payments = async () =>
  Number(rowsOf<{ n: number }>(await f.t.db.execute(sql`select count(*)::int as n from payments`))[0]!.n);

beforeAll(async () => {
  imap = await startImap();
  f = await createSalesFixture();
  const item = await f.product({ stock: '10', cost: '100.00' });
  orderId = await f.order([{ itemId: item, qty: '3', unitPrice: '400.00' }], { confirm: true });
  const order = (await f.api('GET', `/api/orders/${orderId}`)).json();
  orderNumber = order.orderNumber;
  totalGross = order.totalGross;
  const saved = await f.api('PUT', '/api/integrations/bank-mailbox', {
    enabled: true,
    host: imap.host,
    port: imap.port,
    tls: false,
    username: imap.user,
    password: imap.password,
    folder: 'INBOX',
    allowedSenders: ['notify@ukrsibbank.com'],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await f?.t.close();
  await imap?.close();
});

describe('bank mailbox over IMAP', () => {
  it('keeps the IMAP password write-only and tests the connection', async () => {
    const res = await f.api('GET', '/api/integrations/bank-mailbox');
    expect(res.json()).toMatchObject({ enabled: true, hasPassword: true, lastUid: 0 });
    expect(res.body).not.toContain(imap.password);
    const test = (await f.api('POST', '/api/integrations/bank-mailbox/test')).json();
    expect(test).toMatchObject({ ok: true });
  });

  it('turns a delivered notice into a posted payment within one poll, once, without marking the letter', async () => {
    const uid = await imap.deliver(letter('imap-1', orderNumber, totalGross));
    await imap.deliver(letter('imap-stranger', orderNumber, '5.00', 'someone@example.com'));
    const before = await payments();

    const peek = await f.api('POST', '/api/bank-email-test/fetch', { limit: 10 });
    expect(peek.statusCode, peek.body).toBe(200);
    expect(peek.json()).toHaveLength(1);
    expect(peek.json()[0]).toMatchObject({ wouldAutoPost: true, duplicateOf: null });
    expect((await f.api('GET', '/api/bank-email-test/summary')).json().lastUid).toBe(0);

    const poll = await f.api('POST', '/api/integrations/bank-mailbox/poll');
    expect(poll.json()).toEqual({ ok: true, message: 'Оброблено листів: 1' });
    expect(await payments()).toBe(before + 1);
    expect((await f.api('GET', `/api/orders/${orderId}`)).json().paymentStatus).toBe('paid');
    const summary = (await f.api('GET', '/api/bank-email-test/summary')).json();
    expect(summary.lastUid).toBeGreaterThanOrEqual(uid + 1);
    expect(summary.lastError).toBeNull();
    expect(await imap.flagsOf(uid)).not.toContain('\\Seen');

    const again = await f.api('POST', '/api/integrations/bank-mailbox/poll');
    expect(again.json().message).toBe('Оброблено листів: 0');
    expect(await payments()).toBe(before + 1);
  });

  it('takes a letter delivered twice (the same Message-ID) once', async () => {
    const before = await payments();
    await imap.deliver(letter('imap-2', 'без номера', '10.00'));
    await imap.deliver(letter('imap-2', 'без номера', '10.00'));
    const poll = (await f.api('POST', '/api/integrations/bank-mailbox/poll')).json();
    expect(poll.message).toBe('Оброблено листів: 2');
    expect(await payments()).toBe(before + 1);
  });

  it('logs each poll on the card and raises one notification after three failures in a row', async () => {
    const failed = async () =>
      Number(
        rowsOf<{ n: number }>(
          await f.t.db.execute(sql`select count(*)::int as n from notifications
            where dedupe_key = 'integration-failed:bank-mailbox' and not is_resolved`),
        )[0]!.n,
      );
    expect((await f.api('PUT', '/api/integrations/bank-mailbox', { password: 'wrong-password' })).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) {
      const poll = (await f.api('POST', '/api/integrations/bank-mailbox/poll')).json();
      expect(poll.ok).toBe(false);
      expect(await failed()).toBe(i >= 3 ? 1 : 0);
    }
    const card = (await f.api('GET', '/api/integrations/bank-mailbox')).json();
    expect(card.runs.slice(0, 4).map((r: { ok: boolean }) => r.ok)).toEqual([false, false, false, false]);
    expect(card.runs[0]).toMatchObject({
      trigger: 'manual',
      message: expect.stringContaining('Поштовий сервер відмовив'),
    });
    expect(card.runs.at(-1)).toMatchObject({ ok: true });
    await f.api('PUT', '/api/integrations/bank-mailbox', { password: imap.password });
    expect((await f.api('POST', '/api/integrations/bank-mailbox/poll')).json().ok).toBe(true);
    expect(await failed()).toBe(0);
  });
});
