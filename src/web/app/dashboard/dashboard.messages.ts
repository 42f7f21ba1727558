// Every word of the dashboard (spec §2 Dashboard, to the letter where the spec gives it).
export const dashboardMessages = {
  title: 'Дашборд',
  subtitle: 'Огляд системи обліку та виробництва',
  loading: 'Завантаження...',
  cards: {
    totalProducts: { label: 'Всього товарів', note: '+12% за місяць' },
    activeOrders: { label: 'Активні замовлення', note: '+5 сьогодні' },
    productionTasks: { label: 'Виробничі завдання', note: 'В роботі' },
    lowStockCount: { label: 'Дефіцит товарів', note: 'Потребує уваги' },
    materialShortages: { label: 'Дефіцит матеріалів', note: 'Потребує замовлення' },
    criticalShortages: { label: 'Критичний дефіцит', note: 'Негайно' },
  },
  newProducts: {
    title: 'Нові товари',
    description: 'Останні додані до довідника',
    viewAll: 'Переглянути всі',
    inStock: 'В наявності',
    outOfStock: 'Немає в наявності',
    empty: 'Товарів ще немає',
    sku: 'Артикул',
  },
  production: {
    title: 'Виробництво',
    description: 'Завдання на дошці планування',
    planned: 'До виконання',
    inProgress: 'В роботі',
    completed: 'Виконано',
    kanban: 'Повний Kanban',
  },
  /** The spec's two charts carry its fixed sample figures, not the company's data: they say so. */
  sampleData: 'Приклад даних',
  sampleDataHint: 'Графік показує приклад, а не дані вашої компанії',
  stockChart: {
    title: 'Динаміка запасів',
    description: 'Кількість одиниць на складі за місяцями',
    headers: ['Місяць', 'Одиниць'] as [string, string],
  },
  costChart: {
    title: 'Собівартість виробництва',
    description: 'Структура витрат, %',
    headers: ['Стаття', 'Частка'] as [string, string],
  },
  quickActions: {
    title: 'Швидкі дії',
    scan: 'Сканувати штрих-код',
    newProduct: 'Новий товар',
    newOrder: 'Нове замовлення',
    printLabels: 'Друк етикеток',
  },
  hryvnia: 'грн',
} as const;

/**
 * The spec's fixed sample series (spec §2 Dashboard; reports-admin.md §1): decoration, not figures — nothing computes
 * them, and the dashboard issue keeps them as the spec gives them.
 */
export const stockSample = [
  { label: 'Січ', value: 1200 },
  { label: 'Лют', value: 1150 },
  { label: 'Бер', value: 1300 },
  { label: 'Кві', value: 1247 },
  { label: 'Тра', value: 1180 },
  { label: 'Чер', value: 1247 },
] as const;

export const costSample = [
  { label: 'Матеріали', value: 45 },
  { label: 'Праця', value: 30 },
  { label: 'Накладні витрати', value: 20 },
  { label: 'Інше', value: 5 },
] as const;
