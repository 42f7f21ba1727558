import { stockStatusLabels, stockStatuses } from '@/modules/stock/stock.contract.ts';
import { checkBarcode, checkUktzed, internalEan13 } from '@/shared/requisites.ts';
import { defineResource, type FieldDef, type FieldOption } from '../_engine/define-resource.ts';

// The two views of the item master (domain README §2, reference-data.md §16–17): one table, one SKU space.

export const itemKindOptions = [
  { value: 'product', label: 'Готова продукція' },
  { value: 'semi_finished', label: 'Напівфабрикат' },
  { value: 'service', label: 'Послуга' },
  { value: 'component', label: 'Комплектуючий' },
  { value: 'material', label: 'Матеріал' },
] as const satisfies readonly FieldOption[];

export const productKinds = ['product', 'semi_finished', 'service'] as const;
export const componentKinds = ['component', 'material'] as const;

export const itemMessages = {
  skuTaken: 'Артикул уже використовується',
  barcodeTaken: 'Такий штрих-код уже має інший товар',
  serviceHasStock: 'Товар уже має рух по складу — послугою його зробити не можна: послуга не має залишків',
} as const;

const vatOptions = [
  { value: '20', label: '20%' },
  { value: '14', label: '14%' },
  { value: '7', label: '7%' },
  { value: '0', label: '0% / без ПДВ' },
] as const;

const kindField = (kinds: readonly string[]): FieldDef => ({
  name: 'kind',
  label: 'Тип',
  kind: 'enum',
  required: true,
  options: itemKindOptions.filter((o) => kinds.includes(o.value)),
  defaultValue: kinds[0]!,
  list: true,
  filter: true,
});

const identity = (categoryRoute: string, kinds: readonly string[]): FieldDef[] => [
  {
    name: 'sku',
    label: 'Артикул',
    kind: 'text',
    required: true,
    unique: true,
    uniqueMessage: itemMessages.skuTaken,
    maxLength: 40,
    list: true,
    search: true,
    sampleOf: (n) => `ART-${String(n).padStart(5, '0')}`,
  },
  { name: 'name', label: 'Назва', kind: 'text', required: true, maxLength: 200, list: true, search: true },
  kindField(kinds),
  { name: 'categoryId', label: 'Категорія', kind: 'reference', references: categoryRoute, list: true, filter: true },
  { name: 'unitId', label: 'Одиниця', kind: 'reference', references: '/units', required: true, list: true },
];

const barcode: FieldDef = {
  name: 'barcode',
  label: 'Штрих-код',
  kind: 'text',
  unique: true,
  uniqueMessage: itemMessages.barcodeTaken,
  maxLength: 48,
  check: checkBarcode,
  search: true,
  sampleOf: (n) => internalEan13(900_000_000 + n),
  hint: 'EAN-13, EAN-8, UPC або внутрішній код',
};
const uktzed: FieldDef = {
  name: 'uktzedCode',
  label: 'Код УКТ ЗЕД',
  kind: 'text',
  maxLength: 14,
  check: checkUktzed,
  example: '8543709090',
};
const price = (name: string, label: string, list = false): FieldDef => ({
  name,
  label,
  kind: 'decimal',
  scale: 6,
  min: 0,
  list,
});
const stockFields: FieldDef[] = [
  {
    name: 'minStock',
    label: 'Мінімальний залишок',
    kind: 'decimal',
    scale: 4,
    min: 0,
    hint: 'Поріг «Мало на складі»; порожньо — загальний поріг 10',
  },
  { name: 'stockControl', label: 'Контролювати залишок', kind: 'boolean', defaultValue: true },
  { name: 'serialTracking', label: 'Облік серійних номерів', kind: 'boolean', defaultValue: false },
];

export const productsResource = defineResource({
  route: '/products',
  lookupHint: 'sku',
  title: 'Товари',
  newLabel: 'Новий товар',
  oneLabel: 'товар',
  displayField: 'name',
  defaultSort: '-createdAt',
  importKey: ['sku'],
  hasActiveFlag: true,
  // The one stock status rule (warehouse.md §0) over the planning warehouses; the registry binds the condition.
  derivedFilters: [
    {
      name: 'stockStatus',
      label: 'Статус запасу',
      options: stockStatuses.map((status) => ({ value: status, label: stockStatusLabels[status] })),
    },
  ],
  fields: [
    ...identity('/product-categories', productKinds),
    price('retailPrice', 'Роздрібна ціна, грн (без ПДВ)', true),
    price('wholesalePrice', 'Оптова ціна, грн (без ПДВ)', true),
    { name: 'vatRate', label: 'Ставка ПДВ', kind: 'enum', required: true, options: vatOptions, defaultValue: '20' },
    barcode,
    ...stockFields,
    { name: 'warrantyMonths', label: 'Гарантія, міс.', kind: 'integer', min: 0, max: 120, defaultValue: 12 },
    { name: 'weightKg', label: 'Вага посилки, кг', kind: 'decimal', scale: 4, min: 0 },
    { name: 'leadTimeDays', label: 'Строк виготовлення, дн.', kind: 'integer', min: 0, max: 365 },
    { name: 'batchSize', label: 'Розмір партії', kind: 'integer', min: 1, max: 100000, defaultValue: 1 },
    uktzed,
    { name: 'description', label: 'Опис', kind: 'textarea', search: true },
  ],
});

export const componentsResource = defineResource({
  route: '/components',
  lookupHint: 'sku',
  title: 'Компоненти',
  newLabel: 'Новий компонент',
  oneLabel: 'компонент',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['sku'],
  hasActiveFlag: true,
  fields: [
    ...identity('/categories', componentKinds),
    { name: 'mpn', label: 'Партномер', kind: 'text', maxLength: 80, list: true, search: true },
    { name: 'manufacturer', label: 'Виробник', kind: 'text', maxLength: 120, list: true, search: true },
    {
      name: 'packageTypeId',
      label: 'Корпус',
      kind: 'reference',
      references: '/package-types',
      list: true,
      filter: true,
    },
    barcode,
    ...stockFields,
    { name: 'leadTimeDays', label: 'Строк постачання, дн.', kind: 'integer', min: 0, max: 365 },
    {
      name: 'datasheetUrl',
      label: 'Документація (URL)',
      kind: 'text',
      maxLength: 500,
      pattern: { regex: /^https?:\/\/\S+$/, message: 'Вкажіть адресу, що починається з http:// або https://' },
      example: 'https://example.com/datasheet.pdf',
    },
    price('retailPrice', 'Ціна продажу, грн (без ПДВ)'),
    uktzed,
    { name: 'description', label: 'Опис', kind: 'textarea' },
  ],
});
