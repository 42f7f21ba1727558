// The scanner (warehouse.md §9): what a scanned code finds, and the answer of a document's `…/:id/scan` endpoint.
// Shared by the server and the page.
import { z } from '@/shared/zod-uk.ts';

export const SCANNER_ROUTE = '/scanner';
// Kept with the endpoints, which may not load zod; here for the pages that already import the contract.
export { SCANNER_ROUTES } from './scanner.endpoints.ts';

export const scannerMessages = {
  code: 'Відскануйте або введіть код',
  codeLength: 'Код не довший за 200 символів',
} as const;

export const lookupQuerySchema = z.strictObject({
  code: z
    .string({ error: scannerMessages.code })
    .trim()
    .min(1, scannerMessages.code)
    .max(200, scannerMessages.codeLength),
});

/** Where each document type is found by its number prefix, and which page opens it. */
export const scannerDocumentTypes = [
  'order',
  'shipment',
  'payment',
  'supplier_receipt',
  'supplier_order',
  'transfer',
  'inventory_audit',
  'adjustment',
  'manufacturing_order',
  'repair',
] as const;
export type ScannerDocumentType = (typeof scannerDocumentTypes)[number];
export const scannerDocumentLabels: Record<ScannerDocumentType, string> = {
  order: 'Замовлення клієнта',
  shipment: 'Відвантаження',
  payment: 'Платіж',
  supplier_receipt: 'Прихід',
  supplier_order: 'Замовлення постачальнику',
  transfer: 'Переміщення',
  inventory_audit: 'Інвентаризація',
  adjustment: 'Коригування залишків',
  manufacturing_order: 'Виробниче замовлення',
  repair: 'Ремонт',
};

/** How the item was found: by its barcode, its SKU or a supplier's code. */
export const matchKinds = ['barcode', 'sku', 'supplier_sku'] as const;

export const itemStockStatuses = ['in-stock', 'low-stock', 'out-of-stock', 'not-stocked'] as const;
export type ItemStockStatus = (typeof itemStockStatuses)[number];
export const itemStockStatusLabels: Record<ItemStockStatus, string> = {
  'in-stock': 'В наявності',
  'low-stock': 'Закінчується',
  'out-of-stock': 'Немає в наявності',
  'not-stocked': 'Не складський (послуга)',
};

export const scannedItemSchema = z.object({
  type: z.literal('item'),
  matchedBy: z.enum(matchKinds),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  unit: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Retail price net of VAT, and with VAT (2 decimals); null without a retail price. */
  price: z.string().nullable(),
  priceWithVat: z.string().nullable(),
  vatRate: z.string(),
  isActive: z.boolean(),
  /** Available in the planning warehouses against minStock (or 10), as on /inventory. */
  status: z.enum(itemStockStatuses),
  stock: z.array(
    z.object({
      warehouseId: z.number().int(),
      warehouseName: z.string(),
      onHand: z.string(),
      reserved: z.string(),
      available: z.string(),
    }),
  ),
  links: z.object({
    /** The item's list page (/products or /components). */
    page: z.string(),
    movement: z.string(),
  }),
});
export type ScannedItem = z.infer<typeof scannedItemSchema>;

export const scannedDocumentSchema = z.object({
  type: z.literal('document'),
  documentType: z.enum(scannerDocumentTypes),
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  /** The status's name where the document's module has its own (orders, shipments, payments). */
  statusLabel: z.string().optional(),
  date: z.string(),
  url: z.string(),
});
export type ScannedDocument = z.infer<typeof scannedDocumentSchema>;

/** A unit found by its serial number (sales.md §4): its item, status, warehouse and, once sold, client and warranty. */
export const scannedSerialSchema = z.object({
  type: z.literal('serial'),
  serialId: z.number().int(),
  serial: z.string(),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** allocated | available | reserved | sold | in_repair | defective | void */
  status: z.string(),
  statusLabel: z.string(),
  warehouseName: z.string().nullable(),
  clientName: z.string().nullable(),
  soldAt: z.string().nullable(),
  warrantyUntil: z.string().nullable(),
  /** The serial's card on /serial-numbers. */
  url: z.string(),
});
export type ScannedSerial = z.infer<typeof scannedSerialSchema>;

export const lookupResultSchema = z.discriminatedUnion('type', [
  scannedItemSchema,
  scannedDocumentSchema,
  scannedSerialSchema,
]);
export type LookupResult = z.infer<typeof lookupResultSchema>;

/** The shapes of every endpoint of the module (its paths are in scanner.endpoints.ts, decision 0016). */
export const scannerSchemas = {
  lookup: { query: lookupQuerySchema, response: z.array(lookupResultSchema) },
};

/**
 * What a document's scan endpoint answers (POST /api/inventory-audits/:id/scan, /api/supplier-receipts/:id/scan,
 * /api/shipments/:id/scan). A shipment's line also tells what is left to ship and its serials.
 */
export interface DocumentScanAnswer {
  lineId: number;
  itemId: number;
  sku: string;
  name: string;
  qty: string;
  remainingQty?: string;
  serialTracking?: boolean;
  serialCount?: number;
  serial?: string | null;
}
