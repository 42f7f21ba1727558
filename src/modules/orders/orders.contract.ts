// Client orders ('Замовлення клієнтів', sales.md §1): shared by the server and the page. One status field driven by
// the state machine below; totals, VAT and the payment status are derived by the server, never typed in.
import { isIsoDate } from '@/resources/_engine/define-resource.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

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

const decimalText = (scale: number, opts: { positive?: boolean } = {}) =>
  z
    .string({ error: orderMessages.decimal(scale) })
    .trim()
    .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
    .refine((v) => /^\d{1,12}(\.\d+)?$/.test(v), orderMessages.decimal(scale))
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= scale, orderMessages.decimal(scale))
    .refine((v) => !opts.positive || /[1-9]/.test(v), orderMessages.positive);
const isoDate = z.string().trim().refine(isIsoDate, orderMessages.date);
const optionalDate = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || isIsoDate(v), orderMessages.date)
  .nullable()
  .optional();
const id = z.number({ error: orderMessages.reference }).int().positive(orderMessages.reference);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Не довше ${max} символів`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const orderLineInputSchema = z.strictObject({
  /** The stored line this row keeps (absent for a new line): lines keep their ids for their whole life. */
  id: z.number().int().positive().optional(),
  itemId: id,
  qty: decimalText(4, { positive: true }),
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
  clientId: z.coerce.number().int().positive().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  managerUserId: z.coerce.number().int().positive().optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  overdue: z.enum(['true', 'false']).optional(),
  productionApproved: z.enum(['true', 'false']).optional(),
});
