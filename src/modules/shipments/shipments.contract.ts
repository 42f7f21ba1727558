// Shipments ('Відвантаження', sales.md §3): the SHP document that issues an order's goods, whole or partly, with the
// serial numbers that left and the carrier's waybill. The delivery tracking is a second dimension kept apart from the
// document status. Shared by the server and the page.
import {
  booleanFilter,
  checked,
  decimalTextOf,
  optionalText,
  periodFilterShape,
  refId,
} from '@/shared/contract-fields.ts';
import { reasonText } from '@/shared/contract-fields.ts';
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { countUk, SERIAL_FORMS } from '@/shared/plural.ts';
import { csvOf, idFilter, idParams } from '@/shared/contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { normalisePhone } from '@/shared/requisites.ts';
import { lineUnitsQuerySchema, lineUnitsSchema } from '@/shared/unit-conversion.ts';
import { z } from '@/shared/zod-uk.ts';
import { relatedDocumentsSchema } from '@/modules/orders/related-documents.contract.ts';

export const shipmentMessages = {
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Має бути більше нуля',
  reference: 'Оберіть запис зі списку',
  notFound: 'Відвантаження не знайдено',
  orderNotFound: 'Замовлення не знайдено',
  orderNotShippable: (number: string, status: string) =>
    `Замовлення ${number} у статусі «${status}» відвантажити не можна — лише підтверджене або частково відвантажене`,
  nothingToShip: 'За цим замовленням усе вже відвантажено',
  lineNotOfOrder: 'Рядок не належить цьому замовленню',
  lineTwice: 'Рядок замовлення вже є у відвантаженні',
  lineUnmapped: 'Рядок замовлення не зіставлено з товаром',
  lineNotFound: 'Рядок відвантаження не знайдено',
  keepOneLine: 'У відвантаженні має залишитися хоча б один рядок',
  overRemaining: (lineNo: number, sku: string, remaining: string) =>
    `Рядок ${lineNo} (${sku}): залишилось відвантажити лише ${formatQtyUk(remaining)}`,
  notDraft: 'Змінювати можна лише чернетку',
  posted: 'Відвантаження вже проведено',
  notPosted: 'Скасувати можна лише проведене відвантаження',
  cancelledDoc: 'Відвантаження скасовано — змінювати його не можна',
  version: 'Документ змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину скасування',
  serialsNotTracked: 'Товар не має серійного обліку',
  serialWholeQty: 'Для товару з серійним обліком кількість має бути цілою',
  unitNotOfLine: 'Кількість рядка вказують в одиниці рядка замовлення або в обліковій одиниці позиції',
  serialTooMany: (count: number, qty: string) =>
    `Вибрано ${countUk(count, SERIAL_FORMS)} — більше, ніж ${formatQtyUk(qty)}`,
  serialCount: (lineNo: number, sku: string, count: number, qty: string) =>
    `Рядок ${lineNo} (${sku}): потрібно ${countUk(qty, SERIAL_FORMS)}, вибрано ${count}`,
  serialUnknown: (serial: string, sku: string) => `Серійний номер ${serial} товару ${sku} не знайдено`,
  serialUnavailable: (serial: string, status: string) => `Серійний номер ${serial} недоступний (${status})`,
  serialOtherWarehouse: (serial: string) => `Серійний номер ${serial} не на складі відвантаження`,
  serialTwice: (serial: string) => `Серійний номер ${serial} вказано двічі`,
  waybillActive: 'Спершу видаліть або звірте ЕН — відвантаження з ЕН змінювати не можна',
  deleteWithWaybill: 'Спершу видаліть ЕН, потім чернетку',
  deliveryManualOnlyOther: 'Статус доставки Нової пошти оновлюється з трекінгу, вручну — лише для інших перевізників',
  deliveryNeedsPosted: 'Статус доставки можна змінити лише для проведеного відвантаження',
  notNovaPoshta: 'Оберіть перевізника «Нова пошта» — ЕН створюється лише для неї',
  npNotConfigured: 'Нову пошту не налаштовано: вкажіть ключ API і профіль відправника в налаштуваннях Нової пошти',
  npClientProfile: 'Клієнт не має активного договору з Новою поштою (ключ і профіль відправника)',
  npKeyUnreadable: 'Збережений ключ Нової пошти не вдається прочитати — введіть його знову',
  npRecipient: 'Для ЕН вкажіть отримувача (прізвище та ім’я), телефон, місто та відділення',
  npRecipientName: 'Вкажіть прізвище та ім’я отримувача',
  npAddressDelivery: 'Адресна доставка через API ще не підтримується — оберіть відділення або поштомат',
  npWeight: 'Вкажіть вагу відправлення',
  npWaybillExists: 'ЕН уже створено',
  npWaybillCreating: 'ЕН саме створюється — зачекайте кілька секунд і оновіть',
  npWaybillUnknown: 'Стан ЕН невідомий — спершу натисніть «Звірити»',
  npUnknownAfterTimeout:
    'Нова пошта не відповіла — невідомо, чи ЕН створено. Натисніть «Звірити», щоб перевірити, перш ніж створювати нову',
  npNothingToReconcile: 'Звіряти нічого: стан ЕН відомий',
  npReconcileFound: (number: string) => `ЕН ${number} знайдено в Новій пошті`,
  npReconcileMissing: 'ЕН у Новій пошті не знайдено — можна створити нову',
  npNoWaybill: 'Для відвантаження немає ЕН',
  npDeleteOnlyCreated: 'Видалити ЕН можна лише до передачі посилки перевізнику (статус «ЕН створено»)',
  npTrackOtherCarrier: 'Статус доставки цього перевізника змінюється вручну',
  npPriceNeedsCity: 'Для розрахунку вкажіть місто отримувача і вагу',
  waybillCreated: (number: string) => `ЕН ${number} створено`,
  waybillDeleted: 'ЕН видалено',
  tracked: 'Статус доставки оновлено',
  scanCode: 'Відскануйте або введіть код',
  scanCodeLength: 'Код не довший за 200 символів',
  scanNothing: (code: string) => `Нічого не знайдено за кодом ${code}`,
  scanNotOnOrder: (sku: string, orderNumber: string) => `Товару ${sku} немає в замовленні ${orderNumber}`,
  scanMoreThanOrdered: (sku: string, remaining: string) =>
    `Більше не замовлено: ${sku} — залишилось відвантажити ${formatQtyUk(remaining)}`,
  scanSerialNeeded: (sku: string) => `Товар ${sku} має серійний облік — відскануйте його серійний номер`,
  scanSerialAlready: (serial: string) => `Серійний номер ${serial} уже є в цьому відвантаженні`,
} as const;

