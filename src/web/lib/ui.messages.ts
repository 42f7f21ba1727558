// Texts of the shared UI components (screen-reader labels included).
import { pluralUk } from '@/shared/plural.ts';

export const uiMessages = {
  toastRegion: 'Сповіщення',
  toastHotkeyLabel: 'Сповіщення ({hotkey})',
  close: 'Закрити',
  sidebarToggle: 'Показати або сховати бічне меню',
  sidebarTitle: 'Бічне меню',
  sidebarDescription: 'Розділи системи, доступні вам',
  list: {
    pageInfo: (from: number, to: number, total: number) => `Показано ${from}–${to} з ${total}`,
    pageNumber: (page: number, pages: number) => `Сторінка ${page} з ${pages}`,
    previousPage: 'Попередня сторінка',
    nextPage: 'Наступна сторінка',
    previous: 'Попередня',
    next: 'Наступна',
  },
  listPage: {
    reset: 'Скинути фільтри',
    period: 'Період',
    dateFrom: 'Дата від',
    dateTo: 'Дата до',
    statusAll: 'Усі статуси',
    statusCount: (n: number) => `${n} ${pluralUk(n, ['статус', 'статуси', 'статусів'])}`,
  },
  picker: {
    search: 'Пошук',
    loading: 'Завантаження...',
    empty: 'Нічого не знайдено',
    error: 'Не вдалося завантажити список',
  },
  documentActions: {
    toolbar: 'Дії з документом',
    more: 'Ще',
    reason: 'Причина',
    reasonRequired: 'Вкажіть причину',
    back: 'Назад',
  },
  unsaved: {
    title: 'Закрити без збереження?',
    description: 'Ви внесли зміни, які ще не збережено. Якщо закрити форму, їх буде втрачено.',
    keepEditing: 'Продовжити редагування',
    discard: 'Закрити без збереження',
  },
  date: {
    placeholder: 'дд.мм.рррр',
    openCalendar: 'Відкрити календар',
    previousMonth: 'Попередній місяць',
    nextMonth: 'Наступний місяць',
  },
  table: {
    columns: 'Стовпці',
    columnsTitle: 'Показувати стовпці',
    actions: 'Дії',
    rowMenu: (name: string) => `Дії: ${name}`,
    selectAll: 'Вибрати всі на сторінці',
  },
  importDialog: {
    file: 'Файл',
    chooseFile: 'Оберіть файл',
    upload: 'Імпортувати',
    uploading: 'Імпорт…',
    failed: 'Файл не імпортовано',
    cancel: 'Скасувати',
    close: 'Закрити',
  },
} as const;
