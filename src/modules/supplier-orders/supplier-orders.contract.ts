// Supplier orders ('Замовлення постачальникам', warehouse.md §5): purchase orders — what was asked of whom, when it
// is expected, and what has arrived (receivedQty is derived from the posted receipt lines linked to each line).
// Shared by the server and the page.
import {
  booleanFilter,
  decimalTextOf,
  optionalText,
  periodFilterShape,
  reasonText,
  refId,
} from '@/shared/contract-fields.ts';
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import {
  defaultWarehouseQuerySchema,
  defaultWarehouseSchema,
  type DefaultWarehouse,
} from '@/shared/default-warehouse.ts';
import { documentDate, optionalDocumentDate } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { lineUnitsQuerySchema, lineUnitsSchema } from '@/shared/unit-conversion.ts';
import { z } from '@/shared/zod-uk.ts';
import { receiptSchema } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';

export const orderMessages = {
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Має бути більше нуля',
  noLines: 'Додайте хоча б один рядок',
  currency: 'Код валюти — три латинські літери (UAH)',
  notFound: 'Замовлення постачальнику не знайдено',
  version: 'Документ змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину',
  notSupplier: 'Оберіть постачальника зі списку',
  notStocked: 'Оберіть компонент, матеріал або товар, що має залишки',
  inactive: 'Позиція неактивна — її не можна додати в новий рядок',
  reference: 'Оберіть запис зі списку',
  notEditable: (status: string) => `Замовлення у статусі «${status}» змінювати не можна`,
  deleteOnlyDraft: 'Видалити можна лише чернетку замовлення',
  transition: (action: string, status: string) =>
    `Дію «${action}» не можна виконати для замовлення у статусі «${status}»`,
  somethingReceived: 'За замовленням уже отримано товар — його можна лише закрити',
  lineReceived: (n: number) => `Рядок ${n}: за ним уже отримано товар — його не можна видалити чи змінити позицію`,
  belowReceived: (received: string, unit?: string | null) =>
    `Не менше вже отриманої кількості (${formatQtyUk(received)}${unit ? ` ${unit}` : ''})`,
  nothingToReceive: 'За замовленням усе вже отримано',
  receivedNoDraft: 'За замовленням уже отримано товар — повернути його в чернетку не можна',
  hasReceipts: 'До замовлення вже є приходи — видалити його не можна, лише скасувати',
  noDocumentType: 'Немає активного типу документа постачальника — додайте його в довіднику',
  noWarehouse: 'Оберіть склад — у замовленні його не вказано, а склад за замовчуванням не задано',
  noRecipients:
    'У постачальника немає активного контакту з e-mail, що отримує документи — додайте його або надішліть без листа',
} as const;

export const orderStatuses = [
  'draft',
  'sent',
  'confirmed',
  'partially_received',
  'received',
  'closed',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusLabels: Record<OrderStatus, string> = {
  draft: 'Чернетка',
  sent: 'Відправлено',
  confirmed: 'Підтверджено',
  partially_received: 'Частково отримано',
  received: 'Отримано',
  closed: 'Закрито',
  cancelled: 'Скасовано',
};
/** The statuses whose remaining quantities count as supply on order (warehouse.md §4, §5). */
export const onOrderStatuses = ['sent', 'confirmed', 'partially_received'] as const satisfies readonly OrderStatus[];
/**
 * Lines can be changed in these (draft freely; sent, confirmed and partially received with an audit record — a line
 * something arrived against keeps its item and at least the received quantity).
 */
export const editableStatuses = [
  'draft',
  'sent',
  'confirmed',
  'partially_received',
] as const satisfies readonly OrderStatus[];
/** 'Отримати' is offered in these. */
export const receivableStatuses = onOrderStatuses;

export const orderActions = ['send', 'confirm', 'return-to-draft', 'close', 'cancel'] as const;
export type OrderAction = (typeof orderActions)[number];
export const orderActionLabels: Record<OrderAction | 'receive', string> = {
  send: 'Надіслати',
  confirm: 'Підтвердити',
  'return-to-draft': 'Повернути в чернетку',
  close: 'Закрити',
  cancel: 'Скасувати',
  receive: 'Отримати',
};
/** The state table of warehouse.md §5 (user actions; receipts move sent/confirmed/partially_received themselves). */
export const orderTransitions: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  send: { from: ['draft'], to: 'sent' },
  confirm: { from: ['sent'], to: 'confirmed' },
  'return-to-draft': { from: ['sent'], to: 'draft' },
  close: { from: ['confirmed', 'partially_received'], to: 'closed' },
  cancel: { from: ['draft', 'sent', 'confirmed'], to: 'cancelled' },
};

