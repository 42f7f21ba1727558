import { checkEdrpou, checkRnokpp, checkVatNumber, sampleEdrpou } from '@/shared/requisites.ts';
import { defineResource } from '../_engine/define-resource.ts';

export const taxSystemOptions = [
  { value: 'general', label: 'Загальна система' },
  { value: 'single_tax_2', label: 'Єдиний податок 2 групи' },
  { value: 'single_tax_3', label: 'Єдиний податок 3 групи' },
] as const;

// reference-data.md §15: the business's own legal entities; exactly one is the default.
export const companiesResource = defineResource({
  route: '/companies',
  title: 'Компанії',
  newLabel: 'Нова компанія',
  oneLabel: 'компанію',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['taxId'],
  hasActiveFlag: true,
  fields: [
    {
      name: 'name',
      label: 'Коротка назва',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 200,
      list: true,
      search: true,
    },
    { name: 'fullName', label: 'Повна назва', kind: 'text', required: true, maxLength: 400, search: true },
    {
      name: 'legalForm',
      label: 'Форма власності',
      kind: 'enum',
      options: [
        { value: 'ТОВ', label: 'ТОВ' },
        { value: 'ПП', label: 'ПП' },
        { value: 'ФОП', label: 'ФОП' },
        { value: 'АТ', label: 'АТ' },
        { value: 'ПрАТ', label: 'ПрАТ' },
        { value: 'ТДВ', label: 'ТДВ' },
      ],
      list: true,
    },
    {
      name: 'taxId',
      label: 'ЄДРПОУ / РНОКПП',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 10,
      list: true,
      search: true,
      hint: 'ЄДРПОУ; для ФОП — РНОКПП',
      sampleOf: sampleEdrpou,
    },
    {
      name: 'taxSystem',
      label: 'Система оподаткування',
      kind: 'enum',
      required: true,
      options: taxSystemOptions,
      defaultValue: 'general',
      list: true,
    },
    { name: 'isVatPayer', label: 'Платник ПДВ', kind: 'boolean', list: true, defaultValue: false },
    {
      name: 'vatNumber',
      label: 'ІПН платника ПДВ',
      kind: 'text',
      maxLength: 12,
      check: checkVatNumber,
      example: '143605726543',
    },
    { name: 'legalAddress', label: 'Юридична адреса', kind: 'textarea', required: true, maxLength: 500 },
    { name: 'postalAddress', label: 'Поштова адреса', kind: 'textarea', maxLength: 500 },
    { name: 'phone', label: 'Телефон', kind: 'phone', list: true },
    { name: 'email', label: 'E-mail', kind: 'email' },
    { name: 'website', label: 'Сайт', kind: 'text', maxLength: 200 },
    { name: 'directorName', label: 'Керівник (ПІБ)', kind: 'text', maxLength: 160 },
    { name: 'directorPosition', label: 'Посада керівника', kind: 'text', maxLength: 120, defaultValue: 'Директор' },
    { name: 'accountantName', label: 'Головний бухгалтер (ПІБ)', kind: 'text', maxLength: 160 },
    {
      name: 'isDefault',
      label: 'Основна компанія',
      kind: 'boolean',
      list: true,
      defaultValue: false,
      exclusive: { required: true },
    },
  ],
  crossCheck: (values): Record<string, string> => {
    const issues: Record<string, string> = {};
    const taxId = values.taxId;
    if (typeof taxId === 'string' && taxId !== '') {
      const result = values.legalForm === 'ФОП' ? checkRnokpp(taxId) : checkEdrpou(taxId);
      if (!result.ok) issues.taxId = result.error;
    }
    if (values.isVatPayer === true && !values.vatNumber) issues.vatNumber = 'Для платника ПДВ вкажіть ІПН платника ПДВ';
    return issues;
  },
});
