// The scanner's 'Відвантаження' mode (warehouse.md §9): `POST /api/shipments/:id/scan {code}` raises a plain item's
// line by one (by barcode, SKU in any case, or a line of the order not yet on the draft) up to what is left to ship;
// a serial joins its serial-tracked line and is reserved for the draft exactly as PATCH does; an item not on the order,
// an unknown code, a serial already there, a serial not in stock and a posted shipment are refused in Ukrainian; the
// route needs canAccess on /shipments. The ledger's invariants hold throughout.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { orderLines } from '@/modules/orders/server/orders.table.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { serialEvents, serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { itemSuppliers, items } from '@/resources/items/items.table.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { shipmentLines } from './shipments.table.ts';

let f: SalesFixture;

beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const scan = (id: number, code: string, as?: string) => f.api('POST', `/api/shipments/${id}/scan`, { code }, as);
const ledgerOk = async () => expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
const firstOrderLine = async (orderId: number) =>
  (await f.t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)))[0]!.id;
const skuOf = async (id: number) =>
  (await f.t.db.select({ sku: items.sku }).from(items).where(eq(items.id, id)))[0]!.sku;

let serialSeq = 0;
async function serials(itemId: number, count: number, status: 'available' | 'defective' = 'available') {
  const texts = Array.from({ length: count }, () => `SCS-${String(++serialSeq).padStart(5, '0')}`);
  await f.t.db
    .insert(serialNumbers)
    .values(texts.map((serial) => ({ itemId, serial, status, warehouseId: f.warehouseId })));
  return texts;
}
const serialRow = async (serial: string, itemId: number) =>
  (
    await f.t.db
      .select()
      .from(serialNumbers)
      .where(and(eq(serialNumbers.serial, serial), eq(serialNumbers.itemId, itemId)))
  )[0]!;

