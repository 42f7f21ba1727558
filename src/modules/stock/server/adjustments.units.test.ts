// Adjustment lines entered in another unit of the stock unit's type (reference-data.md §1 'Conversion'): +1,5 кг of
// an item kept in grams adds 1 500 г, a count of 2 кг is taken against on hand in grams, −0,25 кг takes 250 г out;
// the typed quantity and unit are kept on the line; a unit of another type is refused on the line; cancelling
// reverses exactly.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resourceEngine } from '@/resources/index.ts';
import { itemCosts } from './stock.table.ts';
import {
  adjust,
  api,
  component,
  ledgerOk,
  mainWarehouse,
  receive,
  t,
  useAdjustmentsApp,
} from './adjustments.fixture.ts';

useAdjustmentsApp();

const cost = async (itemId: number) => (await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, itemId)))[0];

describe('adjustment lines in another unit', () => {
  it('adds 1,5 кг of an item kept in г as 1 500 г, counts 2 кг against on hand in г; cancel reverses', async () => {
    const units = await resourceEngine.idsByLabel(t.db, '/units');
    const kg = units.get('кг')!;
    const item = await component({ unitId: units.get('г') });
    // 0,20 + 20 % VAT: 0,24 per г.
    await receive(item.id, '1000', '0.2');
    const choice = await api('GET', `/api/component-stock/adjustments/item-units?itemId=${item.id}`);
    expect(choice.statusCode, choice.body).toBe(200);
    expect(choice.json().stockUnit).toMatchObject({ shortName: 'г' });

    const base = '/api/component-stock';
    const added = await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'surplus_found',
        lines: [{ itemId: item.id, deltaQty: '1,5', unitId: kg }],
        post: true,
      },
      base,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().lines[0]).toMatchObject({
      deltaQty: '1500.0000',
      countedQty: null,
      enteredQty: '1.5000',
      enteredUnitId: kg,
      enteredUnitShortName: 'кг',
      unitShortName: 'г',
    });
    expect(await cost(item.id)).toMatchObject({ qty: '2500.0000', value: '600.00' });

    // Counted 2 кг where 2 500 г are on hand: −500 г.
    const counted = await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'correction',
        lines: [{ itemId: item.id, countedQty: '2', unitId: kg }],
      },
      base,
    );
    expect(counted.statusCode, counted.body).toBe(201);
    expect(counted.json().lines[0]).toMatchObject({
      deltaQty: '-500.0000',
      countedQty: '2000.0000',
      enteredQty: '2.0000',
      enteredUnitShortName: 'кг',
    });
    // A header-only change keeps the line as entered.
    const edited = await api('PATCH', `${base}/adjustments/${counted.json().id}`, {
      version: 1,
      comment: 'Перерахунок',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lines[0]).toMatchObject({ deltaQty: '-500.0000', enteredQty: '2.0000', enteredUnitId: kg });
    const posted = await api('POST', `${base}/adjustments/${counted.json().id}/post`, { version: 2 });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await cost(item.id)).toMatchObject({ qty: '2000.0000', value: '480.00' });
    await ledgerOk();

    const cancelled = await api('POST', `${base}/adjustments/${added.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await cost(item.id)).toMatchObject({ qty: '500.0000', value: '120.00' });
    await ledgerOk();
  });

  it('takes −0,25 кг out as −250 г and refuses a unit of another type on the line', async () => {
    const units = await resourceEngine.idsByLabel(t.db, '/units');
    const item = await component({ unitId: units.get('г') });
    await receive(item.id, '1000', '1');
    const out = await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'damage',
        lines: [{ itemId: item.id, deltaQty: '-0.25', unitId: units.get('кг') }],
        post: true,
      },
      '/api/component-stock',
    );
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json().lines[0]).toMatchObject({ deltaQty: '-250.0000', enteredQty: '-0.2500' });
    expect(await cost(item.id)).toMatchObject({ qty: '750.0000', value: '900.00' });

    const wrong = await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'correction',
        lines: [
          { itemId: item.id, deltaQty: '1' },
          { itemId: item.id, countedQty: '3', unitId: units.get('л') },
        ],
      },
      '/api/component-stock',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      'lines.1.unitId': 'Одиниця «л» іншого типу, ніж облікова одиниця позиції «г»',
    });
    // 0,04 г of an item kept in кг rounds to nothing: refused under the line's quantity.
    const inKg = await component({ unitId: units.get('кг') });
    const tiny = await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'correction',
        lines: [{ itemId: inKg.id, deltaQty: '0.04', unitId: units.get('г') }],
      },
      '/api/component-stock',
    );
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().fields).toEqual({
      'lines.0.deltaQty': 'Кількість в обліковій одиниці менша за 0,0001 — вкажіть більшу',
    });
  });

  it('locks the factor of a unit once an adjustment line was entered in it', async () => {
    const units = await resourceEngine.idsByLabel(t.db, '/units');
    const pound = await api('POST', '/api/units', { name: 'Фунт', shortName: 'фунт', type: 'weight', factor: '0.45' });
    expect(pound.statusCode, pound.body).toBe(201);
    const item = await component({ unitId: units.get('г') });
    const draft = await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'surplus_found',
        lines: [{ itemId: item.id, deltaQty: '2', unitId: pound.json().id, unitCost: '1' }],
      },
      '/api/component-stock',
    );
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().lines[0]).toMatchObject({ deltaQty: '900.0000', enteredQty: '2.0000' });
    const refused = await api('PATCH', `/api/units/${pound.json().id}`, { factor: '0.5' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({
      factor: 'Одиницю вже використано в позиціях або документах — її коефіцієнт змінити не можна',
    });
  });
});
