import { defineResource } from '../_engine/define-resource.ts';

export const unitTypeOptions = [
  { value: 'count', label: 'Кількість' },
  { value: 'weight', label: 'Вага' },
  { value: 'volume', label: "Об'єм" },
  { value: 'length', label: 'Довжина' },
  { value: 'area', label: 'Площа' },
  { value: 'time', label: 'Час' },
  { value: 'other', label: 'Інше' },
] as const;

// reference-data.md §1.
export const unitsResource = defineResource({
  route: '/units',
  title: 'Одиниці виміру',
  newLabel: 'Нова одиниця',
  oneLabel: 'одиницю виміру',
  displayField: 'shortName',
  defaultSort: 'name',
  importKey: ['shortName'],
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
      name: 'shortName',
      label: 'Скорочення',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 20,
      list: true,
      search: true,
    },
    {
      name: 'type',
      label: 'Тип',
      kind: 'enum',
      required: true,
      options: unitTypeOptions,
      list: true,
      filter: true,
      defaultValue: 'count',
    },
    {
      name: 'factor',
      label: 'Коефіцієнт',
      kind: 'decimal',
      required: true,
      scale: 6,
      min: 0.000001,
      list: true,
      defaultValue: '1',
      hint: 'Скільки базових одиниць того самого типу містить одна ця (базова одиниця — 1)',
    },
    {
      name: 'classifierCode',
      label: 'Код КСПОВО',
      kind: 'text',
      maxLength: 10,
      pattern: { regex: /^\d{1,10}$/, message: 'Код КСПОВО складається з цифр' },
      example: '2009',
    },
  ],
});
