import { pluralUk } from '@/shared/plural.ts';

export const rolesMessages = {
  notFound: 'Роль не знайдено',
  systemReadOnly: 'Роль «Адміністратор» має всі права; її не можна змінити чи видалити',
  nameTaken: 'Роль з такою назвою вже існує',
  unknownRole: 'Вибрано роль, якої не існує',
  inUse: (n: number) =>
    `Роль не можна видалити: її мають ${n} ${pluralUk(n, ['користувач', 'користувачі', 'користувачів'])}. Спершу змініть їм роль.`,
  copyName: (name: string, i: number) => (i === 1 ? `${name} (копія)` : `${name} (копія ${i})`),
} as const;
