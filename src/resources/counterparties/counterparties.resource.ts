import { checkTaxId, checkVatNumber, sampleEdrpou, type LegalForm, type TaxIdKind } from '@/shared/requisites.ts';
import { defineResource, type FieldDef } from '../_engine/define-resource.ts';

// Clients and suppliers: two views of `counterparties` (reference-data.md §13).

export const legalFormOptions = [
  { value: 'legal_entity', label: 'Юридична особа' },
  { value: 'sole_proprietor', label: 'ФОП' },
  { value: 'individual', label: 'Фізична особа' },
  { value: 'foreign', label: 'Нерезидент' },
] as const;

export const counterpartyMessages = {
  taxIdTaken:
    'Контрагент з таким податковим номером уже є (можливо, серед клієнтів або постачальників) — знайдіть його і позначте потрібну роль',
  fullNameRequired: "Повна назва обов'язкова для юридичної особи — вона друкується в документах",
  vatNumberRequired: 'Для платника ПДВ вкажіть ІПН платника ПДВ',
} as const;

const identity: FieldDef[] = [
  { name: 'name', label: 'Коротка назва', kind: 'text', required: true, maxLength: 200, list: true, search: true },
  {
    name: 'legalForm',
    label: 'Тип',
    kind: 'enum',
    required: true,
    options: legalFormOptions,
    defaultValue: 'legal_entity',
    list: true,
    filter: true,
  },
  { name: 'fullName', label: 'Повна назва', kind: 'text', maxLength: 400, search: true },
  {
    name: 'taxId',
    label: 'ЄДРПОУ / РНОКПП',
    kind: 'text',
    unique: true,
    uniqueMessage: counterpartyMessages.taxIdTaken,
    maxLength: 30,
    list: true,
    search: true,
    hint: 'ЄДРПОУ для юридичної особи, РНОКПП (або паспорт) для ФОП і фізичної особи',
    sampleOf: sampleEdrpou,
  },
  {
    name: 'taxIdKind',
    label: 'Документ фізичної особи',
    kind: 'enum',
    shownWhen: { field: 'legalForm', values: ['sole_proprietor', 'individual'] },
    options: [
      { value: 'rnokpp', label: 'РНОКПП' },
      { value: 'passport', label: 'Паспорт (без РНОКПП)' },
    ],
  },
  { name: 'isVatPayer', label: 'Платник ПДВ', kind: 'boolean', defaultValue: false },
  {
    name: 'vatNumber',
    label: 'ІПН платника ПДВ',
    kind: 'text',
    shownWhen: { field: 'isVatPayer', values: [true] },
    maxLength: 12,
    check: checkVatNumber,
    example: '143605726543',
  },
  { name: 'phone', label: 'Телефон', kind: 'phone', list: true, search: true },
  { name: 'email', label: 'E-mail', kind: 'email', search: true },
  { name: 'website', label: 'Сайт', kind: 'text', maxLength: 200 },
  { name: 'legalAddress', label: 'Юридична адреса', kind: 'textarea', maxLength: 500 },
  {
    name: 'postalIndex',
    label: 'Поштовий індекс',
    kind: 'text',
    maxLength: 5,
    pattern: { regex: /^\d{5}$/, message: 'Поштовий індекс має містити 5 цифр' },
    example: '01001',
  },
  { name: 'postalAddress', label: 'Поштова адреса', kind: 'textarea', maxLength: 500 },
];

const tail: FieldDef[] = [{ name: 'notes', label: 'Примітки', kind: 'textarea' }];

/** Rules across the identity fields: the tax id by legal form, the full name of a legal entity, the VAT number. */
function checkRequisites(values: Readonly<Record<string, unknown>>): Record<string, string> {
  const issues: Record<string, string> = {};
  const form = values.legalForm as LegalForm | undefined;
  const taxId = values.taxId;
  if (form && typeof taxId === 'string' && taxId !== '') {
    const result = checkTaxId(form, taxId, (values.taxIdKind as TaxIdKind | null) ?? 'rnokpp');
    if (!result.ok) issues.taxId = result.error;
  }
  if (form === 'legal_entity' && !values.fullName) issues.fullName = counterpartyMessages.fullNameRequired;
  if (values.isVatPayer === true && !values.vatNumber) issues.vatNumber = counterpartyMessages.vatNumberRequired;
  return issues;
}

