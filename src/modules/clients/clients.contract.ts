// A counterparty's bank accounts, a client's delivery presets and Nova Poshta identity (reference-data.md §13).
import { checked, optionalText } from '@/shared/contract-fields.ts';
import { dbId, idParams, messageSchema } from '@/shared/contract.ts';
import { checkIbanUa, normalisePhone } from '@/shared/requisites.ts';
import { z } from '@/shared/zod-uk.ts';

export const clientsMessages = {
  required: "Обов'язкове поле",
  currency: 'Код валюти — три латинські літери (UAH)',
  duplicateIban: 'Цей IBAN уже є в списку',
  oneDefault: 'Основним може бути лише один рахунок у кожній валюті',
  branchNeeded: 'Вкажіть номер або адресу відділення',
  addressNeeded: 'Для адресної доставки вкажіть вулицю і будинок',
  cityNeeded: 'Вкажіть місто',
  presetNotFound: 'Налаштування доставки не знайдено',
  carrierUnknown: 'Оберіть перевізника зі списку',
  apiKeyFormat: 'Ключ API Нової пошти — 32 шістнадцяткові символи',
  noApiKey: 'Спочатку збережіть ключ API',
  keyRemoved: 'Ключ API видалено',
  clientNotFound: 'Клієнта не знайдено',
} as const;

// ---- bank accounts -----------------------------------------------------------------------------------------------

export const bankAccountInputSchema = z.strictObject({
  iban: z.string().trim().min(1, clientsMessages.required).transform(checked(checkIbanUa)),
  bankName: optionalText(200),
  currencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, clientsMessages.currency)
    .default('UAH'),
  isDefault: z.boolean().default(false),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

export const bankAccountsBodySchema = z.strictObject({
  accounts: z
    .array(bankAccountInputSchema)
    .max(20)
    .superRefine((accounts, ctx) => {
      const seen = new Set<string>();
      const defaults = new Set<string>();
      accounts.forEach((a, i) => {
        if (seen.has(a.iban))
          ctx.addIssue({ code: 'custom', path: [i, 'iban'], message: clientsMessages.duplicateIban });
        seen.add(a.iban);
        if (a.isDefault && defaults.has(a.currencyCode)) {
          ctx.addIssue({ code: 'custom', path: [i, 'isDefault'], message: clientsMessages.oneDefault });
        }
        if (a.isDefault) defaults.add(a.currencyCode);
      });
    }),
});

export const bankAccountSchema = z.object({
  id: z.number().int(),
  iban: z.string(),
  bankName: z.string().nullable(),
  currencyCode: z.string(),
  isDefault: z.boolean(),
  /** The bank code (МФО) read from the IBAN. */
  mfo: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

// ---- delivery presets --------------------------------------------------------------------------------------------

export const deliveryTypes = ['branch', 'postomat', 'address'] as const;
export const serviceTypes = ['WarehouseWarehouse', 'WarehouseDoors', 'DoorsWarehouse', 'DoorsDoors'] as const;
export const payerTypes = ['Recipient', 'Sender', 'ThirdPerson'] as const;
export const paymentMethods = ['Cash', 'NonCash'] as const;

export const deliveryLabels = {
  deliveryType: { branch: 'Відділення', postomat: 'Поштомат', address: 'Адресна доставка' },
  serviceType: {
    WarehouseWarehouse: 'Склад — склад',
    WarehouseDoors: 'Склад — двері',
    DoorsWarehouse: 'Двері — склад',
    DoorsDoors: 'Двері — двері',
  },
  payerType: { Recipient: 'Одержувач', Sender: 'Відправник', ThirdPerson: 'Третя особа' },
  paymentMethod: { Cash: 'Готівка', NonCash: 'Безготівка' },
} as const;

const presetShape = {
  label: z.string().trim().min(1, clientsMessages.required).max(120, 'Не довше 120 символів'),
  carrierId: z.number({ error: clientsMessages.carrierUnknown }).int().positive(clientsMessages.carrierUnknown),
  recipientName: z.string().trim().min(1, clientsMessages.required).max(160, 'Не довше 160 символів'),
  recipientPhone: z.string().trim().min(1, clientsMessages.required).transform(checked(normalisePhone)),
  cityRef: optionalText(64),
  cityName: optionalText(160),
  deliveryType: z.enum(deliveryTypes).default('branch'),
  warehouseRef: optionalText(64),
  warehouseNumber: optionalText(20),
  warehouseAddress: optionalText(300),
  street: optionalText(200),
  building: optionalText(20),
  flat: optionalText(20),
  serviceType: z.enum(serviceTypes).default('WarehouseWarehouse'),
  payerType: z.enum(payerTypes).default('Recipient'),
  paymentMethod: z.enum(paymentMethods).default('Cash'),
  codEnabled: z.boolean().default(false),
  isPrimary: z.boolean().default(false),
  isActive: z.boolean().default(true),
  notes: optionalText(2000),
};

type PresetValues = { [K in keyof typeof presetShape]?: unknown };

/** The place must be complete for its delivery type (checked on the stored preset merged with a change, too). */
export function presetIssues(v: PresetValues): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!v.cityName && !v.cityRef) issues.cityName = clientsMessages.cityNeeded;
  if (v.deliveryType === 'address') {
    if (!v.street) issues.street = clientsMessages.addressNeeded;
    if (!v.building) issues.building = clientsMessages.addressNeeded;
  } else if (!v.warehouseNumber && !v.warehouseAddress && !v.warehouseRef) {
    issues.warehouseNumber = clientsMessages.branchNeeded;
  }
  return issues;
}

export const presetCreateSchema = z.strictObject(presetShape).superRefine((v, ctx) => {
  for (const [path, message] of Object.entries(presetIssues(v)))
    ctx.addIssue({ code: 'custom', path: [path], message });
});
export const presetUpdateSchema = z.strictObject(presetShape).partial();
export type PresetInput = z.input<typeof presetCreateSchema>;

export const presetSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  label: z.string(),
  carrierId: z.number().int(),
  carrierName: z.string().nullable(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  cityRef: z.string().nullable(),
  cityName: z.string().nullable(),
  deliveryType: z.enum(deliveryTypes),
  warehouseRef: z.string().nullable(),
  warehouseNumber: z.string().nullable(),
  warehouseAddress: z.string().nullable(),
  street: z.string().nullable(),
  building: z.string().nullable(),
  flat: z.string().nullable(),
  serviceType: z.enum(serviceTypes),
  payerType: z.enum(payerTypes),
  paymentMethod: z.enum(paymentMethods),
  codEnabled: z.boolean(),
  isPrimary: z.boolean(),
  isActive: z.boolean(),
  notes: z.string().nullable(),
});
export type DeliveryPreset = z.infer<typeof presetSchema>;

