// What /components-analysis says on the server and in its contract (reports-admin.md §8), in Ukrainian.
export const componentsAnalysisMessages = {
  exportTitle: 'Аналіз компонентів',
  abc: 'Оберіть клас: A, B або C',
  deadOnly: 'Неліквід: true або false',
  notFound: 'Компонент не знайдено',
  reorder: 'Замовити',
  dead: 'Неліквід',
} as const;

/** The columns of the table's download, in order. */
export const componentsAnalysisHeaders = [
  'Артикул',
  'Компонент',
  'Од.',
  'Витрата, к-сть',
  'Витрата, грн',
  'Середньодобова витрата',
  'Доступно',
  'Замовлено',
  'Термін поставки, дн.',
  'Покриття, дн.',
  'Використовується в специфікаціях',
  'Остання ціна, грн',
  'Дата останньої закупівлі',
  'Постачальник',
  'Зміна ціни, %',
  'ABC',
  'Позначки',
] as const;
