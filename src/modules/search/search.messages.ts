// Every Ukrainian string of the global search (issue 21): the query's refusals, the palette's group titles and states.
import type { SearchGroupKey } from './search.constants.ts';

export const searchMessages = {
  query: 'Введіть, що шукати',
  queryLength: 'Запит не довший за 100 символів',
  open: 'Пошук',
  openHint: 'Пошук (Ctrl+K)',
  shortcut: 'Ctrl K',
  title: 'Пошук',
  description: 'Документи за номером, клієнти й постачальники, товари, серійні номери, працівники',
  inputLabel: 'Що шукати',
  placeholder: 'Номер документа, назва, ЄДРПОУ, телефон, артикул, штрихкод…',
  results: 'Знайдене',
  typeToSearch: 'Почніть вводити — знайдемо документи, контрагентів, товари й серійні номери',
  loading: 'Пошук…',
  error: 'Не вдалося виконати пошук. Спробуйте ще раз.',
  empty: 'Нічого не знайдено',
  keys: '↑↓ — вибір, Enter — відкрити, Esc — закрити',
} as const;

/** The title of each group of results, in the order the palette shows them. */
export const searchGroupTitles: Record<SearchGroupKey, string> = {
  orders: 'Замовлення клієнтів',
  shipments: 'Відвантаження',
  payments: 'Платежі',
  supplierOrders: 'Замовлення постачальникам',
  supplierReceipts: 'Приходи від постачальників',
  manufacturing: 'Виробничі замовлення',
  repairs: 'Ремонти',
  transfers: 'Переміщення між складами',
  audits: 'Інвентаризації',
  clients: 'Клієнти',
  suppliers: 'Постачальники',
  products: 'Товари',
  components: 'Компоненти',
  serials: 'Серійні номери',
  workers: 'Працівники',
};
