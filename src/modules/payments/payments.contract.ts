// Payments ('Платежі', sales.md §2): money received from clients (or refunded to them) as documents, allocated to
// the client's orders; bank statements turned into draft payments with match proposals. Shared by the server and
// the page.
import { decimalTextOf, optionalText, periodFilterShape, reasonText, refId } from '@/shared/contract-fields.ts';
import { formatMoneyUk } from '@/shared/decimal-format.ts';
import { documentDate } from '@/shared/document-date.ts';
import { idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { relatedDocumentsSchema } from '@/modules/orders/related-documents.contract.ts';

export const paymentMessages = {
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Має бути більше нуля',
  currency: 'Код валюти — три латинські літери (UAH)',
  fxRate: 'Курс — додатне число (не більше 6 знаків після коми)',
  reference: 'Оберіть запис зі списку',
  notFound: 'Платіж не знайдено',
  version: 'Платіж змінено іншим користувачем — оновіть сторінку',
  notDraft: 'Змінювати можна лише неопрацьований платіж — проведений можна лише перерозподілити або скасувати',
  posted: 'Платіж уже проведено',
  cancelled: 'Платіж скасовано — змінити його не можна',
  alreadyCancelled: 'Платіж уже скасовано',
  deleteImported: 'Імпортований платіж не можна видалити — лише скасувати («Не наш платіж», «Дубль»)',
  deleteNotDraft: 'Видалити можна лише неопрацьований платіж, внесений вручну',
  clientRequired: 'Оберіть клієнта — без нього платіж не провести',
  clientForAllocations: 'Оберіть клієнта, щоб розподілити платіж на його замовлення',
  notClient: 'Оберіть клієнта зі списку',
  company: 'Оберіть компанію зі списку',
  reason: 'Вкажіть причину скасування',
  orderNotFound: 'Замовлення не знайдено',
  orderTwice: 'Це замовлення вже є в розподілі',
  orderOtherClient: (number: string) => `Замовлення ${number} належить іншому клієнту`,
  orderCurrency: (number: string, currency: string) =>
    `Замовлення ${number} у валюті ${currency} — валюта платежу має бути такою самою`,
  orderStatus: (number: string, status: string) =>
    `Замовлення ${number} у статусі «${status}» — оплату на нього розподілити не можна`,
  overAllocated: (allocated: string, amount: string) =>
    `Розподілено ${formatMoneyUk(allocated)} — це більше за суму платежу ${formatMoneyUk(amount)}`,
  tooManyAllocations: 'Не більше 100 замовлень в одному розподілі',
  importFormat: 'Надішліть виписку: файл 1CClientBankExchange (.txt), CSV або XLSX',
  importEmpty: 'У виписці немає жодної операції',
  importColumns: (found: string) =>
    `Не вдалося розпізнати колонки виписки — потрібні дата і сума (або кредит). Знайдено: ${found || 'нічого'}`,
  importProfile: (name: string) => `Профіль виписки «${name}» не знайдено`,
  profileName: 'Вкажіть назву профілю',
  profileTwice: 'Профілі мають різні назви',
  profileColumns: 'Профіль має назвати колонку дати і колонку суми (або кредиту)',
} as const;

export const paymentTypes = ['receipt', 'refund'] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const paymentTypeLabels: Record<PaymentType, string> = { receipt: 'Надходження', refund: 'Повернення' };

export const paymentMethods = ['bank_transfer', 'cash', 'card', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bank_transfer: 'Безготівково',
  cash: 'Готівка',
  card: 'Картка',
  other: 'Інше',
};

export const paymentStatuses = ['draft', 'posted', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  draft: 'Неопрацьований',
  posted: 'Проведено',
  cancelled: 'Скасовано',
};

export const paymentSources = ['manual', 'bank_email', 'bank_statement', 'import'] as const;
export type PaymentSource = (typeof paymentSources)[number];
export const paymentSourceLabels: Record<PaymentSource, string> = {
  manual: 'Вручну',
  bank_email: 'Банківське повідомлення',
  bank_statement: 'Банківська виписка',
  import: 'Імпорт',
};

export const bankTransactionSources = ['email', 'statement_1c', 'statement_file', 'manual_paste'] as const;
export type BankTransactionSource = (typeof bankTransactionSources)[number];
export const bankTransactionSourceLabels: Record<BankTransactionSource, string> = {
  email: 'Лист банку',
  statement_1c: 'Виписка 1С',
  statement_file: 'Виписка CSV/XLSX',
  manual_paste: 'Вставлено вручну',
};
export const bankTransactionStatuses = ['parsed', 'ignored', 'failed'] as const;
export type BankTransactionStatus = (typeof bankTransactionStatuses)[number];
export const bankTransactionStatusLabels: Record<BankTransactionStatus, string> = {
  parsed: 'Розпізнано',
  ignored: 'Пропущено',
  failed: 'Помилка',
};

/** Order statuses a payment may be allocated to (a draft is not yet an invoice; a cancelled order takes none). */
export const allocatableOrderStatuses = ['confirmed', 'partially_shipped', 'shipped', 'completed'] as const;
/** Order statuses that are candidates of the match proposals (sales.md §2). */
export const candidateOrderStatuses = ['confirmed', 'partially_shipped', 'shipped'] as const;
/** Candidates are orders no older than this many days before the payment. */
export const CANDIDATE_MAX_AGE_DAYS = 365;
export const PROPOSALS_LIMIT = 5;

/** Fields a bank statement file's columns are mapped to. */
export const statementFields = [
  'date',
  'amount',
  'credit',
  'debit',
  'counterpartyName',
  'counterpartyTaxId',
  'counterpartyIban',
  'purpose',
  'reference',
  'docNumber',
  'currency',
  'ourIban',
] as const;
export type StatementField = (typeof statementFields)[number];
export const statementFieldLabels: Record<StatementField, string> = {
  date: 'Дата операції',
  amount: 'Сума (зі знаком)',
  credit: 'Кредит (надходження)',
  debit: 'Дебет (списання)',
  counterpartyName: 'Контрагент',
  counterpartyTaxId: 'ЄДРПОУ контрагента',
  counterpartyIban: 'Рахунок контрагента',
  purpose: 'Призначення платежу',
  reference: 'Референс банку',
  docNumber: 'Номер документа',
  currency: 'Валюта',
  ourIban: 'Наш рахунок',
};

/** Column mappings of common Ukrainian bank statements, offered next to the saved ones and the auto-detection. */
export const builtInStatementProfiles: ReadonlyArray<{
  name: string;
  columns: Partial<Record<StatementField, string>>;
}> = [
  {
    name: 'ПриватБанк (Приват24 для бізнесу)',
    columns: {
      date: 'Дата операції',
      debit: 'Дебет',
      credit: 'Кредит',
      counterpartyName: 'Кореспондент',
      counterpartyTaxId: 'ЄДРПОУ кореспондента',
      counterpartyIban: 'Рахунок кореспондента',
      purpose: 'Призначення платежу',
      docNumber: 'Номер документа',
      reference: 'Референс',
      currency: 'Валюта',
      ourIban: 'Рахунок',
    },
  },
  {
    name: 'monobank / Універсальний',
    columns: {
      date: 'Дата операції',
      amount: 'Сума',
      counterpartyName: 'Контрагент',
      counterpartyTaxId: 'ЄДРПОУ контрагента',
      counterpartyIban: 'IBAN контрагента',
      purpose: 'Призначення платежу',
      reference: 'ID операції',
      currency: 'Валюта',
    },
  },
];

// ---- inputs ----------------------------------------------------------------------------------------------------

const decimalText = decimalTextOf(paymentMessages, { intDigits: 13 });
const isoDate = documentDate(paymentMessages.date);
const id = refId(paymentMessages.reference, { maxDbId: true });
const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, paymentMessages.currency);

