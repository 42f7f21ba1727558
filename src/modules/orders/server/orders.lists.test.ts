// The orders list through the API (sales.md §1 API): filters, wide search, paging for every sort, the totals and the
// stat cards; the order settings with their audit; 'Надіслати рахунок'; the form's client context and item search.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { emailOutbox, emailOutboxAttachments } from '@/modules/email-settings/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import type { OrderSummary } from '../orders.contract.ts';
import { act, create, f, get, list, ok, postPayment, postShipment, useOrdersFixture } from './orders.fixture.ts';

useOrdersFixture();

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
    // Every filter's totals are the sums of its rows (UAH orders here): no filter, and a search through the client.
    for (const query of ['', `search=${encodeURIComponent('Сонячна')}`]) {
      const rows = (await list(`${query}&limit=500`)).rows;
      const sum = (pick: (r: OrderSummary) => string) =>
        rows.reduce((acc, r) => acc + Math.round(Number(pick(r)) * 100), 0);
      const all = await ok(await f.api('GET', `/api/orders/totals?${query}`));
      expect(all.count, query).toBe(rows.length);
      expect(Math.round(Number(all.totalGross) * 100), query).toBe(sum((r) => r.totalGross));
      expect(Math.round(Number(all.paid) * 100), query).toBe(sum((r) => r.paid));
      expect(Math.round(Number(all.outstanding) * 100), query).toBe(sum((r) => r.outstanding));
    }

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

  it('gives the form a client context and an item search (the one item picker) with the free stock', async () => {
    const item = await f.product({ stock: '7' });
    const context = await ok(await f.api('GET', `/api/orders/clients/${f.clientId}`));
    expect(context).toMatchObject({ id: f.clientId, name: 'Енергоплюс', paymentTermDays: 0, presets: [] });
    const order = await get(await f.order([{ itemId: item, qty: '1', unitPrice: '1' }]));
    const sku = order.lines[0]!.sku!;
    const found = await ok(
      await f.api('GET', `/api/items/options?search=${encodeURIComponent(sku)}&warehouseId=${f.warehouseId}`),
    );
    expect(found[0]).toMatchObject({ id: item, sku, available: '7.0000', vatRate: '20' });
    expect((await f.api('GET', `/api/orders/clients/999999`)).statusCode).toBe(404);
  });
});
