// The scanner's lookup (warehouse.md §9): exact matches only, each through a unique or indexed key, so a scan takes
// constant time — items.barcode (items_barcode_key), lower(btrim(sku)) (items_sku_key), lower(btrim(supplier_sku))
// (item_suppliers_supplier_sku_idx), then a serial number (serial_numbers_serial_idx, stored uppercased) and a document
// number chosen by its prefix (each table's unique number).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { inventoryAudits } from '@/modules/inventory-audits/server/inventory-audits.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { serialStatusLabels, warrantyUntil } from '@/modules/serial-numbers/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { stockAdjustments } from '@/modules/stock/server/adjustments.table.ts';
import { documentPrefixes } from '@/modules/stock/server/index.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import { warehouseTransfers } from '@/modules/warehouse-transfers/server/warehouse-transfers.table.ts';
import { itemSuppliers, items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { DbOrTx } from '@/server/db/client.ts';
import { add, cmp, dec, fixed, sub, type Dec } from '@/shared/decimal.ts';
import { lineAmounts } from '@/shared/vat.ts';
import { LOW_STOCK_DEFAULT } from '@/modules/stock/stock.contract.ts';
import type {
  ItemStockStatus,
  LookupResult,
  ScannedDocument,
  ScannedItem,
  ScannedSerial,
  ScannerDocumentType,
} from '../scanner.contract.ts';

type MatchKind = ScannedItem['matchedBy'];

/** Item ids matching the code, in the spec's order (barcode, SKU, supplier SKU), each once. */
async function matchItems(db: DbOrTx, code: string): Promise<Array<[number, MatchKind]>> {
  const [byBarcode, bySku, bySupplierSku] = await Promise.all([
    db.select({ id: items.id }).from(items).where(eq(items.barcode, code)),
    db
      .select({ id: items.id })
      .from(items)
      .where(sql`lower(btrim(${items.sku})) = lower(btrim(${code}))`),
    db
      .selectDistinct({ id: itemSuppliers.itemId })
      .from(itemSuppliers)
      .where(sql`lower(btrim(${itemSuppliers.supplierSku})) = lower(btrim(${code}))`)
      .orderBy(asc(itemSuppliers.itemId))
      .limit(20),
  ]);
  const seen = new Map<number, MatchKind>();
  for (const [rows, kind] of [
    [byBarcode, 'barcode'],
    [bySku, 'sku'],
    [bySupplierSku, 'supplier_sku'],
  ] as const) {
    for (const { id } of rows) if (!seen.has(id)) seen.set(id, kind);
  }
  return [...seen];
}

function stockStatus(kind: string, available: Dec, minStock: string | null): ItemStockStatus {
  if (kind === 'service') return 'not-stocked';
  if (cmp(available, dec(0)) <= 0) return 'out-of-stock';
  if (cmp(available, dec(minStock ?? LOW_STOCK_DEFAULT)) <= 0) return 'low-stock';
  return 'in-stock';
}

async function itemCards(db: DbOrTx, matches: ReadonlyArray<[number, MatchKind]>): Promise<ScannedItem[]> {
  if (matches.length === 0) return [];
  const ids = matches.map(([id]) => id);
  const [rows, balances] = await Promise.all([
    db
      .select({
        id: items.id,
        sku: items.sku,
        name: items.name,
        kind: items.kind,
        unit: units.shortName,
        barcode: items.barcode,
        retailPrice: items.retailPrice,
        vatRate: items.vatRate,
        minStock: items.minStock,
        isActive: items.isActive,
      })
      .from(items)
      .leftJoin(units, eq(units.id, items.unitId))
      .where(inArray(items.id, ids)),
    db
      .select({
        itemId: stockBalances.itemId,
        warehouseId: stockBalances.warehouseId,
        warehouseName: warehouses.name,
        includeInPlanning: warehouses.includeInPlanning,
        onHand: sql<string>`${stockBalances.onHand}::text`,
        reserved: sql<string>`${stockBalances.reserved}::text`,
        available: sql<string>`(${stockBalances.onHand} - ${stockBalances.reserved})::text`,
      })
      .from(stockBalances)
      .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
      .where(inArray(stockBalances.itemId, ids))
      .orderBy(asc(warehouses.name)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return matches.flatMap(([id, matchedBy]) => {
    const item = byId.get(id);
    if (!item) return [];
    const own = balances.filter((b) => b.itemId === id);
    const planning = own
      .filter((b) => b.includeInPlanning)
      .reduce((sum, b) => add(sum, sub(dec(b.onHand), dec(b.reserved))), dec(0));
    const isProduct = item.kind === 'product' || item.kind === 'semi_finished' || item.kind === 'service';
    const card: ScannedItem = {
      type: 'item',
      matchedBy,
      itemId: item.id,
      sku: item.sku,
      name: item.name,
      kind: item.kind,
      unit: item.unit ?? null,
      barcode: item.barcode,
      price: item.retailPrice,
      priceWithVat:
        item.retailPrice === null
          ? null
          : fixed(lineAmounts(dec(1), dec(item.retailPrice), item.vatRate, false).gross, 2),
      vatRate: item.vatRate,
      isActive: item.isActive,
      status: stockStatus(item.kind, planning, item.minStock),
      stock: own
        .filter((b) => cmp(dec(b.onHand), dec(0)) !== 0 || cmp(dec(b.reserved), dec(0)) !== 0)
        .map((b) => ({
          warehouseId: b.warehouseId,
          warehouseName: b.warehouseName,
          onHand: b.onHand,
          reserved: b.reserved,
          available: b.available,
        })),
      links: {
        page: isProduct ? '/products' : '/components',
        movement: `/component-movement?itemId=${item.id}${isProduct ? '&kind=all' : ''}`,
      },
    };
    return [card];
  });
}

const documentSources = {
  [documentPrefixes.supplier_receipt]: {
    type: 'supplier_receipt',
    table: supplierReceipts,
    date: supplierReceipts.documentDate,
    url: (id: number) => `/supplier-receipts?open=${id}`,
  },
  [documentPrefixes.supplier_order]: {
    type: 'supplier_order',
    table: supplierOrders,
    date: supplierOrders.orderDate,
    url: (id: number) => `/supplier-orders?open=${id}`,
  },
  [documentPrefixes.transfer]: {
    type: 'transfer',
    table: warehouseTransfers,
    date: warehouseTransfers.documentDate,
    url: (id: number) => `/warehouse-transfers?open=${id}`,
  },
  [documentPrefixes.inventory_audit]: {
    type: 'inventory_audit',
    table: inventoryAudits,
    date: inventoryAudits.documentDate,
    url: (id: number) => `/inventory-audits/${id}`,
  },
  [documentPrefixes.adjustment]: {
    type: 'adjustment',
    table: stockAdjustments,
    date: stockAdjustments.documentDate,
    url: () => '/inventory',
  },
} satisfies Record<string, { type: ScannerDocumentType; [key: string]: unknown }>;

/** The document whose number is the code (`GRN-2026-00001`, any case), chosen by the prefix. */
async function matchDocument(db: DbOrTx, code: string): Promise<ScannedDocument | null> {
  const number = code.trim().toUpperCase();
  const match = /^([A-Z]+)-\d{4}-\d+$/.exec(number);
  if (!match) return null;
  const source = (documentSources as Record<string, (typeof documentSources)[keyof typeof documentSources]>)[match[1]!];
  if (!source) return null;
  const { table } = source;
  const [row] = await db
    .select({ id: table.id, number: table.number, status: table.status, date: source.date })
    .from(table)
    .where(eq(table.number, number))
    .limit(1);
  if (!row) return null;
  return {
    type: 'document',
    documentType: source.type,
    id: row.id,
    number: row.number,
    status: row.status,
    date: row.date,
    url: source.url(row.id),
  };
}

/** The units whose serial number is the code (trimmed, any case — serials are stored uppercased), of any item. */
async function matchSerials(db: DbOrTx, code: string): Promise<ScannedSerial[]> {
  const serial = code.trim().toUpperCase();
  const rows = await db
    .select({
      id: serialNumbers.id,
      serial: serialNumbers.serial,
      itemId: serialNumbers.itemId,
      sku: items.sku,
      name: items.name,
      status: serialNumbers.status,
      warehouseName: warehouses.name,
      clientName: counterparties.name,
      soldAt: serialNumbers.soldAt,
      warrantyMonths: items.warrantyMonths,
    })
    .from(serialNumbers)
    .innerJoin(items, eq(items.id, serialNumbers.itemId))
    .leftJoin(warehouses, eq(warehouses.id, serialNumbers.warehouseId))
    .leftJoin(counterparties, eq(counterparties.id, serialNumbers.clientId))
    .where(eq(serialNumbers.serial, serial))
    .orderBy(asc(serialNumbers.id))
    .limit(20);
  return rows.map((r) => ({
    type: 'serial',
    serialId: r.id,
    serial: r.serial,
    itemId: r.itemId,
    sku: r.sku,
    name: r.name,
    status: r.status,
    statusLabel: serialStatusLabels[r.status] ?? r.status,
    warehouseName: r.warehouseName ?? null,
    clientName: r.clientName ?? null,
    soldAt: r.soldAt ? r.soldAt.toISOString() : null,
    warrantyUntil: warrantyUntil(r.soldAt, r.warrantyMonths ?? 12),
    url: `/serial-numbers?open=${r.id}`,
  }));
}

/** Everything the code finds: items (by barcode, SKU, supplier SKU), units by serial, then the document of that number. */
export async function lookupCode(db: DbOrTx, code: string): Promise<LookupResult[]> {
  const [matches, serials, document] = await Promise.all([
    matchItems(db, code),
    matchSerials(db, code),
    matchDocument(db, code),
  ]);
  const cards: LookupResult[] = await itemCards(db, matches);
  cards.push(...serials);
  if (document) cards.push(document);
  return cards;
}
