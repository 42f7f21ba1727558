// What a forecast reads (production.md §12): the items of its scope, their facts (unit, pieces or not) and the
// demand history — Σ qty of posted shipment lines per item and period, one set-based aggregate over the shipments
// module's tables (shipments, shipment_lines, exported by its server index) for all items at once. Cancelled and
// draft shipments do not count; a period without shipments is absent here and counts 0.
import { sql } from 'drizzle-orm';
import { dec, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { makeableItems } from '@/modules/ordered-products/server/index.ts';
import { shipmentLines, shipments } from '@/modules/shipments/server/index.ts';
import type { ForecastGranularity, ForecastScope } from '../production-forecasts.contract.ts';

/** A list of ids as ONE parameter (an int array), so a scope of every product stays one short statement. */

const CHUNK = 5000;

/** Products and semi-finished items that are made here (makeableItems: a default recipe or active BOM). */
async function madeOf(db: DbOrTx, candidates: readonly number[]): Promise<number[]> {
  const made: number[] = [];
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const set = await makeableItems(db, candidates.slice(i, i + CHUNK));
    made.push(...candidates.slice(i, i + CHUNK).filter((id) => set.has(id)));
  }
  return made;
}

/** The item ids a forecast covers, ascending: the chosen items, a category's (with subcategories) or all made ones. */
export async function scopeItemIds(
  db: DbOrTx,
  f: { scope: ForecastScope; itemIds: readonly number[]; categoryId: number | null },
): Promise<number[]> {
  if (f.scope === 'items') return [...new Set(f.itemIds)].sort((a, b) => a - b);
  const category =
    f.scope === 'category'
      ? sql`and i.category_id in (with recursive tree as (
          select id from categories where id = ${f.categoryId}
          union all select c.id from categories c join tree t on c.parent_id = t.id
        ) select id from tree)`
      : sql``;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select i.id from items i
      where i.kind in ('product', 'semi_finished') and i.is_active ${category} order by i.id`),
  );
  return madeOf(
    db,
    rows.map((r) => Number(r.id)),
  );
}

export interface ItemFacts {
  itemId: number;
  sku: string;
  name: string;
  unitShortName: string | null;
  /** Counted in pieces (a unit of type 'count'): forecasts are rounded up to whole units. */
  wholeUnits: boolean;
}

export async function itemFacts(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, ItemFacts>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ id: number; sku: string; name: string; short_name: string | null; unit_type: string | null }>(
    await db.execute(sql`select i.id, i.sku, i.name, u.short_name, u.type as unit_type
      from items i left join units u on u.id = i.unit_id where i.id = any(${intArray(itemIds)})`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        itemId: Number(r.id),
        sku: r.sku,
        name: r.name,
        unitShortName: r.short_name,
        wholeUnits: r.unit_type === 'count',
      },
    ]),
  );
}

/**
 * Σ qty of posted shipment lines per item and period (the period's first day) for shipment dates in [from, toEnd):
 * one grouped query for all the items. Shipment dates are Kyiv calendar dates already.
 */
export async function shippedByPeriod(
  db: DbOrTx,
  itemIds: readonly number[],
  granularity: ForecastGranularity,
  from: string,
  toEnd: string,
): Promise<Map<number, Map<string, Dec>>> {
  const result = new Map<number, Map<string, Dec>>();
  if (!itemIds.length) return result;
  const unit = granularity === 'week' ? sql.raw(`'week'`) : sql.raw(`'month'`);
  const rows = rowsOf<{ item_id: number; period: string; qty: string }>(
    await db.execute(sql`select l.item_id, date_trunc(${unit}, s.shipment_date::timestamp)::date::text as period,
        sum(l.qty)::numeric(18, 4)::text as qty
      from ${shipmentLines} l join ${shipments} s on s.id = l.shipment_id
      where s.status = 'posted' and s.shipment_date >= ${from}::date and s.shipment_date < ${toEnd}::date
        and l.item_id = any(${intArray(itemIds)})
      group by 1, 2`),
  );
  for (const r of rows) {
    const id = Number(r.item_id);
    if (!result.has(id)) result.set(id, new Map());
    result.get(id)!.set(r.period, dec(r.qty));
  }
  return result;
}

/** Each item's first posted sale before `toEnd` (an item never sold is absent). */
export async function firstSales(db: DbOrTx, itemIds: readonly number[], toEnd: string): Promise<Map<number, string>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ item_id: number; first: string }>(
    await db.execute(sql`select l.item_id, min(s.shipment_date)::text as first
      from ${shipmentLines} l join ${shipments} s on s.id = l.shipment_id
      where s.status = 'posted' and s.shipment_date < ${toEnd}::date and l.item_id = any(${intArray(itemIds)})
      group by l.item_id`),
  );
  return new Map(rows.map((r) => [Number(r.item_id), r.first]));
}
