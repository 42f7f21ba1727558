// Ukrainian words of /production-analytics 'Аналіз завантаженості' (production.md §14): the server's errors and the
// headers of the downloads.
export const productionAnalyticsMessages = {
  period: 'Початок періоду має бути не пізніше його кінця',
  periodTooLong: 'Період — не довше 3 років',
  noDepartment: 'Без дільниці',
  exportTitle: 'Аналіз завантаженості',
} as const;

export const workerExportHeaders = [
  'Працівник',
  'Дільниця',
  'Відпрацьовано, год',
  'Доступно, год',
  'Завантаженість, %',
  'Нормо-хвилини',
  'Фактичні хвилини на операціях',
  'Ефективність, %',
  'Придатні',
  'Брак',
  'Брак, %',
] as const;

export const departmentExportHeaders = [
  'Дільниця',
  'Працівників',
  'Відпрацьовано, год',
  'Доступно, год',
  'Завантаженість, %',
  'Нормо-хвилини',
  'Фактичні хвилини на операціях',
  'Ефективність, %',
  'Брак, %',
] as const;

export const operationExportHeaders = [
  'Виробниче замовлення',
  'Операція',
  'Дільниця',
  'План, хв',
  'Факт, хв',
  'Відхилення, %',
] as const;

export const pauseExportHeaders = ['Причина', 'Пауз', 'Хвилин'] as const;