export const allocationInputSchema = z.strictObject({
  orderId: z.number({ error: paymentMessages.orderNotFound }).int().positive(paymentMessages.orderNotFound),
  amount: decimalText(2, { positive: true }),
});
export type AllocationInput = z.input<typeof allocationInputSchema>;
const allocationsList = z.array(allocationInputSchema).max(100, paymentMessages.tooManyAllocations);

const headerShape = {
  paymentDate: isoDate,
  type: z.enum(paymentTypes).default('receipt'),
  method: z.enum(paymentMethods).default('bank_transfer'),
  amount: decimalText(2, { positive: true }),
  currencyCode: currencyCode.default('UAH'),
  /** UAH per unit of the payment currency; 1 for UAH. */
  fxRate: decimalText(6, { positive: true }).optional(),
  clientId: z
    .number({ error: paymentMessages.notClient })
    .int()
    .positive(paymentMessages.notClient)
    .nullable()
    .optional(),
  companyId: id.nullable().optional(),
  payerName: optionalText(300),
  payerTaxId: optionalText(20),
  payerIban: optionalText(34),
  ourIban: optionalText(34),
  purpose: optionalText(1000),
  bankDocNumber: optionalText(60),
  notes: optionalText(2000),
};

/** `POST /api/payments`: a manual payment, posted at once unless `post: false` (sales.md §2). */
export const paymentCreateSchema = z.strictObject({
  ...headerShape,
  allocations: allocationsList.default([]),
  post: z.boolean().optional(),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentCreateBody = z.output<typeof paymentCreateSchema>;

/** `PATCH /api/payments/:id` (draft only): the version read, any header fields, and the allocations when they change. */
export const paymentUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  paymentDate: isoDate.optional(),
  type: z.enum(paymentTypes).optional(),
  method: z.enum(paymentMethods).optional(),
  amount: decimalText(2, { positive: true }).optional(),
  currencyCode: currencyCode.optional(),
  fxRate: decimalText(6, { positive: true }).optional(),
  clientId: headerShape.clientId,
  companyId: headerShape.companyId,
  payerName: headerShape.payerName,
  payerTaxId: headerShape.payerTaxId,
  payerIban: headerShape.payerIban,
  ourIban: headerShape.ourIban,
  purpose: headerShape.purpose,
  bankDocNumber: headerShape.bankDocNumber,
  notes: headerShape.notes,
  allocations: allocationsList.optional(),
});
export type PaymentUpdateBody = z.output<typeof paymentUpdateSchema>;

