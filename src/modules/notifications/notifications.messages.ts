export const notificationsMessages = {
  notFound: 'Повідомлення не знайдено',
  notResolvable: 'Це повідомлення не потребує вирішення або вже вирішене',
  testTitle: 'Тест',
  testMessage: 'Тестове повідомлення: сповіщення працюють.',
  integrationFailedTitle: (label: string) => `Інтеграція не працює: ${label}`,
  integrationFailedMessage: (label: string, times: number, error: string) =>
    `${label}: ${times} невдалих запусків поспіль. Остання помилка: ${error}`,
} as const;
