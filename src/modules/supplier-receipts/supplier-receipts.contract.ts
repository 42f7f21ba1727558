// Supplier receipts ('Приходи від постачальників', warehouse.md §6): the GRN document that puts purchased goods
// into stock at their true cost. Shared by the server and the page.
import { decimalTextOf, optionalText, periodFilterShape, reasonText, refId } from '@/shared/contract-fields.ts';
import { idFilter, idParams } from '@/shared/contract.ts';
import { defaultWarehouseQuerySchema, defaultWarehouseSchema } from '@/shared/default-warehouse.ts';
import { documentDate } from '@/shared/document-date.ts';
import { cmp, dec, mul, sub } from '@/shared/decimal.ts';
import { listQueryShape } from '@/shared/list.ts';
import { lineUnitsQuerySchema, lineUnitsSchema } from '@/shared/unit-conversion.ts';
import { z } from '@/shared/zod-uk.ts';

export const receiptMessages = {
  serialsNoLine: 'Серійні номери вказано для рядка, якого немає в документі',
  serialsGone: (values: readonly string[]) =>
    `Неможливо скасувати: серійні номери з цього приходу вже не на складі: ${values.join(', ')}`,
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Має бути більше нуля',
  notNegative: 'Не може бути від’ємним',
  noLines: 'Додайте хоча б один рядок',
  currency: 'Код валюти — три латинські літери (UAH)',
  duplicate: (number: string) => `Цей документ постачальника вже внесено (${number})`,
  notFound: 'Прихід не знайдено',
  notDraft: 'Змінювати можна лише чернетку',
  notPosted: 'Скасувати можна лише проведений прихід',
  posted: 'Прихід уже проведено',
  version: 'Документ змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину скасування',
  notSupplier: 'Оберіть постачальника зі списку',
  notStocked: 'Оберіть компонент, матеріал або товар, що має залишки',
  reference: 'Оберіть запис зі списку',
  orderNotFound: 'Замовлення постачальнику не знайдено',
  orderOtherSupplier: 'Замовлення іншого постачальника',
  orderNotOpen: (number: string, status: string) => `Замовлення ${number} у статусі «${status}» не очікує поставки`,
  orderLineWithoutOrder: 'Рядок замовлення вказано без замовлення',
  orderLineOther: 'Рядок не належить обраному замовленню',
  orderLineItem: 'Позиція рядка відрізняється від позиції в замовленні',
  scanNotFound: 'Нічого не знайдено',
  scanOneSerial: 'Відскануйте один серійний номер',
  scanSerialOnLine: (serial: string) => `Серійний номер ${serial} уже є в цьому рядку`,
  code: 'Відскануйте або введіть код',
  priceWarning: 'Ціна відрізняється від останньої більш ніж на 20 %',
  importFormat: 'Надішліть файл CSV або XLSX',
  importColumns: 'У файлі мають бути колонки SKU, qty і price (або Артикул, Кількість, Ціна)',
  importNoSku: 'не вказано артикул',
  importUnknown: (code: string) => `позицію «${code}» не знайдено`,
  importQty: 'кількість має бути числом більше нуля (не більше 4 знаків після коми)',
  importPrice: 'ціна має бути числом (не більше 6 знаків після коми)',
  importRow: (row: number, problem: string) => `Рядок ${row}: ${problem}`,
  importFailed: (count: number, first: string) => `Файл не імпортовано — помилок: ${count}. ${first}`,
  importEmpty: 'У файлі немає рядків',
  importTooMany: 'Не більше 500 рядків у документі',
} as const;

export const receiptStatuses = ['draft', 'posted', 'cancelled'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];
export const receiptStatusLabels: Record<ReceiptStatus, string> = {
  draft: 'Чернетка',
  posted: 'Проведено',
  cancelled: 'Скасовано',
};
export const vatRates = ['20', '14', '7', '0'] as const;
export const extraCostsMethods = ['by_value', 'by_qty'] as const;
export const extraCostsMethodLabels = { by_value: 'Пропорційно вартості', by_qty: 'Пропорційно кількості' } as const;

const decimalText = decimalTextOf(receiptMessages);
const isoDate = documentDate(receiptMessages.date);
const id = refId(receiptMessages.reference);

