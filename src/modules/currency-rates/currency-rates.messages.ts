// What /api/currency-rates says to people (reports-admin.md §18, §15 'NBU rates'), in Ukrainian.

/** 'YYYY-MM-DD' as 'дд.мм.рррр'. */
const formatDateUk = (iso: string) => iso.split('-').reverse().join('.');

export const currencyRatesMessages = {
  currency: 'Вкажіть код валюти (три латинські літери)',
  unknownCurrency: (code: string) => `Валюти ${code} немає в довіднику`,
  baseCurrency: 'Курс базової валюти завжди 1 — його не вводять',
  rate: 'Вкажіть курс — додатне число, не більше 6 знаків після коми',
  amount: 'Вкажіть суму — число, не більше 2 знаків після коми',
  exists: (code: string, date: string) => `Курс ${code} на ${formatDateUk(date)} уже є — змініть його в таблиці`,
  notFound: 'Курс не знайдено',
  version: 'Курс щойно змінив інший користувач — оновіть сторінку',
  noRate: (code: string, date: string) => `Немає курсу ${code} на ${formatDateUk(date)}`,
  span: 'Період — не довше 366 днів',
  fetchBody: 'Вкажіть дату або період (з, по)',
  nbuUnreachable: (detail: string) => `НБУ не відповідає: ${detail}`,
  nbuBadAnswer: 'НБУ надіслав відповідь, яку не вдалося прочитати',
  nbuDisabled: 'Завантаження курсів НБУ вимкнено в налаштуваннях інтеграції',
  fetched: (stored: number, days: number) => `Збережено курсів: ${stored}; днів запитано: ${days}`,
  testOk: (count: number) => `НБУ відповідає: курсів на сьогодні — ${count}`,
  integrationLabel: 'Курси НБУ',
} as const;