// ---- Nova Poshta identity ----------------------------------------------------------------------------------------

export const npSettingsSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  recipientCounterpartyRef: z.string().nullable(),
  contactPersonRefs: z.record(z.string(), z.string()),
  hasApiKey: z.boolean(),
  senderCounterpartyRef: z.string().nullable(),
  senderContactRef: z.string().nullable(),
  senderCityRef: z.string().nullable(),
  senderWarehouseRef: z.string().nullable(),
  senderPhone: z.string().nullable(),
  isActive: z.boolean(),
});
export type NpSettings = z.infer<typeof npSettingsSchema>;

export const npSettingsBodySchema = z.strictObject({
  /** Write-only: absent keeps the stored key. */
  apiKey: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, clientsMessages.apiKeyFormat)
    .optional(),
  senderCounterpartyRef: optionalText(64),
  senderContactRef: optionalText(64),
  senderCityRef: optionalText(64),
  senderWarehouseRef: optionalText(64),
  senderPhone: z
    .string()
    .trim()
    .transform((v, ctx) => (v === '' ? null : checked(normalisePhone)(v, ctx)))
    .nullable()
    .optional(),
  isActive: z.boolean().optional(),
  /** Forget the cached recipient references (they are filled again by the next waybill). */
  resetRecipientRefs: z.boolean().optional(),
});
export type NpSettingsInput = z.input<typeof npSettingsBodySchema>;

export const npTestSchema = z.object({ valid: z.boolean(), message: z.string() });

// ---- balance (reports-admin.md §3) -----------------------------------------------------------------------------

/** What a client owes (receivables): decimal strings with 2 decimals, in UAH; a negative balance is an advance. */
export const clientBalanceSchema = z.object({
  clientId: z.number().int(),
  balance: z.string(),
  overdue: z.string(),
  currency: z.string(),
  /** The earliest due date of the overdue unpaid shipments (YYYY-MM-DD), or null. */
  oldestOverdueDate: z.string().nullable(),
  /** Days since that date, or null. */
  overdueDays: z.number().int().nullable(),
});
export type ClientBalance = z.infer<typeof clientBalanceSchema>;

/** The /clients filter on the receivable: 'З боргом' (balance > 0), 'З простроченим боргом' (overdue > 0). */
export const debtFilterValues = ['debt', 'overdue'] as const;

// ---- endpoints --------------------------------------------------------------------------------------------------

export const presetParamsSchema = z.strictObject({ id: dbId(), presetId: dbId() });

const bankAccounts = {
  bankAccounts: { params: idParams, response: z.array(bankAccountSchema) },
  putBankAccounts: { params: idParams, body: bankAccountsBodySchema, response: z.array(bankAccountSchema) },
};

/**
 * The shapes of the module's endpoints by name; their paths are in clients.endpoints.ts (decision 0016). A client's
 * and a supplier's bank accounts have the same shapes.
 */
export const clientsSchemas = {
  clientBankAccounts: bankAccounts.bankAccounts,
  putClientBankAccounts: bankAccounts.putBankAccounts,
  supplierBankAccounts: bankAccounts.bankAccounts,
  putSupplierBankAccounts: bankAccounts.putBankAccounts,
  presets: { params: idParams, response: z.array(presetSchema) },
  createPreset: { params: idParams, body: presetCreateSchema, response: presetSchema },
  updatePreset: { params: presetParamsSchema, body: presetUpdateSchema, response: presetSchema },
  makePrimary: { params: presetParamsSchema, response: presetSchema },
  removePreset: { params: presetParamsSchema },
  npSettings: { params: idParams, response: npSettingsSchema },
  putNpSettings: { params: idParams, body: npSettingsBodySchema, response: npSettingsSchema },
  testNpKey: { params: idParams, response: npTestSchema },
  /** The settings without the key, and the sentence to show. */
  removeNpKey: { params: idParams, response: npSettingsSchema.extend(messageSchema.shape) },
  balance: { params: idParams, response: clientBalanceSchema },
};
