export const notificationsMessages = {
  notFound: 'Повідомлення не знайдено',
  notResolvable: 'Це повідомлення не потребує вирішення або вже вирішене',
  testTitle: 'Тест',
  testMessage: 'Тестове повідомлення: сповіщення працюють.',
} as const;
