// Shipments (sales.md §3 "Done means"): a partial shipment posts −2 at the average and makes the order partially
// shipped, a second draft beyond the rest is refused; serial-tracked lines need exactly qty serials, which are sold
// to the client and come back on cancel together with the stock and the order's status; services post without
// movements; the print forms; validation; permissions. The ledger's invariants hold after every step.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { serialEvents, serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockBalances, stockMovements, stockReservations } from '@/modules/stock/server/stock.table.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { deleteDraftShipmentsOfOrder } from './shipments.write.ts';
import { trackingUrlOf } from './shipments.read.ts';

let f: SalesFixture;

beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const orderStatus = async (id: number) =>
  (await f.t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
const balance = async (itemId: number) =>
  (
    await f.t.db
      .select()
      .from(stockBalances)
      .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, f.warehouseId)))
  )[0]!;
const ledgerOk = async () => expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });

let serialSeq = 0;
/** Serials in stock for a serial-tracked product (as a receipt would have registered them). */
async function serials(itemId: number, count: number): Promise<string[]> {
  const texts = Array.from({ length: count }, () => `SN-${String(++serialSeq).padStart(5, '0')}`);
  await f.t.db
    .insert(serialNumbers)
    .values(texts.map((serial) => ({ itemId, serial, status: 'available' as const, warehouseId: f.warehouseId })));
  return texts;
}
const serialRow = async (serial: string, itemId: number) =>
  (
    await f.t.db
      .select()
      .from(serialNumbers)
      .where(and(eq(serialNumbers.serial, serial), eq(serialNumbers.itemId, itemId)))
  )[0]!;

