// Ukrainian texts of the 'Розширені звіти' page (reports-admin.md §3).
import { pluralUk } from '@/shared/plural.ts';

export const advancedReportsWebMessages = {
  title: 'Розширені звіти',
  subtitle: 'Табличні звіти з параметрами: попередній перегляд, CSV, Excel і PDF',
  catalogue: 'Звіти',
  choose: 'Виберіть звіт зі списку',
  parameters: 'Параметри звіту',
  run: 'Сформувати',
  all: 'Усі',
  from: 'Початок періоду',
  to: 'Кінець періоду',
  preview: 'Попередній перегляд',
  export: 'Завантажити',
  csv: 'CSV',
  xlsx: 'Excel',
  pdf: 'PDF',
  empty: 'За цими параметрами рядків немає',
  badPeriod: 'Початок періоду не може бути пізніше за його кінець',
  loadError: 'Не вдалося сформувати звіт',
  retry: 'Повторити',
  loading: 'Формуємо звіт…',
  loadingCatalogue: 'Завантаження переліку звітів…',
  notRun: 'Задайте параметри і натисніть «Сформувати»',
  rows: (n: number) => `${n} ${pluralUk(n, ['рядок', 'рядки', 'рядків'])}`,
} as const;
