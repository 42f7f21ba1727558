// The lead time of an item as /shortage counts it (warehouse.md §4): the preferred supplier's, else the item's own,
// else the setting `defaultLeadTimeDays`. One rule for the shortage calculation and for other modules' reads.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import type { ItemInfo } from './shortage.inputs.ts';
import { getShortageSettings } from './shortage-settings.ts';

export const leadTimeOf = (item: Pick<ItemInfo, 'supplierLeadTimeDays' | 'leadTimeDays'>, defaultDays: number) =>
  item.supplierLeadTimeDays ?? item.leadTimeDays ?? defaultDays;

/**
 * The lead time in days of each of these items: one read of the two columns the rule needs (the item's and its
 * preferred supplier's), the ids as one array parameter — /components-analysis asks for all 59 000 components of the
 * bench year at once, and the shortage's full item read took 1,4 s of it.
 */
export async function leadTimesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const [rows, settings] = await Promise.all([
    db.execute(sql`select i.id, i.lead_time_days, ps.lead_time_days as supplier_lead_time_days
      from items i left join item_suppliers ps on ps.item_id = i.id and ps.is_preferred
      where i.id = any(${intArray(ids)})`),
    getShortageSettings(db),
  ]);
  return new Map(
    rowsOf<{ id: number; lead_time_days: number | null; supplier_lead_time_days: number | null }>(rows).map((r) => [
      Number(r.id),
      leadTimeOf(
        {
          leadTimeDays: r.lead_time_days == null ? null : Number(r.lead_time_days),
          supplierLeadTimeDays: r.supplier_lead_time_days == null ? null : Number(r.supplier_lead_time_days),
        },
        settings.defaultLeadTimeDays,
      ),
    ]),
  );
}
