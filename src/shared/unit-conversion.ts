// A quantity entered in another unit of the same type as the item's stock unit (reference-data.md §1 'Conversion'):
// the one rule of conversion — qty × entered.factor ÷ stock.factor, rounded half away from zero to the quantity's
// scale — and its Ukrainian refusals. Used by BOM lines (6 decimals) and document lines (4 decimals), on the server
// and in the line editors' hint; the question and answer of a line's unit choice are here too, so every document's
// endpoint and the toolkit's unit select speak the same shape.
import { dbId } from '@/shared/contract.ts';
import { dec, div, fixed, isZero, mul } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { z } from '@/shared/zod-uk.ts';

export interface UnitInfo {
  shortName: string;
  type: string;
  /** Base units of its type in one of it (the base unit has 1). */
  factor: string;
}

/** The smallest quantity a scale can hold, as the user reads it ('0,0001'). */
const smallest = (scale: number) => formatDecimalUk(fixed(div(dec(1), dec(10 ** scale), scale), scale), 0);

export const unitConversionMessages = {
  unitNotFound: 'Оберіть одиницю виміру зі списку',
  unitInactive: (unit: string) => `Одиниця «${unit}» неактивна — оберіть іншу`,
  unitType: (entered: string, stock: string) =>
    `Одиниця «${entered}» іншого типу, ніж облікова одиниця позиції «${stock}»`,
  qtyTooSmall: (scale: number) => `Кількість в обліковій одиниці менша за ${smallest(scale)} — вкажіть більшу`,
} as const;

export type StockQty = { ok: true; qty: string } | { ok: false; field: 'unitId' | 'qty'; error: string };

/**
 * A quantity typed in `entered` as the stock unit's, `scale` decimals (half away from zero). Only units of the same
 * type convert ('г' → 'кг', 'пара' → 'шт'); another type is refused on the unit, a result that rounds to 0 on the qty.
 */
export function toStockUnit(qty: string, entered: UnitInfo, stock: UnitInfo, scale: number): StockQty {
  if (entered.type !== stock.type) {
    return { ok: false, field: 'unitId', error: unitConversionMessages.unitType(entered.shortName, stock.shortName) };
  }
  const converted = div(mul(dec(qty), dec(entered.factor)), dec(stock.factor), scale);
  if (isZero(converted)) return { ok: false, field: 'qty', error: unitConversionMessages.qtyTooSmall(scale) };
  return { ok: true, qty: fixed(converted, scale) };
}

/** A price per `entered` unit as the price per stock unit (price × stock.factor ÷ entered.factor), 6 decimals. */
export const pricePerStockUnit = (price: string, entered: UnitInfo, stock: UnitInfo): string =>
  fixed(div(mul(dec(price), dec(stock.factor)), dec(entered.factor), 6), 6);

/** The quantity scale of document lines (numeric(18,4)). */
export const DOCUMENT_QTY_SCALE = 4;

// ---- a line's unit choice (GET …/item-units?itemId=) ------------------------------------------------------------

export const lineUnitsQuerySchema = z.strictObject({ itemId: dbId('Оберіть запис зі списку') });

export const lineUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  type: z.string(),
  factor: z.string(),
});
export type LineUnit = z.infer<typeof lineUnitSchema>;

/** The item's stock unit and the active units of its type (the stock unit first), for a line's unit select. */
export const lineUnitsSchema = z.object({
  stockUnit: lineUnitSchema.nullable(),
  units: z.array(lineUnitSchema),
});
export type LineUnits = z.infer<typeof lineUnitsSchema>;

/**
 * What a stored document line answers of the unit it was typed in (the toolkit's lineQtyText reads it): the quantity
 * as entered (equal to the stock qty in the stock unit) and the entered unit, null in the stock unit.
 */
export const enteredLineShape = {
  enteredQty: z.string(),
  enteredUnitId: z.number().int().nullable().default(null),
  enteredUnitShortName: z.string().nullable().default(null),
};
