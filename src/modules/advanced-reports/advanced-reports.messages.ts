// Ukrainian texts of the advanced reports (reports-admin.md §3), server and catalogue.
export const advancedReportsMessages = {
  title: 'Розширені звіти',
  unknownReport: 'Такого звіту немає',
  badParams: 'Перевірте параметри звіту',
  forbiddenData: 'Недостатньо прав на дані цього звіту',
  requiredDate: 'Вкажіть дату',
  page: 'Номер сторінки — ціле число від 1',
  pageSize: 'Розмір сторінки — від 1 до 500',
  format: 'Формат — json, csv, xlsx або pdf',
  choice: 'Виберіть значення зі списку',
  generated: 'Сформовано',
  company: 'Компанія',
  taxId: 'ЄДРПОУ / РНОКПП',
  address: 'Адреса',
  rows: 'Рядків',
  noCarrier: 'Без перевізника',
} as const;
