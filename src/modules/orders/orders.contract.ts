// Client orders ('Замовлення клієнтів', sales.md §1): shared by the server and the page. One status field driven by
// the state machine below; totals, VAT and the payment status are derived by the server, never typed in.
import {
  booleanFilter,
  decimalTextOf,
  optionalText,
  periodFilterShape,
  reasonText,
  refId,
} from '@/shared/contract-fields.ts';
import { documentDate, optionalDocumentDate } from '@/shared/document-date.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { lineUnitsQuerySchema, lineUnitsSchema } from '@/shared/unit-conversion.ts';
import { z } from '@/shared/zod-uk.ts';
import { orderManufacturingLinkSchema } from './order-manufacturing.contract.ts';
import { relatedDocumentsSchema } from './related-documents.contract.ts';

export const orderMessages = {
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Має бути більше нуля',
  discount: 'Знижка — від 0 до 100 %',
  noLines: 'Додайте хоча б один рядок',
  currency: 'Код валюти — три латинські літери (UAH)',
  notFound: 'Замовлення не знайдено',
  version: 'Замовлення змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину',
  notClient: 'Оберіть клієнта зі списку',
  clientInactive: 'Клієнт неактивний — підтвердити замовлення не можна',
  notSellable: 'Оберіть товар або послугу, що продається',
  inactive: 'Позиція неактивна — її не можна додати в новий рядок',
  unmapped: (n: number) => `Рядок ${n}: позицію не зіставлено з товаром — оберіть товар`,
  reference: 'Оберіть запис зі списку',
  noCompany: 'Оберіть компанію-продавця — компанію за замовчуванням не задано',
  noWarehouse: 'Оберіть склад відвантаження — склад за замовчуванням не задано',
  notEditable: (status: string) => `Замовлення у статусі «${status}» змінювати не можна`,
  transition: (action: string, status: string) =>
    `Дію «${action}» не можна виконати для замовлення у статусі «${status}»`,
  fxRate: 'Курс — додатне число (до 6 знаків після коми)',
  deleteOnlyDraft: 'Видалити можна лише чернетку замовлення',
  hasAllocations: 'До замовлення розподілено платежі — видалити його не можна, лише скасувати',
  hasShipmentsNoDraft: 'За замовленням є відвантаження — повернути його в чернетку не можна',
  hasShipmentsDelete: 'За замовленням є відвантаження — видалити його не можна, лише скасувати',
  closeLinked: (n: number) =>
    `Рядок ${n}: нічого не відвантажено, але на нього посилається скасоване відвантаження — рядок не можна прибрати`,
  postedShipment: 'За замовленням є проведене відвантаження — скасувати його не можна',
  lineShipped: (n: number) => `Рядок ${n}: за ним є відвантаження — видалити його чи змінити позицію не можна`,
  belowShipped: (shipped: string, unit?: string | null) =>
    `Не менше вже відвантаженої кількості (${shipped}${unit ? ` ${unit}` : ''})`,
  serialUnit: (unit: string) =>
    `Позицію з серійними номерами продають лише в її обліковій одиниці «${unit}» — оберіть її`,
  lineUnknown: 'Рядок не належить цьому замовленню',
  clientLocked: 'Клієнта можна змінити лише в чернетці',
  currencyLocked: 'Валюту й курс можна змінити лише в чернетці',
  companyLocked: 'Компанію-продавця можна змінити лише в чернетці або підтвердженому замовленні',
  warehouseLocked: 'Склад відвантаження не можна змінити після відвантаження',
  nothingToCopy: 'У замовленні немає рядків із товаром — копіювати нічого',
  cancelledPrint: 'Скасоване замовлення не друкується',
  noRecipients: 'У клієнта немає контактної особи з e-mail, що отримує рахунки, — позначте її в контактних особах',
  contactForeign: 'Контактна особа не належить цьому клієнту',
  percent: 'Від 0 до 100',
  days: 'Ціле число днів від 0 до 365',
  label: 'Назва статусу — від 1 до 40 символів',
} as const;

