// The scanner's lookup (warehouse.md §9): exact matches only, each through a unique or indexed key, so a scan takes
// constant time — items.barcode (items_barcode_key), lower(btrim(sku)) (items_sku_key), lower(btrim(supplier_sku))
// (item_suppliers_supplier_sku_idx), then a serial number (serial_numbers_serial_idx, stored uppercased) and a document
// number, the types of its prefix first (each table's unique number: orders_order_number_key, shipments_number_key,
// payments_number_key, …), shown only to those who may view the document's page.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inventoryAudits } from '@/modules/inventory-audits/server/inventory-audits.table.ts';
import { orderStatusLabels, type OrderStatus } from '@/modules/orders/orders.contract.ts';
import { orders } from '@/modules/orders/server/orders.table.ts';
import { paymentStatusLabels, type PaymentStatus } from '@/modules/payments/payments.contract.ts';
import { payments } from '@/modules/payments/server/payments.table.ts';
import { shipmentStatusLabels, type ShipmentStatus } from '@/modules/shipments/shipments.contract.ts';
import { shipments } from '@/modules/shipments/server/shipments.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { serialStatusLabels, warrantyUntil } from '@/modules/serial-numbers/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { stockAdjustments } from '@/modules/stock/server/adjustments.table.ts';
import { documentTypesOfPrefix, type NumberedDocument } from '@/modules/stock/server/index.ts';
import { moStatusLabels, type MoStatus } from '@/modules/manufacturing/manufacturing.contract.ts';
import { manufacturingOrderByNumber } from '@/modules/manufacturing/server/index.ts';
import { repairStatusLabels, type RepairStatus } from '@/modules/repairs/repairs.contract.ts';
import { repairByNumber, repairsOfSerials } from '@/modules/repairs/server/index.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import { warehouseTransfers } from '@/modules/warehouse-transfers/server/warehouse-transfers.table.ts';
import { itemSuppliers, items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
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
      .orderBy(ukOrder(warehouses.name)),
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

/** A document as the scanner names it. */
type FoundDocument = { id: number; number: string; status: string; date: string };

interface DocumentSource {
  type: ScannerDocumentType;
  /** The page that shows the document: the user must be allowed to view it. */
  route: string;
  /** The document with that (upper-case) number, through its unique number. */
  find: (db: DbOrTx, number: string) => Promise<FoundDocument | null>;
  url: (id: number, number: string) => string;
  statusLabel?: (status: string) => string;
}

/** The finder of a table with a unique number column. */
const byNumber =
  (table: PgTable, columns: { id: AnyPgColumn; number: AnyPgColumn; status: AnyPgColumn; date: AnyPgColumn }) =>
  async (db: DbOrTx, number: string) => {
    const [row] = (await db.select(columns).from(table).where(eq(columns.number, number)).limit(1)) as FoundDocument[];
    return row ?? null;
  };

/** Each document type the scanner knows: its table's unique number (an index), the page it opens, and its route. */
const documentSources: Partial<Record<NumberedDocument, DocumentSource>> = {
  order: {
    type: 'order',
    route: '/orders',
    find: byNumber(orders, {
      id: orders.id,
      number: orders.orderNumber,
      status: orders.status,
      date: orders.orderDate,
    }),
    url: (_id, number) => `/orders?search=${encodeURIComponent(number)}`,
    statusLabel: (status) => orderStatusLabels[status as OrderStatus] ?? status,
  },
  shipment: {
    type: 'shipment',
    route: '/shipments',
    find: byNumber(shipments, {
      id: shipments.id,
      number: shipments.number,
      status: shipments.status,
      date: shipments.shipmentDate,
    }),
    url: (id) => `/shipments?open=${id}`,
    statusLabel: (status) => shipmentStatusLabels[status as ShipmentStatus] ?? status,
  },
  payment: {
    type: 'payment',
    route: '/payments',
    find: byNumber(payments, {
      id: payments.id,
      number: payments.number,
      status: payments.status,
      date: payments.paymentDate,
    }),
    url: () => '/payments',
    statusLabel: (status) => paymentStatusLabels[status as PaymentStatus] ?? status,
  },
  supplier_receipt: {
    type: 'supplier_receipt',
    route: '/supplier-receipts',
    find: byNumber(supplierReceipts, {
      id: supplierReceipts.id,
      number: supplierReceipts.number,
      status: supplierReceipts.status,
      date: supplierReceipts.documentDate,
    }),
    url: (id) => `/supplier-receipts?open=${id}`,
  },
  supplier_order: {
    type: 'supplier_order',
    route: '/supplier-orders',
    find: byNumber(supplierOrders, {
      id: supplierOrders.id,
      number: supplierOrders.number,
      status: supplierOrders.status,
      date: supplierOrders.orderDate,
    }),
    url: (id) => `/supplier-orders?open=${id}`,
  },
  transfer: {
    type: 'transfer',
    route: '/warehouse-transfers',
    find: byNumber(warehouseTransfers, {
      id: warehouseTransfers.id,
      number: warehouseTransfers.number,
      status: warehouseTransfers.status,
      date: warehouseTransfers.documentDate,
    }),
    url: (id) => `/warehouse-transfers?open=${id}`,
  },
  inventory_audit: {
    type: 'inventory_audit',
    route: '/inventory-audits',
    find: byNumber(inventoryAudits, {
      id: inventoryAudits.id,
      number: inventoryAudits.number,
      status: inventoryAudits.status,
      date: inventoryAudits.documentDate,
    }),
    url: (id) => `/inventory-audits/${id}`,
  },
  manufacturing_order: {
    type: 'manufacturing_order',
    route: '/manufacturing',
    find: manufacturingOrderByNumber,
    url: (id) => `/manufacturing?open=${id}`,
    statusLabel: (status) => moStatusLabels[status as MoStatus] ?? status,
  },
  repair: {
    type: 'repair',
    route: '/repairs',
    find: repairByNumber,
    url: (id) => `/repairs?open=${id}`,
    statusLabel: (status) => repairStatusLabels[status as RepairStatus] ?? status,
  },
  adjustment: {
    type: 'adjustment',
    route: '/inventory',
    find: byNumber(stockAdjustments, {
      id: stockAdjustments.id,
      number: stockAdjustments.number,
      status: stockAdjustments.status,
      date: stockAdjustments.documentDate,
    }),
    url: () => '/inventory',
  },
};

/** Which pages the caller may view (a document is shown only to those who may open it). */
export type CanView = (route: string) => boolean;

/**
 * The document whose number is the code (`GRN-2026-00001`, `ЗМ-2026-00042`, any case), found through that table's
 * unique number — only when the caller may view its page. The types whose prefix (the company's or the default) is
 * the code's are asked first; a number kept from a prefix changed since is still found among the rest.
 */
async function matchDocument(db: DbOrTx, code: string, canView: CanView): Promise<ScannedDocument | null> {
  const number = code.trim().toUpperCase();
  const match = /^([\p{Lu}\d]+)-\d{4}-\d+$/u.exec(number);
  if (!match) return null;
  const first = await documentTypesOfPrefix(db, match[1]!);
  const types = [...first, ...(Object.keys(documentSources) as NumberedDocument[]).filter((t) => !first.includes(t))];
  for (const docType of types) {
    const source = documentSources[docType];
    if (!source || !canView(source.route)) continue;
    const row = await source.find(db, number);
    if (!row) continue;
    return {
      type: 'document',
      documentType: source.type,
      id: row.id,
      number: row.number,
      status: row.status,
      ...(source.statusLabel ? { statusLabel: source.statusLabel(row.status) } : {}),
      date: row.date,
      url: source.url(row.id, row.number),
    };
  }
  return null;
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

/**
 * Everything the code finds: items (by barcode, SKU, supplier SKU), units by serial, then the document of that number
 * (only of a page the caller may view).
 */
export async function lookupCode(db: DbOrTx, code: string, canView: CanView): Promise<LookupResult[]> {
  const [matches, serials, document] = await Promise.all([
    matchItems(db, code),
    matchSerials(db, code),
    matchDocument(db, code, canView),
  ]);
  const cards: LookupResult[] = await itemCards(db, matches);
  cards.push(...serials);
  if (document) cards.push(document);
  // A scanned unit's repairs (production.md §7), for who may view /repairs.
  if (serials.length && canView('/repairs')) {
    const repairs = await repairsOfSerials(
      db,
      serials.map((s) => s.serialId),
    );
    for (const r of repairs) {
      cards.push({
        type: 'document',
        documentType: 'repair',
        id: r.id,
        number: r.number,
        status: r.status,
        statusLabel: repairStatusLabels[r.status as RepairStatus] ?? r.status,
        date: r.date,
        url: `/repairs?open=${r.id}`,
      });
    }
  }
  return cards;
}
