// The lead time of an item as /shortage counts it (warehouse.md §4): the preferred supplier's, else the item's own,
// else the setting `defaultLeadTimeDays`. One rule for the shortage calculation and for other modules' reads.
import type { DbOrTx } from '@/server/kernel/db.ts';
import { itemInfo, type ItemInfo } from './shortage.inputs.ts';
import { getShortageSettings } from './shortage-settings.ts';

export const leadTimeOf = (item: Pick<ItemInfo, 'supplierLeadTimeDays' | 'leadTimeDays'>, defaultDays: number) =>
  item.supplierLeadTimeDays ?? item.leadTimeDays ?? defaultDays;

/** The lead time in days of each of these items (one read of the items, one of the settings). */
export async function leadTimesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  const [info, settings] = await Promise.all([itemInfo(db, ids), getShortageSettings(db)]);
  return new Map([...info].map(([id, item]) => [id, leadTimeOf(item, settings.defaultLeadTimeDays)]));
}
