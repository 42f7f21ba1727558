import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §5.
export const solderingTypesResource = defineResource({
  route: '/soldering-types',
  title: 'Типи пайки',
  newLabel: 'Новий тип пайки',
  oneLabel: 'тип пайки',
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
    {
      name: 'method',
      label: 'Метод',
      kind: 'enum',
      options: [
        { value: 'reflow', label: 'Оплавлення' },
        { value: 'wave', label: 'Хвилею' },
        { value: 'selective', label: 'Селективна' },
        { value: 'hand', label: 'Ручна' },
        { value: 'other', label: 'Інше' },
      ],
      list: true,
      filter: true,
    },
    { name: 'temperatureC', label: 'Температура, °C', kind: 'integer', min: 100, max: 450, list: true },
    { name: 'equipment', label: 'Обладнання', kind: 'text', maxLength: 200, list: true, search: true },
    { name: 'description', label: 'Опис', kind: 'textarea' },
  ],
});
