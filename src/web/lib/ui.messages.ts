// Texts of the shared UI components (screen-reader labels included).
import { pluralUk } from '@/shared/plural.ts';

/** A count with its digits grouped the Ukrainian way ('10 000'). */
const grouped = (n: number) => new Intl.NumberFormat('uk-UA').format(n);

export const uiMessages = {
  integration: {
    enabled: 'Увімкнено',
    disabled: 'Вимкнено',
    notConfigured: 'Не налаштовано',
    runs: 'Журнал запусків',
    runOk: 'успішно',
    runFailed: 'помилка',
    manualRun: 'вручну',
    scheduleRun: 'за розкладом',
    test: "Перевірити з'єднання",
    runNow: 'Запустити зараз',
    settings: 'Налаштування',
  },
  change: {
    percent: (percent: string) => `${percent} % до попереднього`,
    noBase: 'немає бази для порівняння',
  },
  toastRegion: 'Сповіщення',
  toastHotkeyLabel: 'Сповіщення ({hotkey})',
  close: 'Закрити',
  sidebarToggle: 'Показати або сховати бічне меню',
  sidebarTitle: 'Бічне меню',
  sidebarDescription: 'Розділи системи, доступні вам',
  list: {
    /** `capped`: the list counted no further than its bound (decision 0031) — 'з понад 10 000'. */
    pageInfo: (from: number, to: number, total: number, capped = false) =>
      `Показано ${grouped(from)}–${grouped(to)} з ${capped ? 'понад ' : ''}${grouped(total)}`,
    pageNumber: (page: number, pages: number, capped = false) =>
      `Сторінка ${grouped(page)} з ${capped ? 'понад ' : ''}${grouped(pages)}`,
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
  exportMenu: {
    export: 'Експорт',
    csv: 'CSV',
    xlsx: 'Excel (XLSX)',
  },
  picker: {
    search: 'Пошук',
    loading: 'Завантаження...',
    empty: 'Нічого не знайдено',
    error: 'Не вдалося завантажити список',
  },
  relatedDocuments: {
    title: "Пов'язані документи",
    loading: 'Завантаження документів...',
    loadError: "Не вдалося завантажити пов'язані документи",
    retry: 'Спробувати ще раз',
    empty: "Пов'язаних документів немає",
    opensInNewTab: 'відкриється в новій вкладці',
  },
  documentActions: {
    toolbar: 'Дії з документом',
    more: 'Ще',
    reason: 'Причина',
    reasonRequired: 'Вкажіть причину',
    back: 'Назад',
  },
  documentForm: {
    required: "Обов'язкове поле",
    lines: {
      title: 'Рядки документа',
      line: (n: number) => `Рядок ${n}`,
      empty: 'Рядків ще немає',
      emptyHint: 'Додайте позиції кнопкою «Додати рядок».',
      add: 'Додати рядок',
      limit: (max: number) => `Не більше ${max} рядків`,
      remove: (n: number) => `Видалити рядок ${n}`,
      removeShort: 'Видалити',
      vatRateOption: (rate: string) => `${rate} %`,
    },
    unit: {
      label: 'Одиниця',
      ofLine: (n: number) => `Одиниця рядка ${n}`,
      /** The typed quantity in the stock unit, under the unit select. */
      converted: (qty: string, unit: string) => `= ${qty} ${unit}`,
      /** A line entered in another unit, as a view shows it. */
      entered: (qty: string, unit: string, stockQty: string, stockUnit: string) =>
        `${qty} ${unit} (= ${stockQty} ${stockUnit})`,
    },
    confirmClose: {
      title: 'Закрити без збереження?',
      description: 'Внесені зміни буде втрачено.',
      confirm: 'Закрити без збереження',
      cancel: 'Повернутися',
    },
    confirmDelete: {
      title: 'Видалити чернетку?',
      description: (number: string) => `Чернетку ${number} буде видалено остаточно.`,
      confirm: 'Видалити',
      cancel: 'Не видаляти',
    },
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
    /** The scrolling box of a wide table of figures (a keyboard scrolls it with the arrows). */
    scroll: (label: string) => `${label} — прокрутіть стрілками`,
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
