// Nova Poshta integration (sales.md §3, reports-admin.md §15): our sender profile and defaults (the key write-only),
// and the directory cache the city and branch pickers search. Shared by the server and the pages.
import { checked, optionalText } from '@/shared/contract-fields.ts';
import { normalisePhone } from '@/shared/requisites.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { integrationRunRowSchema } from '@/shared/integration-run.ts';

export const npSettingsMessages = {
  apiKeyFormat: 'Ключ API Нової пошти — 32 шістнадцяткові символи',
  noApiKey: 'Спочатку збережіть ключ API Нової пошти',
  keyUnreadable: 'Збережений ключ не вдається прочитати — введіть його знову',
  interval: 'Інтервал — від 1 до 24 годин',
  time: 'Час у форматі ГГ:ХХ',
  saved: 'Налаштування Нової пошти збережено',
  refreshed: (settlements: number, warehouses: number) =>
    `Довідник оновлено: населених пунктів — ${settlements}, відділень — ${warehouses}`,
  refreshEmpty: 'Нова пошта повернула порожній довідник — кеш не змінено',
  cityRefRequired: 'Оберіть місто',
} as const;

export const serviceTypes = ['WarehouseWarehouse', 'WarehouseDoors', 'DoorsWarehouse', 'DoorsDoors'] as const;
export type ServiceType = (typeof serviceTypes)[number];
export const serviceTypeLabels: Record<ServiceType, string> = {
  WarehouseWarehouse: 'Відділення — відділення',
  WarehouseDoors: 'Відділення — адреса',
  DoorsWarehouse: 'Адреса — відділення',
  DoorsDoors: 'Адреса — адреса',
};
export const payerTypes = ['Recipient', 'Sender', 'ThirdPerson'] as const;
export type PayerType = (typeof payerTypes)[number];
export const payerTypeLabels: Record<PayerType, string> = {
  Recipient: 'Отримувач',
  Sender: 'Відправник',
  ThirdPerson: 'Третя особа',
};
export const paymentMethods = ['Cash', 'NonCash'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = { Cash: 'Готівка', NonCash: 'Безготівково' };

export const npApiKeySchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, npSettingsMessages.apiKeyFormat);

/** `PUT /api/integrations/nova-poshta`: absent fields keep their value; the key is write-only. */
export const npSettingsBodySchema = z.strictObject({
  /** Write-only: absent keeps the stored key, null removes it. */
  apiKey: npApiKeySchema.nullable().optional(),
  senderCounterpartyRef: optionalText(64),
  senderCounterpartyName: optionalText(200),
  senderContactRef: optionalText(64),
  senderContactName: optionalText(200),
  senderCityRef: optionalText(64),
  senderCityName: optionalText(200),
  senderWarehouseRef: optionalText(64),
  senderWarehouseName: optionalText(300),
  senderPhone: z
    .string()
    .trim()
    .transform((v, ctx) => (v === '' ? null : checked(normalisePhone)(v, ctx)))
    .nullable()
    .optional(),
  defaultServiceType: z.enum(serviceTypes).optional(),
  defaultPayerType: z.enum(payerTypes).optional(),
  defaultPaymentMethod: z.enum(paymentMethods).optional(),
  defaultCargoDescription: z.string().trim().min(1, "Обов'язкове поле").max(100, 'Не довше 100 символів').optional(),
  trackingIntervalHours: z
    .number()
    .int(npSettingsMessages.interval)
    .min(1, npSettingsMessages.interval)
    .max(24, npSettingsMessages.interval)
    .optional(),
  directoryRefreshTime: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, npSettingsMessages.time)
    .optional(),
});
export type NpSettingsInput = z.input<typeof npSettingsBodySchema>;

