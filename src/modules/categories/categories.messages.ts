// Every text of the categories module, free of zod (the page reads it without the contract's schemas).
export const categoriesMessages = {
  department: 'Оберіть відділ зі списку',
  tooMany: 'Не більше 50 відділів',
  unknownDepartment: 'Такого відділу немає',
  notFound: 'Категорію не знайдено',
} as const;

export const categoriesWebMessages = {
  departments: (name: string) => `Відділи: ${name}`,
  dialog: {
    title: (name: string) => `Відділи категорії «${name}»`,
    description:
      'Відділи, що виготовляють або пакують товари цієї категорії. За ними «Відомість для відділів» замовлення ділиться на частини.',
    loading: 'Завантажую відділи...',
    loadError: 'Не вдалося завантажити відділи',
    retry: 'Спробувати ще раз',
    none: 'Відділів ще немає — додайте їх у довіднику «Відділи».',
    inactive: 'неактивний',
    saved: 'Відділи категорії збережено',
    failed: 'Не вдалося зберегти відділи',
    cancel: 'Скасувати',
    save: 'Зберегти',
  },
} as const;