export const receiptLineInputSchema = z.strictObject({
  itemId: id,
  /** In `unitId` when given (another unit of the stock unit's type), else in the item's stock unit. */
  qty: decimalText(4, { positive: true }),
  unitId: id.nullable().optional(),
  /** Per the entered unit. */
  unitPrice: decimalText(6),
  vatRate: z.enum(vatRates).default('20'),
  supplierItemName: optionalText(300),
  /** The supplier order line this line receives against (warehouse.md §5). */
  supplierOrderLineId: id.nullable().optional(),
  /**
   * A serial-tracked line's serials typed or scanned on the draft (lists and ranges allowed), kept until posting;
   * omitted: the line keeps those of the previous line of its item.
   */
  serials: z.array(z.string().trim().min(1).max(200, 'Серійний номер не довший за 200 символів')).max(1000).optional(),
});
export type ReceiptLineInput = z.input<typeof receiptLineInputSchema>;

const headerShape = {
  supplierId: id,
  companyId: id.nullable().optional(),
  warehouseId: id,
  documentTypeId: id,
  supplierDocNumber: z.string().trim().min(1, receiptMessages.required).max(60, 'Не довше 60 символів'),
  supplierDocDate: isoDate,
  documentDate: isoDate,
  currencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, receiptMessages.currency)
    .default('UAH'),
  /** UAH per 1 unit; absent: the base currency's 1, else the NBU rate on the document date (reports-admin §18). */
  fxRate: decimalText(6, { positive: true }).optional(),
  pricesIncludeVat: z.boolean().default(false),
  extraCosts: decimalText(2).default('0'),
  extraCostsMethod: z.enum(extraCostsMethods).default('by_value'),
  notes: optionalText(2000),
  /** The supplier order received against ('Отримати'); its lines are linked by supplierOrderLineId. */
  supplierOrderId: id.nullable().optional(),
};

export const receiptCreateSchema = z.strictObject({
  ...headerShape,
  lines: z.array(receiptLineInputSchema).min(1, receiptMessages.noLines).max(500),
});
export type ReceiptCreateInput = z.input<typeof receiptCreateSchema>;

/** A draft's change: the version it was read at, any header fields, and the whole set of lines when they change. */
export const receiptUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  ...Object.fromEntries(Object.entries(headerShape).map(([k, v]) => [k, (v as z.ZodType).optional()])),
  lines: z.array(receiptLineInputSchema).min(1, receiptMessages.noLines).max(500).optional(),
}) as unknown as z.ZodType<Partial<z.output<typeof receiptCreateSchema>> & { version: number }>;

/** The serials of a serial-tracked line (typed, scanned, or ranges like `A0001-A0004`), by the line's id. */
export const receiptLineSerialsSchema = z.strictObject({
  lineId: z.number().int().positive(),
  serials: z.array(z.string().trim().min(1).max(200, 'Серійний номер не довший за 200 символів')).max(1000),
});
export type ReceiptLineSerials = z.input<typeof receiptLineSerialsSchema>;

/**
 * Posting: a line of a serial-tracked item given serials (here, else those kept on the draft line) must name exactly
 * qty of them (new to the item); a line given none gets them generated from the item's template ('Згенерувати'). They become available in the warehouse.
 */
export const receiptPostSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  serials: z.array(receiptLineSerialsSchema).max(1000).optional(),
});
export const receiptCancelSchema = z.strictObject({
  reason: reasonText(receiptMessages.reason, { typeError: false }),
});

export const receiptListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(receiptStatuses).optional(),
  supplierId: idFilter(),
  warehouseId: idFilter(),
  ...periodFilterShape(receiptMessages.date),
});
export const receiptSortFields = ['number', 'documentDate', 'supplierName', 'totalUah', 'status'] as const;

