// Material availability of manufacturing orders (issue 21): for each open MO, every stocked material whose remaining
// need is above what its materials warehouse can give it. Released and in-progress orders read their snapshot
// (remaining need = required − issued; available = on hand − reserved in the warehouse + what is reserved for this
// MO — the ledger's stock_balances and the MO's own stock_reservations); planned ones read the spec they would be
// released with (need = per unit × qty, nothing of theirs reserved yet). One read for a set of MOs, every short line
// named at once.
import { inArray, sql } from 'drizzle-orm';
import { add, cmp, dec, fixed, mul, round, sub } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { bomMaterials, resolveProductionSpec } from '@/modules/production/server/index.ts';
import { moMessages, type MoShortMaterial } from '../manufacturing.contract.ts';
import { manufacturingOrders } from './manufacturing.table.ts';
import { MO_MATERIAL, ZERO, maxDec } from './manufacturing.common.ts';

export type { MoShortMaterial };

interface NeedRow {
  itemId: number;
  sku: string;
  name: string;
  unit: string | null;
  needed: string;
  available: string;
}

const shortOf = (rows: readonly NeedRow[]): MoShortMaterial[] =>
  rows
    .filter((r) => cmp(dec(r.needed), dec(r.available)) > 0)
    .map((r) => ({ ...r, needed: fixed(dec(r.needed), 4), available: fixed(dec(r.available), 4) }));

/** Released / in progress: the snapshot lines, summed per item, against free + held for this MO. */
async function snapshotNeeds(db: DbOrTx, moIds: readonly number[]): Promise<Map<number, NeedRow[]>> {
  const out = new Map<number, NeedRow[]>();
  if (!moIds.length) return out;
  const rows = rowsOf<{
    mo_id: number;
    item_id: number;
    sku: string;
    name: string;
    unit: string | null;
    required: string;
    issued: string;
    held: string;
    free: string;
  }>(
    await db.execute(sql`select m.mo_id, m.item_id, i.sku, i.name, u.short_name as unit,
        sum(m.required_qty)::text as required,
        sum(coalesce((select sum(l.qty) from mo_posting_lines l join mo_postings p on p.id = l.posting_id
          where l.mo_material_id = m.id and p.status = 'posted' and p.kind = 'issue'), 0))::text as issued,
        sum(coalesce((select sum(r.qty) from stock_reservations r
          where r.source_type = ${MO_MATERIAL} and r.source_id = m.id), 0))::text as held,
        coalesce(max(b.on_hand - b.reserved), 0)::text as free
      from mo_materials m join manufacturing_orders mo on mo.id = m.mo_id
      join items i on i.id = m.item_id left join units u on u.id = i.unit_id
      left join stock_balances b on b.item_id = m.item_id and b.warehouse_id = mo.materials_warehouse_id
      where m.mo_id = any(${intArray(moIds)}) and i.stock_control and i.kind <> 'service'
      group by m.mo_id, m.item_id, i.sku, i.name, u.short_name
      order by m.mo_id, min(m.line_no), m.item_id`),
  );
  for (const r of rows) {
    const moId = Number(r.mo_id);
    const needed = maxDec(sub(dec(r.required), dec(r.issued)), ZERO);
    const available = add(maxDec(dec(r.free), ZERO), dec(r.held));
    const list = out.get(moId) ?? [];
    list.push({
      itemId: Number(r.item_id),
      sku: r.sku,
      name: r.name,
      unit: r.unit,
      needed: fixed(needed, 4),
      available: fixed(available, 4),
    });
    out.set(moId, list);
  }
  return out;
}

/** Planned: the spec's materials × qty against what is free now; null when no spec resolves. */
async function plannedNeeds(
  db: DbOrTx,
  mo: { itemId: number; recipeId: number | null; qty: string; materialsWarehouseId: number },
): Promise<NeedRow[] | null> {
  const spec = await resolveProductionSpec(db, mo.itemId, mo.recipeId);
  if (!spec) return null;
  const materials = await bomMaterials(db, spec.bom.id);
  if (!materials.length) return [];
  const need = new Map<number, string>();
  for (const m of materials) {
    const q = round(mul(dec(m.perUnitQty), dec(mo.qty)), 4);
    need.set(m.itemId, fixed(need.has(m.itemId) ? add(q, dec(need.get(m.itemId)!)) : q, 4));
  }
  const rows = rowsOf<{ item_id: number; sku: string; name: string; unit: string | null; free: string }>(
    await db.execute(sql`select i.id as item_id, i.sku, i.name, u.short_name as unit,
        coalesce((select b.on_hand - b.reserved from stock_balances b
          where b.item_id = i.id and b.warehouse_id = ${mo.materialsWarehouseId}), 0)::text as free
      from items i left join units u on u.id = i.unit_id
      where i.id = any(${intArray([...need.keys()])}) and i.stock_control and i.kind <> 'service'`),
  );
  const byId = new Map(rows.map((r) => [Number(r.item_id), r]));
  return [...need.entries()].flatMap(([itemId, needed]) => {
    const r = byId.get(itemId);
    if (!r) return [];
    return [{ itemId, sku: r.sku, name: r.name, unit: r.unit, needed, available: fixed(maxDec(dec(r.free), ZERO), 4) }];
  });
}

/**
 * The short materials of each given MO: [] when the warehouse can serve every line; absent from the map when the MO
 * is closed (completed, cancelled) or planned without a spec.
 */
export async function materialAvailability(
  db: DbOrTx,
  moIds: readonly number[],
): Promise<Map<number, MoShortMaterial[]>> {
  const out = new Map<number, MoShortMaterial[]>();
  const ids = [...new Set(moIds)];
  if (!ids.length) return out;
  const mos = await db
    .select({
      id: manufacturingOrders.id,
      status: manufacturingOrders.status,
      itemId: manufacturingOrders.itemId,
      recipeId: manufacturingOrders.recipeId,
      qty: manufacturingOrders.qty,
      materialsWarehouseId: manufacturingOrders.materialsWarehouseId,
    })
    .from(manufacturingOrders)
    .where(inArray(manufacturingOrders.id, ids));
  const open = mos.filter((m) => m.status === 'released' || m.status === 'in_progress').map((m) => m.id);
  const snapshot = await snapshotNeeds(db, open);
  for (const id of open) out.set(id, shortOf(snapshot.get(id) ?? []));
  for (const mo of mos.filter((m) => m.status === 'planned')) {
    const needs = await plannedNeeds(db, mo);
    if (needs) out.set(mo.id, shortOf(needs));
  }
  return out;
}

/** 'Бракує матеріалів: M-CASE-Z1 Корпус — потрібно 10 шт, є 2 шт; …' (decimal comma). */
export const shortMaterialsText = (short: readonly MoShortMaterial[]) =>
  moMessages.materialsShort(short.map(moMessages.shortLine));