export const orderStatuses = ['draft', 'confirmed', 'partially_shipped', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** Default display names; an administrator may rename them (setting `orderStatusLabels`), never add states. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  draft: 'Чернетка',
  confirmed: 'Підтверджено',
  partially_shipped: 'Частково відвантажено',
  shipped: 'Відвантажено',
  completed: 'Виконано',
  cancelled: 'Скасовано',
};
/** Active = confirmed or partially shipped (sales.md §1.1). */
export const activeOrderStatuses = ['confirmed', 'partially_shipped'] as const satisfies readonly OrderStatus[];

export const paymentStatuses = ['unpaid', 'partially_paid', 'paid', 'overpaid'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Не оплачено',
  partially_paid: 'Частково оплачено',
  paid: 'Оплачено',
  overpaid: 'Переплата',
};

export const vatRates = ['20', '14', '7', '0'] as const;

const decimalText = decimalTextOf(orderMessages, { intDigits: 12 });
const isoDate = documentDate(orderMessages.date);
const optionalDate = optionalDocumentDate(orderMessages.date);
const id = refId(orderMessages.reference);

export const orderLineInputSchema = z.strictObject({
  /** The stored line this row keeps (absent for a new line): lines keep their ids for their whole life. */
  id: z.number().int().positive().optional(),
  itemId: id,
  /** In `unitId` when given (another unit of the stock unit's type), else in the item's stock unit. */
  qty: decimalText(4, { positive: true }),
  unitId: id.nullable().optional(),
  /** Per the entered unit. */
  unitPrice: decimalText(6),
  /** Defaults to the client's discount. */
  discountPercent: decimalText(2)
    .refine((v) => Number(v) <= 100, orderMessages.discount)
    .optional(),
  /** Defaults to the item's rate; 0 when the company is not a VAT payer. */
  vatRate: z.enum(vatRates).optional(),
  notes: optionalText(500),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

export const deliveryShape = {
  deliveryPresetId: id.nullable().optional(),
  carrierId: id.nullable().optional(),
  recipientName: optionalText(200),
  recipientPhone: optionalText(40),
  npCityRef: optionalText(64),
  npCityName: optionalText(200),
  deliveryType: z.enum(['branch', 'postomat', 'address']).nullable().optional(),
  npWarehouseRef: optionalText(64),
  npWarehouseNumber: optionalText(20),
  npWarehouseAddress: optionalText(300),
  address: optionalText(500),
  serviceType: z.enum(['WarehouseWarehouse', 'WarehouseDoors', 'DoorsWarehouse', 'DoorsDoors']).nullable().optional(),
  payerType: z.enum(['Sender', 'Recipient', 'ThirdPerson']).nullable().optional(),
  paymentMethod: z.enum(['Cash', 'NonCash']).nullable().optional(),
  codEnabled: z.boolean().optional(),
};

export const orderHeaderShape = {
  orderDate: isoDate,
  clientId: z.number({ error: orderMessages.notClient }).int().positive(orderMessages.notClient),
  contactId: id.nullable().optional(),
  companyId: id.nullable().optional(),
  managerUserId: id.nullable().optional(),
  warehouseId: id.nullable().optional(),
  currencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, orderMessages.currency)
    .default('UAH'),
  pricesIncludeVat: z.boolean().default(false),
  /** UAH per unit of the order currency (NBU rate); editable in a draft, frozen on confirmation. 1 for UAH. */
  fxRate: z
    .string({ error: orderMessages.fxRate })
    .trim()
    .transform((v) => v.replace(',', '.'))
    .refine((v) => /^\d{1,12}(\.\d{1,6})?$/.test(v) && /[1-9]/.test(v), orderMessages.fxRate)
    .optional(),
  dueDate: optionalDate,
  paymentDueDate: optionalDate,
  ...deliveryShape,
  externalNumber: optionalText(60),
  notes: optionalText(2000),
  clientNotes: optionalText(2000),
};

export const orderCreateSchema = z.strictObject({
  ...orderHeaderShape,
  lines: z.array(orderLineInputSchema).min(1, orderMessages.noLines).max(500),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderBody = z.output<typeof orderCreateSchema>;

export const orderListQuerySchema = z.strictObject({
  ...listQueryShape,
  /** One or several statuses, comma-separated. */
  status: z
    .string()
    .trim()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(orderStatuses)))
    .optional(),
  paymentStatus: z.enum(paymentStatuses).optional(),
  clientId: idFilter(),
  companyId: idFilter(),
  managerUserId: idFilter(),
  ...periodFilterShape(orderMessages.date),
  overdue: booleanFilter(),
  productionApproved: booleanFilter(),
});

// ---- changes and actions ---------------------------------------------------------------------------------------

const optionalHeader = {
  orderDate: isoDate.optional(),
  clientId: orderHeaderShape.clientId.optional(),
  contactId: id.nullable().optional(),
  companyId: id.nullable().optional(),
  managerUserId: id.nullable().optional(),
  warehouseId: id.nullable().optional(),
  currencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, orderMessages.currency)
    .optional(),
  pricesIncludeVat: z.boolean().optional(),
  fxRate: orderHeaderShape.fxRate,
  dueDate: optionalDate,
  paymentDueDate: optionalDate,
  ...deliveryShape,
  externalNumber: optionalText(60),
  notes: optionalText(2000),
  clientNotes: optionalText(2000),
};

