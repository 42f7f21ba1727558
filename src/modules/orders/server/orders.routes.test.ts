// Client orders through the API (sales.md §1 "Done means" and the API table): a draft of two lines confirms as
// ORD-<year>-NNNNN and reserves what is in stock (/inventory shows it); the invoice of 3 × 100.00 with VAT included
// prints 250.00 / 50.00 / 300.00 and 'Триста гривень 00 копійок'; shipping 1 of 3, then the rest, then a full payment
// walk partially shipped → shipped → completed (posted shipments and payments are written straight into their
// tables here and refreshOrder derives the status); cancelling releases reservations, deletes draft shipments and
// turns allocations into an advance; `?search=<number>` finds the order. Also editing with stable line ids, every
// action, the tabs, filters, totals, stats, settings, the e-mail, permissions and the Ukrainian validation messages.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { emailOutbox, emailOutboxAttachments } from '@/modules/email-settings/server/index.ts';
import { paymentAllocations, payments } from '@/modules/payments/server/payments.table.ts';
import { shipmentLines, shipmentLineSerials, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { Order, OrderSummary } from '../orders.contract.ts';
import { refreshOrder } from './order-effects.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';

let f: SalesFixture;
beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const ctx = () => ({ userId: f.adminId });
const get = async (id: number): Promise<Order> => {
  const res = await f.api('GET', `/api/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const act = (id: number, action: string, body?: unknown) => f.api('POST', `/api/orders/${id}/${action}`, body);
const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const list = async (query: string): Promise<{ rows: OrderSummary[]; total: number }> => {
  const res = await f.api('GET', `/api/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json(), total: Number(res.headers['x-total-count']) };
};
const create = async (body: Record<string, unknown>) =>
  (await ok(
    await f.api('POST', '/api/orders', { orderDate: '2026-11-10', clientId: f.clientId, ...body }),
    201,
  )) as Order;

let shipmentSeq = 0;
/** A posted shipment of `qty` of each named line, written straight into the table (the shipments module posts it). */
async function postShipment(orderId: number, lines: Array<{ lineId: number; qty: string }>, status = 'posted') {
  const order = await get(orderId);
  const [shipment] = await f.t.db
    .insert(shipments)
    .values({
      number: `SHP-T-${++shipmentSeq}`,
      shipmentDate: kyivToday(),
      status,
      orderId,
      warehouseId: order.warehouseId,
      trackingNumber: `2045${String(shipmentSeq).padStart(10, '0')}`,
    })
    .returning();
  for (const l of lines) {
    const line = order.lines.find((x) => x.id === l.lineId)!;
    await f.t.db.insert(shipmentLines).values({
      shipmentId: shipment!.id,
      orderLineId: l.lineId,
      itemId: line.itemId!,
      qty: l.qty,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      lineNet: '0',
      lineVat: '0',
      lineGross: '0',
    });
  }
  await f.t.db.transaction((tx) => refreshOrder(tx, orderId, ctx()));
  return shipment!;
}

let paymentSeq = 0;
async function postPayment(orderId: number, amount: string, status: 'posted' | 'draft' = 'posted') {
  const [payment] = await f.t.db
    .insert(payments)
    .values({
      number: `PAY-T-${++paymentSeq}`,
      paymentDate: kyivToday(),
      status,
      amount,
      clientId: f.clientId,
    })
    .returning();
  await f.t.db.insert(paymentAllocations).values({ paymentId: payment!.id, orderId, amount });
  await f.t.db.transaction((tx) => refreshOrder(tx, orderId, ctx()));
  return payment!;
}

describe('orders: Done means', () => {
  it('confirms a draft of two lines as ORD-<year>-NNNNN and reserves the stocked product', async () => {
    const stocked = await f.product({ stock: '10' });
    const service = await f.product();
    const draft = await create({
      lines: [
        { itemId: stocked, qty: '4', unitPrice: '100' },
        { itemId: service, qty: '2', unitPrice: '50' },
      ],
    });
    expect(draft.orderNumber).toMatch(/^ORD-2026-\d{5}$/);
    expect(draft).toMatchObject({ status: 'draft', totalNet: '500.00', totalVat: '100.00', totalGross: '600.00' });
    expect(draft.allowedActions).toEqual(expect.arrayContaining(['confirm', 'delete', 'edit', 'cancel']));
    const confirmed = await ok(await act(draft.id, 'confirm', { version: draft.version }));
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.orderNumber).toBe(draft.orderNumber);
    expect(confirmed.lines.map((l: { reservedQty: string }) => l.reservedQty)).toEqual(['4.0000', '0.0000']);
    expect(confirmed.confirmedAt).not.toBeNull();
    const sku = confirmed.lines[0].sku;
    const inventory = (await ok(await f.api('GET', `/api/inventory?search=${sku}&warehouseId=${f.warehouseId}`)))[0];
    expect(inventory).toMatchObject({ onHand: '10.0000', reserved: '4.0000', available: '6.0000' });
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
    // Confirming twice is a 409 that changes nothing.
    const again = await act(draft.id, 'confirm');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Дію «Підтвердити» не можна виконати для замовлення у статусі «Підтверджено»');
  });

  it('prints the invoice of 3 × 100.00 with VAT included: 250.00, 50.00, 300.00 and the sum in words', async () => {
    const item = await f.product();
    const order = await create({ pricesIncludeVat: true, lines: [{ itemId: item, qty: '3', unitPrice: '100.00' }] });
    const pdf = await f.api('GET', `/api/orders/${order.id}/print/invoice`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Рахунок на оплату № ${order.orderNumber} від 10 листопада 2026 р.`);
    expect(text).toContain('Разом без ПДВ: 250,00');
    expect(text).toContain('ПДВ: 50,00');
    expect(text).toContain('Всього з ПДВ: 300,00');
    expect(text).toContain('Всього на суму: Триста гривень 00 копійок');
    expect(text).toContain('у т.ч. ПДВ: 50,00 грн');
    expect(text).toContain('Рахунок дійсний до 15.11.2026');
    expect(text).toContain('ТОВ «Техноприлад»');
    expect(text).toContain('ЄДРПОУ');
    expect(text).toContain(f.companyIban);
    expect(text).toContain('ТОВ «Енергоплюс»');
    expect(text).toMatch(/№ Назва Од\. Кількість Ціна Сума/);
    expect(text).toContain('Виписав(ла)');
    expect(text).toContain('ЧЕРНЕТКА');
    await ok(await act(order.id, 'confirm'));
    // The company's logo is drawn; a confirmed order has no watermark.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const logo = await f.t.app.inject({
      method: 'PUT',
      url: `/api/companies/${f.companyId}/logo`,
      payload: png,
      headers: { cookie: f.cookie, 'content-type': 'image/png' },
    });
    expect(logo.statusCode, logo.body).toBe(200);
    const confirmedPdf = (await f.api('GET', `/api/orders/${order.id}/print/invoice`)).rawPayload;
    expect(pdfText(confirmedPdf)).not.toContain('ЧЕРНЕТКА');
    expect(confirmedPdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    // 'Відомість для відділів': grouped, no prices.
    const departments = pdfText((await f.api('GET', `/api/orders/${order.id}/print/departments`)).rawPayload);
    expect(departments).toContain('Відомість для відділів');
    expect(departments).toContain('Без відділу');
    expect(departments).not.toContain('100,00');
    // A cancelled order does not print.
    await ok(await act(order.id, 'cancel', { reason: 'Клієнт відмовився' }));
    const refused = await f.api('GET', `/api/orders/${order.id}/print/invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Скасоване замовлення не друкується');
  });

  it('walks partially shipped → shipped → completed as shipments post and the payment arrives', async () => {
    const item = await f.product({ stock: '5' });
    const id = await f.order([{ itemId: item, qty: '3', unitPrice: '100' }], { confirm: true });
    let order = await get(id);
    const lineId = order.lines[0]!.id;
    await postShipment(id, [{ lineId, qty: '1' }]);
    order = await get(id);
    expect(order.status).toBe('partially_shipped');
    expect(order.shippedPercent).toBe(33);
    expect(order.lines[0]).toMatchObject({ shippedQty: '1.0000', remainingQty: '2.0000' });
    expect(order.allowedActions).toEqual(expect.arrayContaining(['close-short', 'ship', 'edit']));
    await postShipment(id, [{ lineId, qty: '2' }]);
    order = await get(id);
    expect(order.status).toBe('shipped');
    expect(order.shippedPercent).toBe(100);
    expect(order.paymentStatus).toBe('unpaid');
    expect(order.allowedActions).toContain('close');
    await postPayment(id, order.totalGross);
    order = await get(id);
    expect(order.status).toBe('completed');
    expect(order).toMatchObject({ paid: order.totalGross, paymentStatus: 'paid', outstanding: '0.00' });
    const history = await ok(await f.api('GET', `/api/orders/${id}/history`));
    expect(history.filter((h: { action: string }) => h.action === 'status_change').length).toBeGreaterThanOrEqual(4);
  });

  it('cancelling a confirmed order releases stock, deletes draft shipments and makes allocations an advance', async () => {
    const item = await f.product({ stock: '6', serialTracking: true });
    const id = await f.order([{ itemId: item, qty: '2', unitPrice: '500' }], { confirm: true });
    let order = await get(id);
    expect(order.lines[0]!.reservedQty).toBe('2.0000');
    const payment = await postPayment(id, '400.00');
    expect((await get(id)).paymentStatus).toBe('partially_paid');
    const draft = await postShipment(id, [{ lineId: order.lines[0]!.id, qty: '1' }], 'draft');
    const [serial] = await f.t.db
      .insert(serialNumbers)
      .values({ itemId: item, serial: `SN-CANCEL-${id}`, status: 'reserved', warehouseId: f.warehouseId })
      .returning();
    const [draftLine] = await f.t.db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, draft.id));
    await f.t.db.insert(shipmentLineSerials).values({ shipmentLineId: draftLine!.id, serialId: serial!.id });

    const noReason = await act(id, 'cancel', { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Вкажіть причину');
    order = await ok(await act(id, 'cancel', { version: order.version, reason: 'Клієнт передумав' }));
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'Клієнт передумав', paid: '0.00' });
    expect(order.lines[0]!.reservedQty).toBe('0.0000');
    expect(await f.t.db.select().from(shipments).where(eq(shipments.id, draft.id))).toEqual([]);
    const [returned] = await f.t.db.select().from(serialNumbers).where(eq(serialNumbers.id, serial!.id));
    expect(returned!.status).toBe('available');
    // The payment keeps its amount with nothing allocated: the client's advance.
    expect(await f.t.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, payment.id))).toEqual(
      [],
    );
    const [cancelRecord] = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'orders'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'cancel')));
    expect(cancelRecord!.after).toMatchObject({ reason: 'Клієнт передумав' });
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
    // A posted shipment forbids cancelling.
    const shippedId = await f.order([{ itemId: item, qty: '2', unitPrice: '500' }], { confirm: true });
    await postShipment(shippedId, [{ lineId: (await get(shippedId)).lines[0]!.id, qty: '1' }]);
    const refused = await act(shippedId, 'cancel', { reason: 'Спроба' });
    expect(refused.statusCode).toBe(409);
  });

  it('finds an order by its number with ?search= (the notification link)', async () => {
    const item = await f.product();
    const order = await create({ lines: [{ itemId: item, qty: '1', unitPrice: '10' }] });
    const found = await list(`search=${encodeURIComponent(order.orderNumber)}`);
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ id: order.id, orderNumber: order.orderNumber });
  });
});

