// The server side of a document line entered in another unit (reference-data.md §1 'Conversion'): the units a line
// of an item may be entered in, and the lines' typed quantities turned into stock quantities by the shared rule
// (src/shared/unit-conversion.ts) with the refusals under each line's field. Used by every document of item lines.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { dec, fixed } from '@/shared/decimal.ts';
import {
  DOCUMENT_QTY_SCALE,
  toStockUnit,
  unitConversionMessages,
  type LineUnit,
  type LineUnits,
} from '@/shared/unit-conversion.ts';
import { items } from '../items/items.table.ts';
import { units } from './units.table.ts';

const unitColumns = {
  id: units.id,
  name: units.name,
  shortName: units.shortName,
  type: units.type,
  factor: units.factor,
};

/** The item's stock unit and the active units of its type, the stock unit first, then by size and name. */
export async function itemLineUnits(db: DbOrTx, itemId: number): Promise<LineUnits> {
  const [stock] = await db
    .select(unitColumns)
    .from(items)
    .innerJoin(units, eq(units.id, items.unitId))
    .where(eq(items.id, itemId));
  if (!stock) return { stockUnit: null, units: [] };
  const same = await db
    .select(unitColumns)
    .from(units)
    .where(and(eq(units.type, stock.type), eq(units.isActive, true)))
    .orderBy(asc(units.factor), ukOrder(units.name), asc(units.id));
  return { stockUnit: stock, units: [stock, ...same.filter((u: LineUnit) => u.id !== stock.id)] };
}

/** What a document line sends of its quantity: the typed qty and, when not the stock unit, the unit it is in. */
export interface LineQtyInput {
  itemId: number;
  qty: string;
  unitId?: number | null;
}

/** What a document line stores: the stock qty, and the typed qty and unit when another unit was chosen. */
export interface LineQty {
  qty: string;
  enteredQty: string | null;
  enteredUnitId: number | null;
}

/**
 * The lines' stock quantities (document scale, 4 decimals): a line without a unit, or in the item's stock unit, is
 * as typed; another unit must exist, be active (`keep`: units the stored document already uses stay allowed), be of
 * the stock unit's type and not round to 0. Refusals go to `fields` as `lines.<i>.unitId` / `lines.<i>.qty`; an
 * unknown item is left to the caller's own check.
 */
export async function stockQuantities(
  db: DbOrTx,
  lines: readonly LineQtyInput[],
  fields: Record<string, string>,
  keep: ReadonlySet<number> = new Set(),
): Promise<LineQty[]> {
  const plain = (line: LineQtyInput): LineQty => ({
    qty: fixed(dec(line.qty), DOCUMENT_QTY_SCALE),
    enteredQty: null,
    enteredUnitId: null,
  });
  const other = lines.filter((l) => l.unitId != null);
  if (!other.length) return lines.map(plain);
  const stockRows = await db
    .select({ id: items.id, unitId: items.unitId })
    .from(items)
    .where(
      inArray(
        items.id,
        other.map((l) => l.itemId),
      ),
    );
  const stockOf = new Map(stockRows.map((r) => [r.id, r.unitId]));
  const unitIds = [...new Set([...other.map((l) => l.unitId!), ...stockRows.map((r) => r.unitId)])];
  const unitRows = await db
    .select({ ...unitColumns, isActive: units.isActive })
    .from(units)
    .where(inArray(units.id, unitIds));
  const unitById = new Map(unitRows.map((u) => [u.id, u]));
  return lines.map((line, i) => {
    const stockUnitId = stockOf.get(line.itemId);
    if (line.unitId == null || stockUnitId === undefined || line.unitId === stockUnitId) return plain(line);
    const entered = unitById.get(line.unitId);
    const stock = unitById.get(stockUnitId);
    const at = (name: string) => `lines.${i}.${name}`;
    if (!entered || !stock) {
      fields[at('unitId')] = unitConversionMessages.unitNotFound;
      return plain(line);
    }
    if (!entered.isActive && !keep.has(entered.id)) {
      fields[at('unitId')] = unitConversionMessages.unitInactive(entered.shortName);
      return plain(line);
    }
    const converted = toStockUnit(line.qty, entered, stock, DOCUMENT_QTY_SCALE);
    if (!converted.ok) {
      fields[at(converted.field)] = converted.error;
      return plain(line);
    }
    return {
      qty: converted.qty,
      enteredQty: fixed(dec(line.qty), DOCUMENT_QTY_SCALE),
      enteredUnitId: entered.id,
    };
  });
}

/** Units by id with what a conversion needs (a supplier order's remaining quantity back in its line's unit). */
export async function unitsByIds(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return new Map<number, LineUnit>();
  const rows = await db
    .select(unitColumns)
    .from(units)
    .where(inArray(units.id, [...ids]));
  return new Map(rows.map((u) => [u.id, u]));
}

export const serialLineUnitMessage = (sku: string, stockUnit: string) =>
  `«${sku}» обліковується за серійними номерами — вкажіть кількість в обліковій одиниці «${stockUnit}»`;

/**
 * A serial-tracked item is counted one serial per stock unit, so its line stays in the stock unit: a line of one in
 * another unit is refused under `lines.<i>.unitId` (`fieldOf` names another field, e.g. a one-line endpoint's).
 */
export async function refuseSerialLineUnits(
  db: DbOrTx,
  lines: readonly LineQtyInput[],
  fields: Record<string, string>,
  fieldOf: (index: number) => string = (i) => `lines.${i}.unitId`,
): Promise<void> {
  const other = lines.filter((l) => l.unitId != null);
  if (!other.length) return;
  const rows = await db
    .select({ id: items.id, sku: items.sku, unitId: items.unitId, unitShortName: units.shortName })
    .from(items)
    .innerJoin(units, eq(units.id, items.unitId))
    .where(
      and(
        inArray(
          items.id,
          other.map((l) => l.itemId),
        ),
        eq(items.serialTracking, true),
      ),
    );
  const tracked = new Map(rows.map((r) => [r.id, r]));
  lines.forEach((line, i) => {
    const item = tracked.get(line.itemId);
    if (item && line.unitId != null && line.unitId !== item.unitId) {
      fields[fieldOf(i)] = serialLineUnitMessage(item.sku, item.unitShortName);
    }
  });
}
