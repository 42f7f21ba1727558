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

/**
 * A stock quantity back in `entered` (the inverse of toStockUnit), only when it converts back exactly — the result
 * turned into the stock unit again gives `stockQty` — else null (then the quantity is shown in the stock unit).
 */
export function fromStockUnit(stockQty: string, entered: UnitInfo, stock: UnitInfo, scale: number): string | null {
  if (entered.type !== stock.type) return null;
  const typed = fixed(div(mul(dec(stockQty), dec(stock.factor)), dec(entered.factor), scale), scale);
  if (isZero(dec(typed))) return null;
  const back = toStockUnit(typed, entered, stock, scale);
  return back.ok && back.qty === fixed(dec(stockQty), scale) ? typed : null;
}

/** A part of a document line, in stock units, as a line of another document (a shipment of an order line). */
export interface LinePart {
  /** The part in the line's entered unit, or null when it is in the stock unit. */
  enteredQty: string | null;
  /** The quantity the amounts multiply: the entered one, else the stock one. */
  amountQty: string;
  /** The price per the part's unit: the line's own (per entered unit), else per stock unit. */
  unitPrice: string;
}

/**
 * `stockQty` of a line entered in `entered` at `price` per that unit: in the entered unit at the line's price when it
 * converts back exactly (fromStockUnit), else in the stock unit at the price per stock unit. A line in the stock unit
 * (`entered` null) stays so.
 */
export function partOfLine(
  stockQty: string,
  price: string,
  entered: UnitInfo | null | undefined,
  stock: UnitInfo | null | undefined,
  scale: number,
): LinePart {
  const inStock = { enteredQty: null, amountQty: fixed(dec(stockQty), scale), unitPrice: price };
  if (!entered || !stock) return inStock;
  const typed = fromStockUnit(stockQty, entered, stock, scale);
  if (typed !== null) return { enteredQty: typed, amountQty: typed, unitPrice: price };
  return { ...inStock, unitPrice: pricePerStockUnit(price, entered, stock) };
}