/** 'Провести': the client (may be chosen now) and the allocations (replace the draft's when given). */
export const paymentPostSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  clientId: z.number({ error: paymentMessages.notClient }).int().positive(paymentMessages.notClient).optional(),
  allocations: allocationsList.optional(),
});
export type PaymentPostBody = z.output<typeof paymentPostSchema>;

export const paymentCancelSchema = z.strictObject({
  reason: reasonText(paymentMessages.reason),
});

/** 'Розподілити': the whole new set of allocations, replacing the old one atomically. */
export const allocationsReplaceSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  allocations: allocationsList,
});

const booleanQuery = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean().optional(),
);
const emptyToUndefined = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

export const paymentListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.preprocess(emptyToUndefined, z.enum(paymentStatuses).optional()),
  method: z.preprocess(emptyToUndefined, z.enum(paymentMethods).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(paymentTypes).optional()),
  source: z.preprocess(emptyToUndefined, z.enum(paymentSources).optional()),
  clientId: idFilter(),
  orderId: idFilter(),
  ...periodFilterShape(paymentMessages.date),
  /** Only payments with an unallocated rest ('Аванс'). */
  unallocated: booleanQuery,
  /** Each draft row carries its best match proposal (the 'Неопрацьовані' queue). */
  withProposals: booleanQuery,
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;
export const paymentSortFields = [
  'number',
  'paymentDate',
  'amount',
  'clientName',
  'payerName',
  'status',
  'unallocated',
] as const;

export const paymentExportQuerySchema = paymentListQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']).optional().default('xlsx'),
});

export const bankTransactionListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.preprocess(emptyToUndefined, z.enum(bankTransactionStatuses).optional()),
  source: z.preprocess(emptyToUndefined, z.enum(bankTransactionSources).optional()),
  ...periodFilterShape(paymentMessages.date),
});
export type BankTransactionListQuery = z.output<typeof bankTransactionListQuerySchema>;

export const openOrdersQuerySchema = z.strictObject({
  clientId: idFilter(),
  /** One order by id, whatever its outstanding (the `?orderId=` link of the new payment dialog). */
  orderId: idFilter(),
  currencyCode: currencyCode.optional(),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(200).optional(),
});
export type OpenOrdersQuery = z.output<typeof openOrdersQuerySchema>;

const profileColumns = z.partialRecord(z.enum(statementFields), z.string().trim().max(120, 'Не довше 120 символів'));
export const statementProfileSchema = z.strictObject({
  name: z.string({ error: paymentMessages.profileName }).trim().min(1, paymentMessages.profileName).max(60),
  columns: profileColumns,
});
export type StatementProfile = z.output<typeof statementProfileSchema>;

export const paymentSettingsSchema = z.object({
  /** Auto-post a bank credit whose purpose names exactly one order (sales.md §2); default on. */
  autoPostExactMatches: z.boolean(),
  /** Column mappings of CSV/XLSX statements, one per bank. */
  statementProfiles: z.array(statementProfileSchema),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export const paymentSettingsPatchSchema = z.strictObject({
  autoPostExactMatches: z.boolean().optional(),
  statementProfiles: z
    .array(statementProfileSchema)
    .max(30)
    .refine((list) => new Set(list.map((p) => p.name.toLowerCase())).size === list.length, paymentMessages.profileTwice)
    .refine(
      (list) => list.every((p) => p.columns.date && (p.columns.amount || p.columns.credit)),
      paymentMessages.profileColumns,
    )
    .optional(),
});
export type PaymentSettingsPatch = z.output<typeof paymentSettingsPatchSchema>;

// ---- answers ---------------------------------------------------------------------------------------------------

export const matchProposalSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  externalNumber: z.string().nullable(),
  orderDate: z.string(),
  orderStatus: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  currencyCode: z.string(),
  totalGross: z.string(),
  paid: z.string(),
  outstanding: z.string(),
  /** 0–100 (sales.md §2 score table). */
  score: z.number().int(),
  reasons: z.array(z.string()),
  /** The order's full number (or external number) is in the purpose: the auto-post rule looks at these. */
  fullNumberMatch: z.boolean(),
});
export type MatchProposal = z.infer<typeof matchProposalSchema>;