export const clientsResource = defineResource({
  route: '/clients',
  title: 'Клієнти',
  newLabel: 'Новий клієнт',
  oneLabel: 'клієнта',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['taxId'],
  hasActiveFlag: true,
  crossCheck: checkRequisites,
  // The balance is what the client owes in UAH (reports-admin.md §3), from the clients module (client-balance.ts).
  computedColumns: [
    { name: 'primaryContact', label: 'Контактна особа', after: 'phone' },
    { name: 'balance', label: 'Баланс', kind: 'money' },
    { name: 'overdue', label: 'Прострочено', kind: 'money', alertPositive: true },
  ],
  derivedFilters: [
    {
      name: 'debt',
      label: 'Заборгованість',
      options: [
        { value: 'debt', label: 'З боргом' },
        { value: 'overdue', label: 'З простроченим боргом' },
      ],
    },
  ],
  fields: [
    ...identity,
    { name: 'discountPercent', label: 'Знижка, %', kind: 'decimal', scale: 2, min: 0, max: 100, list: true },
    {
      name: 'priceList',
      label: 'Ціни',
      kind: 'enum',
      required: true,
      options: [
        { value: 'retail', label: 'Роздрібні' },
        { value: 'wholesale', label: 'Оптові' },
      ],
      defaultValue: 'retail',
      filter: true,
    },
    {
      name: 'paymentTermDays',
      label: 'Відстрочка оплати, дн.',
      kind: 'integer',
      required: true,
      min: 0,
      max: 365,
      defaultValue: 0,
      hint: '0 — передоплата',
    },
    { name: 'managerUserId', label: 'Менеджер', kind: 'reference', references: '/users', list: true, filter: true },
    { name: 'defaultCarrierId', label: 'Перевізник за замовчуванням', kind: 'reference', references: '/carriers' },
    { name: 'isSupplier', label: 'Також постачальник', kind: 'boolean', defaultValue: false },
    ...tail,
  ],
});

export const suppliersResource = defineResource({
  route: '/suppliers',
  title: 'Постачальники',
  newLabel: 'Новий постачальник',
  oneLabel: 'постачальника',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['taxId'],
  hasActiveFlag: true,
  crossCheck: checkRequisites,
  // Open orders and the last receipt come from the supplier-orders and supplier-receipts modules (registry.ts).
  computedColumns: [
    { name: 'primaryContact', label: 'Контактна особа', after: 'phone' },
    { name: 'openOrders', label: 'Відкриті замовлення', kind: 'count' },
    { name: 'lastReceiptDate', label: 'Останній прихід', kind: 'date' },
  ],
  fields: [
    ...identity,
    { name: 'rating', label: 'Рейтинг (1–5)', kind: 'integer', min: 1, max: 5, list: true, filter: true },
    { name: 'leadTimeDays', label: 'Строк постачання, дн.', kind: 'integer', min: 0, max: 365, list: true },
    {
      name: 'purchasePaymentTermDays',
      label: 'Відстрочка оплати постачальнику, дн.',
      kind: 'integer',
      min: 0,
      max: 365,
    },
    { name: 'defaultCurrencyId', label: 'Валюта закупівлі', kind: 'reference', references: '/currencies' },
    { name: 'isClient', label: 'Також клієнт', kind: 'boolean', defaultValue: false },
    ...tail,
  ],
});

/** Every counterparty, for pickers that take either role (a contact's firm). Lookup only. */
export const counterpartiesLookup = defineResource({
  route: '/counterparties',
  title: 'Контрагенти',
  newLabel: 'Новий контрагент',
  oneLabel: 'контрагента',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  hasActiveFlag: true,
  fields: [{ name: 'name', label: 'Назва', kind: 'text', required: true }],
});
