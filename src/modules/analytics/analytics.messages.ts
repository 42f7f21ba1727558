// What the analytics module says on the server and in its contract (reports-admin.md §4), in Ukrainian.
export const analyticsMessages = {
  months: 'Кількість місяців — від 1 до 36',
  exportTitle: 'Аналітика',
} as const;

/** The tiles' names, for the page and the export. */
export const tileLabels = {
  revenue: 'Виручка',
  grossProfit: 'Валовий прибуток',
  margin: 'Маржа, %',
  cashReceived: 'Надійшло коштів',
  receivables: 'Дебіторська заборгованість',
  stockValue: 'Вартість запасів',
  outputValue: 'Випуск продукції',
  bookingsCount: 'Замовлення, шт.',
  bookingsValue: 'Сума замовлень',
  averageBooking: 'Середнє замовлення',
  leadTimeDays: 'Термін виконання, днів',
} as const;