describe('orders: editing', () => {
  it('keeps line ids, adds and deletes lines, recomputes totals and checks the version', async () => {
    const a = await f.product();
    const b = await f.product();
    const c = await f.product();
    const order = await create({
      lines: [
        { itemId: a, qty: '1', unitPrice: '10' },
        { itemId: b, qty: '2', unitPrice: '20' },
      ],
    });
    const [first, second] = order.lines;
    const patched = await ok(
      await f.api('PATCH', `/api/orders/${order.id}`, {
        version: order.version,
        lines: [
          { id: first!.id, itemId: a, qty: '5', unitPrice: '10', discountPercent: '10' },
          { itemId: c, qty: '1', unitPrice: '1000', vatRate: '7' },
        ],
        deletedLineIds: [second!.id],
        externalNumber: 'РМ00-027688',
      }),
    );
    expect(patched.lines.map((l: { id: number }) => l.id)[0]).toBe(first!.id);
    expect(patched.lines).toHaveLength(2);
    expect(patched.lines[0]).toMatchObject({ qty: '5.0000', discountPercent: '10.00', lineNet: '45.00' });
    expect(patched.lines[1]).toMatchObject({ vatRate: '7', lineNet: '1000.00', lineVat: '70.00' });
    expect(patched).toMatchObject({ totalNet: '1045.00', totalVat: '79.00', totalGross: '1124.00' });
    expect(patched.externalNumber).toBe('РМ00-027688');
    expect(patched.version).toBe(order.version + 1);
    // A stale version is refused with the Ukrainian message.
    const stale = await f.api('PATCH', `/api/orders/${order.id}`, { version: order.version, notes: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Замовлення змінено іншим користувачем — оновіть сторінку');
    // Lines named nowhere stay as they are; an unknown line id is refused.
    const notesOnly = await ok(
      await f.api('PATCH', `/api/orders/${order.id}`, { version: patched.version, notes: 'Терміново' }),
    );
    expect(notesOnly.lines.map((l: { id: number }) => l.id)).toEqual(patched.lines.map((l: { id: number }) => l.id));
    const unknown = await f.api('PATCH', `/api/orders/${order.id}`, {
      version: notesOnly.version,
      deletedLineIds: [999999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields['deletedLineIds.0']).toBe('Рядок не належить цьому замовленню');
    // Every line deleted: refused.
    const empty = await f.api('PATCH', `/api/orders/${order.id}`, {
      version: notesOnly.version,
      deletedLineIds: patched.lines.map((l: { id: number }) => l.id),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Додайте хоча б один рядок');
  });

  it('recomputes reservations of a confirmed order in the same change', async () => {
    const item = await f.product({ stock: '10' });
    const other = await f.product({ stock: '3' });
    const id = await f.order([{ itemId: item, qty: '6', unitPrice: '10' }], { confirm: true });
    let order = await get(id);
    const lineId = order.lines[0]!.id;
    expect(order.lines[0]!.reservedQty).toBe('6.0000');
    order = await ok(
      await f.api('PATCH', `/api/orders/${id}`, {
        version: order.version,
        lines: [{ id: lineId, itemId: item, qty: '2', unitPrice: '10' }],
      }),
    );
    expect(order.lines[0]).toMatchObject({ id: lineId, reservedQty: '2.0000' });
    order = await ok(
      await f.api('PATCH', `/api/orders/${id}`, {
        version: order.version,
        lines: [
          { id: lineId, itemId: item, qty: '8', unitPrice: '10' },
          { itemId: other, qty: '5', unitPrice: '10' },
        ],
      }),
    );
    expect(order.lines.map((l) => l.reservedQty)).toEqual(['8.0000', '3.0000']);
    // The client cannot change past the draft.
    const otherClient = await f.client('Інший клієнт', 4251);
    const locked = await f.api('PATCH', `/api/orders/${id}`, { version: order.version, clientId: otherClient });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe('Клієнта можна змінити лише в чернетці');
    // Deleting a line gives its reservation back.
    order = await ok(
      await f.api('PATCH', `/api/orders/${id}`, { version: order.version, deletedLineIds: [order.lines[1]!.id] }),
    );
    expect(order.lines).toHaveLength(1);
    const stock = (await ok(
      await f.api('GET', `/api/inventory?search=${encodeURIComponent('SALE-P')}&limit=500`),
    )) as Array<{
      itemId: number;
      reserved: string;
    }>;
    expect(stock.find((s) => s.itemId === other)?.reserved).toBe('0.0000');
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('in partially shipped: adds lines, keeps qty at least shipped, refuses deleting a shipped line', async () => {
    const item = await f.product({ stock: '10' });
    const extra = await f.product({ stock: '10' });
    const id = await f.order([{ itemId: item, qty: '5', unitPrice: '10' }], { confirm: true });
    const lineId = (await get(id)).lines[0]!.id;
    await postShipment(id, [{ lineId, qty: '2' }]);
    let order = await get(id);
    expect(order.status).toBe('partially_shipped');
    const below = await f.api('PATCH', `/api/orders/${id}`, {
      version: order.version,
      lines: [{ id: lineId, itemId: item, qty: '1', unitPrice: '10' }],
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields['lines.0.qty']).toBe('Не менше вже відвантаженої кількості (2)');
    const swap = await f.api('PATCH', `/api/orders/${id}`, {
      version: order.version,
      lines: [{ id: lineId, itemId: extra, qty: '5', unitPrice: '10' }],
    });
    expect(swap.statusCode).toBe(400);
    const remove = await f.api('PATCH', `/api/orders/${id}`, { version: order.version, deletedLineIds: [lineId] });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().error).toBe('Рядок 1: за ним є відвантаження — видалити його чи змінити позицію не можна');
    order = await ok(
      await f.api('PATCH', `/api/orders/${id}`, {
        version: order.version,
        lines: [{ itemId: extra, qty: '4', unitPrice: '25' }],
      }),
    );
    expect(order.lines).toHaveLength(2);
    expect(order.lines[1]).toMatchObject({ qty: '4.0000', reservedQty: '4.0000' });
    // Cutting the only unshipped rest to what shipped leaves the rest of the order active.
    order = await ok(
      await f.api('PATCH', `/api/orders/${id}`, {
        version: order.version,
        lines: [{ id: lineId, itemId: item, qty: '2', unitPrice: '10' }],
        deletedLineIds: [order.lines[1]!.id],
      }),
    );
    expect(order.status).toBe('shipped');
    // Shipped: no more editing.
    const refused = await f.api('PATCH', `/api/orders/${id}`, { version: order.version, notes: 'Пізно' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Замовлення у статусі «Відвантажено» змінювати не можна');
  });
});

describe('orders: actions', () => {
  it('returns to draft only without shipments, releasing the reservations', async () => {
    const item = await f.product({ stock: '4' });
    const id = await f.order([{ itemId: item, qty: '3', unitPrice: '10' }], { confirm: true });
    const draftShipment = await postShipment(id, [{ lineId: (await get(id)).lines[0]!.id, qty: '1' }], 'draft');
    const refused = await act(id, 'return-to-draft');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('За замовленням є відвантаження — повернути його в чернетку не можна');
    await f.t.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, draftShipment.id));
    const order = await ok(await act(id, 'return-to-draft'));
    expect(order).toMatchObject({ status: 'draft', confirmedAt: null });
    expect(order.lines[0].reservedQty).toBe('0.0000');
  });

  it('closes a shipped order by hand, and a partially shipped one with undershipment', async () => {
    const item = await f.product({ stock: '20' });
    const other = await f.product({ stock: '20' });
    // Shipped → 'Закрити' → completed with closedAt and the reason.
    const shippedId = await f.order([{ itemId: item, qty: '2', unitPrice: '10' }], { confirm: true });
    await postShipment(shippedId, [{ lineId: (await get(shippedId)).lines[0]!.id, qty: '2' }]);
    const closed = await ok(await act(shippedId, 'close', { reason: 'Оплату погоджено окремо' }));
    expect(closed).toMatchObject({ status: 'completed', closeReason: 'Оплату погоджено окремо' });
    expect(closed.closedAt).not.toBeNull();

    // Partially shipped → 'Закрити з недовантаженням': qty cut to shipped, the unshipped line removed.
    const id = await f.order(
      [
        { itemId: item, qty: '5', unitPrice: '100' },
        { itemId: other, qty: '3', unitPrice: '100' },
      ],
      { confirm: true },
    );
    let order = await get(id);
    await postShipment(id, [{ lineId: order.lines[0]!.id, qty: '2' }]);
    await postShipment(id, [{ lineId: order.lines[0]!.id, qty: '1' }], 'draft');
    order = await ok(await act(id, 'close', { reason: 'Решту не потрібно' }));
    expect(order.status).toBe('shipped');
    expect(order.closeReason).toBe('Решту не потрібно');
    expect(order.closedAt).toBeNull();
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ qty: '2.0000', reservedQty: '0.0000', lineGross: '240.00' });
    expect(order.totalGross).toBe('240.00');
    expect(
      (await ok(await f.api('GET', `/api/orders/${id}/shipments`))).map((s: { status: string }) => s.status),
    ).toEqual(['posted']);
    // Paid in full afterwards → completed.
    await postPayment(id, '240.00');
    expect((await get(id)).status).toBe('completed');
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('reserves and releases by hand; approves production by hand and automatically', async () => {
    const item = await f.product({ stock: '2' });
    const id = await f.order([{ itemId: item, qty: '5', unitPrice: '10' }], { confirm: true });
    let order = await get(id);
    expect(order.lines[0]!.reservedQty).toBe('2.0000');
    order = await ok(await act(id, 'unreserve', { version: order.version }));
    expect(order.lines[0]!.reservedQty).toBe('0.0000');
    order = await ok(await act(id, 'reserve'));
    expect(order.lines[0]!.reservedQty).toBe('2.0000');
    expect(order.productionApproved).toBe(false);
    order = await ok(await act(id, 'production-approval', { approved: true, note: 'Постійний клієнт' }));
    expect(order).toMatchObject({ productionApproved: true, productionApprovalNote: 'Постійний клієнт' });
    expect(order.productionApprovedByName).toBeTruthy();
    order = await ok(await act(id, 'production-approval', { approved: false, note: null }));
    expect(order.productionApproved).toBe(false);
    const bad = await act(id, 'production-approval', { note: 'x' });
    expect(bad.statusCode).toBe(400);
    // A client on deferred terms is approved at confirmation.
    const deferred = await f.client('Відстрочка', 4252);
    await f.t.db.update(counterparties).set({ paymentTermDays: 14 }).where(eq(counterparties.id, deferred));
    const auto = await f.order([{ itemId: item, qty: '1', unitPrice: '10' }], { confirm: true, clientId: deferred });
    expect((await get(auto)).productionApproved).toBe(true);
    // Prepayment of 100 % (the default setting) approves at the payment.
    await postPayment(id, '59.99');
    expect((await get(id)).productionApproved).toBe(false);
    await postPayment(id, '0.01');
    expect((await get(id)).productionApproved).toBe(true);
  });

  it('copies into a new draft, deletes only drafts, lists payments, shipments and history', async () => {
    const item = await f.product({ stock: '5' });
    const id = await f.order([{ itemId: item, qty: '2', unitPrice: '75', discountPercent: '5' } as never], {
      confirm: true,
      recipientName: 'Петренко Іван',
    });
    const copy = await ok(await act(id, 'copy'), 201);
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({ status: 'draft', recipientName: 'Петренко Іван', orderDate: kyivToday() });
    expect(copy.lines[0]).toMatchObject({
      itemId: item,
      qty: '2.0000',
      unitPrice: '75.000000',
      discountPercent: '5.00',
    });
    const refused = await f.api('DELETE', `/api/orders/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Видалити можна лише чернетку замовлення');
    expect((await f.api('DELETE', `/api/orders/${copy.id}`)).statusCode).toBe(204);
    expect((await f.api('GET', `/api/orders/${copy.id}`)).statusCode).toBe(404);
    expect((await f.api('GET', `/api/orders/${copy.id}`)).json().error).toBe('Замовлення не знайдено');

    await postPayment(id, '30.00');
    await postPayment(id, '20.00', 'draft');
    const paymentsTab = await ok(await f.api('GET', `/api/orders/${id}/payments`));
    expect(paymentsTab.map((p: { amount: string; status: string }) => [p.amount, p.status])).toEqual([
      ['30.00', 'posted'],
      ['20.00', 'draft'],
    ]);
    expect((await get(id)).paid).toBe('30.00');
    const shipment = await postShipment(id, [{ lineId: (await get(id)).lines[0]!.id, qty: '1' }]);
    const shipmentsTab = await ok(await f.api('GET', `/api/orders/${id}/shipments`));
    expect(shipmentsTab[0]).toMatchObject({
      id: shipment.id,
      status: 'posted',
      trackingNumber: shipment.trackingNumber,
    });
    const history = await ok(await f.api('GET', `/api/orders/${id}/history`));
    expect(history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['create', 'status_change']),
    );
    expect(history[history.length - 1].action).toBe('create');
  });
});

describe('orders: list, totals, stats, settings, e-mail', () => {
  it('filters by status (several), payment status, overdue, client, period, approval and searches widely', async () => {
    const item = await f.product({ stock: '50' });
    const client2 = await f.client('Сонячна енергія', 4253);
    const contact = await ok(
      await f.api('POST', '/api/client-contacts', {
        counterpartyId: client2,
        fullName: 'Мельник Оксана',
        phone: '+380671112233',
        email: 'buh@sonyachna.ua',
        receivesDocuments: true,
      }),
      201,
    );
    const [{ taxId }] = (await f.t.db
      .select({ taxId: counterparties.taxId })
      .from(counterparties)
      .where(eq(counterparties.id, client2))) as [{ taxId: string }];
    const late = await f.order([{ itemId: item, qty: '1', unitPrice: '100' }], {
      confirm: true,
      clientId: client2,
      contactId: contact.id,
      dueDate: '2026-01-05',
      orderDate: '2026-01-02',
      externalNumber: 'РМ00-555001',
    });
    const paidOrder = await f.order([{ itemId: item, qty: '1', unitPrice: '100' }], {
      confirm: true,
      clientId: client2,
      orderDate: '2026-01-03',
    });
    await postPayment(paidOrder, '120.00');
    const shippedOne = await f.order([{ itemId: item, qty: '1', unitPrice: '100' }], {
      confirm: true,
      clientId: client2,
    });
    const shipment = await postShipment(shippedOne, [{ lineId: (await get(shippedOne)).lines[0]!.id, qty: '1' }]);

    const byClient = await list(`clientId=${client2}&limit=500`);
    expect(byClient.total).toBe(3);
    const overdue = await list('overdue=true&limit=500');
    expect(overdue.rows.map((r) => r.id)).toContain(late);
    expect(overdue.rows.every((r) => r.isOverdue)).toBe(true);
    expect(byClient.rows.find((r) => r.id === late)).toMatchObject({ isOverdue: true, contactName: 'Мельник Оксана' });
    const multi = await list(`clientId=${client2}&status=shipped,partially_shipped`);
    expect(multi.rows.map((r) => r.id)).toEqual([shippedOne]);
    const paidRows = await list(`clientId=${client2}&paymentStatus=paid`);
    expect(paidRows.rows.map((r) => r.id)).toEqual([paidOrder]);
    const period = await list(`clientId=${client2}&dateFrom=2026-01-01&dateTo=2026-01-02`);
    expect(period.rows.map((r) => r.id)).toEqual([late]);
    const approved = await list(`clientId=${client2}&productionApproved=true`);
    expect(approved.rows.map((r) => r.id)).toEqual([paidOrder]);
    for (const search of ['РМ00-555', 'Сонячна', taxId, 'Мельник', '067 111 22 33', shipment.trackingNumber!]) {
      const found = await list(`search=${encodeURIComponent(search)}&limit=500`);
      expect(found.total, search).toBeGreaterThan(0);
      expect(
        found.rows.every((r) => r.clientId === client2),
        search,
      ).toBe(true);
    }
    const sorted = await list(`clientId=${client2}&sort=orderNumber`);
    expect(sorted.rows.map((r) => r.orderNumber)).toEqual([...sorted.rows.map((r) => r.orderNumber)].sort());
    expect((await f.api('GET', '/api/orders?status=unknown')).statusCode).toBe(400);
    // Pages are cut from the ids first (listOrders): for every sort, pages of 2 put together are the whole list in the
    // same order, each row with its computed columns.
    for (const sort of [
      '-orderDate',
      'orderDate',
      'orderNumber',
      '-clientName',
      'dueDate',
      '-dueDate',
      '-totalGross',
      'status',
    ]) {
      const whole = await list(`sort=${sort}&limit=500`);
      const paged: OrderSummary[] = [];
      for (let page = 1; paged.length < whole.total; page++) {
        const part = await list(`sort=${sort}&limit=2&page=${page}`);
        expect(part.total, sort).toBe(whole.total);
        expect(part.rows.length, sort).toBeGreaterThan(0);
        paged.push(...part.rows);
      }
      expect(paged, sort).toEqual(whole.rows);
    }

    const totals = await ok(await f.api('GET', `/api/orders/totals?clientId=${client2}`));
    expect(totals).toEqual({ count: 3, totalGross: '360.00', paid: '120.00', outstanding: '240.00' });

    const stats = await ok(await f.api('GET', '/api/orders/stats'));
    expect(stats.overdue).toBe((await list('overdue=true&limit=500')).total);
    expect(stats.active).toBe((await list('status=confirmed,partially_shipped&limit=500')).total);
    expect(stats.shippedThisMonth).toBeGreaterThanOrEqual(1);
    expect(stats.unpaidAmount).toMatch(/^\d+\.\d{2}$/);

    // 'Надіслати рахунок' queues the letter to the contacts receiving documents.
    const sent = await ok(await act(late, 'send-invoice'));
    expect(sent).toEqual({ queued: 1, recipients: ['buh@sonyachna.ua'] });
    const [mail] = await f.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.eventKey, `order-invoice:${late}`));
    expect(mail!.subject).toContain('Рахунок на оплату № ORD-2026-');
    expect(mail!.text).toContain('Сто двадцять гривень 00 копійок');
    const [pdf] = await f.t.db
      .select()
      .from(emailOutboxAttachments)
      .where(eq(emailOutboxAttachments.outboxId, mail!.id));
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const nobody = await act(shippedOne, 'send-invoice');
    expect(nobody.statusCode).toBe(200);
    const lonely = await f.order([{ itemId: item, qty: '1', unitPrice: '1' }], { confirm: true });
    const refused = await act(lonely, 'send-invoice');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('немає контактної особи');
  });

  it('reads and changes the settings with an audit record; new orders follow invoiceValidityDays', async () => {
    expect(await ok(await f.api('GET', '/api/orders/settings'))).toMatchObject({
      productionPrepaymentPercent: 100,
      invoiceValidityDays: 5,
      statusLabels: { draft: 'Чернетка', completed: 'Виконано' },
    });
    const changed = await ok(
      await f.api('PATCH', '/api/orders/settings', {
        invoiceValidityDays: 10,
        productionPrepaymentPercent: 50,
        statusLabels: { completed: 'Закрито' },
      }),
    );
    expect(changed).toMatchObject({
      invoiceValidityDays: 10,
      statusLabels: { completed: 'Закрито', draft: 'Чернетка' },
    });
    const [entry] = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting_change'), eq(auditLog.entityId, 'orders')));
    expect(entry!.after).toMatchObject({ invoiceValidityDays: 10 });
    const order = await create({ lines: [{ itemId: await f.product(), qty: '1', unitPrice: '1' }] });
    expect(order.paymentDueDate).toBe('2026-11-20');
    const bad = await f.api('PATCH', '/api/orders/settings', { productionPrepaymentPercent: 150 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.productionPrepaymentPercent).toBe('Від 0 до 100');
    await ok(
      await f.api('PATCH', '/api/orders/settings', {
        invoiceValidityDays: 5,
        productionPrepaymentPercent: 100,
        statusLabels: { completed: 'Виконано' },
      }),
    );
  });

  it('gives the form a client context and an item search by name, SKU or barcode', async () => {
    const item = await f.product({ stock: '7' });
    const context = await ok(await f.api('GET', `/api/orders/clients/${f.clientId}`));
    expect(context).toMatchObject({ id: f.clientId, name: 'Енергоплюс', paymentTermDays: 0, presets: [] });
    const order = await get(await f.order([{ itemId: item, qty: '1', unitPrice: '1' }]));
    const sku = order.lines[0]!.sku!;
    const found = await ok(
      await f.api('GET', `/api/orders/items?search=${encodeURIComponent(sku)}&warehouseId=${f.warehouseId}`),
    );
    expect(found[0]).toMatchObject({ id: item, sku, available: '7.0000', vatRate: '20' });
    expect((await f.api('GET', `/api/orders/clients/999999`)).statusCode).toBe(404);
  });
});

describe('orders: validation and permissions', () => {
  it('answers Ukrainian messages for invalid input', async () => {
    const item = await f.product();
    const noLines = await f.api('POST', '/api/orders', { orderDate: '2026-11-10', clientId: f.clientId, lines: [] });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().fields.lines).toBe('Додайте хоча б один рядок');
    const zero = await f.api('POST', '/api/orders', {
      orderDate: '2026-11-10',
      clientId: f.clientId,
      lines: [{ itemId: item, qty: '0', unitPrice: '1' }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields['lines.0.qty']).toBe('Має бути більше нуля');
    const number = await f.api('POST', '/api/orders', {
      orderDate: '2026-11-10',
      clientId: f.clientId,
      lines: [{ itemId: item, qty: 2, unitPrice: '1' }],
    });
    expect(number.statusCode).toBe(400);
    const date = await f.api('POST', '/api/orders', {
      orderDate: '10.11.2026',
      clientId: f.clientId,
      lines: [{ itemId: item, qty: '1', unitPrice: '1' }],
    });
    expect(date.json().fields.orderDate).toBe('Вкажіть дату');
    const supplier = await f.api('POST', '/api/orders', {
      orderDate: '2026-11-10',
      clientId: 999999,
      lines: [{ itemId: item, qty: '1', unitPrice: '1' }],
    });
    expect(supplier.statusCode).toBe(400);
    expect(supplier.json().fields.clientId).toBe('Оберіть клієнта зі списку');
    const usd = await f.api('POST', '/api/orders', {
      orderDate: '2026-11-10',
      clientId: f.clientId,
      currencyCode: 'USD',
      lines: [{ itemId: item, qty: '1', unitPrice: '1' }],
    });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().fields.fxRate).toBe('Курс — додатне число (до 6 знаків після коми)');
    const usdOk = await create({
      currencyCode: 'USD',
      fxRate: '41,25',
      lines: [{ itemId: item, qty: '2', unitPrice: '10' }],
    });
    expect(usdOk).toMatchObject({ currencyCode: 'USD', fxRate: '41.250000', totalGross: '24.00' });
    expect((await f.api('GET', '/api/orders/abc')).statusCode).toBe(400);
  });

  it('answers 403 to a user without /orders and lets a viewer read but not change', async () => {
    const outsider = await createUser(f.t.db, { password: 'no-orders-pass' });
    const outsiderCookie = (await signIn(f.t.app, outsider.username, 'no-orders-pass')).cookie;
    for (const url of ['/api/orders', '/api/orders/stats', '/api/orders/totals', '/api/orders/settings']) {
      expect((await f.api('GET', url, undefined, outsiderCookie)).statusCode, url).toBe(403);
    }
    const denied = await f.api(
      'POST',
      '/api/orders',
      { orderDate: '2026-11-10', clientId: f.clientId, lines: [] },
      outsiderCookie,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('Недостатньо прав');

    const viewer = await createUser(f.t.db, { password: 'view-orders-pass' });
    const role = await ok(await f.api('POST', '/api/roles', { name: 'Перегляд замовлень клієнтів' }), 201);
    await ok(
      await f.api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [{ route: '/orders', canView: true, canAccess: false }],
      }),
    );
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(f.t.app, viewer.username, 'view-orders-pass')).cookie;
    const id = await f.order([{ itemId: await f.product(), qty: '1', unitPrice: '1' }]);
    expect((await f.api('GET', `/api/orders/${id}`, undefined, viewerCookie)).statusCode).toBe(200);
    expect((await f.api('GET', `/api/orders/${id}/print/invoice`, undefined, viewerCookie)).statusCode).toBe(200);
    expect((await f.api('POST', `/api/orders/${id}/confirm`, undefined, viewerCookie)).statusCode).toBe(403);
    expect((await f.api('PATCH', '/api/orders/settings', { invoiceValidityDays: 3 }, viewerCookie)).statusCode).toBe(
      403,
    );
    expect((await get(id)).status).toBe('draft');
    // The admin role keeps its rights (sanity of the fixture).
    expect(await adminRoleId(f.t.db)).toBeGreaterThan(0);
  });
});
