// Texts of the composition root: home page, placeholders and the 404 page (spec §2).
export const appMessages = {
  home: {
    title: 'Система управління виробництвом',
    subtitle: (firstName: string) => `Вітаємо, ${firstName}! Оберіть розділ, щоб розпочати роботу.`,
    modulesHeading: 'Основні модулі',
    extraHeading: 'Інші модулі',
    welcomeTitle: (firstName: string) => `Вітаємо, ${firstName}!`,
    welcomeText: 'Модулі системи з’являтимуться тут, щойно вони стануть вам доступні.',
    welcomeHint: 'Профіль, налаштування та вихід — у меню користувача внизу бічної панелі.',
    /** One line under each module card. */
    descriptions: {
      '/inventory': 'Залишки готової продукції на складах',
      '/orders': 'Замовлення клієнтів, рахунки та оплати',
      '/production': 'Виробничі завдання на Kanban-дошці',
      '/clients': 'Контрагенти, реквізити та доставка',
      '/client-mail': 'Листи клієнтам і реєстри відправлень',
      '/reports': 'Прибутковість продажів і виробництва',
      '/workers': 'Працівники, посади та відділи',
      '/suppliers': 'Постачальники комплектуючих і матеріалів',
      '/products': 'Номенклатура товарів і ціни',
      '/tech-cards': 'Технологічні операції виготовлення',
      '/recipes': 'Варіанти виробництва продукції',
      '/warehouses': 'Склади та місця зберігання',
      '/shipments': 'Відвантаження та експрес-накладні',
      '/companies': 'Власні компанії та їхні реквізити',
      '/repairs': 'Ремонти виробів і запчастини',
    } as Readonly<Record<string, string>>,
  },
  placeholder: {
    text: 'Сторінка в розробці',
  },
  notFound: {
    title: 'Сторінку не знайдено',
    text: 'Можливо, адресу введено з помилкою або сторінку було переміщено.',
    home: 'На головну',
  },
} as const;
