// The e-mail rules' Ukrainian texts (reports-admin.md §14), shared by the server and the page: the events, their
// groups, placeholders, default templates and the messages of the API.

export const emailEventKeys = [
  'critical_shortage',
  'bank_payment_unmatched',
  'integration_failed',
  'low_stock',
  'order_overdue',
  'payment_received',
  'mo_completed',
  'client_order_confirmed',
  'client_shipment_sent',
  'client_payment_received',
] as const;
export type EmailEventKey = (typeof emailEventKeys)[number];

export const emailDeliveries = ['immediate', 'daily'] as const;
export type EmailDelivery = (typeof emailDeliveries)[number];
export const emailDeliveryLabels: Record<EmailDelivery, string> = {
  immediate: 'Одразу',
  daily: 'Щоденний дайджест',
};

export type EmailEventGroup = 'staff' | 'client';
export const emailEventGroupLabels: Record<EmailEventGroup, string> = {
  staff: 'Працівникам',
  client: 'Клієнтам',
};

export const placeholderLabels = {
  orderNumber: 'Номер замовлення',
  clientName: 'Клієнт',
  amount: 'Сума',
  amountInWords: 'Сума прописом',
  dueDate: 'Оплатити до',
  shipmentNumber: 'Номер відвантаження',
  carrier: 'Перевізник',
  trackingNumber: 'Номер ЕН',
  itemName: 'Товар',
  sku: 'Артикул',
  available: 'Доступно',
  threshold: 'Поріг',
  shortage: 'Нестача',
  payerName: 'Платник',
  integrationName: 'Інтеграція',
  error: 'Помилка',
  moNumber: 'Номер виробничого замовлення',
  quantity: 'Кількість',
  link: 'Посилання',
} as const;
export type Placeholder = keyof typeof placeholderLabels;

export interface EmailEventDefinition {
  label: string;
  group: EmailEventGroup;
  placeholders: readonly Placeholder[];
  /** The rule as first created. */
  defaults: {
    isEnabled: boolean;
    delivery: EmailDelivery;
    /** Recipients by role name ('Адміністратор' = the system role), resolved on first read. */
    toAdministrators?: boolean;
    toManager?: boolean;
    toClientContacts?: boolean;
    subject: string;
    body: string;
  };
}

export const emailEvents: Record<EmailEventKey, EmailEventDefinition> = {
  critical_shortage: {
    label: 'Критичний дефіцит',
    group: 'staff',
    placeholders: ['itemName', 'sku', 'shortage', 'link'],
    defaults: {
      isEnabled: true,
      delivery: 'immediate',
      toAdministrators: true,
      subject: 'Критичний дефіцит: {{itemName}}',
      body: 'Критичний дефіцит позиції {{itemName}} ({{sku}}): не вистачає {{shortage}}.\nДеталі: {{link}}',
    },
  },
  bank_payment_unmatched: {
    label: 'Банківська оплата потребує зіставлення',
    group: 'staff',
    placeholders: ['amount', 'payerName', 'link'],
    defaults: {
      isEnabled: true,
      delivery: 'immediate',
      toAdministrators: true,
      subject: 'Оплату {{amount}} потрібно зіставити',
      body: 'Надійшла оплата {{amount}} від {{payerName}}, яку не вдалося зіставити із замовленням.\nЗіставте її: {{link}}',
    },
  },
  integration_failed: {
    label: 'Збій інтеграції',
    group: 'staff',
    placeholders: ['integrationName', 'error', 'link'],
    defaults: {
      isEnabled: true,
      delivery: 'immediate',
      toAdministrators: true,
      subject: 'Збій інтеграції: {{integrationName}}',
      body: 'Інтеграція «{{integrationName}}» повідомила про помилку:\n{{error}}\nДеталі: {{link}}',
    },
  },
  low_stock: {
    label: 'Низький залишок',
    group: 'staff',
    placeholders: ['itemName', 'sku', 'available', 'threshold', 'link'],
    defaults: {
      isEnabled: false,
      delivery: 'daily',
      toAdministrators: true,
      subject: 'Низький залишок: {{itemName}}',
      body: '{{itemName}} ({{sku}}): доступно {{available}}, поріг {{threshold}}',
    },
  },
  order_overdue: {
    label: 'Прострочене замовлення',
    group: 'staff',
    placeholders: ['orderNumber', 'clientName', 'amount', 'dueDate', 'link'],
    defaults: {
      isEnabled: false,
      delivery: 'daily',
      toManager: true,
      subject: 'Прострочене замовлення {{orderNumber}}',
      body: 'Замовлення {{orderNumber}} ({{clientName}}, {{amount}}) прострочене: строк {{dueDate}}. {{link}}',
    },
  },
  payment_received: {
    label: 'Надійшла оплата',
    group: 'staff',
    placeholders: ['orderNumber', 'clientName', 'amount', 'link'],
    defaults: {
      isEnabled: false,
      delivery: 'immediate',
      toManager: true,
      subject: 'Оплата {{amount}} за замовлення {{orderNumber}}',
      body: 'Клієнт {{clientName}} оплатив {{amount}} за замовлення {{orderNumber}}.\n{{link}}',
    },
  },
  mo_completed: {
    label: 'Виробниче замовлення завершено',
    group: 'staff',
    placeholders: ['moNumber', 'itemName', 'quantity', 'link'],
    defaults: {
      isEnabled: false,
      delivery: 'immediate',
      toAdministrators: true,
      subject: 'Виробниче замовлення {{moNumber}} завершено',
      body: 'Виробниче замовлення {{moNumber}} завершено: {{itemName}}, {{quantity}}.\n{{link}}',
    },
  },
  client_order_confirmed: {
    label: 'Замовлення підтверджено',
    group: 'client',
    placeholders: ['orderNumber', 'clientName', 'amount', 'amountInWords', 'dueDate'],
    defaults: {
      isEnabled: false,
      delivery: 'immediate',
      toClientContacts: true,
      subject: 'Замовлення {{orderNumber}} підтверджено — рахунок на оплату',
      body:
        'Добрий день, {{clientName}}!\n\nВаше замовлення {{orderNumber}} підтверджено. ' +
        'Сума до сплати: {{amount}} ({{amountInWords}}), оплатити до {{dueDate}}.\n' +
        'Рахунок на оплату додано до листа.\n\nДякуємо!',
    },
  },
  client_shipment_sent: {
    label: 'Замовлення відправлено',
    group: 'client',
    placeholders: ['orderNumber', 'clientName', 'shipmentNumber', 'carrier', 'trackingNumber', 'link'],
    defaults: {
      isEnabled: false,
      delivery: 'immediate',
      toClientContacts: true,
      subject: 'Замовлення {{orderNumber}} відправлено, ЕН {{trackingNumber}}',
      body:
        'Добрий день, {{clientName}}!\n\nВаше замовлення {{orderNumber}} відправлено перевізником {{carrier}}.\n' +
        'Номер накладної: {{trackingNumber}}.\nВідстежити: {{link}}\n\nДякуємо!',
    },
  },
  client_payment_received: {
    label: 'Оплату отримано',
    group: 'client',
    placeholders: ['orderNumber', 'clientName', 'amount', 'amountInWords'],
    defaults: {
      isEnabled: false,
      delivery: 'immediate',
      toClientContacts: true,
      subject: 'Дякуємо за оплату замовлення {{orderNumber}}',
      body:
        'Добрий день, {{clientName}}!\n\nМи отримали вашу оплату {{amount}} ({{amountInWords}}) ' +
        'за замовлення {{orderNumber}}. Дякуємо!',
    },
  },
};

