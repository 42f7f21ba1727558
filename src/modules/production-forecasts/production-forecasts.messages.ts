// Ukrainian words of /production-forecasts 'Прогнозування виробництва' (production.md §12): the labels the server and
// the page share and the server's refusals.
import { countUk } from '@/shared/plural.ts';

export const forecastMethodLabels = {
  moving_average: 'Ковзне середнє',
  exponential_smoothing: 'Експоненційне згладжування',
} as const;

export const forecastStatusLabels = {
  draft: 'Чернетка',
  calculated: 'Розраховано',
  archived: 'Архів',
} as const;

export const forecastGranularityLabels = {
  week: 'Тиждень',
  month: 'Місяць',
} as const;

export const forecastScopeLabels = {
  items: 'Вибрані позиції',
  category: 'Категорія',
  all: 'Усі виготовлені товари',
} as const;

export const productionForecastsMessages = {
  title: 'Прогнозування виробництва',
  lowHistory: 'Мало історії',
  expectedAccuracy: 'Очікувана точність',
  realisedAccuracy: 'Фактична точність',
  bias: 'Зміщення',
  noAccuracy: '—',
  /** The list's scope of chosen items: '3 позиції'. */
  itemsCount: (n: number) => countUk(n, ['позиція', 'позиції', 'позицій']),
  // validation
  name: 'Вкажіть назву прогнозу (до 200 символів)',
  windowN: 'Вікно ковзного середнього — ціле число від 1 до 52',
  alpha: 'Коефіцієнт згладжування α — число більше 0 і не більше 1 (до 4 знаків після коми)',
  historyPeriods: 'Глибина історії — ціле число періодів від 1 до 156',
  horizonPeriods: 'Горизонт прогнозу — ціле число періодів від 1 до 52',
  historyShorterThanWindow: 'Глибина історії не може бути меншою за вікно ковзного середнього',
  scopeItems: 'Оберіть хоча б одну позицію (не більше 500)',
  scopeCategory: 'Оберіть категорію',
  scopeExtra: 'Для цього охоплення позиції та категорію не задають',
  reference: 'Оберіть запис зі списку',
  qty: 'Вкажіть кількість більшу за нуль (не більше 4 знаків після коми)',
  noLines: 'Додайте хоча б одну позицію',
  tooManyLines: 'Не більше 500 позицій',
  duplicateItem: (lineNo: number) => `Ця позиція вже є в рядку ${lineNo}`,
  // refusals
  notFound: 'Прогноз не знайдено',
  stale: 'Прогноз щойно змінили — оновіть сторінку',
  notDraft: 'Змінювати параметри можна лише в чернетці',
  archived: 'Прогноз в архіві — його не можна змінювати',
  notCalculated: 'Спершу розрахуйте прогноз',
  alreadyArchived: 'Прогноз уже в архіві',
  deleteCalculated: 'Видалити можна лише чернетку або архівний прогноз — спершу перенесіть його в архів',
  itemNotFound: 'Позицію не знайдено',
  notProduct: 'Прогнозувати можна лише продукцію та напівфабрикати',
  categoryNotFound: 'Категорію не знайдено',
  notInForecast: 'Позиції немає в цьому прогнозі',
  notMakeable: 'Немає активної специфікації чи рецепта за замовчуванням — виробниче замовлення не створити',
  line: (lineNo: number, text: string) => `Рядок ${lineNo}: ${text}`,
  emptyScope: 'В охопленні прогнозу немає жодної виготовлюваної позиції',
  created: (count: number, numbers: string) => `Створено виробничих замовлень: ${count} (${numbers})`,
} as const;
