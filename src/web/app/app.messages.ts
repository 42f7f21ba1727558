// Texts of the composition root and the signed-in placeholder.
export const appMessages = {
  greeting: (firstName: string) => `Вітаємо, ${firstName}!`,
  logout: 'Вийти',
  themeToDark: 'Увімкнути темну тему',
  themeToLight: 'Увімкнути світлу тему',
} as const;
