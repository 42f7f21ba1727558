import { defineResource } from '../_engine/define-resource.ts';

// reference-data.md §10. The Nova Poshta API key lives in /integrations, never here.
export const carriersResource = defineResource({
  route: '/carriers',
  title: 'Перевізники',
  newLabel: 'Новий перевізник',
  oneLabel: 'перевізника',
  displayField: 'name',
  defaultSort: 'name',
  importKey: ['name'],
  seed: [
    {
      name: 'Нова пошта',
      kind: 'nova_poshta',
      isDefault: true,
      trackingUrlTemplate: 'https://novaposhta.ua/tracking/?cargo_number={number}',
    },
    {
      name: 'Укрпошта',
      kind: 'ukrposhta',
      isDefault: false,
      trackingUrlTemplate: 'https://track.ukrposhta.ua/tracking_UA.html?barcode={number}',
    },
    { name: 'Самовивіз', kind: 'pickup', isDefault: false },
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
    {
      name: 'kind',
      label: 'Вид',
      kind: 'enum',
      required: true,
      options: [
        { value: 'nova_poshta', label: 'Нова пошта' },
        { value: 'ukrposhta', label: 'Укрпошта' },
        { value: 'meest', label: 'Meest' },
        { value: 'own', label: 'Власна доставка' },
        { value: 'pickup', label: 'Самовивіз' },
        { value: 'other', label: 'Інше' },
      ],
      list: true,
      filter: true,
      defaultValue: 'other',
    },
    { name: 'phone', label: 'Телефон', kind: 'text', maxLength: 30, list: true },
    { name: 'website', label: 'Сайт', kind: 'text', maxLength: 200 },
    {
      name: 'trackingUrlTemplate',
      label: 'Посилання для відстеження',
      kind: 'text',
      maxLength: 300,
      hint: 'Адреса з {number} на місці номера відправлення',
      // Shown to users as a link: only a web address, never javascript: or data: (issue 19 §6).
      pattern: {
        regex: /^https?:\/\/[^\s]*\{number\}/i,
        message: 'Шаблон має бути адресою http:// або https:// з {number} на місці номера',
      },
      example: 'https://novaposhta.ua/tracking/?cargo_number={number}',
    },
    {
      name: 'isDefault',
      label: 'Основний',
      kind: 'boolean',
      list: true,
      defaultValue: false,
      exclusive: { required: true },
    },
  ],
});
