// The defaults a supplier order is filled with (issue 21), each one rule kept here and served to the form, so the page
// and the server never disagree:
// - the receiving warehouse: components and materials go where production takes them from — the materials warehouse
//   (type 'materials', the default one first, as a manufacturing order's materials warehouse is chosen); products go
//   where sales ship them from — the default finished-goods warehouse, else the main (default) warehouse;
// - a line's price: the supplier's last purchase price of the item (item_suppliers, kept by every posted receipt),
//   else the item's last purchase price from any supplier — in the order's currency.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { DefaultWarehouse, PriceSuggestion } from '../supplier-orders.contract.ts';

/** The item kinds production consumes: an order holding any of them (or no item yet) is received for production. */
const productionKinds = ['component', 'material'] as const;

const firstWarehouse = async (db: DbOrTx, where: ReturnType<typeof and>, order: ReturnType<typeof sql>[]) => {
  const [row] = await db
    .select({ warehouseId: warehouses.id, warehouseName: warehouses.name })
    .from(warehouses)
    .where(where)
    .orderBy(...order, asc(warehouses.id))
    .limit(1);
  return row ?? null;
};

/** The main warehouse: the default finished-goods one (where sales ship from), else any default, else the first. */
async function mainWarehouse(db: DbOrTx): Promise<DefaultWarehouse> {
  return (
    (await firstWarehouse(db, and(eq(warehouses.isActive, true), eq(warehouses.isDefault, true)), [
      sql`case when ${warehouses.type} = 'finished_goods' then 0 else 1 end`,
    ])) ??
    (await firstWarehouse(db, eq(warehouses.isActive, true), [sql`1`])) ?? { warehouseId: null, warehouseName: null }
  );
}

/** The materials warehouse production takes from (type 'materials', the default first), else the main one. */
async function materialsWarehouse(db: DbOrTx): Promise<DefaultWarehouse> {
  return (
    (await firstWarehouse(db, and(eq(warehouses.isActive, true), eq(warehouses.type, 'materials')), [
      sql`${warehouses.isDefault} desc`,
    ])) ?? mainWarehouse(db)
  );
}

/**
 * Where a supplier order of these items is received when the user names no warehouse: the materials warehouse when
 * any item is a component or material (or none is chosen yet), else — products only — the main warehouse.
 */
export async function defaultReceivingWarehouse(db: DbOrTx, itemIds: readonly number[]): Promise<DefaultWarehouse> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return materialsWarehouse(db);
  const kinds = await db.selectDistinct({ kind: items.kind }).from(items).where(inArray(items.id, ids));
  const forProduction = !kinds.length || kinds.some((k) => (productionKinds as readonly string[]).includes(k.kind));
  return forProduction ? materialsWarehouse(db) : mainWarehouse(db);
}

/** The given warehouse, else the default one for these items (null only when there is no warehouse at all). */
export async function receivingWarehouseId(
  db: DbOrTx,
  warehouseId: number | null | undefined,
  itemIds: readonly number[],
): Promise<number | null> {
  return warehouseId ?? (await defaultReceivingWarehouse(db, itemIds)).warehouseId;
}

/**
 * The price to suggest for a new line: this supplier's last purchase price of the item, else the latest one of any
 * supplier — only a price in the order's currency; null when there is none.
 */
export async function suggestLinePrice(
  db: DbOrTx,
  input: { supplierId: number; itemId: number; currencyCode: string },
): Promise<PriceSuggestion | null> {
  const currency = sql`coalesce(upper(${itemSuppliers.lastPriceCurrency}), 'UAH')`;
  const [row] = await db
    .select({
      unitPrice: sql<string>`${itemSuppliers.lastPrice}::text`,
      currencyCode: sql<string>`${currency}`,
      date: itemSuppliers.lastPriceDate,
      supplierId: itemSuppliers.supplierId,
      supplierName: counterparties.name,
    })
    .from(itemSuppliers)
    .innerJoin(counterparties, eq(counterparties.id, itemSuppliers.supplierId))
    .where(
      and(
        eq(itemSuppliers.itemId, input.itemId),
        isNotNull(itemSuppliers.lastPrice),
        sql`${currency} = ${input.currencyCode.toUpperCase()}`,
      ),
    )
    .orderBy(
      sql`case when ${itemSuppliers.supplierId} = ${input.supplierId} then 0 else 1 end`,
      sql`${itemSuppliers.lastPriceDate} desc nulls last`,
      desc(itemSuppliers.id),
    )
    .limit(1);
  if (!row) return null;
  return { ...row, fromThisSupplier: row.supplierId === input.supplierId };
}
