// The bank notices' Ukrainian texts (sales.md §2, reports-admin.md §17), shared by the server and the page.
export const bankMailboxMessages = {
  unreadable: 'Лист не вдалося розібрати',
  debit: 'списано — ігнорується',
  notOurs: 'Рахунок не належить жодній нашій компанії — ігнорується',
  alreadyProcessed: 'Вже оброблено',
  processed: 'Лист оброблено',
  notFound: 'Банківську операцію з листа не знайдено',
  notFailed: 'Повторити розбір можна лише для операції з помилкою',
  rawRequired: 'Вставте текст листа або завантажте файл .eml',
  rawTooLong: 'Лист більший за 1 МБ',
  mailboxOff: 'Поштову скриньку банку ще не налаштовано — отримання листів недоступне',
} as const;