/** Sample values for the preview and the test letter: every placeholder has one. */
export const sampleValues: Record<Placeholder, string> = {
  orderNumber: 'ЗМ-2026-00042',
  clientName: 'ТОВ «Приклад»',
  amount: '12 345,60 грн',
  amountInWords: 'дванадцять тисяч триста сорок п’ять гривень 60 копійок',
  dueDate: '05.12.2026',
  shipmentNumber: 'ВД-2026-00012',
  carrier: 'Нова пошта',
  trackingNumber: '20450000000000',
  itemName: 'Фарба біла, 1 л',
  sku: 'FRB-001',
  available: '3 шт',
  threshold: '10 шт',
  shortage: '25 шт',
  payerName: 'ФОП Іваненко І. І.',
  integrationName: 'Нова пошта',
  error: 'Ключ API недійсний',
  moNumber: 'ВЗ-2026-00007',
  quantity: '50 шт',
  link: 'https://erp.example.com/orders',
};

export const emailNotificationsMessages = {
  integrationFailedTitle: (label: string) => `Інтеграція не працює: ${label}`,
  integrationFailedMessage: (label: string, times: number, error: string) =>
    `${label}: ${times} невдалих запусків поспіль. Остання помилка: ${error}`,
  notFound: 'Подію не знайдено',
  email: 'Вкажіть коректну e-mail адресу',
  digestTime: 'Час дайджесту у форматі ГГ:ХХ',
  subjectRequired: 'Вкажіть тему листа',
  bodyRequired: 'Вкажіть текст листа',
  unknownPlaceholder: (name: string, event: string) => `Невідомий заповнювач {{${name}}} для події «${event}»`,
  unclosedPlaceholder: 'Заповнювач не закрито: перевірте дужки {{ }}',
  unknownRole: 'Такої ролі немає',
  unknownUser: 'Такого користувача немає',
  testSent: (answer: string) => `Лист прийнято сервером: ${answer}`,
  testLogged: 'SMTP не налаштовано: лист записано в журнал і не надіслано',
  testFailed: (error: string) => `Сервер відмовив: ${error}`,
  digestSubject: (label: string, count: number) => `Щоденний дайджест: ${label} (${count})`,
  digestIntro: (label: string) => `${label} — щоденний дайджест:`,
} as const;
