// The stock read pages (warehouse.md §0–3): /inventory and /component-stock (balances with the one status rule),
// /component-movement (the ledger as a page). Shared by the server and the pages.
import { periodFilterShape } from '@/shared/contract-fields.ts';
import { idFilter } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export const LOW_STOCK_DEFAULT = 10;
export const stockStatuses = ['in-stock', 'low-stock', 'out-of-stock'] as const;
export type StockStatus = (typeof stockStatuses)[number];
export const stockStatusLabels: Record<StockStatus, string> = {
  'in-stock': 'В наявності',
  'low-stock': 'Закінчується',
  'out-of-stock': 'Немає в наявності',
};

export const documentTypeLabels: Record<string, string> = {
  supplier_receipt: 'Прихід',
  shipment: 'Відвантаження',
  transfer: 'Переміщення',
  inventory_audit: 'Інвентаризація',
  mo_issue: 'Видача матеріалів',
  mo_output: 'Випуск продукції',
  assembly: 'Збірка',
  disassembly: 'Розбірка',
  repair_parts: 'Запчастини на ремонт',
  adjustment: 'Коригування залишків',
};
/** Where a document of a type is opened (its list page; the number is the search). */
export const documentPages: Record<string, string> = {
  supplier_receipt: '/supplier-receipts',
  transfer: '/warehouse-transfers',
  inventory_audit: '/inventory-audits',
  shipment: '/shipments',
  mo_issue: '/manufacturing',
  mo_output: '/manufacturing',
  assembly: '/assembly',
  disassembly: '/assembly',
  repair_parts: '/repairs',
  adjustment: '/inventory',
};

const optionalId = idFilter();

export const stockListQuerySchema = z.strictObject({
  ...listQueryShape,
  warehouseId: optionalId,
  categoryId: optionalId,
  status: z.enum(stockStatuses).optional(),
});
export const stockSortFields = ['sku', 'name', 'onHand', 'available', 'value', 'status'] as const;

/** The kinds /inventory lists (warehouse.md §1), each a value of its kind filter. */
export const inventoryKinds = ['product', 'semi_finished'] as const;
export const inventoryKindLabels: Record<(typeof inventoryKinds)[number], string> = {
  product: 'Готова продукція',
  semi_finished: 'Напівфабрикат',
};
/** The movements' kind filter: the page's two views, or one stocked item kind. */
export const movementKinds = ['components', 'all', 'component', 'material', 'product', 'semi_finished'] as const;
export type MovementKind = (typeof movementKinds)[number];

/** /inventory: the balances filters plus the kind. */
export const inventoryListQuerySchema = stockListQuerySchema.extend({ kind: z.enum(inventoryKinds).optional() });

export const stockRowSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  categoryName: z.string().nullable(),
  unitShortName: z.string().nullable(),
  onHand: z.string(),
  reserved: z.string(),
  available: z.string(),
  avgCost: z.string().nullable(),
  value: z.string(),
  threshold: z.string(),
  stockControl: z.boolean(),
  status: z.enum(stockStatuses),
});
export type StockRow = z.infer<typeof stockRowSchema>;

/** An /inventory row: the balances plus 'У виробництві' — what open MOs of the item are still to make. */
export const inventoryRowSchema = stockRowSchema.extend({ inProduction: z.string() });
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

// ---- /component-stock: the purchasing view (warehouse.md §2) ----------------------------------------------------

export const componentStockListQuerySchema = stockListQuerySchema.extend({ packageTypeId: optionalId });

/**
 * A component row: the balances, plus what purchasing needs — on order (open supplier-order lines not yet
 * received), required (the remaining need of open MOs), the shortage (required − free stock − on order, when above
 * 0), the last purchase (price in UAH and supplier, from the last posted receipt) and the package type.
 */
export const componentStockRowSchema = stockRowSchema.extend({
  packageTypeId: z.number().int().nullable(),
  packageTypeName: z.string().nullable(),
  onOrder: z.string(),
  required: z.string(),
  shortageQty: z.string(),
  shortage: z.boolean(),
  lastPrice: z.string().nullable(),
  lastSupplierId: z.number().int().nullable(),
  lastSupplierName: z.string().nullable(),
});
export type ComponentStockRow = z.infer<typeof componentStockRowSchema>;

export const componentStockMessages = {
  orderNoItems: 'Оберіть хоча б один компонент',
  orderNotFound: 'Компонент не знайдено',
  orderNoSupplier: (skus: readonly string[]) =>
    `Немає постачальника (ще жодного приходу) для: ${skus.join(', ')}. Замовлення постачальнику без постачальника створити не можна — приберіть ці рядки й замовте їх на сторінці «Замовлення постачальникам».`,
  orderNothing: (skus: readonly string[]) =>
    `Нічого замовляти для: ${skus.join(', ')} — немає дефіциту, і залишок із замовленим не нижчий за поріг.`,
  orderNoRight: 'Немає права створювати замовлення постачальникам',
  orderNote: 'Створено зі сторінки «Запаси компонентів»',
};

