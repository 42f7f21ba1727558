// What the production statistics module says on the server and in its contract (production.md §13), in Ukrainian.
export const productionStatsMessages = {
  noDepartment: 'Без відділу',
  noCategory: 'Без категорії',
  exportTitle: 'Статистика виробництва',
} as const;

/** The figure columns every table and export shares, after its own key columns. */
export const figureHeaders = [
  'Випущено',
  'Вартість випуску, грн',
  'Брак',
  'Рівень браку, %',
  'Завершено МВ',
  'Вчасно, %',
  'Середній цикл, дн.',
  'Виконання плану, %',
] as const;

/** The key columns of each export, by table. */
export const exportKeyHeaders = {
  summary: ['Період'],
  period: ['Період'],
  category: ['Категорія'],
  item: ['Артикул', 'Товар'],
  department: ['Відділ'],
} as const;
