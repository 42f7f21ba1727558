// Texts of the signed-in shell: sidebar, header, user menu and the route guard (spec §2, §6).
export const layoutMessages = {
  appName: 'Система управління виробництвом',
  appShortName: 'Виробництво',
  appTagline: 'Система управління',
  loading: 'Завантаження...',
  navigation: 'Розділи системи',
  themeToDark: 'Увімкнути темну тему',
  themeToLight: 'Увімкнути світлу тему',
  userMenu: 'Меню користувача',
  logout: 'Вийти',
  notFoundTitle: 'Сторінку не знайдено',
  badgeLabel: (label: string, count: string) => `${label}: ${count}`,
  guard: {
    checking: 'Перевірка дозволів...',
    deniedTitle: 'Доступ заборонено',
    deniedText: 'У вас немає дозволу на перегляд цієї сторінки. Зверніться до адміністратора для отримання доступу.',
    limitedTitle: 'Обмежений доступ',
    limitedText: 'У вас є дозвіл на перегляд, але немає повного доступу до функцій цієї сторінки.',
  },
} as const;
