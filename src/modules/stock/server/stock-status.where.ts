// The one stock status rule of warehouse.md §0 as a list condition for other lists (the products list's
// `stockStatus` filter, reference-data.md §16): the states the database keeps per item over the planning warehouses
// (item_stock_states, refreshed on every balance, item, threshold and warehouse change — migrations 0018–0022), so
// the rule is stated once. Imported as this file by the resource registry: the module's index reaches the engine.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { StockStatus } from '../stock.contract.ts';

/** The kept state of each status. */
const stateOf: Record<StockStatus, 'in' | 'low' | 'out'> = {
  'in-stock': 'in',
  'low-stock': 'low',
  'out-of-stock': 'out',
};

/** Items (by their id column) whose §0 status over the planning warehouses is `status`. */
export function stockStatusWhere(itemId: AnyPgColumn, status: StockStatus): SQL {
  return sql`${itemId} in (select s.item_id from item_stock_states s where s.state = ${stateOf[status]})`;
}