export const vatRates = ['20', '14', '7', '0'] as const;

const decimalText = decimalTextOf(orderMessages);
const isoDate = documentDate(orderMessages.date);
const optionalDate = optionalDocumentDate(orderMessages.date);
const id = refId(orderMessages.reference);

export const orderLineInputSchema = z.strictObject({
  /** The stored line this row keeps (absent for a new line): lines keep their ids, receipts point at them. */
  id: z.number().int().positive().optional(),
  itemId: id,
  /** In `unitId` when given (another unit of the stock unit's type), else in the item's stock unit. */
  qty: decimalText(4, { positive: true }),
  unitId: id.nullable().optional(),
  /** Per the entered unit. */
  unitPrice: decimalText(6),
  vatRate: z.enum(vatRates).default('20'),
  expectedDate: optionalDate,
  notes: optionalText(500),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

const headerShape = {
  supplierId: z.number({ error: orderMessages.notSupplier }).int().positive(orderMessages.notSupplier),
  companyId: id.nullable().optional(),
  warehouseId: id.nullable().optional(),
  orderDate: isoDate,
  expectedDate: optionalDate,
  currencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, orderMessages.currency)
    .default('UAH'),
  fxRate: decimalText(6, { positive: true }).default('1'),
  pricesIncludeVat: z.boolean().default(false),
  supplierReference: optionalText(100),
  notes: optionalText(2000),
};

export const orderCreateSchema = z.strictObject({
  ...headerShape,
  lines: z.array(orderLineInputSchema).min(1, orderMessages.noLines).max(500),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderBody = z.output<typeof orderCreateSchema>;

/** A change: the version it was read at, any header fields, and the whole set of lines when they change. */
export const orderUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  ...Object.fromEntries(Object.entries(headerShape).map(([k, v]) => [k, (v as z.ZodType).optional()])),
  lines: z.array(orderLineInputSchema).min(1, orderMessages.noLines).max(500).optional(),
}) as unknown as z.ZodType<Partial<OrderBody> & { version: number }>;

export const orderVersionSchema = z.strictObject({ version: z.number().int().min(1).optional() });
/** 'Надіслати': `email` also queues the print form to the supplier's contacts that receive documents. */
export const orderSendSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  email: z.boolean().optional(),
});
export const orderConfirmSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  expectedDate: optionalDate,
  supplierReference: optionalText(100),
});
export const orderReasonSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  reason: reasonText(orderMessages.reason),
});
export const orderReceiveSchema = z.strictObject({
  supplierDocNumber: z
    .string({ error: orderMessages.required })
    .trim()
    .min(1, orderMessages.required)
    .max(60, 'Не довше 60 символів'),
  supplierDocDate: isoDate,
  documentTypeId: id.nullable().optional(),
  warehouseId: id.nullable().optional(),
  /** 'Дата приходу'; today (Kyiv) when absent. */
  documentDate: isoDate.optional(),
});
export type OrderReceiveInput = z.input<typeof orderReceiveSchema>;

export const orderListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(orderStatuses).optional(),
  supplierId: idFilter(),
  ...periodFilterShape(orderMessages.date),
  overdue: booleanFilter(),
});
export const orderSortFields = ['number', 'orderDate', 'expectedDate', 'supplierName', 'totalUah', 'status'] as const;