describe('shipments', () => {
  it('posts 2 of 5 at the average cost, makes the order partially shipped, and refuses a second draft for 4', async () => {
    const item = await f.product({ stock: '10', cost: '60.00' });
    const orderId = await f.order([{ itemId: item, qty: '5', unitPrice: '100' }], { confirm: true });
    expect(await orderStatus(orderId)).toBe('confirmed');

    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    expect(draft).toMatchObject({
      status: 'draft',
      number: expect.stringMatching(/^SHP-\d{4}-\d{5}$/),
      orderId,
      warehouseId: f.warehouseId,
      waybillState: 'none',
      deliveryStatus: 'none',
    });
    expect(draft.lines).toHaveLength(1);
    expect(draft.lines[0]).toMatchObject({ qty: '5.0000', remainingQty: '5.0000', reservedQty: '5.0000' });
    // A second draft of 4, made while 5 are still to ship.
    const second = await ok(
      await f.api('POST', '/api/shipments', {
        orderId,
        lines: [{ orderLineId: draft.lines[0].orderLineId, qty: '4' }],
      }),
      201,
    );
    expect(second.lines[0].qty).toBe('4.0000');

    // The user lowers the first to 2: the amounts follow the order line's price (VAT-paying company, 20 %).
    const lowered = await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: draft.version,
        lines: [{ id: draft.lines[0].id, qty: '2' }],
      }),
    );
    expect(lowered.lines[0]).toMatchObject({ qty: '2.0000', lineNet: '200.00', lineVat: '40.00', lineGross: '240.00' });
    expect(lowered).toMatchObject({ totalNet: '200.00', totalVat: '40.00', totalGross: '240.00' });

    const posted = await ok(await f.api('POST', `/api/shipments/${draft.id}/post`, { version: lowered.version }));
    expect(posted.status).toBe('posted');
    expect(posted.lines[0].unitCost).toBe('60.000000');
    const moves = await f.t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'shipment'), eq(stockMovements.documentId, draft.id)));
    expect(moves.map((m) => [m.qty, m.unitCost, m.value, m.documentNumber])).toEqual([
      ['-2.0000', '60.000000', '-120.00', draft.number],
    ]);
    // The movement shows under the shipment's number on /component-movement.
    const movementPage = await ok(await f.api('GET', `/api/component-movement?itemId=${item}&limit=50`));
    expect(JSON.stringify(movementPage)).toContain(draft.number);
    expect(await orderStatus(orderId)).toBe('partially_shipped');
    // The reservation was consumed by 2; 3 stay reserved for the order line.
    expect(await balance(item)).toMatchObject({ onHand: '8.0000', reserved: '3.0000' });
    await ledgerOk();

    // Posting the second draft for 4 is refused: only 3 remain. Nothing changes.
    const refused = await f.api('POST', `/api/shipments/${second.id}/post`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('залишилось відвантажити лише 3');
    expect((await ok(await f.api('GET', `/api/shipments/${second.id}`))).status).toBe('draft');
    // Raising a draft above the rest is refused at once too.
    const raise = await f.api('PATCH', `/api/shipments/${second.id}`, {
      version: second.version,
      lines: [{ id: second.lines[0].id, qty: '4' }],
    });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().fields['lines.0.qty']).toContain('лише 3');

    // Posting a posted shipment is a 409 that changes nothing.
    const again = await f.api('POST', `/api/shipments/${draft.id}/post`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Відвантаження вже проведено');
    expect(await balance(item)).toMatchObject({ onHand: '8.0000' });

    // The rest ships: the order is shipped.
    const rest = await ok(
      await f.api('PATCH', `/api/shipments/${second.id}`, {
        version: second.version,
        lines: [{ id: second.lines[0].id, qty: '3' }],
      }),
    );
    await ok(await f.api('POST', `/api/shipments/${second.id}/post`, { version: rest.version }));
    expect(await orderStatus(orderId)).toBe('shipped');
    expect(await balance(item)).toMatchObject({ onHand: '5.0000', reserved: '0.0000' });
    // A shipped order cannot be shipped again.
    const none = await f.api('POST', '/api/shipments', { orderId });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toContain('у статусі «Відвантажено» відвантажити не можна');
    await ledgerOk();
    // Every step is in the audit log.
    const actions = (
      await f.t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, String(draft.id)))
    )
      .filter(Boolean)
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'update', 'post']));
  });

  it('needs exactly qty serials, sells them to the client, and cancelling brings back stock, serials and the order status', async () => {
    const item = await f.product({ stock: '3', cost: '250.00', serialTracking: true });
    const [a, b, c] = await serials(item, 3);
    const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '400' }], { confirm: true });
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    const line = draft.lines[0];
    expect(line.serialTracking).toBe(true);

    // Without serials the posting is refused and names the line.
    const noSerials = await f.api('POST', `/api/shipments/${draft.id}/post`);
    expect(noSerials.statusCode).toBe(409);
    expect(noSerials.json().error).toContain('потрібно 2 серійні номери, вибрано 0');

    // An unknown serial and too many serials are refused.
    const unknown = await f.api('PATCH', `/api/shipments/${draft.id}`, {
      version: draft.version,
      lines: [{ id: line.id, serials: ['NO-SUCH-1'] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields['lines.0.serials']).toContain('NO-SUCH-1');
    const tooMany = await f.api('PATCH', `/api/shipments/${draft.id}`, {
      version: draft.version,
      lines: [{ id: line.id, serials: [a, b, c] }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields['lines.0.serials']).toContain('більше, ніж 2');

    // One scanned (any case): reserved for this draft; one is still not enough to post.
    const one = await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: draft.version,
        lines: [{ id: line.id, serials: [a!.toLowerCase()] }],
      }),
    );
    expect(one.lines[0].serials.map((s: { serial: string }) => s.serial)).toEqual([a]);
    expect((await serialRow(a!, item)).status).toBe('reserved');
    const short = await f.api('POST', `/api/shipments/${draft.id}/post`, { version: one.version });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toContain('вибрано 1');

    // A reserved serial cannot go on another draft.
    const other = await ok(
      await f.api('POST', '/api/shipments', { orderId, lines: [{ orderLineId: line.orderLineId, qty: '1' }] }),
      201,
    );
    const taken = await f.api('PATCH', `/api/shipments/${other.id}`, {
      version: other.version,
      lines: [{ id: other.lines[0].id, serials: [a] }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toContain('Зарезервовано');
    // Deleting a draft gives its serials back.
    const withB = await ok(
      await f.api('PATCH', `/api/shipments/${other.id}`, {
        version: other.version,
        lines: [{ id: other.lines[0].id, serials: [b] }],
      }),
    );
    expect((await serialRow(b!, item)).status).toBe('reserved');
    expect((await f.api('DELETE', `/api/shipments/${other.id}`)).statusCode).toBe(204);
    expect(withB.id).toBe(other.id);
    expect((await serialRow(b!, item)).status).toBe('available');
    expect((await f.api('GET', `/api/shipments/${other.id}`)).statusCode).toBe(404);

    // Exactly two (by id and by text): posted, the serials sold to the client on the shipment date.
    const two = await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: one.version,
        lines: [{ id: line.id, serialIds: [(await serialRow(a!, item)).id], serials: [b] }],
      }),
    );
    const posted = await ok(await f.api('POST', `/api/shipments/${draft.id}/post`, { version: two.version }));
    expect(posted.lines[0].unitCost).toBe('250.000000');
    for (const serial of [a!, b!]) {
      const row = await serialRow(serial, item);
      expect(row).toMatchObject({ status: 'sold', clientId: f.clientId, shipmentId: draft.id, warehouseId: null });
      expect(row.soldAt?.toISOString().slice(0, 10)).toBe(draft.shipmentDate);
    }
    expect((await serialRow(c!, item)).status).toBe('available');
    const events = await f.t.db
      .select({ event: serialEvents.event, documentNumber: serialEvents.documentNumber })
      .from(serialEvents)
      .where(eq(serialEvents.serialId, (await serialRow(a!, item)).id));
    expect(events).toEqual(
      expect.arrayContaining([
        { event: 'reserved', documentNumber: draft.number },
        { event: 'sold', documentNumber: draft.number },
      ]),
    );
    expect(await orderStatus(orderId)).toBe('shipped');
    expect(await balance(item)).toMatchObject({ onHand: '1.0000', reserved: '0.0000' });
    await ledgerOk();

    // Cancel: a reason is required; then the stock, the serials and the order come back.
    expect((await f.api('POST', `/api/shipments/${draft.id}/cancel`, { reason: ' ' })).statusCode).toBe(400);
    const cancelled = await ok(
      await f.api('POST', `/api/shipments/${draft.id}/cancel`, { reason: 'Клієнт повернув товар' }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Клієнт повернув товар' });
    for (const serial of [a!, b!]) {
      expect(await serialRow(serial, item)).toMatchObject({
        status: 'available',
        clientId: null,
        shipmentId: null,
        warehouseId: f.warehouseId,
      });
    }
    expect(await orderStatus(orderId)).toBe('confirmed');
    // The stock is back and held for the order again.
    expect(await balance(item)).toMatchObject({ onHand: '3.0000', reserved: '2.0000' });
    const reversals = await f.t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'shipment'), eq(stockMovements.documentId, draft.id)));
    expect(reversals.map((m) => m.qty).sort()).toEqual(['-2.0000', '2.0000']);
    await ledgerOk();
    // A cancelled shipment is terminal.
    expect((await f.api('POST', `/api/shipments/${draft.id}/cancel`, { reason: 'ще раз' })).statusCode).toBe(409);
    expect(
      (await f.api('PATCH', `/api/shipments/${draft.id}`, { version: cancelled.version, notes: 'x' })).statusCode,
    ).toBe(409);
  });

  it('deletes the drafts of an order being cancelled and gives their serials back', async () => {
    const item = await f.product({ stock: '2', cost: '10.00', serialTracking: true });
    const [a] = await serials(item, 1);
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '20' }], { confirm: true });
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: draft.version,
        lines: [{ id: draft.lines[0].id, serials: [a] }],
      }),
    );
    expect((await serialRow(a!, item)).status).toBe('reserved');
    const deleted = await f.t.db.transaction((tx) => deleteDraftShipmentsOfOrder(tx, { userId: f.adminId }, orderId));
    expect(deleted).toBe(1);
    expect((await f.api('GET', `/api/shipments/${draft.id}`)).statusCode).toBe(404);
    expect((await serialRow(a!, item)).status).toBe('available');
  });

  it('posts service lines without movements and prints an act for a services-only shipment', async () => {
    const product = await f.product({ stock: '5', cost: '10.00' });
    const service = (
      await ok(
        await f.api('POST', '/api/products', {
          kind: 'service',
          sku: 'SRV-SETUP',
          name: 'Налаштування приладу',
          unitId: f.unitId,
        }),
        201,
      )
    ).id as number;
    const orderId = await f.order(
      [
        { itemId: product, qty: '1', unitPrice: '50' },
        { itemId: service, qty: '1', unitPrice: '300' },
      ],
      { confirm: true },
    );
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    expect(draft.lines.map((l: { itemKind: string }) => l.itemKind)).toEqual(['product', 'service']);
    const note = await f.api('GET', `/api/shipments/${draft.id}/print/goods-issue-note`);
    expect(note.headers['content-type']).toContain('application/pdf');
    const noteText = pdfText(note.rawPayload);
    expect(noteText).toContain('Видаткова накладна');
    expect(noteText).toContain(draft.number);
    expect(noteText).toContain('Постачальник');
    expect(noteText).toContain('Покупець');
    expect(noteText).toContain('ТОВ «Енергоплюс»');
    expect(noteText).toContain('Замовлення');
    expect(noteText).toContain('Налаштування приладу');
    // 50 + 300 net, 20 % VAT: 420.00 in words.
    expect(noteText).toContain('Чотириста двадцять гривень 00 копійок');
    expect(noteText).toContain('Отримав(ла)');
    expect(noteText).toContain('За довіреністю');

    const posted = await ok(await f.api('POST', `/api/shipments/${draft.id}/post`));
    const [productLine, serviceLine] = posted.lines;
    expect(productLine.unitCost).toBe('10.000000');
    expect(serviceLine.unitCost).toBeNull();
    const moves = await f.t.db
      .select({ itemId: stockMovements.itemId })
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'shipment'), eq(stockMovements.documentId, draft.id)));
    expect(moves).toEqual([{ itemId: product }]);
    expect(await orderStatus(orderId)).toBe('shipped');
    await ledgerOk();

    // Only services: 'Акт надання послуг'.
    const serviceOrder = await f.order([{ itemId: service, qty: '2', unitPrice: '300' }], { confirm: true });
    const act = await ok(await f.api('POST', '/api/shipments', { orderId: serviceOrder }), 201);
    const actText = pdfText((await f.api('GET', `/api/shipments/${act.id}/print/goods-issue-note`)).rawPayload);
    expect(actText).toContain('Акт надання послуг');
    expect(actText).not.toContain('Видаткова накладна');
  });

  it('prints the packing list with items and serials and no prices', async () => {
    const item = await f.product({ stock: '2', cost: '100.00', serialTracking: true });
    const [a] = await serials(item, 1);
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '777.77' }], { confirm: true });
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: draft.version,
        lines: [{ id: draft.lines[0].id, serials: [a] }],
      }),
    );
    const pdf = await f.api('GET', `/api/shipments/${draft.id}/print/packing-list`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Пакувальний лист');
    expect(text).toContain(a);
    expect(text).toContain(draft.lines[0].sku);
    expect(text).not.toContain('777');
  });

  it('lists with filters and search, counts the cards, and offers the orders left to ship', async () => {
    const item = await f.product({ stock: '20', cost: '5.00' });
    const orderId = await f.order([{ itemId: item, qty: '4', unitPrice: '9' }], { confirm: true });
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    const offered = await ok(await f.api('GET', '/api/shipments/shippable-orders?search=Енерго'));
    expect(offered.map((o: { id: number }) => o.id)).toContain(orderId);

    const byOrder = await f.api('GET', `/api/shipments?orderId=${orderId}`);
    expect(byOrder.headers['x-total-count']).toBe('1');
    expect(byOrder.json()[0]).toMatchObject({
      id: draft.id,
      clientName: 'Енергоплюс',
      totalGross: '43.20',
      lineCount: 1,
      status: 'draft',
    });
    const bySearch = await ok(await f.api('GET', `/api/shipments?search=${encodeURIComponent(draft.number)}`));
    expect(bySearch.map((s: { id: number }) => s.id)).toEqual([draft.id]);
    const orderNumber = (await f.t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.orderNumber;
    const byOrderNumber = await ok(await f.api('GET', `/api/shipments?search=${orderNumber}`));
    expect(byOrderNumber.map((s: { id: number }) => s.id)).toEqual([draft.id]);
    const drafts = await ok(await f.api('GET', `/api/shipments?status=draft&clientId=${f.clientId}&limit=500`));
    expect(drafts.every((s: { status: string }) => s.status === 'draft')).toBe(true);
    expect(drafts.some((s: { id: number }) => s.id === draft.id)).toBe(true);
    const posted = await ok(await f.api('GET', '/api/shipments?status=posted,cancelled&sort=-number'));
    expect(posted.some((s: { id: number }) => s.id === draft.id)).toBe(false);
    const dated = await ok(await f.api('GET', `/api/shipments?dateFrom=2999-01-01`));
    expect(dated).toEqual([]);
    expect((await f.api('GET', '/api/shipments?status=bogus')).statusCode).toBe(400);

    const stats = await ok(await f.api('GET', '/api/shipments/stats'));
    expect(stats.draftsToShip).toBeGreaterThanOrEqual(1);
    expect(stats).toMatchObject({ inTransit: 0, problems: 0, weekStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    // Another carrier: the number and the delivery status by hand, the tracking link from its template.
    const [pickup] = (await ok(await f.api('GET', '/api/carriers?search=Укрпошта'))) as Array<{ id: number }>;
    // A template becomes a link users click: javascript: and data: are refused (issue 19 §6).
    for (const template of ['javascript:alert(1)//{number}', 'data:text/html,<b>{number}</b>', 'ftp://x/{number}']) {
      const refused = await f.api('PATCH', `/api/carriers/${pickup!.id}`, { trackingUrlTemplate: template });
      expect(refused.statusCode, template).toBe(400);
      expect(refused.json().error).toContain('http:// або https://');
    }
    expect(trackingUrlOf('javascript:alert(1)//{number}', 'X1')).toBeNull();
    expect(trackingUrlOf('HTTPS://t.example/{number}', 'a b')).toBe('HTTPS://t.example/a%20b');
    await ok(
      await f.api('PATCH', `/api/carriers/${pickup!.id}`, {
        trackingUrlTemplate: 'https://track.ukrposhta.ua/{number}',
      }),
    );
    const withCarrier = await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: draft.version,
        carrierId: pickup!.id,
        trackingNumber: 'RB123456789UA',
      }),
    );
    expect(withCarrier.trackingUrl).toBe('https://track.ukrposhta.ua/RB123456789UA');
    const early = await f.api('PATCH', `/api/shipments/${draft.id}`, {
      version: withCarrier.version,
      deliveryStatus: 'delivered',
    });
    expect(early.statusCode).toBe(409);
    const postedDoc = await ok(await f.api('POST', `/api/shipments/${draft.id}/post`));
    const delivered = await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, { version: postedDoc.version, deliveryStatus: 'delivered' }),
    );
    expect(delivered).toMatchObject({ deliveryStatus: 'delivered', deliveryStatusText: 'Отримано' });
    expect(delivered.deliveredAt).not.toBeNull();
    expect(delivered.trackingHistory.at(-1)).toMatchObject({ status: 'delivered', text: 'Отримано' });
    const week = await ok(await f.api('GET', `/api/shipments/stats`));
    expect(week.deliveredThisWeek).toBeGreaterThanOrEqual(1);
    const deliveredList = await ok(
      await f.api('GET', `/api/shipments?deliveryStatus=delivered&deliveredFrom=${week.weekStart}`),
    );
    expect(deliveredList.map((s: { id: number }) => s.id)).toContain(draft.id);
    // Tracking by hand is refused for other carriers.
    expect((await f.api('POST', `/api/shipments/${draft.id}/track`)).statusCode).toBe(409);
    await ledgerOk();
  });

  it('validates input and refuses what the state does not allow', async () => {
    const item = await f.product({ stock: '5', cost: '1.00' });
    const draftOrder = await f.order([{ itemId: item, qty: '1', unitPrice: '2' }]);
    const notConfirmed = await f.api('POST', '/api/shipments', { orderId: draftOrder });
    expect(notConfirmed.statusCode).toBe(409);
    expect(notConfirmed.json().error).toContain('«Чернетка»');
    expect((await f.api('POST', '/api/shipments', { orderId: 999999 })).statusCode).toBe(404);
    expect((await f.api('POST', '/api/shipments', {})).statusCode).toBe(400);
    const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '2' }], { confirm: true });
    // A quantity is a decimal string, never a JSON number.
    const number = await f.api('POST', '/api/shipments', { orderId, lines: [{ orderLineId: 1, qty: 2 }] });
    expect(number.statusCode).toBe(400);
    const otherLine = await f.api('POST', '/api/shipments', { orderId, lines: [{ orderLineId: 999999, qty: '1' }] });
    expect(otherLine.statusCode).toBe(400);
    expect(otherLine.json().fields['lines.0.orderLineId']).toBe('Рядок не належить цьому замовленню');
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    // A lost update: the version read is stale.
    await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, { version: draft.version, notes: 'Пакувати в плівку' }),
    );
    const stale = await f.api('PATCH', `/api/shipments/${draft.id}`, { version: draft.version, notes: 'інше' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');
    const stalePost = await f.api('POST', `/api/shipments/${draft.id}/post`, { version: draft.version });
    expect(stalePost.statusCode).toBe(409);
    // The last line cannot be removed; a bad phone is refused in Ukrainian.
    const fresh = await ok(await f.api('GET', `/api/shipments/${draft.id}`));
    const empty = await f.api('PATCH', `/api/shipments/${draft.id}`, {
      version: fresh.version,
      lines: [{ id: fresh.lines[0].id, qty: '0' }],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('У відвантаженні має залишитися хоча б один рядок');
    const phone = await f.api('PATCH', `/api/shipments/${draft.id}`, { version: fresh.version, recipientPhone: '12' });
    expect(phone.statusCode).toBe(400);
    // Cancelling a draft, deleting a posted one: refused.
    expect((await f.api('POST', `/api/shipments/${draft.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    await ok(await f.api('POST', `/api/shipments/${draft.id}/post`));
    const deletePosted = await f.api('DELETE', `/api/shipments/${draft.id}`);
    expect(deletePosted.statusCode).toBe(409);
    // A posted shipment keeps its lines.
    const postedDoc = await ok(await f.api('GET', `/api/shipments/${draft.id}`));
    const lines = await f.api('PATCH', `/api/shipments/${draft.id}`, {
      version: postedDoc.version,
      lines: [{ id: postedDoc.lines[0].id, qty: '1' }],
    });
    expect(lines.statusCode).toBe(409);
    // Nova Poshta actions on a shipment without a Nova Poshta carrier or without a waybill are refused.
    await ok(await f.api('PATCH', `/api/shipments/${draft.id}`, { version: postedDoc.version, carrierId: null }));
    expect((await f.api('POST', `/api/shipments/${draft.id}/np-waybill`)).statusCode).toBe(409);
    expect((await f.api('GET', `/api/shipments/${draft.id}/np-label`)).statusCode).toBe(409);
    expect((await f.api('GET', `/api/shipments/${draft.id}/np-label?format=a5`)).statusCode).toBe(400);
    expect((await f.api('GET', '/api/shipments/abc')).statusCode).toBe(400);
    const reservations = await f.t.db.select().from(stockReservations).where(eq(stockReservations.itemId, item));
    expect(reservations).toEqual([]);
    await ledgerOk();
  });

  it('answers 403 without the route and lets a viewer read but not change', async () => {
    const item = await f.product({ stock: '2', cost: '1.00' });
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '2' }], { confirm: true });
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    const outsider = await createUser(f.t.db, { password: 'no-shp-pass' });
    const outsiderCookie = (await signIn(f.t.app, outsider.username, 'no-shp-pass')).cookie;
    expect((await f.api('GET', '/api/shipments', undefined, outsiderCookie)).statusCode).toBe(403);
    expect((await f.api('GET', '/api/shipments/stats', undefined, outsiderCookie)).statusCode).toBe(403);
    expect((await f.api('POST', '/api/shipments', { orderId }, outsiderCookie)).statusCode).toBe(403);
    expect((await f.api('GET', '/api/shipments')).statusCode).toBe(200);
    expect((await f.t.app.inject({ method: 'GET', url: '/api/shipments' })).statusCode).toBe(401);

    const viewer = await createUser(f.t.db, { password: 'view-shp-pass' });
    const role = (await f.api('POST', '/api/roles', { name: 'Перегляд відвантажень' })).json();
    await ok(
      await f.api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [{ route: '/shipments', canView: true, canAccess: false }],
      }),
    );
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(f.t.app, viewer.username, 'view-shp-pass')).cookie;
    expect((await f.api('GET', `/api/shipments/${draft.id}`, undefined, viewerCookie)).statusCode).toBe(200);
    expect(
      (await f.api('GET', `/api/shipments/${draft.id}/print/packing-list`, undefined, viewerCookie)).statusCode,
    ).toBe(200);
    const post = await f.api('POST', `/api/shipments/${draft.id}/post`, undefined, viewerCookie);
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toBe('Недостатньо прав');
    expect((await f.api('DELETE', `/api/shipments/${draft.id}`, undefined, viewerCookie)).statusCode).toBe(403);
    expect((await ok(await f.api('GET', `/api/shipments/${draft.id}`))).status).toBe('draft');
  });
});
