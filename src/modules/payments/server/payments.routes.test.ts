// Payments (sales.md §2 "Done means", the mailbox job aside): the pending badge counts drafts and ignores
// 'Прочитано все'; confirming a proposal clears it and resolves the notification; an exact-match credit is posted by
// itself and completes the shipped order; a second upload creates nothing; one payment split across two orders with
// the rest an advance; cancelling returns the order's payment status and writes 'cancel' with the reason; a cp1251
// 1CClientBankExchange file keeps its Ukrainian names; the document rules, validation and permissions.
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger, nextNumber, postToLedger, type LedgerIntent } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { notifications } from '@/modules/notifications/server/index.ts';
import { orderLines, orders } from '@/modules/orders/server/orders.table.ts';
import { shipmentLines, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { recordSaleFacts } from '@/modules/shipments/server/index.ts';
import { paidByOrder, paymentStatusOf, refreshOrder } from '@/modules/orders/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { dec } from '@/shared/decimal.ts';
import { pendingNotificationKey } from './payments.write.ts';

let f: SalesFixture;
let itemId: number;

beforeAll(async () => {
  f = await createSalesFixture();
  itemId = await f.product({ stock: '100', cost: '500.00' });
});
afterAll(() => f.t.close());

/** A confirmed order of one line: 1 × 1000.00 net + 20 % VAT = 1200.00. */
const newOrder = (clientId?: number) =>
  f.order([{ itemId, qty: '1', unitPrice: '1000.00' }], { confirm: true, ...(clientId ? { clientId } : {}) });
const orderRow = async (id: number) => (await f.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentStatus = async (id: number) => {
  const order = await orderRow(id);
  return paymentStatusOf((await paidByOrder(f.t.db, [id])).get(id)!, dec(order.totalGross));
};

/** Ships the whole order the way a posted shipment does: lines, the ledger consuming the reservations, the core. */
async function shipAll(orderId: number) {
  await f.t.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const number = await nextNumber(tx, 'shipment', '2026-11-12');
    const [shipment] = await tx
      .insert(shipments)
      .values({
        number,
        shipmentDate: '2026-11-12',
        status: 'posted',
        orderId,
        warehouseId: order!.warehouseId,
        postedAt: new Date(),
      })
      .returning();
    const intents: LedgerIntent[] = [];
    for (const l of lines) {
      const [line] = await tx
        .insert(shipmentLines)
        .values({
          shipmentId: shipment!.id,
          orderLineId: l.id,
          itemId: l.itemId!,
          qty: l.qty,
          unitPrice: l.unitPrice,
          vatRate: l.vatRate,
          lineNet: l.lineNet,
          lineVat: l.lineVat,
          lineGross: l.lineGross,
        })
        .returning();
      intents.push({
        kind: 'out',
        itemId: l.itemId!,
        warehouseId: order!.warehouseId,
        qty: l.qty,
        lineId: line!.id,
        consume: { sourceType: 'order_line', sourceId: l.id },
      });
    }
    await postToLedger(
      tx,
      { type: 'shipment', id: shipment!.id, number, date: '2026-11-12', userId: f.adminId },
      intents,
    );
    await recordSaleFacts(tx, [shipment!.id]);
    await refreshOrder(tx, orderId, { userId: f.adminId });
  });
}