/**
 * PATCH: the version the order was read at, any header fields, `lines` (a row with `id` updates that stored line,
 * one without adds a line) and `deletedLineIds`. Stored lines named in neither stay as they are.
 */
export const orderUpdateSchema = z.strictObject({
  version: z.number({ error: orderMessages.version }).int().min(1),
  ...optionalHeader,
  lines: z.array(orderLineInputSchema).max(500).optional(),
  deletedLineIds: z.array(z.number().int().positive()).max(500).optional(),
});
export type OrderUpdateInput = z.input<typeof orderUpdateSchema>;
export type OrderUpdate = z.output<typeof orderUpdateSchema>;

export const orderVersionSchema = z.strictObject({ version: z.number().int().min(1).optional() });
export const orderReasonSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  reason: reasonText(orderMessages.reason),
});
export const productionApprovalSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  approved: z.boolean({ error: "Обов'язкове поле" }),
  note: optionalText(500),
});
export type ProductionApprovalInput = z.input<typeof productionApprovalSchema>;

/** What a user may do with an order now (the state table of §1.1 plus the derived guards). */
export const orderActions = [
  'edit',
  'confirm',
  'return-to-draft',
  'reserve',
  'unreserve',
  'close',
  'close-short',
  'cancel',
  'copy',
  'delete',
  'production-approval',
  'print-invoice',
  'print-departments',
  'send-invoice',
  'ship',
  'record-payment',
] as const;
export type OrderAction = (typeof orderActions)[number];
export const orderActionLabels: Record<OrderAction, string> = {
  edit: 'Редагувати',
  confirm: 'Підтвердити',
  'return-to-draft': 'Повернути в чернетку',
  reserve: 'Зарезервувати',
  unreserve: 'Зняти резерв',
  close: 'Закрити',
  'close-short': 'Закрити з недовантаженням',
  cancel: 'Скасувати',
  copy: 'Копіювати',
  delete: 'Видалити',
  'production-approval': 'Дозвіл на виробництво',
  'print-invoice': 'Рахунок на оплату',
  'print-departments': 'Відомість для відділів',
  'send-invoice': 'Надіслати рахунок',
  ship: 'Відвантажити',
  'record-payment': 'Записати оплату',
};

export const orderSortFields = ['orderNumber', 'orderDate', 'clientName', 'dueDate', 'totalGross', 'status'] as const;

// ---- answers ---------------------------------------------------------------------------------------------------

