// Ukrainian words of /production-planning 'Планування потужностей' (production.md §11): the server's refusals.
export const productionPlanningMessages = {
  weeks: 'Кількість тижнів — ціле число від 1 до 26',
  monday: 'Тиждень задають датою його понеділка',
  departmentNotFound: 'Дільницю не знайдено',
  moNotFound: 'Виробниче замовлення не знайдено',
  notMovable: 'Переносити можна лише заплановані, запущені або виконувані замовлення',
  stale: 'Замовлення щойно змінили — оновіть сторінку',
} as const;