const BOUNDARY = '----payments-test-boundary';
/** A multipart upload of one file (and optional text fields), as the page sends it. */
function upload(file: Buffer, fileName: string, fields: Record<string, string> = {}, cookie = f.cookie) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return f.t.app.inject({
    method: 'POST',
    url: '/api/payments/import-statement',
    payload: Buffer.concat(parts),
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

interface Credit {
  amount: string;
  purpose: string;
  ref: string;
  taxId?: string;
  name?: string;
}
/** A universal-bank CSV statement of our account (UTF-8, ';'). */
const statement = (credits: Credit[]) =>
  Buffer.from(
    [
      'Дата операції;Сума;Контрагент;ЄДРПОУ контрагента;IBAN контрагента;Призначення платежу;Референс;Рахунок',
      ...credits.map(
        (c) =>
          `20.11.2026;${c.amount.replace('.', ',')};${c.name ?? 'ТОВ «Енергоплюс»'};${c.taxId ?? f.clientTaxId};` +
          `UA213223130000026007233566001;${c.purpose};${c.ref};${f.companyIban}`,
      ),
    ].join('\r\n'),
    'utf8',
  );

const stats = async () => {
  const res = await f.api('GET', '/api/payments/stats');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    pendingPayments: number;
    pendingAmount: string;
    todayAmount: string;
    monthAmount: string;
    unallocatedAmount: string;
  };
};
const unread = async () => (await f.api('GET', '/api/notifications/stats')).json().unreadNotifications as number;
const pay = async (body: Record<string, unknown>) => {
  const res = await f.api('POST', '/api/payments', { paymentDate: '2026-11-20', clientId: f.clientId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('payments', () => {
  it('counts an unmatched bank credit on the badge until its proposal is confirmed; «Прочитано все» does not hide it', async () => {
    const orderId = await newOrder();
    await f.api('POST', '/api/notifications/reset-badges');
    expect((await stats()).pendingPayments).toBe(0);
    expect(await unread()).toBe(0);

    const imported = await upload(
      statement([{ amount: '1200.00', purpose: 'Оплата за блоки живлення, у т.ч. ПДВ', ref: 'BADGE-1' }]),
      'виписка.csv',
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 1, duplicates: 0, ignored: 0, failed: 0 });

    const pending = await stats();
    expect(pending).toMatchObject({ pendingPayments: 1, pendingAmount: '1200.00' });
    expect(Number.isInteger(pending.pendingPayments)).toBe(true);
    expect(await unread()).toBe(1);
    const [notice] = (await f.api('GET', '/api/notifications?status=unresolved')).json();
    const [draft] = (await f.api('GET', '/api/payments?status=draft&withProposals=true')).json();
    expect(notice).toMatchObject({
      type: 'payment',
      priority: 'high',
      actionRequired: true,
      actionUrl: `/unprocessed-payments/${draft.id}`,
    });
    // The payer's tax id names the client: it is pre-filled and its order proposed.
    expect(draft).toMatchObject({ status: 'draft', source: 'bank_statement', clientId: f.clientId, amount: '1200.00' });
    expect(draft.number).toMatch(/^PAY-2026-\d{5}$/);
    expect(draft.bestProposal).toMatchObject({
      orderId,
      score: 40,
      reasons: ['Збігається ЄДРПОУ', 'Сума дорівнює залишку до оплати'],
      fullNumberMatch: false,
    });
    const proposals = (await f.api('GET', `/api/payments/${draft.id}/match-proposals`)).json();
    expect(proposals[0]).toMatchObject({ orderId, outstanding: '1200.00' });
    expect(proposals.length).toBeLessThanOrEqual(5);

    // 'Прочитано все' clears the notification badge only.
    expect((await f.api('POST', '/api/notifications/reset-badges')).statusCode).toBe(200);
    expect(await unread()).toBe(0);
    expect((await stats()).pendingPayments).toBe(1);

    // 'Підтвердити': the best proposal becomes the allocation.
    const posted = await f.api('POST', `/api/payments/${draft.id}/post`, {
      allocations: [{ orderId, amount: proposals[0].outstanding }],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ status: 'posted', unallocated: '0.00' });
    expect((await stats()).pendingPayments).toBe(0);
    const [resolved] = await f.t.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, pendingNotificationKey(draft.id)));
    expect(resolved!.isResolved).toBe(true);
    expect(await paymentStatus(orderId)).toBe('paid');
    expect((await orderRow(orderId)).productionApproved).toBe(true);
  });

  it('posts an exact-match credit by itself, completes the shipped order, and a second upload creates nothing', async () => {
    const orderId = await newOrder();
    await shipAll(orderId);
    expect((await orderRow(orderId)).status).toBe('shipped');
    const before = await stats();
    const { orderNumber } = await orderRow(orderId);
    // Typed by hand: a Cyrillic 'О' and spaces around the dashes.
    const typed = `О${orderNumber.slice(1).replaceAll('-', ' - ')}`;
    const file = statement([
      { amount: '1200.00', purpose: `Оплата згідно рахунку ${typed}, у т.ч. ПДВ`, ref: 'EXACT-1' },
    ]);
    expect((await upload(file, 'exact.csv')).json()).toEqual({ created: 1, duplicates: 0, ignored: 0, failed: 0 });

    const [payment] = (await f.api('GET', `/api/payments?orderId=${orderId}`)).json();
    expect(payment).toMatchObject({ status: 'posted', source: 'bank_statement', clientId: f.clientId });
    expect(payment.orders).toEqual([{ orderId, orderNumber }]);
    expect((await orderRow(orderId)).status).toBe('completed');
    expect(await paymentStatus(orderId)).toBe('paid');
    expect((await stats()).pendingPayments).toBe(before.pendingPayments);

    expect((await upload(file, 'exact.csv')).json()).toEqual({ created: 0, duplicates: 1, ignored: 0, failed: 0 });
    expect((await f.api('GET', `/api/payments?orderId=${orderId}`)).json()).toHaveLength(1);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('leaves an overpayment and, with auto-posting off, an exact match as drafts with their proposals', async () => {
    const over = await orderRow(await newOrder());
    const before = (await stats()).pendingPayments;
    const res = await upload(
      statement([{ amount: '1300.00', purpose: `Оплата ${over.orderNumber}`, ref: 'OVER-1' }]),
      'over.csv',
    );
    expect(res.json()).toMatchObject({ created: 1 });
    expect((await stats()).pendingPayments).toBe(before + 1);
    const [draft] = (await f.api('GET', `/api/payments?status=draft&search=OVER&withProposals=true`)).json();
    expect(draft).toBeUndefined();
    const [overDraft] = (
      await f.api('GET', `/api/payments?status=draft&withProposals=true&search=${over.orderNumber}`)
    ).json();
    // The number (+50) and the tax id (+25); the amount is above what the order owes, so no amount row.
    expect(overDraft.bestProposal).toMatchObject({ orderId: over.id, fullNumberMatch: true });
    expect(overDraft.bestProposal.reasons).toEqual(
      expect.arrayContaining(['Номер замовлення в призначенні', 'Збігається ЄДРПОУ']),
    );
    expect(overDraft.bestProposal.reasons).not.toContain('Сума дорівнює залишку до оплати');

    const off = await f.api('PATCH', '/api/payments/settings', { autoPostExactMatches: false });
    expect(off.json()).toMatchObject({ autoPostExactMatches: false });
    const exact = await orderRow(await newOrder());
    await upload(statement([{ amount: '1200.00', purpose: exact.orderNumber, ref: 'OFF-1' }]), 'off.csv');
    const [kept] = (await f.api('GET', `/api/payments?search=${exact.orderNumber}`)).json();
    expect(kept.status).toBe('draft');
    expect(await paymentStatus(exact.id)).toBe('unpaid');
    await f.api('PATCH', '/api/payments/settings', { autoPostExactMatches: true });

    // 'Не наш платіж' cancels a draft: it leaves the queue, the bank operation stays (so it is never re-imported).
    const cancelled = await f.api('POST', `/api/payments/${overDraft.id}/cancel`, { reason: 'Не наш платіж' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Не наш платіж' });
    expect((await stats()).pendingPayments).toBe(before + 1);
    expect(
      (
        await upload(statement([{ amount: '1300.00', purpose: `Оплата ${over.orderNumber}`, ref: 'OVER-1' }]), 'o.csv')
      ).json(),
    ).toEqual({ created: 0, duplicates: 1, ignored: 0, failed: 0 });
  });

  it('splits one payment across two orders of the client and shows the rest as an advance', async () => {
    const first = await orderRow(await newOrder());
    const second = await orderRow(await newOrder());
    const before = await stats();
    const payment = await pay({
      amount: '3000.00',
      method: 'cash',
      allocations: [
        { orderId: first.id, amount: '1200.00' },
        { orderId: second.id, amount: '1000.00' },
      ],
    });
    expect(payment).toMatchObject({ status: 'posted', source: 'manual', allocated: '2200.00', unallocated: '800.00' });
    expect(
      payment.allocations.map((a: { orderNumber: string; outstanding: string }) => [a.orderNumber, a.outstanding]),
    ).toEqual([
      [first.orderNumber, '0.00'],
      [second.orderNumber, '200.00'],
    ]);
    for (const order of [first, second]) {
      const rows = (await f.api('GET', `/api/payments?orderId=${order.id}`)).json();
      expect(rows.map((r: { id: number }) => r.id)).toContain(payment.id);
    }
    expect(await paymentStatus(first.id)).toBe('paid');
    expect(await paymentStatus(second.id)).toBe('partially_paid');
    const advances = (await f.api('GET', '/api/payments?unallocated=true&status=posted')).json();
    expect(advances.find((r: { id: number }) => r.id === payment.id)).toMatchObject({ unallocated: '800.00' });
    const after = await stats();
    expect(dec(after.unallocatedAmount).units - dec(before.unallocatedAmount).units).toBe(80000n);
    expect((await f.api('GET', `/api/payments?search=${second.orderNumber}`)).json()[0].id).toBe(payment.id);

    // 'Розподілити' replaces the allocations atomically and re-derives both orders.
    const stale = await f.api('PUT', `/api/payments/${payment.id}/allocations`, {
      version: payment.version - 1,
      allocations: [],
    });
    expect(stale.statusCode).toBe(409);
    const moved = await f.api('PUT', `/api/payments/${payment.id}/allocations`, {
      version: payment.version,
      allocations: [{ orderId: first.id, amount: '1200.00' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ unallocated: '1800.00', version: payment.version + 1 });
    expect(await paymentStatus(second.id)).toBe('unpaid');
    const tooMuch = await f.api('PUT', `/api/payments/${payment.id}/allocations`, {
      allocations: [
        { orderId: first.id, amount: '2000.00' },
        { orderId: second.id, amount: '1000.01' },
      ],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.allocations).toMatch(/^Розподілено 3\s000,01 — це більше за суму платежу 3\s000,00$/);
  });

  it('cancelling a posted payment returns the order to its previous payment status and writes a cancel record', async () => {
    const orderId = await newOrder();
    await shipAll(orderId);
    await pay({ amount: '500.00', allocations: [{ orderId, amount: '500.00' }] });
    expect(await paymentStatus(orderId)).toBe('partially_paid');
    const rest = await pay({ amount: '700.00', allocations: [{ orderId, amount: '700.00' }] });
    expect(await paymentStatus(orderId)).toBe('paid');
    expect((await orderRow(orderId)).status).toBe('completed');

    const cancel = await f.api('POST', `/api/payments/${rest.id}/cancel`, { reason: 'Дубль платежу' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', allocations: [], cancelReason: 'Дубль платежу' });
    expect(await paymentStatus(orderId)).toBe('partially_paid');
    expect((await orderRow(orderId)).status).toBe('shipped');
    const [record] = await f.t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'cancel'), eq(auditLog.entityType, 'payments'), eq(auditLog.entityId, String(rest.id))),
      );
    expect(record).toBeDefined();
    expect(record!.userId).toBe(f.adminId);
    expect(record!.after).toMatchObject({ reason: 'Дубль платежу', status: 'cancelled' });
    expect(record!.before).toMatchObject({ status: 'posted', allocations: [expect.objectContaining({ orderId })] });
    const again = await f.api('POST', `/api/payments/${rest.id}/cancel`, { reason: 'ще раз' });
    expect(again.statusCode).toBe(409);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('imports a cp1251 1CClientBankExchange file with its Ukrainian names; a second upload is all duplicates', async () => {
    const template = readFileSync(new URL('./fixtures/statement-1c.cp1251.txt', import.meta.url));
    const file = Buffer.from(
      template.toString('latin1').replaceAll('{{OUR_IBAN}}', f.companyIban).replaceAll('{{CLIENT_TAX}}', f.clientTaxId),
      'latin1',
    );
    const first = await upload(file, 'kb_export.txt');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 2, duplicates: 0, ignored: 1, failed: 0 });

    const operations = (await f.api('GET', '/api/payments/bank-transactions?source=statement_1c')).json();
    expect(operations).toHaveLength(3);
    const debit = operations.find((o: { status: string }) => o.status === 'ignored');
    expect(debit).toMatchObject({
      direction: 'debit',
      counterpartyName: 'ФОП Ковальчук Олег Іванович',
      parseError: 'Списання з нашого рахунку — не надходження',
      paymentId: null,
    });
    expect(debit.rawContent).toContain('Получатель=ФОП Ковальчук Олег Іванович');
    const credit = operations.find((o: { amount: string }) => o.amount === '1200.00');
    const payment = (await f.api('GET', `/api/payments/${credit.paymentId}`)).json();
    expect(payment).toMatchObject({
      status: 'draft',
      source: 'bank_statement',
      payerName: 'ТОВ «Енергоплюс»',
      payerTaxId: f.clientTaxId,
      clientId: f.clientId,
      companyId: f.companyId,
      purpose: 'Оплата за обладнання згідно рахунку-фактури, у т.ч. ПДВ 20% — 200,00 грн. Дякуємо!',
      bankTransaction: { id: credit.id, parserName: '1CClientBankExchange (windows-1251)', status: 'parsed' },
    });
    const other = operations.find((o: { amount: string }) => o.amount === '980.00');
    expect(other.counterpartyName).toBe('ПП «Світанок-Ї»');
    expect(other.purpose).toBe('Передоплата за ґрунтовку та їжакові дрібниці, у т.ч. ПДВ');

    const second = await upload(file, 'kb_export.txt');
    expect(second.json()).toEqual({ created: 0, duplicates: 3, ignored: 0, failed: 0 });
    // The raw body (no multipart) is read the same way.
    const raw = await f.t.app.inject({
      method: 'POST',
      url: '/api/payments/import-statement',
      payload: file,
      headers: { cookie: f.cookie, 'content-type': 'application/octet-stream' },
    });
    expect(raw.json()).toEqual({ created: 0, duplicates: 3, ignored: 0, failed: 0 });
    const unknownLayout = await upload(Buffer.from('a;b;c\r\n1;2;3'), 'x.csv');
    expect(unknownLayout.statusCode).toBe(400);
    expect(unknownLayout.json().error).toContain('Не вдалося розпізнати колонки виписки');
    const badProfile = await upload(statement([]), 'x.csv', { profile: 'Невідомий банк' });
    expect(badProfile.json().error).toBe('Профіль виписки «Невідомий банк» не знайдено');
  });

  it('keeps the document rules: drafts edited by version, posting needs a client and fitting allocations', async () => {
    const orderId = await newOrder();
    const otherClient = await f.client('Сонячна станція', 4400);
    const foreignOrder = await newOrder(otherClient);
    const draftOrder = await f.order([{ itemId, qty: '1', unitPrice: '10.00' }]);
    const created = await f.api('POST', '/api/payments', {
      paymentDate: '2026-11-21',
      amount: '100,50',
      method: 'cash',
      payerName: 'Іван Петренко',
      post: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({
      status: 'draft',
      amount: '100.50',
      clientId: null,
      version: 1,
      companyId: f.companyId,
    });

    const edited = await f.api('PATCH', `/api/payments/${draft.id}`, { version: 1, amount: '150.00', notes: 'каса 2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ amount: '150.00', notes: 'каса 2', version: 2 });
    const stale = await f.api('PATCH', `/api/payments/${draft.id}`, { version: 1, amount: '1.00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Платіж змінено іншим користувачем — оновіть сторінку');

    const noClient = await f.api('POST', `/api/payments/${draft.id}/post`, {});
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().fields).toEqual({ clientId: 'Оберіть клієнта — без нього платіж не провести' });
    const post = (allocations: unknown[]) =>
      f.api('POST', `/api/payments/${draft.id}/post`, { clientId: f.clientId, allocations });
    const foreign = await post([{ orderId: foreignOrder, amount: '10.00' }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields['allocations.0.orderId']).toMatch(/належить іншому клієнту$/);
    expect((await post([{ orderId: draftOrder, amount: '10.00' }])).json().error).toMatch(/у статусі «Чернетка»/);
    const twice = await post([
      { orderId, amount: '10.00' },
      { orderId, amount: '10.00' },
    ]);
    expect(twice.json().fields['allocations.1.orderId']).toBe('Це замовлення вже є в розподілі');
    expect((await post([{ orderId, amount: '150.01' }])).statusCode).toBe(400);
    const usd = await f.api('POST', '/api/payments', {
      paymentDate: '2026-11-21',
      amount: '10.00',
      currencyCode: 'usd',
      fxRate: '41.5',
      clientId: f.clientId,
      allocations: [{ orderId, amount: '10.00' }],
    });
    expect(usd.json().fields['allocations.0.orderId']).toMatch(/у валюті UAH/);

    const done = await post([{ orderId, amount: '150.00' }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'posted', clientId: f.clientId });
    expect((await f.api('POST', `/api/payments/${draft.id}/post`, {})).statusCode).toBe(409);
    const lockedEdit = await f.api('PATCH', `/api/payments/${draft.id}`, { version: 3, amount: '1.00' });
    expect(lockedEdit.statusCode).toBe(409);
    expect((await f.api('DELETE', `/api/payments/${draft.id}`)).statusCode).toBe(409);

    const scrap = await pay({ amount: '5.00', post: false });
    expect((await f.api('DELETE', `/api/payments/${scrap.id}`)).statusCode).toBe(204);
    expect((await f.api('GET', `/api/payments/${scrap.id}`)).statusCode).toBe(404);
    const [imported] = (await f.api('GET', '/api/payments?status=draft&source=bank_statement')).json();
    const refused = await f.api('DELETE', `/api/payments/${imported.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Імпортований платіж не можна видалити/);

    const [deleteAudit] = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entityId, String(scrap.id))));
    expect(deleteAudit!.entityType).toBe('payments');
  });

  it('validates the input in Ukrainian', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await f.api('POST', '/api/payments', { paymentDate: '2026-11-21', amount: '10.00', ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect((await bad({ amount: 10 })).error).toBeTruthy();
    expect((await bad({ amount: '-5' })).error).toMatch(/Вкажіть число/);
    expect((await bad({ amount: '0.00' })).error).toMatch(/більше нуля/);
    expect((await bad({ amount: '1.005' })).error).toMatch(/не більше 2 знаків/);
    expect((await bad({ paymentDate: '2026-13-01' })).error).toMatch(/дату/);
    expect((await bad({ method: 'barter' })).error).toBeTruthy();
    expect((await bad({ clientId: 999999 })).fields).toEqual({ clientId: 'Оберіть клієнта зі списку' });
    expect((await f.api('POST', '/api/payments/1/cancel', { reason: ' ' })).json().fields).toEqual({
      reason: 'Вкажіть причину скасування',
    });
    expect((await f.api('GET', '/api/payments/999999')).statusCode).toBe(404);
  });

  it('answers the list with its total, exports CSV, and lists the bank operations by status', async () => {
    const page = await f.api('GET', '/api/payments?limit=2&sort=-amount');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    const amounts = page.json().map((r: { amount: string }) => dec(r.amount).units);
    expect(amounts[0] >= amounts[1]).toBe(true);
    const csv = await f.api('GET', '/api/payments/export?format=csv&status=posted');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('Номер;Дата;Тип;Спосіб;Статус;Клієнт');
    expect(csv.body).toMatch(/PAY-2026-\d{5};2026-11-20;Надходження;/);
    const xlsx = await f.api('GET', '/api/payments/export?format=xlsx');
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const ignored = (await f.api('GET', '/api/payments/bank-transactions?status=ignored')).json();
    expect(ignored.every((o: { status: string }) => o.status === 'ignored')).toBe(true);
    expect(ignored.length).toBeGreaterThan(0);
    const open = (await f.api('GET', `/api/payments/open-orders?clientId=${f.clientId}`)).json();
    expect(open.every((o: { outstanding: string; clientId: number }) => o.clientId === f.clientId)).toBe(true);
    expect(open.every((o: { outstanding: string }) => dec(o.outstanding).units > 0n)).toBe(true);
  });

  it('keeps changes to /payments canAccess, the register to canView, and the badge to everyone', async () => {
    const outsider = await createUser(f.t.db, { password: 'no-pay-pass' });
    const outsiderCookie = (await signIn(f.t.app, outsider.username, 'no-pay-pass')).cookie;
    expect((await f.api('GET', '/api/payments', undefined, outsiderCookie)).statusCode).toBe(403);
    const badge = await f.api('GET', '/api/payments/stats', undefined, outsiderCookie);
    expect(badge.statusCode).toBe(200);
    expect(badge.json()).toEqual({
      pendingPayments: 0,
      pendingAmount: '0.00',
      todayAmount: '0.00',
      monthAmount: '0.00',
      unallocatedAmount: '0.00',
    });
    const denied = await f.api('POST', '/api/payments', { paymentDate: '2026-11-21', amount: '1.00' }, outsiderCookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('Недостатньо прав');

    const viewer = await createUser(f.t.db, { password: 'view-pay-pass' });
    const role = (await f.api('POST', '/api/roles', { name: 'Перегляд платежів' })).json();
    await f.api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/payments', canView: true, canAccess: false }],
    });
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(f.t.app, viewer.username, 'view-pay-pass')).cookie;
    const list = await f.api('GET', '/api/payments?status=draft', undefined, viewerCookie);
    expect(list.statusCode).toBe(200);
    expect((await f.api('GET', '/api/payments/stats', undefined, viewerCookie)).json().pendingPayments).toBe(
      (await stats()).pendingPayments,
    );
    const [draft] = list.json();
    const write = await f.api('POST', `/api/payments/${draft.id}/cancel`, { reason: 'x' }, viewerCookie);
    expect(write.statusCode).toBe(403);
    expect((await upload(statement([]), 'x.csv', {}, viewerCookie)).statusCode).toBe(403);
    expect(
      (await f.api('PATCH', '/api/payments/settings', { autoPostExactMatches: false }, viewerCookie)).statusCode,
    ).toBe(403);
    const anonymous = await f.t.app.inject({ method: 'GET', url: '/api/payments/stats' });
    expect(anonymous.statusCode).toBe(401);
  });
});
