// Supplier orders (warehouse.md §5 "Done means"): 100 ordered, sent, confirmed, received 60 then 40 → 'Частково
// отримано' → 'Отримано', and back when the second receipt is cancelled; nothing received → cancel, something
// received → only close, which drops the rest from on-order; 'Отримати' makes a draft of exactly what remains at the
// order's prices. Also the refused transitions, the list, stats, print, and the permissions.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { onOrderByItem } from './index.ts';

let t: TestApp;
let cookie: string;
let supplierId: number;
let otherSupplierId: number;
let warehouseId: number;
let unitId: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: unknown, as = cookie) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'po-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'po-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  const supplier = async (name: string, n: number) =>
    (
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name,
        fullName: `ТОВ «${name}»`,
        taxId: sampleEdrpou(n),
      })
    ).json().id as number;
  supplierId = await supplier('Радіокомпонент', 5151);
  otherSupplierId = await supplier('Елемент-Трейд', 5152);
  await api('POST', '/api/companies', {
    name: 'Техноприлад',
    fullName: 'ТОВ «Техноприлад»',
    legalForm: 'ТОВ',
    taxId: sampleEdrpou(5153),
    isVatPayer: true,
    vatNumber: '123456789012',
    legalAddress: 'Київ',
  });
});
afterAll(() => t.close());

let n = 0;
const component = async () =>
  (await api('POST', '/api/components', { sku: `PO-C-${++n}`, name: `Компонент ${n}`, unitId })).json().id as number;
