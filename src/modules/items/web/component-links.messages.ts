// Every word of the component's suppliers and alternatives dialogs (reference-data.md §17). Server messages come
// from the contract.
export const componentLinksMessages = {
  suppliersAction: (name: string) => `Постачальники: ${name}`,
  alternativesAction: (name: string) => `Заміни: ${name}`,
  retry: 'Спробувати ще раз',
  close: 'Закрити',
  cancel: 'Скасувати',
  save: 'Зберегти',
  saving: 'Зберігаю...',
  removeShort: 'Видалити',
  suppliers: {
    title: 'Постачальники компонента',
    description:
      'Код і назва постачальника допомагають знайти компонент у його рахунках. Основним може бути лише один постачальник.',
    loading: 'Завантаження постачальників...',
    loadError: 'Не вдалося завантажити постачальників',
    empty: 'Постачальників ще немає',
    emptyHint: 'Додайте постачальника кнопкою «Додати постачальника».',
    row: (n: number) => `Постачальник ${n}`,
    supplier: 'Постачальник',
    supplierPlaceholder: 'Оберіть постачальника',
    supplierSku: 'Код постачальника',
    supplierItemName: 'Назва в постачальника',
    packQty: 'Кратність упаковки',
    leadTimeDays: 'Строк постачання, дн.',
    lastPrice: 'Остання ціна',
    currency: 'Валюта',
    lastPriceDate: 'Дата ціни',
    isPreferred: 'Основний',
    remove: (n: number) => `Видалити постачальника ${n}`,
    add: 'Додати постачальника',
    limit: (max: number) => `Не більше ${max} постачальників`,
    leadTimeInvalid: 'Вкажіть ціле число днів від 0 до 365',
    saved: 'Постачальників збережено',
    savedCount: (n: number) => (n === 0 ? 'Список постачальників порожній' : `Постачальників: ${n}`),
    saveFailed: 'Не вдалося зберегти постачальників',
  },
  alternatives: {
    title: 'Взаємозамінні компоненти',
    description:
      'Заміни показуються в специфікаціях і в дефіциті як можливі варіанти, але ніколи не підставляються автоматично. Заміна взаємна: цей компонент з’явиться й серед замін обраного.',
    loading: 'Завантаження замін...',
    loadError: 'Не вдалося завантажити заміни',
    empty: 'Замін ще немає',
    emptyHint: 'Додайте заміну кнопкою «Додати заміну».',
    row: (n: number) => `Заміна ${n}`,
    component: 'Компонент',
    componentPlaceholder: 'Оберіть компонент або матеріал',
    sku: (sku: string) => `Артикул ${sku}`,
    note: 'Примітка',
    notePlaceholder: 'Напр., інший виробник, той самий корпус',
    remove: (n: number) => `Видалити заміну ${n}`,
    add: 'Додати заміну',
    limit: (max: number) => `Не більше ${max} замін`,
    saved: 'Заміни збережено',
    savedCount: (n: number) => (n === 0 ? 'Список замін порожній' : `Замін: ${n}`),
    saveFailed: 'Не вдалося зберегти заміни',
  },
} as const;

/** The contract's limit of both lists. */
export const MAX_ROWS = 50;
export const DEFAULT_CURRENCY = 'UAH';