export const paymentOrderRefSchema = z.object({ orderId: z.number().int(), orderNumber: z.string() });

export const paymentSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  paymentDate: z.string(),
  type: z.enum(paymentTypes),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  source: z.enum(paymentSources),
  amount: z.string(),
  currencyCode: z.string(),
  fxRate: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  payerName: z.string().nullable(),
  payerTaxId: z.string().nullable(),
  payerIban: z.string().nullable(),
  purpose: z.string().nullable(),
  bankDocNumber: z.string().nullable(),
  /** Σ allocations. */
  allocated: z.string(),
  /** amount − Σ allocations: the client's advance ('Аванс'). */
  unallocated: z.string(),
  orders: z.array(paymentOrderRefSchema),
  createdAt: z.string(),
  /** The best match proposal of a draft (only with `withProposals`). */
  bestProposal: matchProposalSchema.nullable().optional(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const paymentAllocationSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  externalNumber: z.string().nullable(),
  orderDate: z.string(),
  orderStatus: z.string(),
  totalGross: z.string(),
  /** Paid by posted payments, this one included when it is posted. */
  paid: z.string(),
  outstanding: z.string(),
  amount: z.string(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const bankTransactionSchema = z.object({
  id: z.number().int(),
  source: z.enum(bankTransactionSources),
  externalId: z.string(),
  receivedAt: z.string(),
  parserName: z.string(),
  status: z.enum(bankTransactionStatuses),
  parseError: z.string().nullable(),
  direction: z.string().nullable(),
  operationDate: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  ourIban: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  counterpartyTaxId: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  purpose: z.string().nullable(),
  bankDocNumber: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  paymentNumber: z.string().nullable(),
  paymentStatus: z.enum(paymentStatuses).nullable(),
  rawContent: z.string(),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

export const paymentSchema = paymentSummarySchema.extend({
  clientTaxId: z.string().nullable(),
  companyName: z.string().nullable(),
  ourIban: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  bankTransactionId: z.number().int().nullable(),
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  allocations: z.array(paymentAllocationSchema),
  bankTransaction: bankTransactionSchema.omit({ rawContent: true }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentStatsSchema = z.object({
  /** Drafts: bank credits nobody has processed plus drafts saved by hand (the sidebar badge). */
  pendingPayments: z.number().int(),
  pendingAmount: z.string(),
  todayAmount: z.string(),
  monthAmount: z.string(),
  unallocatedAmount: z.string(),
});
export type PaymentStats = z.infer<typeof paymentStatsSchema>;

export const importResultSchema = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  ignored: z.number().int(),
  failed: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const openOrderSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  externalNumber: z.string().nullable(),
  orderDate: z.string(),
  status: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  currencyCode: z.string(),
  totalGross: z.string(),
  paid: z.string(),
  outstanding: z.string(),
});
export type OpenOrder = z.infer<typeof openOrderSchema>;

/** The statement upload's query: the column profile (a multipart upload may name it in a field instead). */
export const importStatementQuerySchema = z.strictObject({ profile: z.string().trim().max(60).optional() });

/** The shapes of the module's endpoints by name; their paths are in payments.endpoints.ts (decision 0016). */
export const paymentsSchemas = {
  list: { query: paymentListQuerySchema, response: z.array(paymentSummarySchema) },
  stats: { response: paymentStatsSchema },
  /** A CSV or XLSX file of the filtered register. */
  export: { query: paymentExportQuerySchema },
  bankTransactions: { query: bankTransactionListQuerySchema, response: z.array(bankTransactionSchema) },
  openOrders: { query: openOrdersQuerySchema, response: z.array(openOrderSchema) },
  settings: { response: paymentSettingsSchema },
  updateSettings: { body: paymentSettingsPatchSchema, response: paymentSettingsSchema },
  /** The body is the file itself or multipart/form-data (field `file`, optional `profile`). */
  importStatement: { query: importStatementQuerySchema, response: importResultSchema },
  get: { params: idParams, response: paymentSchema },
  matchProposals: { params: idParams, response: z.array(matchProposalSchema) },
  related: { params: idParams, response: relatedDocumentsSchema },
  create: { body: paymentCreateSchema, response: paymentSchema },
  update: { params: idParams, body: paymentUpdateSchema, response: paymentSchema },
  remove: { params: idParams },
  post: { params: idParams, body: paymentPostSchema.nullish(), response: paymentSchema },
  cancel: { params: idParams, body: paymentCancelSchema, response: paymentSchema },
  allocate: { params: idParams, body: allocationsReplaceSchema, response: paymentSchema },
};
