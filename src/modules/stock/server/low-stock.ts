// Low-stock notifications (warehouse.md §0): after a posting changes balances, every touched item with stock control
// whose available quantity over the planning warehouses is at or below its threshold (minStock, or the setting
// `stock.lowStockThreshold`) has one open warning for the users who can view its stock page; when available rises
// above the threshold again the warning is resolved. Runs in the posting's transaction, under the ledger's item
// locks, with two queries per posting (plus one notify or resolve per item whose state changed).
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { sql } from 'drizzle-orm';
import { notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { LOW_STOCK_DEFAULT } from '../stock.contract.ts';
import { LOW_STOCK_THRESHOLD } from './stock-settings-keys.ts';

export const lowStockMessages = {
  lowTitle: (name: string) => `Закінчується: ${name}`,
  outTitle: (name: string) => `Немає в наявності: ${name}`,
  message: (sku: string, available: string, unit: string | null, threshold: string) =>
    `${sku}: доступно ${formatQtyUk(available)}${unit ? ` ${unit}` : ''} на складах планування (поріг ${formatQtyUk(threshold)})`,
} as const;

export const lowStockKey = (itemId: number) => `low-stock:item:${itemId}`;

/** The stock page of an item's kind: where the notification leads and whose viewers receive it. */
export const stockPageOf = (kind: string) =>
  kind === 'component' || kind === 'material' ? '/component-stock' : '/inventory';

type Rows<T> = { rows: T[] };
const short = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text) || '0';

export async function checkLowStock(tx: DbOrTx, itemIds: readonly number[]): Promise<void> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return;
  const result = (await tx.execute(sql`
    select i.id, i.sku, i.name, i.kind, u.short_name as unit,
           (i.stock_control and i.is_active and i.kind <> 'service') as controlled,
           coalesce(s.available, 0)::text as available,
           coalesce(i.min_stock, (select (st.value #>> '{}')::numeric from settings st where st.key = ${LOW_STOCK_THRESHOLD}),
                    ${LOW_STOCK_DEFAULT})::text as threshold,
           (select n.title from notifications n where n.dedupe_key = 'low-stock:item:' || i.id::text
              and not n.is_resolved limit 1) as open_title
    from items i
    left join units u on u.id = i.unit_id
    left join (select b.item_id, sum(b.on_hand - b.reserved) as available
               from stock_balances b
               where b.item_id = any(${intArray(ids)})
                 and b.warehouse_id in (select w.id from warehouses w where w.include_in_planning)
               group by b.item_id) s on s.item_id = i.id
    where i.id = any(${intArray(ids)})`)) as unknown as Rows<{
    id: number;
    sku: string;
    name: string;
    kind: string;
    unit: string | null;
    controlled: boolean;
    available: string;
    threshold: string;
    open_title: string | null;
  }>;
  for (const r of result.rows) {
    const itemId = Number(r.id);
    const available = dec(r.available);
    const low = r.controlled && cmp(available, dec(r.threshold)) <= 0;
    if (!low) {
      if (r.open_title !== null) await resolveByKey(tx, lowStockKey(itemId));
      continue;
    }
    const out = cmp(available, dec(0)) <= 0;
    const title = out ? lowStockMessages.outTitle(r.name) : lowStockMessages.lowTitle(r.name);
    // Already raised in the same state: leave it as it is (read or not), so postings do not repeat it.
    if (r.open_title === title) continue;
    const page = stockPageOf(r.kind);
    await notify(tx, {
      type: 'warning',
      priority: out ? 'high' : 'medium',
      title,
      message: lowStockMessages.message(r.sku, short(r.available), r.unit, short(r.threshold)),
      actionUrl: `${page}?search=${encodeURIComponent(r.sku)}`,
      related: { type: 'item', id: itemId, label: `${r.name} (${r.sku})` },
      route: page,
      dedupeKey: lowStockKey(itemId),
    });
  }
}

/**
 * Every watched item low or out now (item_stock_states, kept by triggers), with its available quantity and
 * threshold: the list of the daily low-stock e-mail digest (reports-admin.md §14).
 */
export async function lowStockNow(
  tx: DbOrTx,
): Promise<Array<{ itemName: string; sku: string; available: string; threshold: string; link: string }>> {
  const result = (await tx.execute(sql`
    select i.id, i.sku, i.name, i.kind, u.short_name as unit,
           coalesce((select sum(b.on_hand - b.reserved) from stock_balances b
                     where b.item_id = i.id
                       and b.warehouse_id in (select w.id from warehouses w where w.include_in_planning)), 0)::text
             as available,
           coalesce(i.min_stock, (select (st.value #>> '{}')::numeric from settings st where st.key = ${LOW_STOCK_THRESHOLD}),
                    ${LOW_STOCK_DEFAULT})::text as threshold
    from item_stock_states s
    join items i on i.id = s.item_id
    left join units u on u.id = i.unit_id
    where s.state <> 'in' and s.counted
    order by ${ukOrder(sql`i.name`)}, i.id`)) as unknown as Rows<{
    id: number;
    sku: string;
    name: string;
    kind: string;
    unit: string | null;
    available: string;
    threshold: string;
  }>;
  return result.rows.map((r) => ({
    itemName: r.name,
    sku: r.sku,
    available: `${formatQtyUk(short(r.available))}${r.unit ? ` ${r.unit}` : ''}`,
    threshold: `${formatQtyUk(short(r.threshold))}${r.unit ? ` ${r.unit}` : ''}`,
    link: `${stockPageOf(r.kind)}?search=${encodeURIComponent(r.sku)}`,
  }));
}
