// What the reports module says on the server and in its contract (reports-admin.md §0, §2), in Ukrainian.
export const reportsMessages = {
  groupBy: 'Оберіть групування: місяць, компанія, категорія, клієнт або товар',
  exportTitle: 'Прибутковість',
  noCategory: 'Без категорії',
  noCompany: 'Без компанії',
  noClient: 'Без клієнта',
} as const;

/** The labels of `groupBy`, for the page's toggle and the export's first column. */
export const groupByLabels = {
  month: 'Місяць',
  company: 'Компанія',
  category: 'Категорія',
  client: 'Клієнт',
  item: 'Товар',
} as const;

/** The figure columns of a profitability table and its export, after the group's own columns. */
export const profitabilityHeaders = [
  'Кількість',
  'Виручка, грн',
  'Собівартість, грн',
  'Валовий прибуток, грн',
  'Маржа, %',
] as const;
