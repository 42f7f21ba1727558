import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §14: contacts of every counterparty; one primary per counterparty.
export const clientContactsResource = defineResource({
  route: '/client-contacts',
  title: 'Контактні особи',
  newLabel: 'Нова контактна особа',
  oneLabel: 'контактну особу',
  displayField: 'fullName',
  defaultSort: 'fullName',
  importKey: ['counterpartyId', 'fullName'],
  hasActiveFlag: true,
  fields: [
    {
      name: 'counterpartyId',
      label: 'Контрагент',
      kind: 'reference',
      references: '/counterparties',
      required: true,
      list: true,
      filter: true,
    },
    {
      name: 'fullName',
      label: "Прізвище та ім'я",
      kind: 'text',
      required: true,
      maxLength: 160,
      list: true,
      search: true,
    },
    { name: 'position', label: 'Посада', kind: 'text', maxLength: 120, list: true, search: true },
    { name: 'phone', label: 'Телефон', kind: 'phone', list: true, search: true },
    { name: 'phone2', label: 'Додатковий телефон', kind: 'phone' },
    { name: 'email', label: 'E-mail', kind: 'email', list: true, search: true },
    {
      name: 'isPrimary',
      label: 'Основна контактна особа',
      kind: 'boolean',
      list: true,
      defaultValue: false,
      exclusive: { per: ['counterpartyId'] },
    },
    {
      name: 'receivesDocuments',
      label: 'Отримує рахунки та накладні',
      kind: 'boolean',
      defaultValue: false,
    },
    { name: 'notes', label: 'Примітки', kind: 'textarea' },
  ],
});
