import { defineResource, type FieldDef } from '../_engine/define-resource.ts';

// reference-data.md §2–3: one table, two scopes, two pages.
const common = (route: string): FieldDef[] => [
  {
    name: 'name',
    label: 'Назва',
    kind: 'text',
    required: true,
    unique: true,
    maxLength: 120,
    list: true,
    search: true,
  },
  { name: 'parentId', label: 'Батьківська категорія', kind: 'reference', references: route, list: true, filter: true },
  { name: 'color', label: 'Колір', kind: 'color', list: true },
  { name: 'sortOrder', label: 'Порядок', kind: 'integer', required: true, min: 0, max: 100000, defaultValue: 0 },
  { name: 'description', label: 'Опис', kind: 'textarea', search: true },
];

export const categoriesResource = defineResource({
  route: '/categories',
  title: 'Категорії компонентів',
  newLabel: 'Нова категорія',
  oneLabel: 'категорію',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  hasActiveFlag: true,
  fields: common('/categories'),
});

export const productCategoriesResource = defineResource({
  route: '/product-categories',
  title: 'Категорії товарів',
  newLabel: 'Нова категорія',
  oneLabel: 'категорію',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  hasActiveFlag: true,
  fields: [
    ...common('/product-categories'),
    { name: 'warrantyMonths', label: 'Гарантія, міс.', kind: 'integer', min: 0, max: 120, list: true },
    { name: 'markupPercent', label: 'Націнка, %', kind: 'decimal', scale: 2, min: 0, max: 10000, list: true },
  ],
});