export const shipmentStatuses = ['draft', 'posted', 'cancelled'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  draft: 'Чернетка',
  posted: 'Проведено',
  cancelled: 'Скасовано',
};

export const deliveryStatuses = [
  'none',
  'created',
  'in_transit',
  'arrived',
  'delivered',
  'refused',
  'returned',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  none: 'Не передано',
  created: 'ЕН створено',
  in_transit: 'В дорозі',
  arrived: 'У відділенні',
  delivered: 'Отримано',
  refused: 'Відмова',
  returned: 'Повернення',
};

export const waybillStates = ['none', 'creating', 'created', 'unknown', 'deleted'] as const;
export type WaybillState = (typeof waybillStates)[number];
export const waybillStateLabels: Record<WaybillState, string> = {
  none: 'Немає',
  creating: 'Створюється',
  created: 'Створено',
  unknown: 'Невідомо — потрібна звірка',
  deleted: 'Видалено',
};

export const senderProfiles = ['own', 'client'] as const;
export const senderProfileLabels = { own: 'Наш договір', client: 'Договір клієнта' } as const;
export const deliveryTypes = ['branch', 'postomat', 'address'] as const;
export const deliveryTypeLabels = { branch: 'Відділення', postomat: 'Поштомат', address: 'Адресна доставка' } as const;
export const labelFormats = ['100x100', '85x85', 'a4'] as const;
export type LabelFormat = (typeof labelFormats)[number];
export const labelFormatLabels: Record<LabelFormat, string> = {
  '100x100': 'Наліпка 100×100',
  '85x85': 'Наліпка 85×85',
  a4: 'Накладна A4',
};

