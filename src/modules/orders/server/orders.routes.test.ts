// Client orders through the API (sales.md §1 "Done means" and the API table): a draft of two lines confirms as
// ORD-<year>-NNNNN and reserves what is in stock (/inventory shows it); the invoice of 3 × 100.00 with VAT included
// prints 250.00 / 50.00 / 300.00 and 'Триста гривень 00 копійок'; shipping 1 of 3, then the rest, then a full payment
// walk partially shipped → shipped → completed (posted shipments and payments are written straight into their
// tables here and refreshOrder derives the status); cancelling releases reservations, deletes draft shipments and
// turns allocations into an advance; `?search=<number>` finds the order. Also editing with stable line ids, every
// action, the tabs, filters, totals, stats, settings, the e-mail, permissions and the Ukrainian validation messages.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { paymentAllocations } from '@/modules/payments/server/payments.table.ts';
import { shipmentLines, shipmentLineSerials, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';
import { act, create, f, get, list, ok, postPayment, postShipment, useOrdersFixture } from './orders.fixture.ts';

useOrdersFixture();

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
    // A VAT payer with prices that include VAT: the columns say so.
    expect(text).toMatch(/№ Назва Од\. Кількість Ціна з ПДВ Сума з ПДВ/);
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
    expect(below.json().fields['lines.0.qty']).toBe('Не менше вже відвантаженої кількості (2 шт)');
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
