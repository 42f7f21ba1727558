// Texts of the shared UI components (screen-reader labels included).
export const uiMessages = {
  toastRegion: 'Сповіщення',
  toastHotkeyLabel: 'Сповіщення ({hotkey})',
  close: 'Закрити',
} as const;
