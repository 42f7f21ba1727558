// Transfer lines entered in another unit of the stock unit's type (reference-data.md §1 'Conversion'): 2,5 кг of an
// item stocked in grams moves 2 500 г out of the source and into the destination at the same value; the typed
// quantity and unit are kept on the line; a unit of another type is refused on the line, so is another unit for a
// serial-tracked item; cancelling reverses exactly.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postToLedger } from '@/modules/stock/server/index.ts';
import { stockMovements } from '@/modules/stock/server/stock.table.ts';
import { resourceEngine } from '@/resources/index.ts';
import {
  api,
  avg,
  ledgerOk,
  main,
  nextSeq,
  shop,
  t,
  transfer,
  useTransfersApp,
} from './warehouse-transfers.fixture.ts';

useTransfersApp();

/** A component kept in `unit`, with `qty` of it on hand in the main warehouse at `unitCost`. */
async function stocked(unit: string, qty: string, unitCost: string, extra: Record<string, unknown> = {}) {
  const k = nextSeq();
  const units = await resourceEngine.idsByLabel(t.db, '/units');
  const res = await api('POST', '/api/components', {
    sku: `TRF-U-${k}`,
    name: `Припій ${k}`,
    unitId: units.get(unit),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const itemId = res.json().id as number;
  await t.db.transaction((tx) =>
    postToLedger(
      tx,
      { type: 'supplier_receipt', id: 910_000 + k, number: `U-${k}`, date: '2026-11-02', userId: null },
      [{ kind: 'in', itemId, qty, warehouseId: main, unitCost, lineId: 1 }],
    ),
  );
  return { itemId, units };
}

const movementsOf = (id: number) =>
  t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.documentType, 'transfer'), eq(stockMovements.documentId, id)))
    .orderBy(asc(stockMovements.id));

describe('transfer lines in another unit', () => {
  it('moves 2,5 кг of an item kept in г as 2 500 г out and in at the same value; cancel reverses exactly', async () => {
    const { itemId, units } = await stocked('г', '10000', '0.4');
    const choice = await api('GET', `/api/warehouse-transfers/item-units?itemId=${itemId}`);
    expect(choice.statusCode, choice.body).toBe(200);
    expect(choice.json().units.map((u: { shortName: string }) => u.shortName)).toEqual(['г', 'кг', 'т']);

    const draft = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId, qty: '2,5', unitId: units.get('кг') }]),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().lines[0]).toMatchObject({
      qty: '2500.0000',
      enteredQty: '2.5000',
      enteredUnitId: units.get('кг'),
      enteredUnitShortName: 'кг',
      unitShortName: 'г',
    });
    // A header-only change keeps the line as entered.
    const edited = await api('PATCH', `/api/warehouse-transfers/${draft.json().id}`, { version: 1, notes: 'Партія 7' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lines[0]).toMatchObject({
      qty: '2500.0000',
      enteredQty: '2.5000',
      enteredUnitShortName: 'кг',
    });

    const posted = await api('POST', `/api/warehouse-transfers/${draft.json().id}/post`, { version: 2 });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0]).toMatchObject({ value: '1000.00', enteredQty: '2.5000' });
    const moved = await movementsOf(draft.json().id);
    expect(moved.map((m) => [m.warehouseId, m.qty, m.value])).toEqual([
      [main, '-2500.0000', '-1000.00'],
      [shop, '2500.0000', '1000.00'],
    ]);
    expect(await avg(itemId)).toMatchObject({ qty: '10000.0000', value: '4000.00' });
    await ledgerOk();

    const cancelled = await api('POST', `/api/warehouse-transfers/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await movementsOf(draft.json().id);
    const net = (warehouseId: number) =>
      after.filter((m) => m.warehouseId === warehouseId).reduce((sum, m) => sum + Number(m.qty), 0);
    expect([after.length, net(main), net(shop)]).toEqual([4, 0, 0]);
    expect(await avg(itemId)).toMatchObject({ qty: '10000.0000', value: '4000.00' });
    await ledgerOk();
  });

  it('refuses a unit of another type, and another unit of a serial-tracked item, on the line', async () => {
    const { itemId, units } = await stocked('г', '100', '1');
    const wrong = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId, qty: '2', unitId: units.get('м') }]),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      'lines.0.unitId': 'Одиниця «м» іншого типу, ніж облікова одиниця позиції «г»',
    });
    const tracked = await api('POST', '/api/products', {
      sku: `TRF-USN-${nextSeq()}`,
      name: 'Прилад',
      unitId: units.get('шт'),
      serialTracking: true,
    });
    expect(tracked.statusCode, tracked.body).toBe(201);
    const pairs = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId: tracked.json().id, qty: '1', unitId: units.get('пара') }]),
    );
    expect(pairs.statusCode).toBe(400);
    expect(pairs.json().fields).toEqual({
      'lines.0.unitId': `«${tracked.json().sku}» обліковується за серійними номерами — вкажіть кількість в обліковій одиниці «шт»`,
    });
  });
});