const orderBody = (lines: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({
  supplierId,
  warehouseId,
  orderDate: '2026-11-02',
  expectedDate: '2026-11-30',
  lines,
  ...extra,
});
const createOrder = async (lines: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => {
  const res = await api('POST', '/api/supplier-orders', orderBody(lines, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const act = (id: number, action: string, body?: unknown) => api('POST', `/api/supplier-orders/${id}/${action}`, body);
const receive = async (id: number) => {
  const res = await act(id, 'receive', { supplierDocNumber: `РН-${++n}`, supplierDocDate: '2026-11-10' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** A receipt draft from 'Отримати', its quantities cut to `qty` (same order), then posted. */
const receiveAndPost = async (id: number, qty?: string[]) => {
  let receipt = await receive(id);
  if (qty) {
    const patched = await api('PATCH', `/api/supplier-receipts/${receipt.id}`, {
      version: receipt.version,
      lines: receipt.lines.map((l: Record<string, unknown>, i: number) => ({
        itemId: l.itemId,
        qty: qty[i],
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        supplierOrderLineId: l.supplierOrderLineId,
      })),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    receipt = patched.json();
  }
  const posted = await api('POST', `/api/supplier-receipts/${receipt.id}/post`, { version: receipt.version });
  expect(posted.statusCode, posted.body).toBe(200);
  return posted.json();
};
const getOrder = async (id: number) => (await api('GET', `/api/supplier-orders/${id}`)).json();

describe('supplier orders — Done means', () => {
  it('goes Частково отримано → Отримано on 60 then 40, and back when the second receipt is cancelled', async () => {
    const item = await component();
    const order = await createOrder([{ itemId: item, qty: '100', unitPrice: '10', vatRate: '20' }]);
    expect(order).toMatchObject({
      status: 'draft',
      number: expect.stringMatching(/^PO-2026-\d{5}$/),
      totalNet: '1000.00',
      totalVat: '200.00',
      totalGross: '1200.00',
      version: 1,
    });
    expect((await act(order.id, 'send')).json().status).toBe('sent');
    expect(await onOrderByItem(t.db, [item])).toEqual(new Map([[item, '100.0000']]));
    const confirmed = (
      await act(order.id, 'confirm', { expectedDate: '2026-12-01', supplierReference: 'PI-77' })
    ).json();
    expect(confirmed).toMatchObject({ status: 'confirmed', expectedDate: '2026-12-01', supplierReference: 'PI-77' });

    await receiveAndPost(order.id, ['60']);
    let now = await getOrder(order.id);
    expect(now.status).toBe('partially_received');
    expect(now.lines[0]).toMatchObject({ qty: '100.0000', receivedQty: '60.0000', remainingQty: '40.0000' });
    expect(now).toMatchObject({ receivedQty: '60.0000', remainingQty: '40.0000', receivedPercent: 60 });
    expect((await onOrderByItem(t.db, [item])).get(item)).toBe('40.0000');

    const second = await receiveAndPost(order.id);
    expect(second.lines[0].qty).toBe('40.0000');
    now = await getOrder(order.id);
    expect(now.status).toBe('received');
    expect(now.lines[0]).toMatchObject({ receivedQty: '100.0000', remainingQty: '0.0000' });
    expect((await onOrderByItem(t.db, [item])).has(item)).toBe(false);

    const cancelled = await api('POST', `/api/supplier-receipts/${second.id}/cancel`, { reason: 'Не той товар' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    now = await getOrder(order.id);
    expect(now.status).toBe('partially_received');
    expect(now.lines[0].receivedQty).toBe('60.0000');
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

    // The receipts of the order, and each receipt shows its order.
    const receipts = (await api('GET', `/api/supplier-orders/${order.id}/receipts`)).json();
    expect(receipts.map((r: { status: string }) => r.status)).toEqual(['posted', 'cancelled']);
    const first = (await api('GET', `/api/supplier-receipts/${receipts[0].id}`)).json();
    expect(first).toMatchObject({ supplierOrderId: order.id, supplierOrderNumber: order.number });
    const listed = (await api('GET', `/api/supplier-receipts?search=${encodeURIComponent(first.number)}`)).json();
    expect(listed[0].supplierOrderNumber).toBe(order.number);

    // The status changes are in the audit log.
    const logs = await t.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'supplier_orders'), eq(auditLog.entityId, String(order.id))))
      .orderBy(asc(auditLog.id));
    const statuses = logs
      .filter((l) => l.action === 'status_change')
      .map((l) => (l.after as { status: string }).status);
    expect(statuses).toEqual(['sent', 'confirmed', 'partially_received', 'received', 'partially_received']);
  });

  it('refuses to cancel an order with something received; closing drops the rest from on-order', async () => {
    const item = await component();
    const order = await createOrder([{ itemId: item, qty: '50', unitPrice: '4' }]);
    await act(order.id, 'send');
    await receiveAndPost(order.id, ['20']);
    const statsBefore = (await api('GET', '/api/supplier-orders/stats')).json();
    const cancel = await act(order.id, 'cancel', { reason: 'Передумали' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe('За замовленням уже отримано товар — його можна лише закрити');
    expect((await getOrder(order.id)).status).toBe('partially_received');

    expect((await act(order.id, 'close', { reason: ' ' })).statusCode).toBe(400);
    const closed = await act(order.id, 'close', { reason: 'Решти не буде' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closeReason: 'Решти не буде' });
    expect((await onOrderByItem(t.db, [item])).has(item)).toBe(false);
    const statsAfter = (await api('GET', '/api/supplier-orders/stats')).json();
    expect(statsAfter.openOrders).toBe(statsBefore.openOrders - 1);
    // 30 × 4.00 × 1.2 left the open amount.
    expect(Number(statsBefore.openAmount) - Number(statsAfter.openAmount)).toBeCloseTo(144, 2);
    // Nothing more is received against a closed order.
    const again = await act(order.id, 'receive', { supplierDocNumber: 'X-1', supplierDocDate: '2026-11-10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Дію «Отримати» не можна виконати для замовлення у статусі «Закрито»');

    // Nothing received: cancelling is allowed, with a reason.
    const fresh = await createOrder([{ itemId: item, qty: '5', unitPrice: '4' }]);
    await act(fresh.id, 'send');
    const cancelled = await act(fresh.id, 'cancel', { reason: 'Замовили помилково' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Замовили помилково' });
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it("'Отримати' makes a draft of exactly the remaining lines at the order's prices, currency and rate", async () => {
    const a = await component();
    const b = await component();
    const c = await component();
    const order = await createOrder(
      [
        { itemId: a, qty: '10', unitPrice: '2.5', vatRate: '0' },
        { itemId: b, qty: '30', unitPrice: '1.125', vatRate: '20' },
        { itemId: c, qty: '7', unitPrice: '9', vatRate: '7' },
      ],
      { currencyCode: 'USD', fxRate: '41.5', pricesIncludeVat: true },
    );
    await act(order.id, 'send');
    await act(order.id, 'confirm');
    // The first line arrives in full, the second in part, the third not at all.
    await receiveAndPost(order.id, ['10', '12', '0.0001']);
    const draft = await receive(order.id);
    expect(draft).toMatchObject({
      status: 'draft',
      supplierId,
      warehouseId,
      currencyCode: 'USD',
      fxRate: '41.500000',
      pricesIncludeVat: true,
      supplierOrderId: order.id,
    });
    const orderNow = await getOrder(order.id);
    expect(
      draft.lines.map((l: Record<string, unknown>) => [l.itemId, l.qty, l.unitPrice, l.vatRate, l.supplierOrderLineId]),
    ).toEqual([
      [b, '18.0000', '1.125000', '20', orderNow.lines[1].id],
      [c, '6.9999', '9.000000', '7', orderNow.lines[2].id],
    ]);
    expect((await api('GET', `/api/supplier-orders/${order.id}/receipts`)).json()).toHaveLength(2);
  });
});

describe('supplier orders — the rules', () => {
  it('refuses the transitions the state table does not have, in Ukrainian, changing nothing', async () => {
    const item = await component();
    const order = await createOrder([{ itemId: item, qty: '3', unitPrice: '1' }]);
    const confirm = await act(order.id, 'confirm');
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error).toBe('Дію «Підтвердити» не можна виконати для замовлення у статусі «Чернетка»');
    expect((await act(order.id, 'close', { reason: 'x' })).statusCode).toBe(409);
    expect((await act(order.id, 'return-to-draft')).statusCode).toBe(409);
    expect((await act(order.id, 'receive', { supplierDocNumber: 'A', supplierDocDate: '2026-11-10' })).statusCode).toBe(
      409,
    );
    await act(order.id, 'send');
    expect((await act(order.id, 'send')).json().error).toBe(
      'Дію «Надіслати» не можна виконати для замовлення у статусі «Відправлено»',
    );
    expect((await api('DELETE', `/api/supplier-orders/${order.id}`)).statusCode).toBe(409);
    const back = await act(order.id, 'return-to-draft');
    expect(back.json()).toMatchObject({ status: 'draft', sentAt: null });
    await act(order.id, 'send');
    await act(order.id, 'confirm');
    expect((await act(order.id, 'return-to-draft')).statusCode).toBe(409);
    expect((await getOrder(order.id)).status).toBe('confirmed');
    // A draft is deleted for good.
    const draft = await createOrder([{ itemId: item, qty: '1', unitPrice: '1' }]);
    expect((await api('DELETE', `/api/supplier-orders/${draft.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/supplier-orders/${draft.id}`)).statusCode).toBe(404);
  });

  it('edits lines with the version; a received line keeps its item and at least what arrived', async () => {
    const a = await component();
    const b = await component();
    const order = await createOrder([
      { itemId: a, qty: '10', unitPrice: '5' },
      { itemId: b, qty: '4', unitPrice: '2' },
    ]);
    const edited = await api('PATCH', `/api/supplier-orders/${order.id}`, {
      version: 1,
      lines: [{ id: order.lines[0].id, itemId: a, qty: '12', unitPrice: '5', expectedDate: '2026-12-05' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, totalNet: '60.00' });
    expect(edited.json().lines).toMatchObject([{ id: order.lines[0].id, qty: '12.0000', expectedDate: '2026-12-05' }]);
    const stale = await api('PATCH', `/api/supplier-orders/${order.id}`, { version: 1, notes: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');

    await act(order.id, 'send');
    await receiveAndPost(order.id, ['5']);
    const current = await getOrder(order.id);
    const below = await api('PATCH', `/api/supplier-orders/${order.id}`, {
      version: current.version,
      lines: [{ id: current.lines[0].id, itemId: a, qty: '4', unitPrice: '5' }],
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields['lines.0.qty']).toBe('Не менше вже отриманої кількості (5 шт)');
    const removed = await api('PATCH', `/api/supplier-orders/${order.id}`, {
      version: current.version,
      lines: [{ itemId: b, qty: '1', unitPrice: '1' }],
    });
    expect(removed.statusCode).toBe(400);
    // Cut down to what arrived, the order is received in full; then it is no longer edited.
    const cut = await api('PATCH', `/api/supplier-orders/${order.id}`, {
      version: current.version,
      lines: [{ id: current.lines[0].id, itemId: a, qty: '5', unitPrice: '5' }],
    });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json().status).toBe('received');
    const locked = await api('PATCH', `/api/supplier-orders/${order.id}`, { version: cut.json().version, notes: 'x' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe('Замовлення у статусі «Отримано» змінювати не можна');

    // Sent and confirmed orders are editable, and audited; raising a line back makes it open again.
    const other = await createOrder([{ itemId: a, qty: '2', unitPrice: '5' }]);
    await act(other.id, 'send');
    const raised = await api('PATCH', `/api/supplier-orders/${other.id}`, {
      version: 2,
      lines: [
        { id: other.lines[0].id, itemId: a, qty: '3', unitPrice: '5' },
        { itemId: b, qty: '1', unitPrice: '2' },
      ],
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ status: 'sent', lineCount: 2, totalNet: '17.00' });
  });

  it('links receipts only to the same supplier and to lines of that order', async () => {
    const item = await component();
    const order = await createOrder([{ itemId: item, qty: '3', unitPrice: '1' }]);
    await act(order.id, 'send');
    const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
    const base = {
      warehouseId,
      documentTypeId,
      supplierDocNumber: `ЛН-${++n}`,
      supplierDocDate: '2026-11-10',
      documentDate: '2026-11-11',
    };
    const other = await api('POST', '/api/supplier-receipts', {
      ...base,
      supplierId: otherSupplierId,
      supplierOrderId: order.id,
      lines: [{ itemId: item, qty: '1', unitPrice: '1', supplierOrderLineId: order.lines[0].id }],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.supplierOrderId).toBe('Замовлення іншого постачальника');
    const foreignLine = (await createOrder([{ itemId: item, qty: '1', unitPrice: '1' }])).lines[0].id;
    const wrongLine = await api('POST', '/api/supplier-receipts', {
      ...base,
      supplierId,
      supplierOrderId: order.id,
      lines: [{ itemId: item, qty: '1', unitPrice: '1', supplierOrderLineId: foreignLine }],
    });
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json().fields['lines.0.supplierOrderLineId']).toBe('Рядок не належить обраному замовленню');
    const ok = await api('POST', '/api/supplier-receipts', {
      ...base,
      supplierId,
      supplierOrderId: order.id,
      lines: [{ itemId: item, qty: '3', unitPrice: '1', supplierOrderLineId: order.lines[0].id }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    await api('POST', `/api/supplier-receipts/${ok.json().id}/post`);
    expect((await getOrder(order.id)).status).toBe('received');
  });

  it('lists with search, filters, overdue and totals; counts the stats; prints the order', async () => {
    const item = await component();
    const late = await createOrder([{ itemId: item, qty: '10', unitPrice: '3' }], {
      expectedDate: '2026-01-05',
      supplierReference: 'LATE-REF-1',
    });
    await act(late.id, 'send');
    const list = await api('GET', '/api/supplier-orders?search=late-ref&limit=5');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({
      id: late.id,
      supplierName: 'Радіокомпонент',
      status: 'sent',
      isOverdue: true,
      orderedQty: '10.0000',
      remainingQty: '10.0000',
      receivedPercent: 0,
      totalUah: '36.00',
    });
    const overdue = (await api('GET', '/api/supplier-orders?overdue=true&limit=500')).json();
    expect(overdue.every((o: { isOverdue: boolean }) => o.isOverdue)).toBe(true);
    expect(overdue.map((o: { id: number }) => o.id)).toContain(late.id);
    const drafts = (await api('GET', '/api/supplier-orders?status=draft&limit=500')).json();
    expect(drafts.every((o: { status: string }) => o.status === 'draft')).toBe(true);
    const other = await api('GET', `/api/supplier-orders?supplierId=${otherSupplierId}`);
    expect(other.json()).toEqual([]);
    const sorted = (await api('GET', '/api/supplier-orders?sort=number&limit=500')).json();
    const numbers = sorted.map((o: { number: string }) => o.number);
    expect(numbers).toEqual([...numbers].sort());
    const period = (await api('GET', '/api/supplier-orders?dateFrom=2027-01-01')).json();
    expect(period).toEqual([]);

    const stats = (await api('GET', '/api/supplier-orders/stats')).json();
    expect(stats).toMatchObject({
      openOrders: expect.any(Number),
      awaitingConfirmation: expect.any(Number),
      overdue: expect.any(Number),
      openAmount: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(stats.overdue).toBe(overdue.length);
    expect(stats.awaitingConfirmation).toBe(
      (await api('GET', '/api/supplier-orders?status=sent&limit=500')).json().length,
    );

    const pdf = await api('GET', `/api/supplier-orders/${late.id}/print/order`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 403 to a user without the route and lets a viewer read but not change', async () => {
    const outsider = await createUser(t.db, { password: 'no-po-pass' });
    const outsiderCookie = (await signIn(t.app, outsider.username, 'no-po-pass')).cookie;
    expect((await api('GET', '/api/supplier-orders', undefined, outsiderCookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/supplier-orders/stats', undefined, outsiderCookie)).statusCode).toBe(403);
    const denied = await api('POST', '/api/supplier-orders', orderBody([]), outsiderCookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('Недостатньо прав');

    const viewer = await createUser(t.db, { password: 'view-po-pass' });
    const role = (await api('POST', '/api/roles', { name: 'Перегляд замовлень' })).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role.id}/permissions`,
      payload: { permissions: [{ route: '/supplier-orders', canView: true, canAccess: false }] },
      headers: { cookie },
    });
    await replaceUserRoles(t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'view-po-pass')).cookie;
    expect((await api('GET', '/api/supplier-orders', undefined, viewerCookie)).statusCode).toBe(200);
    const [draft] = (await api('GET', '/api/supplier-orders?status=draft')).json();
    expect((await api('GET', `/api/supplier-orders/${draft.id}`, undefined, viewerCookie)).statusCode).toBe(200);
    const write = await api('POST', `/api/supplier-orders/${draft.id}/send`, undefined, viewerCookie);
    expect(write.statusCode).toBe(403);
    expect((await getOrder(draft.id)).status).toBe('draft');
  });
});
