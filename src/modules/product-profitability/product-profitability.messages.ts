// What /product-profitability says on the server and in its contract (reports-admin.md §7), in Ukrainian.
export const productProfitabilityMessages = {
  exportTitle: 'Рентабельність продуктів',
  flag: 'Оберіть позначку: збиткова або нижче цілі',
  limit: 'Кількість — від 1 до 100',
  months: 'Кількість місяців — від 1 до 36',
  notFound: 'Товар не знайдено',
  loss: 'Збиткова',
  belowTarget: 'Нижче цілі',
} as const;

/** The columns of the table's download, in order. */
export const productProfitabilityHeaders = [
  'Артикул',
  'Товар',
  'Кількість',
  'Виручка, грн',
  'Собівартість, грн',
  'Валовий прибуток, грн',
  'Маржа, %',
  'Фактична собівартість од., грн',
  'Середня ціна, грн',
  'Планова собівартість од., грн',
  'Ціна, грн',
  'Планова маржа, %',
  'Позначки',
] as const;

/** The margin buckets of the distribution (§7), in order. */
export const marginBucketLabels = {
  negative: '< 0 %',
  '0-10': '0–10 %',
  '10-20': '10–20 %',
  '20-30': '20–30 %',
  '30+': '≥ 30 %',
} as const;
