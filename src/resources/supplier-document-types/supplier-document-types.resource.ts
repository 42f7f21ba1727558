import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §12.
export const supplierDocumentTypesResource = defineResource({
  route: '/supplier-document-types',
  title: 'Типи документів постачальників',
  newLabel: 'Новий тип документа',
  oneLabel: 'тип документа',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  seed: [
    { name: 'Видаткова накладна' },
    { name: 'Товарно-транспортна накладна' },
    { name: 'Рахунок-фактура' },
    { name: 'Акт приймання-передачі' },
    { name: 'Інвойс' },
    { name: 'Митна декларація' },
  ],
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
    { name: 'code', label: 'Код', kind: 'text', maxLength: 20, list: true, search: true },
    { name: 'description', label: 'Опис', kind: 'textarea' },
  ],
});