export const receiptLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  /** The item's stock unit. */
  stockUnitId: z.number().int().nullable().default(null),
  unitShortName: z.string().nullable(),
  /** In the stock unit: what the ledger moves. */
  qty: z.string(),
  /** The quantity as entered, in `enteredUnitId` (null: the stock unit, then equal to qty). */
  enteredQty: z.string(),
  enteredUnitId: z.number().int().nullable().default(null),
  enteredUnitShortName: z.string().nullable().default(null),
  /** Per the entered unit. */
  unitPrice: z.string(),
  vatRate: z.enum(vatRates),
  supplierItemName: z.string().nullable(),
  /** In the document's currency. */
  lineNet: z.string(),
  lineVat: z.string(),
  lineGross: z.string(),
  /** UAH per stock unit, extra costs included; set at posting. */
  unitCost: z.string().nullable(),
  supplierOrderLineId: z.number().int().nullable().default(null),
  /** The supplier's last price per stock unit (item_suppliers.lastPrice) and its currency, for the 20 % warning. */
  lastPrice: z.string().nullable().default(null),
  lastPriceCurrency: z.string().nullable().default(null),
  /** The item is counted by serial numbers. */
  serialTracking: z.boolean().default(false),
  /** A draft: the serials kept on the line (used at posting); posted and cancelled: those the line brought in. */
  serials: z.array(z.string()).default([]),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  documentDate: z.string(),
  status: z.enum(receiptStatuses),
  supplierId: z.number().int(),
  supplierName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  documentTypeId: z.number().int(),
  documentTypeName: z.string(),
  supplierDocNumber: z.string(),
  supplierDocDate: z.string(),
  currencyCode: z.string(),
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  /** The gross total in UAH at the document's rate. */
  totalUah: z.string(),
  lineCount: z.number().int(),
  supplierOrderId: z.number().int().nullable().default(null),
  supplierOrderNumber: z.string().nullable().default(null),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const receiptSchema = receiptSummarySchema.extend({
  companyId: z.number().int().nullable(),
  fxRate: z.string(),
  pricesIncludeVat: z.boolean(),
  extraCosts: z.string(),
  extraCostsMethod: z.enum(extraCostsMethods),
  notes: z.string().nullable(),
  version: z.number().int(),
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(receiptLineSchema),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptScanSchema = z.strictObject({
  code: z.string({ error: receiptMessages.code }).trim().min(1, receiptMessages.code).max(200),
  /** A serial scanned with the item (a serial-tracked one): kept on its line, registered at posting. */
  serial: z.string().trim().min(1).max(200, 'Серійний номер не довший за 200 символів').nullish(),
});
export const receiptScanResultSchema = z.object({
  lineId: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** The line's new quantity. */
  qty: z.string(),
  /** The serials kept on the line (a scanned serial is the last). */
  serials: z.array(z.string()).default([]),
});
export type ReceiptScanResult = z.infer<typeof receiptScanResultSchema>;

/** The shapes of every endpoint of the module (its paths are in supplier-receipts.endpoints.ts, decision 0016). */
export const supplierReceiptsSchemas = {
  list: { query: receiptListQuerySchema, response: z.array(receiptSummarySchema) },
  /** Where a receipt of these items goes when the user names no warehouse (the supplier order's rule). */
  defaultWarehouse: { query: defaultWarehouseQuerySchema, response: defaultWarehouseSchema },
  get: { params: idParams, response: receiptSchema },
  /** 'Прибуткова накладна', a PDF. */
  print: { params: idParams },
  create: { body: receiptCreateSchema, response: receiptSchema },
  update: { params: idParams, body: receiptUpdateSchema, response: receiptSchema },
  remove: { params: idParams },
  post: { params: idParams, body: receiptPostSchema.nullish(), response: receiptSchema },
  cancel: { params: idParams, body: receiptCancelSchema, response: receiptSchema },
  scan: { params: idParams, body: receiptScanSchema, response: receiptScanResultSchema },
  /** The units a line of the item may be entered in (its stock unit's type). */
  itemUnits: { query: lineUnitsQuerySchema, response: lineUnitsSchema },
  /** Lines from a CSV or XLSX file sent as the raw body (decision 0006); the handler reads it. */
  importLines: { params: idParams, response: receiptSchema },
};

/**
 * The 20 % warning (warehouse.md §6): true when `unitPrice` differs from the supplier's last price of the item by more
 * than 20 % of that last price. Only a price in the last price's currency, and a last price above zero, is compared.
 */
export function priceDeviates(unitPrice: string, lastPrice: string | null, sameCurrency: boolean): boolean {
  if (!lastPrice || !sameCurrency) return false;
  const text = unitPrice.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) || !/^\d+(\.\d+)?$/.test(lastPrice)) return false;
  const price = dec(text);
  const last = dec(lastPrice);
  if (cmp(last, dec(0)) <= 0) return false;
  const diff = cmp(price, last) >= 0 ? sub(price, last) : sub(last, price);
  return cmp(mul(diff, dec(100)), mul(last, dec(20))) > 0;
}