export const orderSummarySchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  orderDate: z.string(),
  status: z.enum(orderStatuses),
  clientId: z.number().int(),
  clientName: z.string(),
  clientTaxId: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  contactName: z.string().nullable(),
  managerUserId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  externalNumber: z.string().nullable(),
  currencyCode: z.string(),
  fxRate: z.string(),
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  /** Σ allocations of posted payments (refunds subtract). */
  paid: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  /** max(0, totalGross − paid). */
  outstanding: z.string(),
  /** Shipped share of the ordered quantity, 0–100, whole percent (each line counted at most to its qty). */
  shippedPercent: z.number().int(),
  dueDate: z.string().nullable(),
  paymentDueDate: z.string().nullable(),
  /** Active (confirmed, partially shipped) and dueDate before today in Kyiv. */
  isOverdue: z.boolean(),
  productionApproved: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  itemId: z.number().int().nullable(),
  sku: z.string().nullable(),
  itemName: z.string(),
  itemKind: z.string().nullable(),
  /** The item's stock unit. */
  stockUnitId: z.number().int().nullable().default(null),
  unitShortName: z.string().nullable(),
  externalName: z.string().nullable(),
  externalCode: z.string().nullable(),
  /** In the stock unit (shipped, reserved, remaining and available too). */
  qty: z.string(),
  /** The quantity as entered, in `enteredUnitId` (null: the stock unit, then equal to qty). */
  enteredQty: z.string(),
  enteredUnitId: z.number().int().nullable().default(null),
  enteredUnitShortName: z.string().nullable().default(null),
  /** Per the entered unit. */
  unitPrice: z.string(),
  discountPercent: z.string(),
  vatRate: z.string(),
  lineNet: z.string(),
  lineVat: z.string(),
  lineGross: z.string(),
  notes: z.string().nullable(),
  /** Σ posted shipment lines. */
  shippedQty: z.string(),
  /** Σ reservations of the line. */
  reservedQty: z.string(),
  /** qty − shippedQty (never below 0). */
  remainingQty: z.string(),
  /** Stock-controlled and not a service: it is reserved and issued. */
  stockable: z.boolean(),
  /** Available (on hand − reserved) in the order's warehouse now. */
  availableQty: z.string(),
  /** Some shipment (draft, posted or cancelled) points at the line: it cannot be deleted. */
  hasShipments: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = orderSummarySchema.extend({
  clientFullName: z.string().nullable(),
  contactId: z.number().int().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  pricesIncludeVat: z.boolean(),
  deliveryPresetId: z.number().int().nullable(),
  carrierId: z.number().int().nullable(),
  carrierName: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientPhone: z.string().nullable(),
  npCityRef: z.string().nullable(),
  npCityName: z.string().nullable(),
  deliveryType: z.string().nullable(),
  npWarehouseRef: z.string().nullable(),
  npWarehouseNumber: z.string().nullable(),
  npWarehouseAddress: z.string().nullable(),
  address: z.string().nullable(),
  serviceType: z.string().nullable(),
  payerType: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  codEnabled: z.boolean(),
  productionApprovedAt: z.string().nullable(),
  productionApprovedByName: z.string().nullable(),
  productionApprovalNote: z.string().nullable(),
  source: z.string(),
  notes: z.string().nullable(),
  clientNotes: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Some shipment that is not cancelled (draft or posted) exists. */
  hasShipments: z.boolean(),
  allowedActions: z.array(z.enum(orderActions)),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderTotalsSchema = z.object({
  count: z.number().int(),
  /** In UAH (amounts × the orders' rates). */
  totalGross: z.string(),
  paid: z.string(),
  outstanding: z.string(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const orderStatsSchema = z.object({
  /** confirmed + partially shipped. */
  active: z.number().int(),
  overdue: z.number().int(),
  /** Σ outstanding of the active orders, UAH. */
  unpaidAmount: z.string(),
  /** Orders with a shipment posted this month (Kyiv), and the shipped amount with VAT in UAH. */
  shippedThisMonth: z.number().int(),
  shippedThisMonthAmount: z.string(),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

export const orderPaymentSchema = z.object({
  allocationId: z.number().int(),
  paymentId: z.number().int(),
  number: z.string(),
  paymentDate: z.string(),
  type: z.string(),
  method: z.string(),
  status: z.string(),
  paymentAmount: z.string(),
  /** The part of the payment allocated to this order. */
  amount: z.string(),
  currencyCode: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderShipmentSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  shipmentDate: z.string(),
  status: z.string(),
  trackingNumber: z.string().nullable(),
  deliveryStatus: z.string(),
  carrierName: z.string().nullable(),
  totalGross: z.string(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const orderHistorySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  userName: z.string().nullable(),
  actor: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistorySchema>;

export const orderSettingsSchema = z.object({
  productionPrepaymentPercent: z.number(),
  invoiceValidityDays: z.number().int(),
  /** Display names per status (defaults filled in); the machine itself never changes. */
  statusLabels: z.record(z.enum(orderStatuses), z.string()),
});
export type OrderSettings = z.infer<typeof orderSettingsSchema>;
export const orderSettingsPatchSchema = z.strictObject({
  productionPrepaymentPercent: z
    .number({ error: orderMessages.percent })
    .min(0, orderMessages.percent)
    .max(100, orderMessages.percent)
    .optional(),
  invoiceValidityDays: z
    .number({ error: orderMessages.days })
    .int(orderMessages.days)
    .min(0, orderMessages.days)
    .max(365, orderMessages.days)
    .optional(),
  statusLabels: z
    .partialRecord(z.enum(orderStatuses), z.string().trim().min(1, orderMessages.label).max(40, orderMessages.label))
    .optional(),
});
export type OrderSettingsPatch = z.input<typeof orderSettingsPatchSchema>;

/** What the form needs of a client: terms, contacts, delivery presets. */
export const orderClientContextSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  discountPercent: z.string().nullable(),
  priceList: z.string(),
  paymentTermDays: z.number().int(),
  managerUserId: z.number().int().nullable(),
  defaultCarrierId: z.number().int().nullable(),
  contacts: z.array(
    z.object({
      id: z.number().int(),
      fullName: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      isPrimary: z.boolean(),
    }),
  ),
  presets: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      isPrimary: z.boolean(),
      carrierId: z.number().int(),
      carrierName: z.string().nullable(),
      recipientName: z.string(),
      recipientPhone: z.string(),
      cityRef: z.string().nullable(),
      cityName: z.string().nullable(),
      deliveryType: z.string(),
      warehouseRef: z.string().nullable(),
      warehouseNumber: z.string().nullable(),
      warehouseAddress: z.string().nullable(),
      address: z.string().nullable(),
      serviceType: z.string(),
      payerType: z.string(),
      paymentMethod: z.string(),
      codEnabled: z.boolean(),
    }),
  ),
});
export type OrderClientContext = z.infer<typeof orderClientContextSchema>;

export const sendInvoiceResultSchema = z.object({ queued: z.number().int(), recipients: z.array(z.string()) });

/** The form's item search: by name, SKU or barcode, with what is available in the order's warehouse. */
export const orderClientParamsSchema = z.strictObject({ clientId: dbId() });

/** The state-table actions (POST /api/orders/:id/<action>): each answers the order as it now is. */
const action = <B extends z.ZodType>(body: B) => ({ params: idParams, body, response: orderSchema });

/** The shapes of the module's endpoints by name; their paths are in orders.endpoints.ts (decision 0016). */
export const ordersSchemas = {
  list: { query: orderListQuerySchema, response: z.array(orderSummarySchema) },
  /** The totals of everything the list's filter matches. */
  totals: { query: orderListQuerySchema, response: orderTotalsSchema },
  stats: { response: orderStatsSchema },
  settings: { response: orderSettingsSchema },
  updateSettings: { body: orderSettingsPatchSchema, response: orderSettingsSchema },
  clientContext: { params: orderClientParamsSchema, response: orderClientContextSchema },
  /** The units a line of the item may be entered in (its stock unit's type). */
  itemUnits: { query: lineUnitsQuerySchema, response: lineUnitsSchema },
  get: { params: idParams, response: orderSchema },
  payments: { params: idParams, response: z.array(orderPaymentSchema) },
  shipments: { params: idParams, response: z.array(orderShipmentSchema) },
  history: { params: idParams, response: z.array(orderHistorySchema) },
  related: { params: idParams, response: relatedDocumentsSchema },
  manufacturingOrders: { params: idParams, response: z.array(orderManufacturingLinkSchema) },
  printInvoice: { params: idParams },
  printDepartments: { params: idParams },
  create: { body: orderCreateSchema, response: orderSchema },
  update: { params: idParams, body: orderUpdateSchema, response: orderSchema },
  remove: { params: idParams, body: orderVersionSchema.nullish() },
  confirm: action(orderVersionSchema.nullish()),
  returnToDraft: action(orderVersionSchema.nullish()),
  close: action(orderReasonSchema),
  cancel: action(orderReasonSchema),
  reserve: action(orderVersionSchema.nullish()),
  unreserve: action(orderVersionSchema.nullish()),
  productionApproval: action(productionApprovalSchema),
  copy: { params: idParams, response: orderSchema },
  sendInvoice: { params: idParams, response: sendInvoiceResultSchema },
};
