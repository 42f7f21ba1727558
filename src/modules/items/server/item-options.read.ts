// The one item picker's search (GET /api/items/options): every document line finds an item the same way — by name,
// SKU, barcode, MPN or a supplier's SKU, an exact (scanned) barcode or SKU first — and sees its prices and free stock.
import { and, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { componentKinds, productKinds } from '@/resources/items/items.resource.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { freeStockOf } from '@/modules/stock/server/index.ts';
import type { ItemOption, itemOptionsQuerySchema } from '../items.contract.ts';
import type { z } from '@/shared/zod-uk.ts';

const sellableKinds = ['product', 'service'] as const;

export async function searchItemOptions(
  db: DbOrTx,
  query: z.output<typeof itemOptionsQuerySchema>,
): Promise<ItemOption[]> {
  const text = query.search.trim();
  const where: SQL[] = [eq(items.isActive, true)];
  if (query.source === 'components') where.push(inArray(items.kind, [...componentKinds]));
  if (query.source === 'products') where.push(inArray(items.kind, [...productKinds]));
  const exact = sql`(${items.barcode} = ${text} or lower(btrim(${items.sku})) = ${text.toLowerCase()})`;
  if (text) {
    const like = containsPattern(text);
    where.push(
      or(
        ilike(items.name, like),
        ilike(items.sku, like),
        eq(items.barcode, text),
        ilike(items.mpn, like),
        sql`exists (select 1 from ${itemSuppliers} where ${itemSuppliers.itemId} = ${items.id}
          and ${itemSuppliers.supplierSku} ilike ${like})`,
      )!,
    );
  }
  // An exact code first (Enter takes a scanned code), then a sales line's own kinds, then the name's order.
  const whens: SQL[] = [];
  if (text) whens.push(sql`when ${exact} then 0`);
  if (query.source === 'all') whens.push(sql`when ${inArray(items.kind, [...sellableKinds])} then 1`);
  const rank = whens.length ? sql<number>`case ${sql.join(whens, sql` `)} else 2 end` : sql<number>`2`;
  const rows = await db
    .select({
      id: items.id,
      sku: items.sku,
      name: items.name,
      kind: items.kind,
      barcode: items.barcode,
      unitShortName: units.shortName,
      retailPrice: items.retailPrice,
      wholesalePrice: items.wholesalePrice,
      vatRate: items.vatRate,
      stockControl: items.stockControl,
    })
    .from(items)
    .leftJoin(units, eq(units.id, items.unitId))
    .where(and(...where))
    .orderBy(rank, ukOrder(items.name), items.id)
    .limit(query.limit);
  const ids = rows.map((row) => row.id);
  const [free, prices] = await Promise.all([freeStockOf(db, ids, query.warehouseId ?? null), purchasePrices(db, ids)]);
  return rows.map(({ stockControl, ...row }) => {
    const price = prices.get(row.id);
    return {
      ...row,
      vatRate: String(row.vatRate),
      purchasePrice: price?.price ?? null,
      purchaseCurrency: price?.currency ?? null,
      available: row.kind === 'service' || !stockControl ? null : (free.get(row.id) ?? '0.0000'),
    };
  });
}

/** The last purchase price of each item: its preferred supplier's, else the most recently priced supplier's. */
async function purchasePrices(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { price: string; currency: string | null }>();
  const rows = await db
    .selectDistinctOn([itemSuppliers.itemId], {
      itemId: itemSuppliers.itemId,
      price: itemSuppliers.lastPrice,
      currency: itemSuppliers.lastPriceCurrency,
    })
    .from(itemSuppliers)
    .where(and(inArray(itemSuppliers.itemId, ids), isNotNull(itemSuppliers.lastPrice)))
    .orderBy(
      itemSuppliers.itemId,
      sql`${itemSuppliers.isPreferred} desc`,
      sql`${itemSuppliers.lastPriceDate} desc nulls last`,
      sql`${itemSuppliers.id} desc`,
    );
  return new Map(rows.map((row) => [row.itemId, { price: row.price!, currency: row.currency }]));
}
