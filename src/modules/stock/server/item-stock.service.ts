// One item's stock card (warehouse.md §1 `GET /api/inventory/:itemId`): its balances per warehouse, the
// reservations holding it with their sources, and its last 20 movements.
import { sql } from 'drizzle-orm';
import { valueList } from '@/server/kernel/sql-arrays.ts';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { reservationSourceLabels, type ItemStock } from '../adjustments.contract.ts';
import { listMovements } from './stock-read.service.ts';

type Rows<T> = { rows: T[] };

export async function itemStock(db: DbOrTx, itemId: number, kinds: readonly string[]): Promise<ItemStock> {
  const head = (await db.execute(sql`
    select i.id, i.sku, i.name, i.kind, (i.serial_tracking and i.kind <> 'service') as serial_tracking,
           u.short_name as unit, c.avg_cost::text as avg_cost,
           coalesce(c.value, 0)::text as value
    from items i left join units u on u.id = i.unit_id left join item_costs c on c.item_id = i.id
    where i.id = ${itemId} and i.kind in (${valueList(kinds)})`)) as unknown as Rows<Record<string, unknown>>;
  const item = head.rows[0];
  if (!item) throw new DomainError(404, 'Товар не знайдено');
  const [balances, reservations, movements] = await Promise.all([
    db.execute(sql`
      select b.warehouse_id, w.name as warehouse_name, b.on_hand::text as on_hand, b.reserved::text as reserved,
             (b.on_hand - b.reserved)::numeric(18, 4)::text as available
      from stock_balances b join warehouses w on w.id = b.warehouse_id
      where b.item_id = ${itemId} and (b.on_hand <> 0 or b.reserved <> 0)
      order by ${ukOrder(sql`w.name`)}, b.warehouse_id`) as unknown as Promise<Rows<Record<string, unknown>>>,
    db.execute(sql`
      select r.id, r.warehouse_id, w.name as warehouse_name, r.qty::text as qty, r.source_type, r.source_id
      from stock_reservations r join warehouses w on w.id = r.warehouse_id
      where r.item_id = ${itemId}
      order by r.id`) as unknown as Promise<Rows<Record<string, unknown>>>,
    listMovements(db, { itemId, kind: 'all', limit: 20, sort: '-id' }),
  ]);
  return {
    itemId: Number(item.id),
    sku: String(item.sku),
    name: String(item.name),
    kind: String(item.kind),
    serialTracking: item.serial_tracking === true || item.serial_tracking === 't',
    unitShortName: (item.unit as string | null) ?? null,
    avgCost: (item.avg_cost as string | null) ?? null,
    value: String(item.value),
    balances: balances.rows.map((r) => ({
      warehouseId: Number(r.warehouse_id),
      warehouseName: String(r.warehouse_name),
      onHand: String(r.on_hand),
      reserved: String(r.reserved),
      available: String(r.available),
    })),
    reservations: reservations.rows.map((r) => ({
      id: Number(r.id),
      warehouseId: Number(r.warehouse_id),
      warehouseName: String(r.warehouse_name),
      qty: String(r.qty),
      sourceType: String(r.source_type),
      sourceId: Number(r.source_id),
      source: `${reservationSourceLabels[String(r.source_type)] ?? String(r.source_type)} #${Number(r.source_id)}`,
    })),
    movements: movements.rows,
  };
}
