import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §11 (rates arrive with /currency-rates).
export const currenciesResource = defineResource({
  route: '/currencies',
  title: 'Валюти',
  newLabel: 'Нова валюта',
  oneLabel: 'валюту',
  displayField: 'code',
  defaultSort: 'code',
  importKey: ['code'],
  hasActiveFlag: true,
  fields: [
    {
      name: 'code',
      label: 'Код',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 3,
      list: true,
      search: true,
      pattern: { regex: /^[A-Z]{3}$/, message: 'Код ISO 4217: три латинські літери', upper: true },
      example: 'USD',
    },
    {
      name: 'numericCode',
      label: 'Цифровий код',
      kind: 'text',
      unique: true,
      maxLength: 3,
      list: true,
      pattern: { regex: /^\d{3}$/, message: 'Цифровий код ISO 4217: три цифри' },
      example: '840',
    },
    { name: 'name', label: 'Назва', kind: 'text', required: true, maxLength: 60, list: true, search: true },
    { name: 'symbol', label: 'Символ', kind: 'text', maxLength: 5, list: true },
    { name: 'decimals', label: 'Знаків після коми', kind: 'integer', min: 0, max: 4, defaultValue: 2 },
    { name: 'isBase', label: 'Базова', kind: 'boolean', list: true, defaultValue: false },
    { name: 'autoRates', label: 'Курс НБУ щодня', kind: 'boolean', list: true, defaultValue: false },
  ],
});