export const npSettingsSchema = z.object({
  hasApiKey: z.boolean(),
  senderCounterpartyRef: z.string().nullable(),
  senderCounterpartyName: z.string().nullable(),
  senderContactRef: z.string().nullable(),
  senderContactName: z.string().nullable(),
  senderCityRef: z.string().nullable(),
  senderCityName: z.string().nullable(),
  senderWarehouseRef: z.string().nullable(),
  senderWarehouseName: z.string().nullable(),
  senderPhone: z.string().nullable(),
  defaultServiceType: z.enum(serviceTypes),
  defaultPayerType: z.enum(payerTypes),
  defaultPaymentMethod: z.enum(paymentMethods),
  defaultCargoDescription: z.string(),
  trackingIntervalHours: z.number().int(),
  directoryRefreshTime: z.string(),
  /** The sender profile is complete: waybills can be created under our contract. */
  senderReady: z.boolean(),
  lastDirectoryRefreshAt: z.string().nullable(),
  lastTrackingAt: z.string().nullable(),
  /** The run log of the tracking and directory jobs (integration_runs), newest first. */
  runs: z.array(integrationRunRowSchema),
  settlementCount: z.number().int(),
  warehouseCount: z.number().int(),
});
export type NpSettings = z.infer<typeof npSettingsSchema>;

export const npTestBodySchema = z.strictObject({ apiKey: npApiKeySchema.optional() }).nullish();
export const npTestResultSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  counterparties: z.array(z.object({ ref: z.string(), description: z.string() })),
});
export type NpTestResult = z.infer<typeof npTestResultSchema>;

export const npSenderOptionsQuerySchema = z.strictObject({ counterpartyRef: z.string().trim().max(64).optional() });
export const npSenderOptionsSchema = z.object({
  counterparties: z.array(z.object({ ref: z.string(), description: z.string() })),
  contacts: z.array(z.object({ ref: z.string(), description: z.string(), phone: z.string().nullable() })),
});
export type NpSenderOptions = z.infer<typeof npSenderOptionsSchema>;

export const npRefreshResultSchema = z.object({
  settlements: z.number().int(),
  warehouses: z.number().int(),
  deactivatedSettlements: z.number().int(),
  deactivatedWarehouses: z.number().int(),
  message: z.string(),
});
export type NpRefreshResult = z.infer<typeof npRefreshResultSchema>;

// ---- directory search ------------------------------------------------------------------------------------------------

export const npSettlementQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(50).optional(),
});
export const npSettlementSchema = z.object({
  ref: z.string(),
  name: z.string(),
  area: z.string().nullable(),
  region: z.string().nullable(),
  type: z.string().nullable(),
});
export type NpSettlement = z.infer<typeof npSettlementSchema>;

export const npWarehouseTypes = ['branch', 'postomat', 'cargo'] as const;
export type NpWarehouseType = (typeof npWarehouseTypes)[number];
export const npWarehouseQuerySchema = z.strictObject({
  ...listQueryShape,
  cityRef: z.string().trim().min(1, npSettingsMessages.cityRefRequired).max(64),
  type: z.enum(npWarehouseTypes).optional(),
});
export const npWarehouseSchema = z.object({
  ref: z.string(),
  cityRef: z.string(),
  number: z.string().nullable(),
  description: z.string(),
  shortAddress: z.string().nullable(),
  category: z.string().nullable(),
  maxWeightKg: z.string().nullable(),
});
export type NpWarehouse = z.infer<typeof npWarehouseSchema>;

// ---- endpoints -----------------------------------------------------------------------------------------------------

/** The shapes of every endpoint of the module (its paths are in nova-poshta.endpoints.ts, decision 0016). */
export const novaPoshtaSchemas = {
  settings: { response: npSettingsSchema },
  saveSettings: { body: npSettingsBodySchema, response: npSettingsSchema },
  test: { body: npTestBodySchema, response: npTestResultSchema },
  senderOptions: { query: npSenderOptionsQuerySchema, response: npSenderOptionsSchema },
  refreshDirectory: { response: npRefreshResultSchema },
  settlements: { query: npSettlementQuerySchema, response: z.array(npSettlementSchema) },
  warehouses: { query: npWarehouseQuerySchema, response: z.array(npWarehouseSchema) },
};