describe('POST /api/shipments/:id/scan', () => {
  it('adds one unit of a plain item up to what is left to ship and refuses what the order does not hold', async () => {
    const lamp = await f.product({ stock: '10', cost: '60.00' });
    const cable = await f.product({ stock: '10', cost: '5.00' });
    const foreign = await f.product({ stock: '1', cost: '1.00' });
    await f.t.db.update(items).set({ barcode: '4820000000017' }).where(eq(items.id, lamp));
    const orderId = await f.order(
      [
        { itemId: lamp, qty: '3', unitPrice: '100' },
        { itemId: cable, qty: '2', unitPrice: '10' },
      ],
      { confirm: true },
    );
    const created = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    const lampLine = created.lines.find((l: { itemId: number }) => l.itemId === lamp);
    // The picker lists the draft (GET /api/shipments?status=draft).
    const drafts = await ok(await f.api('GET', '/api/shipments?status=draft&limit=100&sort=-shipmentDate'));
    expect(drafts.map((d: { id: number }) => d.id)).toContain(created.id);
    // A partial draft: one lamp, no cable.
    const draft = await ok(
      await f.api('PATCH', `/api/shipments/${created.id}`, {
        version: created.version,
        lines: [
          { id: lampLine.id, qty: '1' },
          { id: created.lines.find((l: { itemId: number }) => l.itemId === cable).id, qty: '0' },
        ],
      }),
    );
    expect(draft.lines).toHaveLength(1);

    // By barcode: +1, the amounts follow the order line's price.
    const first = await ok(await scan(draft.id, '4820000000017'));
    expect(first).toEqual({
      lineId: lampLine.id,
      itemId: lamp,
      sku: await skuOf(lamp),
      name: expect.any(String),
      qty: '2.0000',
      remainingQty: '3.0000',
      serialTracking: false,
      serialCount: 0,
      serial: null,
      version: draft.version + 1,
    });
    const [stored] = await f.t.db.select().from(shipmentLines).where(eq(shipmentLines.id, lampLine.id));
    expect(stored).toMatchObject({ qty: '2.0000', lineNet: '200.00', lineVat: '40.00', lineGross: '240.00' });
    // By SKU in another case, with spaces around: 3 of 3.
    expect((await ok(await scan(draft.id, `  ${(await skuOf(lamp)).toLowerCase()} `))).qty).toBe('3.0000');
    // Beyond what is left to ship: refused, nothing changes.
    const beyond = await scan(draft.id, '4820000000017');
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error).toMatch(/^Більше не замовлено/);
    expect(beyond.json().error).toContain('залишилось відвантажити 3');
    expect((await f.t.db.select().from(shipmentLines).where(eq(shipmentLines.id, lampLine.id)))[0]!.qty).toBe('3.0000');

    // A line of the order not on the draft comes back with 1, found by a supplier's code.
    await f.t.db.insert(itemSuppliers).values({
      itemId: cable,
      supplierId: (await ok(await f.api('GET', '/api/suppliers'))).find(() => true).id,
      supplierSku: 'CAB-77',
    });
    const cableScan = await ok(await scan(draft.id, 'cab-77'));
    expect(cableScan).toMatchObject({ itemId: cable, qty: '1.0000', remainingQty: '2.0000' });
    const doc = await ok(await f.api('GET', `/api/shipments/${draft.id}`));
    expect(doc.lines.map((l: { itemId: number; qty: string }) => [l.itemId, l.qty])).toEqual([
      [lamp, '3.0000'],
      [cable, '1.0000'],
    ]);
    expect(doc.version).toBe(draft.version + 3);

    // An item that is not on the order, and a code that finds nothing.
    const notOnOrder = await scan(draft.id, await skuOf(foreign));
    expect(notOnOrder.statusCode).toBe(409);
    expect(notOnOrder.json().error).toBe(`Товару ${await skuOf(foreign)} немає в замовленні ${doc.orderNumber}`);
    const nothing = await scan(draft.id, 'NO-SUCH-CODE-1');
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().error).toBe('Нічого не знайдено за кодом NO-SUCH-CODE-1');
    expect((await scan(draft.id, '   ')).statusCode).toBe(400);
    expect((await scan(999999, '4820000000017')).statusCode).toBe(404);

    // Every scan is audited as an update of the shipment.
    const audited = await f.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'shipments'), eq(auditLog.entityId, String(draft.id))));
    expect(audited.filter((a) => a.action === 'update').length).toBeGreaterThanOrEqual(4);

    // The scanned draft posts; a posted shipment takes no more scans.
    await ok(await f.api('POST', `/api/shipments/${draft.id}/post`));
    const posted = await scan(draft.id, '4820000000017');
    expect(posted.statusCode).toBe(409);
    expect(posted.json().error).toBe('Відвантаження вже проведено');
    await ledgerOk();
  });

  it('adds a scanned serial to its line and reserves it, raising the qty only within the order', async () => {
    const meter = await f.product({ stock: '4', cost: '250.00', serialTracking: true });
    const [a, b, c] = await serials(meter, 3);
    const [broken] = await serials(meter, 1, 'defective');
    const orderId = await f.order([{ itemId: meter, qty: '2', unitPrice: '400' }], { confirm: true });
    const created = await ok(
      await f.api('POST', '/api/shipments', {
        orderId,
        lines: [{ orderLineId: await firstOrderLine(orderId), qty: '1' }],
      }),
      201,
    );
    const lineId = created.lines[0].id as number;

    // The item's own code is not enough: a serial-tracked item needs its serial.
    const bySku = await scan(created.id, await skuOf(meter));
    expect(bySku.statusCode).toBe(409);
    expect(bySku.json().error).toContain('відскануйте його серійний номер');
    // A serial not in stock is refused and stays as it was.
    const defective = await scan(created.id, broken!);
    expect(defective.statusCode).toBe(409);
    expect(defective.json().error).toContain(`Серійний номер ${broken} недоступний`);
    expect((await serialRow(broken!, meter)).status).toBe('defective');

    // The first serial (any case) fills the line's one unit: reserved for this draft, as PATCH does.
    const one = await ok(await scan(created.id, a!.toLowerCase()));
    expect(one).toMatchObject({ lineId, qty: '1.0000', serialTracking: true, serialCount: 1, serial: a });
    expect(await serialRow(a!, meter)).toMatchObject({ status: 'reserved', shipmentId: created.id });
    const events = await f.t.db
      .select({ event: serialEvents.event, documentNumber: serialEvents.documentNumber })
      .from(serialEvents)
      .where(eq(serialEvents.serialId, (await serialRow(a!, meter)).id));
    expect(events).toContainEqual({ event: 'reserved', documentNumber: created.number });
    // The same serial again is refused.
    const again = await scan(created.id, a!);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Серійний номер ${a} уже є в цьому відвантаженні`);

    // Every unit has its serial: the next serial adds a unit too (2 of 2 ordered).
    const two = await ok(await scan(created.id, b!));
    expect(two).toMatchObject({ lineId, qty: '2.0000', serialCount: 2, serial: b, remainingQty: '2.0000' });
    expect((await serialRow(b!, meter)).status).toBe('reserved');
    // A third is beyond the order: refused, the serial stays in stock.
    const third = await scan(created.id, c!);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatch(/^Більше не замовлено/);
    expect(await serialRow(c!, meter)).toMatchObject({ status: 'available', shipmentId: null });

    // The scanned draft posts: the two serials are sold to the client.
    const posted = await ok(await f.api('POST', `/api/shipments/${created.id}/post`));
    expect(posted.lines[0].serials.map((s: { serial: string }) => s.serial).sort()).toEqual([a, b]);
    expect(await serialRow(a!, meter)).toMatchObject({ status: 'sold', clientId: f.clientId });
    await ledgerOk();
  });

  it('needs canAccess on /shipments', async () => {
    const item = await f.product({ stock: '2', cost: '1.00' });
    const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '2' }], { confirm: true });
    const draft = await ok(
      await f.api('POST', '/api/shipments', {
        orderId,
        lines: [{ orderLineId: await firstOrderLine(orderId), qty: '1' }],
      }),
      201,
    );
    const viewer = await createUser(f.t.db, { password: 'scan-view-pass' });
    const role = (await f.api('POST', '/api/roles', { name: 'Перегляд відвантажень (сканер)' })).json();
    await ok(
      await f.api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [
          { route: '/shipments', canView: true, canAccess: false },
          { route: '/scanner', canView: true, canAccess: true },
        ],
      }),
    );
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const viewerCookie = (await signIn(f.t.app, viewer.username, 'scan-view-pass')).cookie;
    const refused = await scan(draft.id, await skuOf(item), viewerCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Недостатньо прав');
    const outsider = await createUser(f.t.db, { password: 'scan-none-pass' });
    const outsiderCookie = (await signIn(f.t.app, outsider.username, 'scan-none-pass')).cookie;
    expect((await scan(draft.id, await skuOf(item), outsiderCookie)).statusCode).toBe(403);
    expect((await f.t.app.inject({ method: 'POST', url: `/api/shipments/${draft.id}/scan` })).statusCode).toBe(401);
    // Nothing changed; the admin's scan goes through.
    expect((await ok(await f.api('GET', `/api/shipments/${draft.id}`))).lines[0].qty).toBe('1.0000');
    expect((await ok(await scan(draft.id, await skuOf(item)))).qty).toBe('2.0000');
    await ledgerOk();
  });
});
