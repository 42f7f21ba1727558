// Every text of the notifications page and of the browser notifications (spec §2, §8; reports-admin.md §9).
import { pluralUk } from '@/shared/plural.ts';
import type { Notification, NotificationRelatedType, notificationStatusValues } from '../notifications.contract.ts';

const notificationsWord = (n: number) => pluralUk(n, ['повідомлення', 'повідомлення', 'повідомлень']);

/** The kinds of records a notification may be about, as a person names them. */
const relatedKinds: Record<NotificationRelatedType, string> = {
  item: 'Товар',
  payment: 'Платіж',
  bank_transaction: 'Банківська операція',
  order: 'Замовлення',
  shipment: 'Відвантаження',
  manufacturing_order: 'Виробниче замовлення',
  integration: 'Інтеграція',
  client: 'Клієнт',
};

export const notificationsPageMessages = {
  title: 'Повідомлення системи',
  subtitle: 'Події складу, продажів, виробництва та інтеграцій, що стосуються вас',
  loading: 'Завантаження повідомлень...',
  empty: 'Немає повідомлень',
  emptyFiltered: 'Спробуйте змінити пошук або фільтри',
  emptyAll: 'Тут з’являтимуться події, що потребують вашої уваги',
  loadError: 'Не вдалося завантажити повідомлення',
  retry: 'Спробувати ще раз',

  stats: {
    label: 'Підсумок повідомлень',
    total: 'Всього',
    unread: 'Непрочитані',
    critical: 'Критичні',
    unresolved: 'Невирішені',
    totalHint: 'усі ваші повідомлення',
    unreadHint: 'ще не переглянуті',
    criticalHint: 'невирішені критичні',
    unresolvedHint: 'потребують дії',
  },

  push: {
    label: 'Push-повідомлення',
    state: {
      default: 'Не налаштовано',
      granted: 'Дозволено',
      denied: 'Заблоковано',
      unsupported: 'Не підтримується',
    },
    enable: 'Увімкнути push-повідомлення',
  },

  toolbar: {
    test: 'Тестове повідомлення',
    markAllRead: 'Прочитано все',
  },

  filters: {
    label: 'Пошук і фільтри повідомлень',
    search: 'Пошук повідомлень',
    searchPlaceholder: 'Пошук за заголовком або текстом...',
    type: 'Тип',
    priority: 'Пріоритет',
    status: 'Статус',
    all: 'Усі',
    statuses: {
      unread: 'Непрочитані',
      read: 'Прочитані',
      unresolved: 'Невирішені',
      resolved: 'Вирішені',
    } satisfies Record<(typeof notificationStatusValues)[number], string>,
  },

  selection: {
    selectAll: 'Вибрати всі на сторінці',
    selected: (n: number) => `Вибрано: ${n}`,
    none: 'Нічого не вибрано',
    deleteSelected: 'Видалити вибрані',
    deleteSelectedCount: (n: number) => `Видалити вибрані (${n})`,
    select: (title: string) => `Вибрати повідомлення «${title}»`,
  },

  types: {
    info: 'Інформація',
    warning: 'Попередження',
    error: 'Помилка',
    success: 'Успіх',
    payment: 'Платіж',
    system: 'Система',
  } satisfies Record<Notification['type'], string>,

  priorities: {
    critical: 'Критичний',
    high: 'Високий',
    medium: 'Середній',
    low: 'Низький',
  } satisfies Record<Notification['priority'], string>,

  card: {
    resolved: 'Вирішено',
    unread: 'Нове',
    related: 'Пов’язано з:',
    /** A record named before labels were kept: its kind in Ukrainian and its number. */
    relatedFallback: (type: string, id: string) => `${relatedKinds[type as NotificationRelatedType] ?? 'Запис'} №${id}`,
    priorityLabel: (label: string) => `Пріоритет: ${label}`,
  },

  actions: {
    open: 'Перейти',
    markRead: 'Прочитано',
    resolve: 'Вирішити',
    delete: 'Видалити',
  },

  pagination: {
    label: 'Сторінки повідомлень',
    info: (from: number, to: number, total: number) => `Показано ${from}–${to} з ${total}`,
    page: (page: number, pages: number) => `Сторінка ${page} з ${pages}`,
    previous: 'Попередня',
    next: 'Наступна',
    previousPage: 'Попередня сторінка',
    nextPage: 'Наступна сторінка',
  },

  toast: {
    errorTitle: 'Помилка',
    markedRead: 'Повідомлення позначено як прочитане',
    markReadFailed: 'Не вдалося позначити як прочитане',
    resolved: 'Повідомлення вирішено',
    resolveFailed: 'Не вдалося вирішити повідомлення',
    deleted: 'Повідомлення видалено',
    deleteFailed: 'Не вдалося видалити повідомлення',
    bulkDeleted: (n: number) => `Видалено ${n} ${notificationsWord(n)}`,
    badgesReset: 'Бейджі скинуті',
    badgesResetText: 'Всі банківські та звичайні сповіщення позначені як прочитані',
    resetFailed: 'Не вдалося скинути бейджі',
    testSent: 'Тестове повідомлення створено',
    testSentText: 'Воно вже є у списку; з дозволом браузера з’явиться і системне сповіщення',
    testFailed: 'Не вдалося створити тестове повідомлення',
  },
} as const;

// Spec §8: the permission flow and the fallback of a native notification.
export const browserNotificationsMessages = {
  unsupportedTitle: 'Браузер не підтримує повідомлення',
  unsupportedText: 'Ваш браузер не підтримує push-повідомлення',
  deniedTitle: 'Повідомлення заблоковані',
  deniedText: 'Ви можете увімкнути їх в налаштуваннях браузера',
  errorTitle: 'Помилка',
  requestFailed: 'Не вдалося запросити дозвіл на повідомлення',
  grantedTitle: 'Повідомлення дозволені',
  grantedText: 'Нові повідомлення з’являтимуться як системні сповіщення',
} as const;