export const orderLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  /** The item's stock unit. */
  stockUnitId: z.number().int().nullable().default(null),
  unitShortName: z.string().nullable(),
  /** In the stock unit (received and remaining too). */
  qty: z.string(),
  /** The quantity as entered, in `enteredUnitId` (null: the stock unit, then equal to qty). */
  enteredQty: z.string(),
  enteredUnitId: z.number().int().nullable().default(null),
  enteredUnitShortName: z.string().nullable().default(null),
  /** Per the entered unit. */
  unitPrice: z.string(),
  vatRate: z.enum(vatRates),
  lineNet: z.string(),
  lineVat: z.string(),
  lineGross: z.string(),
  expectedDate: z.string().nullable(),
  notes: z.string().nullable(),
  /** Σ qty of the posted receipt lines linked to this line. */
  receivedQty: z.string(),
  /** max(0, qty − receivedQty). */
  remainingQty: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  orderDate: z.string(),
  expectedDate: z.string().nullable(),
  status: z.enum(orderStatuses),
  supplierId: z.number().int(),
  supplierName: z.string(),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  supplierReference: z.string().nullable(),
  currencyCode: z.string(),
  fxRate: z.string(),
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  /** The gross total in UAH at the order's rate. */
  totalUah: z.string(),
  lineCount: z.number().int(),
  orderedQty: z.string(),
  receivedQty: z.string(),
  remainingQty: z.string(),
  /** Received share of the ordered quantity, 0–100, whole percent. */
  receivedPercent: z.number().int(),
  isOverdue: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  companyId: z.number().int().nullable(),
  pricesIncludeVat: z.boolean(),
  notes: z.string().nullable(),
  version: z.number().int(),
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderStatsSchema = z.object({
  /** sent, confirmed, partially received. */
  openOrders: z.number().int(),
  /** sent: 'Очікують підтвердження'. */
  awaitingConfirmation: z.number().int(),
  /** 'Прострочені поставки'. */
  overdue: z.number().int(),
  /** Σ remaining qty × unit price with VAT × rate, in UAH, over the open orders. */
  openAmount: z.string(),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

export const orderReceiptSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  documentDate: z.string(),
  status: z.enum(['draft', 'posted', 'cancelled']),
  supplierDocNumber: z.string(),
  supplierDocDate: z.string(),
  currencyCode: z.string(),
  totalGross: z.string(),
  totalUah: z.string(),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

// The default receiving warehouse's question and answer are shared with the supplier receipts (src/shared).
export { defaultWarehouseQuerySchema, defaultWarehouseSchema, type DefaultWarehouse };

export const priceSuggestionQuerySchema = z.strictObject({
  supplierId: dbId(orderMessages.notSupplier),
  itemId: dbId(orderMessages.reference),
  currencyCode: headerShape.currencyCode,
});
/** The last purchase price of an item: this supplier's, else any supplier's, in the order's currency. */
export const priceSuggestionSchema = z.object({
  /** A decimal string, as stored (6 places). */
  unitPrice: z.string(),
  currencyCode: z.string(),
  /** The date of the receipt it came from (yyyy-mm-dd), when known. */
  date: z.string().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  /** False when the price is another supplier's (this one has none). */
  fromThisSupplier: z.boolean(),
});
export type PriceSuggestion = z.infer<typeof priceSuggestionSchema>;

/** The shapes of every endpoint of the module (its paths are in supplier-orders.endpoints.ts, decision 0016). */
export const supplierOrdersSchemas = {
  list: { query: orderListQuerySchema, response: z.array(orderSummarySchema) },
  stats: { response: orderStatsSchema },
  defaultWarehouse: { query: defaultWarehouseQuerySchema, response: defaultWarehouseSchema },
  priceSuggestion: {
    query: priceSuggestionQuerySchema,
    response: z.object({ suggestion: priceSuggestionSchema.nullable() }),
  },
  /** The units a line of the item may be entered in (its stock unit's type). */
  itemUnits: { query: lineUnitsQuerySchema, response: lineUnitsSchema },
  get: { params: idParams, response: orderSchema },
  receipts: { params: idParams, response: z.array(orderReceiptSchema) },
  /** 'Замовлення постачальнику', a PDF. */
  print: { params: idParams },
  create: { body: orderCreateSchema, response: orderSchema },
  update: { params: idParams, body: orderUpdateSchema, response: orderSchema },
  remove: { params: idParams },
  send: {
    params: idParams,
    body: orderSendSchema.nullish(),
    /** `emailedTo`: the addresses the letter was queued to, when asked. */
    response: orderSchema.extend({ emailedTo: z.array(z.string()).optional() }),
  },
  returnToDraft: { params: idParams, body: orderVersionSchema.nullish(), response: orderSchema },
  confirm: { params: idParams, body: orderConfirmSchema.nullish(), response: orderSchema },
  close: { params: idParams, body: orderReasonSchema, response: orderSchema },
  cancel: { params: idParams, body: orderReasonSchema, response: orderSchema },
  /** 'Отримати': a receipt draft of what is still to come. */
  receive: { params: idParams, body: orderReceiveSchema, response: receiptSchema },
};
