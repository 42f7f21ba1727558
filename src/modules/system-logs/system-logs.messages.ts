// Every Ukrainian word of the system logs (reports-admin.md §16): the labels of audit actions and entities (shared with
// the profile's own activity), the events' levels and categories, and the server's refusals.
import { pluralUk } from '@/shared/plural.ts';

/** Audit actions by name; an unknown one is shown as the server wrote it. */
export const auditActionLabels: Readonly<Record<string, string>> = {
  create: 'Створення',
  update: 'Зміна',
  delete: 'Видалення',
  login: 'Вхід',
  logout: 'Вихід',
  login_failed: 'Невдалий вхід',
  password_reset: 'Скидання паролю',
  password_change: 'Зміна паролю',
  permission_change: 'Зміна дозволів',
  setting_change: 'Зміна налаштувань',
  status_change: 'Зміна статусу',
  post: 'Проведення',
  cancel: 'Скасування',
  import: 'Імпорт',
  export: 'Експорт',
  send: 'Надсилання',
};

/** The audited entity types with a Ukrainian name; others are shown as written. */
export const auditEntityLabels: Readonly<Record<string, string>> = {
  user: 'Користувач',
  users: 'Користувачі',
  role: 'Роль',
  session: 'Сеанс',
  profile: 'Профіль',
  settings: 'Налаштування',
  orders: 'Замовлення',
  payments: 'Платежі',
  shipments: 'Відвантаження',
  supplier_receipts: 'Надходження',
  supplier_orders: 'Замовлення постачальникам',
  items: 'Номенклатура',
  boms: 'Специфікації',
  manufacturing_orders: 'Виробничі замовлення',
  counterparties: 'Контрагенти',
  warehouses: 'Склади',
  system_events: 'Системні події',
};

export const labelOf = (labels: Readonly<Record<string, string>>, key: string): string =>
  Object.hasOwn(labels, key) ? labels[key]! : key;

export const eventLevels = ['info', 'warn', 'error'] as const;
export type EventLevel = (typeof eventLevels)[number];
export const eventLevelLabels: Record<EventLevel, string> = {
  info: 'Інформація',
  warn: 'Попередження',
  error: 'Помилка',
};

export const eventCategories = ['auth', 'integration', 'job', 'ledger', 'email', 'http'] as const;
export type EventCategory = (typeof eventCategories)[number];
export const eventCategoryLabels: Record<EventCategory, string> = {
  auth: 'Вхід',
  integration: 'Інтеграції',
  job: 'Фонові задачі',
  ledger: 'Облік запасів',
  email: 'Пошта',
  http: 'Запити',
};

/** The fewest days 'Очистити старші за N днів' keeps, and the settings' bounds. */
export const MIN_CLEANUP_DAYS = 30;
export const MIN_AUDIT_RETENTION_YEARS = 1;

export const systemLogsMessages = {
  server: {
    auditNotFound: 'Запис журналу не знайдено',
    cleanupDays: `Вкажіть ціле число днів, не менше ${MIN_CLEANUP_DAYS}`,
    eventRetention: `Зберігати події потрібно не менше ${MIN_CLEANUP_DAYS} днів`,
    auditRetention: `Журнал дій зберігається не менше ${MIN_AUDIT_RETENTION_YEARS} року`,
    loginFailed: 'Невдалий вхід',
    serverError: 'Внутрішня помилка сервера',
    jobFailed: 'Помилка фонової задачі',
    mailFailed: 'Помилка надсилання листа',
  },
  export: {
    auditTitle: 'Журнал дій',
    eventsTitle: 'Системні події',
    audit: ['Дата й час', 'Користувач', 'Дія', "Об'єкт", 'Ідентифікатор', 'IP', 'Запит'],
    events: ['Дата й час', 'Рівень', 'Категорія', 'Повідомлення', 'Подробиці', 'Запит'],
  },
  deleted: (n: number) => `Видалено ${n} ${pluralUk(n, ['подію', 'події', 'подій'])}`,
} as const;

const kyivTime = new Intl.DateTimeFormat('uk-UA', {
  timeZone: 'Europe/Kyiv',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A log moment as Kyiv wall-clock time: '28.11.2026 20:39:50'. */
export const formatLogTime = (iso: string): string => kyivTime.format(new Date(iso)).replace(', ', ' ');
