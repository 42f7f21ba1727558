import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §4.
export const packageTypesResource = defineResource({
  route: '/package-types',
  title: 'Типи корпусів',
  newLabel: 'Новий тип корпусу',
  oneLabel: 'тип корпусу',
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
      maxLength: 60,
      list: true,
      search: true,
    },
    {
      name: 'mountType',
      label: 'Монтаж',
      kind: 'enum',
      options: [
        { value: 'smd', label: 'SMD' },
        { value: 'tht', label: 'THT' },
        { value: 'other', label: 'Інше' },
      ],
      list: true,
      filter: true,
    },
    { name: 'pinCount', label: 'Кількість виводів', kind: 'integer', min: 0, max: 10000, list: true },
    {
      name: 'solderingTypeId',
      label: 'Тип пайки',
      kind: 'reference',
      references: '/soldering-types',
      list: true,
      filter: true,
    },
    { name: 'description', label: 'Опис', kind: 'textarea', search: true },
  ],
});
