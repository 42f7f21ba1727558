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
  mailboxIncomplete: 'Щоб увімкнути, заповніть сервер, логін і пароль скриньки',
  mailboxOk: (folder: string, count: number) =>
    `З'єднання є: у папці ${folder} листів від дозволених відправників — ${count}`,
  mailboxFailed: (error: string) => `Поштовий сервер відмовив: ${error}`,
  polled: (n: number) => `Оброблено листів: ${n}`,
  integrationLabel: 'Банківська пошта',
} as const;
