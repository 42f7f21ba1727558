import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §9. The stock columns and the deactivation guard are the server's (warehouses.checks.ts).
export const warehousesResource = defineResource({
  route: '/warehouses',
  title: 'Склади',
  newLabel: 'Новий склад',
  oneLabel: 'склад',
  displayField: 'name',
  defaultSort: 'code',
  importKey: ['code'],
  seed: [{ code: 'ОСН', name: 'Основний склад', type: 'general', isDefault: true, includeInPlanning: true }],
  hasActiveFlag: true,
  computedColumns: [
    { name: 'itemsInStock', label: 'Позицій на складі', kind: 'count', after: 'isDefault' },
    { name: 'stockValue', label: 'Вартість запасів', kind: 'money', after: 'itemsInStock' },
  ],
  fields: [
    { name: 'code', label: 'Код', kind: 'text', required: true, unique: true, maxLength: 20, list: true, search: true },
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
    {
      name: 'type',
      label: 'Тип',
      kind: 'enum',
      required: true,
      options: [
        { value: 'general', label: 'Загальний' },
        { value: 'finished_goods', label: 'Готова продукція' },
        { value: 'materials', label: 'Матеріали' },
        { value: 'defects', label: 'Брак' },
        { value: 'transit', label: 'У дорозі' },
      ],
      list: true,
      filter: true,
      defaultValue: 'general',
    },
    {
      name: 'isDefault',
      label: 'Основний для свого типу',
      kind: 'boolean',
      list: true,
      defaultValue: false,
      exclusive: { per: ['type'] },
    },
    { name: 'includeInPlanning', label: 'Враховувати в плануванні', kind: 'boolean', defaultValue: true },
    {
      name: 'responsibleWorkerId',
      label: 'Відповідальна особа',
      kind: 'reference',
      references: '/workers',
      list: true,
    },
    { name: 'address', label: 'Адреса', kind: 'textarea', search: true },
  ],
});
