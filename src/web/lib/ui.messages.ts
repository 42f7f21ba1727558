// Texts of the shared UI components (screen-reader labels included).
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
} as const;
