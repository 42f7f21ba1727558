// The production specs of many items at once, for the shortage's explosion (warehouse.md §4 b). The rule is the
// production core's resolveProductionSpec (production.md §0) — the given recipe when it is the item's, active and
// its BOM not archived; else the item's default active recipe whose BOM is not archived; else the item's default
// active BOM — asked for a whole level of the explosion in one query instead of several queries per item, and the
// lines are turned into effective quantities by the core's effectivePerUnit, exactly as bomMaterials does. A test
// holds both against resolveProductionSpec and bomMaterials.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { effectivePerUnit, type BomMaterial } from '@/modules/production/server/index.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

/** The BOM each item is made by when no recipe is asked for (resolveProductionSpec(db, itemId)); absent: not made. */
export async function defaultBomIds(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, number>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ item_id: number; bom_id: number | null }>(
    await db.execute(sql`select i.id as item_id, coalesce(
        (select r.bom_id from recipes r join boms b on b.id = r.bom_id
          where r.item_id = i.id and r.is_default and r.status = 'active' and b.status <> 'archived'
          order by r.id limit 1),
        (select b.id from boms b where b.item_id = i.id and b.is_default and b.status = 'active'
          order by b.id limit 1)
      ) as bom_id
      from items i where i.id = any(${intArray([...new Set(itemIds)])})`),
  );
  return new Map(rows.filter((r) => r.bom_id != null).map((r) => [Number(r.item_id), Number(r.bom_id)]));
}

/**
 * The BOM of each given recipe that resolveProductionSpec(db, itemId, recipeId) would accept (the item's own,
 * active, its BOM not archived), by recipe id; a recipe it would refuse is absent (the caller falls back to the
 * item's default spec).
 */
export async function recipeBomIds(
  db: DbOrTx,
  pairs: ReadonlyArray<{ itemId: number; recipeId: number }>,
): Promise<Map<number, number>> {
  if (!pairs.length) return new Map();
  const rows = rowsOf<{ id: number; item_id: number; bom_id: number }>(
    await db.execute(sql`select r.id, r.item_id, r.bom_id from recipes r join boms b on b.id = r.bom_id
      where r.id = any(${intArray([...new Set(pairs.map((p) => p.recipeId))])}) and r.status = 'active'
        and b.status <> 'archived'`),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const result = new Map<number, number>();
  for (const { itemId, recipeId } of pairs) {
    const row = byId.get(recipeId);
    if (row && Number(row.item_id) === itemId) result.set(recipeId, Number(row.bom_id));
  }
  return result;
}

/**
 * The lines of many BOMs as effective per-unit quantities (bomMaterials of each, in line order), with the kind of
 * every component.
 */
export async function materialsOfBoms(
  db: DbOrTx,
  bomIds: readonly number[],
): Promise<{ materials: Map<number, BomMaterial[]>; kinds: Map<number, string> }> {
  const materials = new Map<number, BomMaterial[]>(bomIds.map((id) => [id, []]));
  const kinds = new Map<number, string>();
  if (!bomIds.length) return { materials, kinds };
  const rows = rowsOf<{
    bom_id: number;
    id: number;
    line_no: number;
    item_id: number;
    kind: string;
    qty: string;
    scrap_percent: string;
    output_qty: string;
  }>(
    await db.execute(sql`select l.bom_id, l.id, l.line_no, l.component_item_id as item_id, i.kind,
        l.qty::text as qty, l.scrap_percent::text as scrap_percent, b.output_qty::text as output_qty
      from bom_lines l join boms b on b.id = l.bom_id join items i on i.id = l.component_item_id
      where l.bom_id = any(${intArray([...new Set(bomIds)])})
      order by l.bom_id, l.line_no, l.id`),
  );
  for (const r of rows) {
    const itemId = Number(r.item_id);
    kinds.set(itemId, r.kind);
    materials.get(Number(r.bom_id))!.push({
      bomLineId: Number(r.id),
      lineNo: Number(r.line_no),
      itemId,
      perUnitQty: effectivePerUnit(r.qty, r.scrap_percent, r.output_qty),
    });
  }
  return { materials, kinds };
}
