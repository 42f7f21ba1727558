// Sales lines entered in another unit of the stock unit's type (reference-data.md §1 'Conversion', issue 22 #13): an
// order of 2,5 кг at 400,00 per кг of an item kept in grams totals 1 000,00 and reserves 2 500 г; its shipment
// issues 2 500 г from the ledger and shows 2,5 кг; a part that does not convert back is shown in grams at the price
// per gram; a unit of another type and another unit of a serial-tracked item are refused on the line's unit; editing,
// closing short and copying keep the unit; the invoice and its letter show the line as ordered.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/modules/email-settings/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockMovements } from '@/modules/stock/server/stock.table.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';

let f: SalesFixture;
let unit: Map<string, number>;

beforeAll(async () => {
  f = await createSalesFixture();
  unit = await resourceEngine.idsByLabel(f.t.db, '/units');
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const ledgerOk = async () => expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
/** A product kept in grams with 5 000 г in stock. */
const inGrams = () => f.product({ stock: '5000', cost: '0.30', unitId: unit.get('г')! });
const createOrder = async (lines: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) =>
  f.api('POST', '/api/orders', { orderDate: '2026-11-10', clientId: f.clientId, lines, ...extra });

describe('sales lines in another unit', () => {
  it('orders 2,5 кг at 400,00 per кг as 2 500 г: total 1 000,00, 2 500 г reserved, shipped and shown in кг', async () => {
    const item = await inGrams();
    const units = await ok(await f.api('GET', `/api/orders/item-units?itemId=${item}`));
    expect(units.stockUnit).toMatchObject({ shortName: 'г' });
    expect(units.units.map((u: { shortName: string }) => u.shortName)).toContain('кг');

    const draft = await ok(
      await createOrder([{ itemId: item, qty: '2.5', unitId: unit.get('кг'), unitPrice: '400', vatRate: '20' }]),
      201,
    );
    expect(draft.lines[0]).toMatchObject({
      qty: '2500.0000',
      enteredQty: '2.5000',
      enteredUnitId: unit.get('кг'),
      enteredUnitShortName: 'кг',
      unitShortName: 'г',
      unitPrice: '400.000000',
      lineNet: '1000.00',
      lineVat: '200.00',
      lineGross: '1200.00',
    });
    expect(draft).toMatchObject({ totalNet: '1000.00', totalGross: '1200.00' });

    const invoice = pdfText((await f.api('GET', `/api/orders/${draft.id}/print/invoice`)).rawPayload);
    expect(invoice).toMatch(/кг\s*2,5\s*400,00\s*1\s000,00/);

    const confirmed = await ok(await f.api('POST', `/api/orders/${draft.id}/confirm`, { version: draft.version }));
    expect(confirmed.lines[0]).toMatchObject({ reservedQty: '2500.0000', remainingQty: '2500.0000' });

    // A header change keeps the line as entered.
    const edited = await ok(
      await f.api('PATCH', `/api/orders/${draft.id}`, { version: confirmed.version, notes: 'Терміново' }),
    );
    expect(edited.lines[0]).toMatchObject({ qty: '2500.0000', enteredQty: '2.5000', lineNet: '1000.00' });

    const shipment = await ok(await f.api('POST', '/api/shipments', { orderId: draft.id }), 201);
    expect(shipment.lines[0]).toMatchObject({
      qty: '2500.0000',
      enteredQty: '2.5000',
      enteredUnitShortName: 'кг',
      unitPrice: '400.000000',
      lineNet: '1000.00',
      remainingQty: '2500.0000',
    });
    const posted = await ok(await f.api('POST', `/api/shipments/${shipment.id}/post`, { version: shipment.version }));
    expect(posted.status).toBe('posted');
    const moves = await f.t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'shipment'), eq(stockMovements.documentId, shipment.id)));
    expect(moves.map((m) => [m.qty, m.unitCost, m.value])).toEqual([['-2500.0000', '0.300000', '-750.00']]);
    const note = pdfText((await f.api('GET', `/api/shipments/${shipment.id}/print/goods-issue-note`)).rawPayload);
    expect(note).toMatch(/кг\s*2,5\s*400,00/);
    const after = await ok(await f.api('GET', `/api/orders/${draft.id}`));
    expect(after.status).toBe('shipped');
    expect(after.lines[0]).toMatchObject({ shippedQty: '2500.0000', remainingQty: '0.0000', reservedQty: '0.0000' });
    await ledgerOk();
  });

  it('ships a part in кг when it converts back, else in grams at the price per gram; editing and closing short keep it', async () => {
    const item = await inGrams();
    const order = await ok(
      await createOrder([{ itemId: item, qty: '2.5', unitId: unit.get('кг'), unitPrice: '400', vatRate: '0' }]),
      201,
    );
    await ok(await f.api('POST', `/api/orders/${order.id}/confirm`));
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId: order.id }), 201);
    const odd = await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: draft.version,
        lines: [{ id: draft.lines[0].id, qty: '0.25' }],
      }),
    );
    expect(odd.lines[0]).toMatchObject({
      qty: '0.2500',
      enteredQty: '0.2500',
      enteredUnitId: null,
      unitPrice: '0.400000',
      lineNet: '0.10',
    });
    // Typed in the order line's unit it converts; another unit is refused on the line's unit.
    const tonnes = await f.api('PATCH', `/api/shipments/${draft.id}`, {
      version: odd.version,
      lines: [{ id: draft.lines[0].id, qty: '0.001', unitId: unit.get('т') }],
    });
    expect(tonnes.statusCode).toBe(400);
    expect(tonnes.json().fields).toEqual({
      'lines.0.unitId': 'Кількість рядка вказують в одиниці рядка замовлення або в обліковій одиниці позиції',
    });
    const kilo = await ok(
      await f.api('PATCH', `/api/shipments/${draft.id}`, {
        version: odd.version,
        lines: [{ id: draft.lines[0].id, qty: '1', unitId: unit.get('кг') }],
      }),
    );
    expect(kilo.lines[0]).toMatchObject({ qty: '1000.0000', enteredQty: '1.0000', unitPrice: '400.000000' });
    expect(kilo.lines[0]).toMatchObject({ enteredUnitShortName: 'кг', lineNet: '400.00' });
    await ok(await f.api('POST', `/api/shipments/${draft.id}/post`, { version: kilo.version }));

    // Below what was shipped (compared in grams) is refused, with the stock unit named.
    const current = await ok(await f.api('GET', `/api/orders/${order.id}`));
    const below = await f.api('PATCH', `/api/orders/${order.id}`, {
      version: current.version,
      lines: [{ id: current.lines[0].id, itemId: item, qty: '0.5', unitId: unit.get('кг'), unitPrice: '400' }],
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields['lines.0.qty']).toBe('Не менше вже відвантаженої кількості (1000 г)');

    // 'Закрити з недовантаженням': the line is cut to 1 000 г — 1 кг at 400,00.
    const closed = await ok(
      await f.api('POST', `/api/orders/${order.id}/close`, { version: current.version, reason: 'Клієнт відмовився' }),
    );
    expect(closed.lines[0]).toMatchObject({ qty: '1000.0000', enteredQty: '1.0000', lineNet: '400.00' });
    expect(closed.totalNet).toBe('400.00');

    // A copy is ordered as entered.
    const copy = await ok(await f.api('POST', `/api/orders/${order.id}/copy`), 201);
    expect(copy.lines[0]).toMatchObject({ qty: '1000.0000', enteredQty: '1.0000', enteredUnitShortName: 'кг' });
    await ledgerOk();
  });

  it('refuses a unit of another type and another unit of a serial-tracked item on the line', async () => {
    const item = await inGrams();
    const wrong = await createOrder([{ itemId: item, qty: '2', unitId: unit.get('шт'), unitPrice: '1' }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      'lines.0.unitId': 'Одиниця «шт» іншого типу, ніж облікова одиниця позиції «г»',
    });
    const tiny = await createOrder([{ itemId: item, qty: '0.00001', unitId: unit.get('кг'), unitPrice: '1' }]);
    expect(tiny.statusCode).toBe(400);

    const serial = await f.product({ serialTracking: true });
    const pairs = await createOrder([{ itemId: serial, qty: '1', unitId: unit.get('пара'), unitPrice: '10' }]);
    expect(pairs.statusCode).toBe(400);
    expect(pairs.json().fields).toEqual({
      'lines.0.unitId': 'Позицію з серійними номерами продають лише в її обліковій одиниці «шт» — оберіть її',
    });
    // Its stock unit, sent explicitly, is the plain line.
    const plain = await ok(
      await createOrder([{ itemId: serial, qty: '1', unitId: unit.get('шт'), unitPrice: '10' }]),
      201,
    );
    expect(plain.lines[0]).toMatchObject({ qty: '1.0000', enteredUnitId: null, enteredQty: '1.0000' });
  });

  it('writes the line as ordered into the invoice letter', async () => {
    const item = await inGrams();
    const contact = await ok(
      await f.api('POST', '/api/client-contacts', {
        counterpartyId: f.clientId,
        fullName: 'Коваль Ірина',
        email: 'buh@energoplus.ua',
        receivesDocuments: true,
      }),
      201,
    );
    const order = await ok(
      await createOrder([{ itemId: item, qty: '2.5', unitId: unit.get('кг'), unitPrice: '400' }], {
        contactId: contact.id,
      }),
      201,
    );
    await ok(await f.api('POST', `/api/orders/${order.id}/confirm`));
    await ok(await f.api('POST', `/api/orders/${order.id}/send-invoice`));
    const [mail] = await f.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.eventKey, `order-invoice:${order.id}`));
    expect(mail!.text).toContain('— 2,5 кг × 400,00 = 1\u00a0000,00');
  });
  it('locks the factor of a unit once a sales line was entered in it', async () => {
    const pound = await ok(
      await f.api('POST', '/api/units', { name: 'Фунт', shortName: 'фунт', type: 'weight', factor: '0.453592' }),
      201,
    );
    const item = await inGrams();
    const order = await ok(await createOrder([{ itemId: item, qty: '1', unitId: pound.id, unitPrice: '10' }]), 201);
    expect(order.lines[0]).toMatchObject({ qty: '453.5920', enteredQty: '1.0000', enteredUnitShortName: 'фунт' });
    const refused = await f.api('PATCH', `/api/units/${pound.id}`, { factor: '0.5' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({
      factor: 'Одиницю вже використано в позиціях або документах — її коефіцієнт змінити не можна',
    });
  });
});
