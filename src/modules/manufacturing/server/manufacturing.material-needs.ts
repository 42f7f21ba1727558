// What open manufacturing orders still need of each material (warehouse.md §4 need a, §2 'Потрібно'): for every
// snapshot line of an MO that is planned, released or in progress, max(0, max(0, required − issued) − reserved),
// summed per item. Issued is Σ of the posted issue lines (returns are negative there); reserved is what the line
// still holds in stock. One set-based query for a whole page of items.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';

/**
 * The remaining need of the open MOs per item, as decimal strings with 4 decimals. Only the given items are read;
 * an item with no open need is absent from the map.
 */
export async function openMaterialNeedsByItem(db: DbOrTx, itemIds: readonly number[]): Promise<Map<number, string>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ item_id: number; need: string }>(
    await db.execute(sql`with lines as (
        select mm.id, mm.item_id, mm.required_qty from mo_materials mm
        join manufacturing_orders m on m.id = mm.mo_id
        where m.status in ('planned', 'released', 'in_progress') and mm.item_id = any(${intArray(itemIds)})
      ), issued as (
        select pl.mo_material_id as id, sum(pl.qty) as qty
        from mo_posting_lines pl join mo_postings p on p.id = pl.posting_id
        where p.status = 'posted' and p.kind = 'issue' and pl.mo_material_id in (select id from lines)
        group by pl.mo_material_id
      ), reserved as (
        select r.source_id as id, sum(r.qty) as qty from stock_reservations r
        where r.source_type = 'mo_material' and r.source_id in (select id from lines)
        group by r.source_id
      )
      select l.item_id,
        sum(greatest(greatest(l.required_qty - coalesce(i.qty, 0), 0) - coalesce(r.qty, 0), 0))::numeric(18, 4)::text
          as need
      from lines l left join issued i on i.id = l.id left join reserved r on r.id = l.id
      group by l.item_id`),
  );
  return new Map(rows.filter((r) => Number(r.need) !== 0).map((r) => [Number(r.item_id), r.need]));
}
