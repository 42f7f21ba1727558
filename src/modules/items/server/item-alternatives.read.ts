// Interchangeable items (reference-data.md §17 `item_alternatives`) of many items at once, each with its free stock:
// what /bom shows beside a line's component (information only — never substituted automatically). One query for the
// pairs, one for the free stock, whatever the number of items asked for; run in turn, so it may run in a transaction.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { freeStockOf } from '@/modules/stock/server/index.ts';
import { itemAlternatives, items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';

export interface ItemAlternativeStock {
  itemId: number;
  sku: string;
  name: string;
  unitShortName: string | null;
  note: string | null;
  /** Free stock (on hand − reserved) over all warehouses, 4 decimals. */
  available: string;
}

/**
 * The active alternatives of each item asked for (either side of the pair), by name; an item without any is missing
 * from the map.
 */
export async function alternativesWithStock(
  db: DbOrTx,
  itemIds: readonly number[],
): Promise<Map<number, ItemAlternativeStock[]>> {
  const result = new Map<number, ItemAlternativeStock[]>();
  const ids = [...new Set(itemIds)];
  if (!ids.length) return result;
  const pairs = await db
    .select({
      forId: itemAlternatives.itemId,
      altId: itemAlternatives.alternativeId,
      note: itemAlternatives.note,
    })
    .from(itemAlternatives)
    .where(or(inArray(itemAlternatives.itemId, ids), inArray(itemAlternatives.alternativeId, ids)));
  if (!pairs.length) return result;
  const asked = new Set(ids);
  const links: { forId: number; altId: number; note: string | null }[] = [];
  for (const p of pairs) {
    if (asked.has(p.forId)) links.push({ forId: p.forId, altId: p.altId, note: p.note });
    if (asked.has(p.altId)) links.push({ forId: p.altId, altId: p.forId, note: p.note });
  }
  const altIds = [...new Set(links.map((l) => l.altId))];
  const others = await db
    .select({ id: items.id, sku: items.sku, name: items.name, unitShortName: units.shortName })
    .from(items)
    .leftJoin(units, eq(units.id, items.unitId))
    .where(and(inArray(items.id, altIds), eq(items.isActive, true)))
    .orderBy(ukOrder(items.name), asc(items.id));
  const free = await freeStockOf(db, altIds, null);
  const rank = new Map(others.map((o, index) => [o.id, index]));
  const byId = new Map(others.map((o) => [o.id, o]));
  links.sort((a, b) => (rank.get(a.altId) ?? 0) - (rank.get(b.altId) ?? 0));
  for (const link of links) {
    const other = byId.get(link.altId);
    if (!other) continue;
    const list = result.get(link.forId) ?? [];
    list.push({
      itemId: other.id,
      sku: other.sku,
      name: other.name,
      unitShortName: other.unitShortName,
      note: link.note,
      available: free.get(other.id) ?? '0.0000',
    });
    result.set(link.forId, list);
  }
  return result;
}
