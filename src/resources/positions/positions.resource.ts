import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §6.
export const positionsResource = defineResource({
  route: '/positions',
  title: 'Посади',
  newLabel: 'Нова посада',
  oneLabel: 'посаду',
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
    { name: 'departmentId', label: 'Відділ', kind: 'reference', references: '/departments', list: true, filter: true },
    { name: 'hourlyRate', label: 'Ставка, грн/год', kind: 'decimal', scale: 6, min: 0, list: true },
    { name: 'description', label: 'Опис', kind: 'textarea' },
  ],
});