const decimalText = decimalTextOf(shipmentMessages, { intDigits: 12 });
const optionalDecimal = (scale: number, opts: { positive?: boolean } = {}) =>
  z
    .union([z.literal(''), decimalText(scale, opts)])
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const isoDate = documentDate(shipmentMessages.date);
const id = refId(shipmentMessages.reference);

// ---- input ---------------------------------------------------------------------------------------------------------

/** 'Відвантажити': a draft for the order — every line's remaining quantity, or the lines given. */
export const shipmentCreateSchema = z.strictObject({
  orderId: id,
  shipmentDate: isoDate.optional(),
  lines: z
    .array(z.strictObject({ orderLineId: id, qty: decimalText(4, { positive: true }) }))
    .min(1)
    .max(500)
    .optional(),
});
export type ShipmentCreateInput = z.input<typeof shipmentCreateSchema>;

export const seatSchema = z.strictObject({
  weightKg: decimalText(3, { positive: true }),
  lengthCm: decimalText(1, { positive: true }),
  widthCm: decimalText(1, { positive: true }),
  heightCm: decimalText(1, { positive: true }),
});

/**
 * A line of a PATCH: with `id` it changes a line of the draft (qty '0' removes it); without `id` it adds the order
 * line `orderLineId`. `serialIds` and `serials` (typed or scanned text) together give the line's whole set of
 * serials when either is present.
 */
export const shipmentLinePatchSchema = z.strictObject({
  id: id.optional(),
  orderLineId: id.optional(),
  qty: z
    .string({ error: shipmentMessages.decimal(4) })
    .trim()
    .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
    .refine((v) => /^\d{1,12}(\.\d{1,4})?$/.test(v), shipmentMessages.decimal(4))
    .optional(),
  /** The unit `qty` is typed in: the order line's unit or the item's stock unit (absent or null: the stock unit). */
  unitId: id.nullable().optional(),
  serialIds: z.array(id).max(10_000).optional(),
  serials: z.array(z.string().trim().min(1).max(100)).max(10_000).optional(),
});

/** The delivery and parcel fields (editable while the shipment has no active waybill). */
export const shipmentDeliveryShape = {
  carrierId: id.nullable().optional(),
  senderProfile: z.enum(senderProfiles).optional(),
  recipientName: optionalText(200),
  recipientPhone: z
    .string()
    .trim()
    .transform((v, ctx) => (v === '' ? null : checked(normalisePhone)(v, ctx)))
    .nullable()
    .optional(),
  npCityRef: optionalText(64),
  npCityName: optionalText(200),
  deliveryType: z.enum(deliveryTypes).nullable().optional(),
  npWarehouseRef: optionalText(64),
  npWarehouseNumber: optionalText(20),
  npWarehouseAddress: optionalText(300),
  address: optionalText(500),
  serviceType: z.enum(['WarehouseWarehouse', 'WarehouseDoors', 'DoorsWarehouse', 'DoorsDoors']).nullable().optional(),
  payerType: z.enum(['Sender', 'Recipient', 'ThirdPerson']).nullable().optional(),
  paymentMethod: z.enum(['Cash', 'NonCash']).nullable().optional(),
  declaredValue: optionalDecimal(2),
  codAmount: optionalDecimal(2),
  weightKg: optionalDecimal(3, { positive: true }),
  seats: z.array(seatSchema).max(50).optional(),
  description: optionalText(100),
};

export const shipmentUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  shipmentDate: isoDate.optional(),
  notes: optionalText(2000),
  ...shipmentDeliveryShape,
  lines: z.array(shipmentLinePatchSchema).max(500).optional(),
  /** Other carriers only: the waybill number typed by hand. */
  trackingNumber: optionalText(40),
  /** Other carriers only, posted shipments: the delivery status set by hand. */
  deliveryStatus: z.enum(deliveryStatuses).optional(),
});
export type ShipmentUpdateInput = z.input<typeof shipmentUpdateSchema>;

export const shipmentPostSchema = z.strictObject({ version: z.number().int().min(1).optional() }).nullish();
export const shipmentCancelSchema = z.strictObject({
  reason: reasonText(shipmentMessages.reason),
});
export const labelQuerySchema = z.strictObject({ format: z.enum(labelFormats).default('100x100') });

