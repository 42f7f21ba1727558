// What /api/sales-analytics and /api/sales-analytics-products say to people (reports-admin.md §5, §6), in Ukrainian.
export const salesAnalyticsMessages = {
  granularity: 'Групування: день, тиждень або місяць',
  months: 'Кількість місяців — від 1 до 36',
  sort: 'Невідоме сортування',
  itemNotFound: 'Позицію не знайдено',
  exportTitle: 'Продажі за товарами',
  noCategory: 'Без категорії',
  noManager: 'Без менеджера',
} as const;

/** The columns of the per-item download, in order. */
export const salesProductsHeaders = [
  'Артикул',
  'Назва',
  'Кількість',
  'Виручка, грн',
  'Частка виручки, %',
  'Середня ціна, грн',
  'Клієнтів',
  'Останній продаж',
  'ABC',
  'XYZ',
  'Коефіцієнт варіації',
] as const;
