import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §7.
export const departmentsResource = defineResource({
  route: '/departments',
  title: 'Відділи',
  newLabel: 'Новий відділ',
  oneLabel: 'відділ',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  hasActiveFlag: true,
  fields: [
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
    { name: 'code', label: 'Код', kind: 'text', unique: true, maxLength: 20, list: true, search: true },
    { name: 'isProduction', label: 'Виробничий', kind: 'boolean', list: true, filter: true, defaultValue: false },
    { name: 'overheadRatePerHour', label: 'Накладні, грн/год', kind: 'decimal', scale: 6, min: 0, list: true },
    { name: 'managerWorkerId', label: 'Керівник', kind: 'reference', references: '/workers', list: true },
    { name: 'description', label: 'Опис', kind: 'textarea' },
  ],
});