export const shipmentListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: csvOf(shipmentStatuses),
  deliveryStatus: csvOf(deliveryStatuses),
  carrierId: idFilter(),
  orderId: idFilter(),
  clientId: idFilter(),
  ...periodFilterShape(shipmentMessages.date),
  /** Delivered on or after this date (the 'delivered this week' card). */
  deliveredFrom: isoDate.optional(),
  /** Refused, returned, or a waybill in an unknown state. */
  problems: booleanFilter(),
});
export const shipmentSortFields = [
  'number',
  'shipmentDate',
  'orderNumber',
  'clientName',
  'status',
  'deliveryStatus',
  'totalGross',
] as const;

export const shippableOrdersQuerySchema = z.strictObject({ search: z.string().trim().max(100).optional() });

// ---- output --------------------------------------------------------------------------------------------------------

export const trackingEventSchema = z.object({
  at: z.string(),
  code: z.string(),
  text: z.string(),
  status: z.enum(deliveryStatuses),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

export const shipmentSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  shipmentDate: z.string(),
  status: z.enum(shipmentStatuses),
  orderId: z.number().int(),
  orderNumber: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  carrierId: z.number().int().nullable(),
  carrierName: z.string().nullable(),
  carrierKind: z.string().nullable(),
  recipientName: z.string().nullable(),
  npCityName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page for the number (its template with {number}). */
  trackingUrl: z.string().nullable(),
  waybillState: z.enum(waybillStates),
  deliveryStatus: z.enum(deliveryStatuses),
  deliveryStatusText: z.string().nullable(),
  currencyCode: z.string(),
  totalGross: z.string(),
  lineCount: z.number().int(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;

export const shipmentSerialSchema = z.object({ id: z.number().int(), serial: z.string(), status: z.string() });
export type ShipmentSerial = z.infer<typeof shipmentSerialSchema>;

export const shipmentLineSchema = z.object({
  id: z.number().int(),
  orderLineId: z.number().int(),
  lineNo: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  itemKind: z.string(),
  unitShortName: z.string().nullable(),
  serialTracking: z.boolean(),
  /** In the stock unit: what the ledger moves (shipped and remaining are too). */
  qty: z.string(),
  /** `qty` in the order line's unit when it converts exactly (`enteredUnitId`; null: the stock unit, equal to qty). */
  enteredQty: z.string(),
  enteredUnitId: z.number().int().nullable().default(null),
  enteredUnitShortName: z.string().nullable().default(null),
  /** The order line's quantity, what posted shipments took, what is left, and what is reserved for it. */
  orderedQty: z.string(),
  shippedQty: z.string(),
  remainingQty: z.string(),
  reservedQty: z.string(),
  /** Per the entered unit when there is one, else per the stock unit. */
  unitPrice: z.string(),
  discountPercent: z.string(),
  vatRate: z.string(),
  lineNet: z.string(),
  lineVat: z.string(),
  lineGross: z.string(),
  /** UAH per unit, from the ledger at posting (COGS). */
  unitCost: z.string().nullable(),
  serials: z.array(shipmentSerialSchema),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const shipmentSchema = shipmentSummarySchema.extend({
  orderStatus: z.string(),
  pricesIncludeVat: z.boolean(),
  fxRate: z.string(),
  managerUserId: z.number().int().nullable(),
  senderProfile: z.enum(senderProfiles),
  /** The client has an active contract of their own with Nova Poshta (reference-data.md §13b). */
  clientNpProfile: z.boolean(),
  recipientPhone: z.string().nullable(),
  npCityRef: z.string().nullable(),
  deliveryType: z.string().nullable(),
  npWarehouseRef: z.string().nullable(),
  npWarehouseNumber: z.string().nullable(),
  npWarehouseAddress: z.string().nullable(),
  address: z.string().nullable(),
  serviceType: z.string().nullable(),
  payerType: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  declaredValue: z.string().nullable(),
  codAmount: z.string().nullable(),
  weightKg: z.string().nullable(),
  seats: z.array(z.object({ weightKg: z.string(), lengthCm: z.string(), widthCm: z.string(), heightCm: z.string() })),
  description: z.string().nullable(),
  npRef: z.string().nullable(),
  deliveryStatusCode: z.string().nullable(),
  trackingHistory: z.array(trackingEventSchema),
  estimatedDeliveryDate: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  shippingCost: z.string().nullable(),
  lastTrackedAt: z.string().nullable(),
  notes: z.string().nullable(),
  totalNet: z.string(),
  totalVat: z.string(),
  version: z.number().int(),
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lines: z.array(shipmentLineSchema),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentStatsSchema = z.object({
  draftsToShip: z.number().int(),
  inTransit: z.number().int(),
  deliveredThisWeek: z.number().int(),
  problems: z.number().int(),
  /** Monday of this week (Kyiv), for the 'delivered this week' filter. */
  weekStart: z.string(),
});
export type ShipmentStats = z.infer<typeof shipmentStatsSchema>;

export const shippableOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: z.string(),
  clientName: z.string(),
  remainingLines: z.number().int(),
});
export type ShippableOrder = z.infer<typeof shippableOrderSchema>;

/** `POST /api/shipments/:id/scan {code}` — the scanner's 'Відвантаження' mode (warehouse.md §9). */
export const shipmentScanSchema = z.strictObject({
  code: z
    .string({ error: shipmentMessages.scanCode })
    .trim()
    .min(1, shipmentMessages.scanCode)
    .max(200, shipmentMessages.scanCodeLength),
});
/** The line a scan changed: its item, new quantity, what is left to ship, and its serials. */
export const shipmentScanResultSchema = z.object({
  lineId: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** The line's quantity after the scan. */
  qty: z.string(),
  /** What is left to ship on the order line (ordered − posted shipments). */
  remainingQty: z.string(),
  serialTracking: z.boolean(),
  /** The serials on the line after the scan. */
  serialCount: z.number().int(),
  /** The serial the scan added (null for an item scanned by its barcode or SKU). */
  serial: z.string().nullable(),
  /** The shipment's version after the scan. */
  version: z.number().int(),
});
export type ShipmentScanResult = z.infer<typeof shipmentScanResultSchema>;

/** What a Nova Poshta action answers: the shipment as it is now and a Ukrainian summary. */
export const npActionResultSchema = z.object({ shipment: shipmentSchema, message: z.string() });
export type NpActionResult = z.infer<typeof npActionResultSchema>;

// ---- endpoints -----------------------------------------------------------------------------------------------------

/** The shapes of every endpoint of the module (its paths are in shipments.endpoints.ts, decision 0016). */
export const shipmentsSchemas = {
  list: { query: shipmentListQuerySchema, response: z.array(shipmentSummarySchema) },
  stats: { response: shipmentStatsSchema },
  shippableOrders: { query: shippableOrdersQuerySchema, response: z.array(shippableOrderSchema) },
  /** The units of an item's stock-unit type (the drawer's '= 2 500 г' hint of a line typed in кг). */
  itemUnits: { query: lineUnitsQuerySchema, response: lineUnitsSchema },
  get: { params: idParams, response: shipmentSchema },
  related: { params: idParams, response: relatedDocumentsSchema },
  create: { body: shipmentCreateSchema, response: shipmentSchema },
  update: { params: idParams, body: shipmentUpdateSchema, response: shipmentSchema },
  remove: { params: idParams },
  post: { params: idParams, body: shipmentPostSchema, response: shipmentSchema },
  cancel: { params: idParams, body: shipmentCancelSchema, response: shipmentSchema },
  scan: { params: idParams, body: shipmentScanSchema, response: shipmentScanResultSchema },
  goodsIssueNote: { params: idParams },
  packingList: { params: idParams },
  npPrice: { params: idParams, response: npActionResultSchema },
  npCreateWaybill: { params: idParams, response: npActionResultSchema },
  npDeleteWaybill: { params: idParams, response: npActionResultSchema },
  npReconcile: { params: idParams, response: npActionResultSchema },
  npLabel: { params: idParams, query: labelQuerySchema },
  track: { params: idParams, response: npActionResultSchema },
};