/** 'Замовити' on the selected rows: one draft supplier order per last supplier, with the suggested quantities. */
export const componentOrderDraftsSchema = z.strictObject({
  itemIds: z
    .array(z.number().int().positive(componentStockMessages.orderNotFound))
    .min(1, componentStockMessages.orderNoItems)
    .max(200),
});
export const componentOrderDraftsResultSchema = z.object({
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      supplierId: z.number().int(),
      supplierName: z.string(),
      lines: z.number().int(),
    }),
  ),
});
export type ComponentOrderDraftsResult = z.infer<typeof componentOrderDraftsResultSchema>;

export const stockStatsSchema = z.object({
  items: z.number().int(),
  value: z.string(),
  lowStock: z.number().int(),
  outOfStock: z.number().int(),
});
export type StockStats = z.infer<typeof stockStatsSchema>;

export const movementDirections = ['in', 'out'] as const;
export type MovementDirection = (typeof movementDirections)[number];
export const movementDirectionLabels: Record<MovementDirection, string> = { in: 'Прихід', out: 'Розхід' };

export const movementQuerySchema = z.strictObject({
  ...listQueryShape,
  itemId: optionalId,
  warehouseId: optionalId,
  documentType: z.string().trim().max(40).optional(),
  ...periodFilterShape(),
  /**
   * Components and materials (the default, the page's view), every kind ('all', the 'Усі товари' toggle), or one
   * item kind (warehouse.md §3 'kind').
   */
  kind: z.enum(movementKinds).optional(),
  categoryId: optionalId,
  /** Who posted the movement. */
  userId: optionalId,
  /** Incoming (qty > 0) or outgoing (qty < 0) movements. */
  direction: z.enum(movementDirections).optional(),
});

export const movementRowSchema = z.object({
  id: z.number().int(),
  occurredOn: z.string(),
  createdAt: z.string(),
  documentType: z.string(),
  documentId: z.number().int(),
  documentNumber: z.string(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  unitShortName: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  qty: z.string(),
  unitCost: z.string(),
  value: z.string(),
  /** The item's running balance after this movement; only when the list is filtered to one item. */
  balanceAfter: z.string().nullable(),
  reversesMovementId: z.number().int().nullable(),
  userName: z.string().nullable(),
  /** Why the document moved stock, where it says so (an adjustment's reason: 'Псування'). */
  note: z.string().nullable().optional(),
  /** The item's kind: an adjustment of a component opens on /component-stock, of a product on /inventory. */
  itemKind: z.string().optional(),
});
export type MovementRow = z.infer<typeof movementRowSchema>;

export const movementSummarySchema = z.object({
  openingQty: z.string(),
  openingValue: z.string(),
  inQty: z.string(),
  inValue: z.string(),
  outQty: z.string(),
  outValue: z.string(),
  closingQty: z.string(),
  closingValue: z.string(),
});
export type MovementSummary = z.infer<typeof movementSummarySchema>;

/** An export's file: XLSX unless CSV is asked for. */
const exportFormatShape = { format: z.enum(['csv', 'xlsx']).optional().default('xlsx') };
export const stockExportQuerySchema = stockListQuerySchema.extend(exportFormatShape);
export const inventoryExportQuerySchema = inventoryListQuerySchema.extend(exportFormatShape);
export const movementExportQuerySchema = movementQuerySchema.extend(exportFormatShape);
export const componentStockExportQuerySchema = componentStockListQuerySchema.extend(exportFormatShape);

/** The shapes of /inventory's endpoints: the balances with the kind filter and 'У виробництві'. */
const stockPageSchemas = {
  list: { query: inventoryListQuerySchema, response: z.array(inventoryRowSchema) },
  stats: { query: inventoryListQuerySchema, response: stockStatsSchema },
  /** CSV or XLSX of every matching row. */
  export: { query: inventoryExportQuerySchema },
};

/** The shapes of every endpoint of the stock read pages (their paths are in stock.endpoints.ts, decision 0016). */
export const stockSchemas = {
  inventoryList: stockPageSchemas.list,
  inventoryStats: stockPageSchemas.stats,
  inventoryExport: stockPageSchemas.export,
  componentStockList: { query: componentStockListQuerySchema, response: z.array(componentStockRowSchema) },
  componentStockStats: { query: componentStockListQuerySchema, response: stockStatsSchema },
  /** CSV or XLSX of every matching row, with the purchasing columns. */
  componentStockExport: { query: componentStockExportQuerySchema },
  /** 'Замовити': drafts of supplier orders for the selected rows. */
  componentStockOrderDrafts: { body: componentOrderDraftsSchema, response: componentOrderDraftsResultSchema },
  movementList: { query: movementQuerySchema, response: z.array(movementRowSchema) },
  movementSummary: { query: movementQuerySchema, response: movementSummarySchema },
  /** CSV or XLSX of every matching movement. */
  movementExport: { query: movementExportQuerySchema },
};
