// Texts of the shared UI components (screen-reader labels included).
export const uiMessages = {
  toastRegion: 'Сповіщення',
  toastHotkeyLabel: 'Сповіщення ({hotkey})',
  close: 'Закрити',
  sidebarToggle: 'Показати або сховати бічне меню',
  sidebarTitle: 'Бічне меню',
  sidebarDescription: 'Розділи системи, доступні вам',
} as const;
