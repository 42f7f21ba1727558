// The integrations' Ukrainian texts (reports-admin.md §15): server refusals and page labels shared by both sides.
export const webhookSystems = ['bas', 'bitrix24'] as const;
export type WebhookSystem = (typeof webhookSystems)[number];
export const webhookSystemLabels: Record<WebhookSystem, string> = { bas: 'BAS / 1С', bitrix24: 'Бітрікс24' };

export const integrationsMessages = {
  // The webhook's refusals: the sender is a program, but its log is read by a person.
  signatureMissing: 'Немає підпису запиту (заголовки X-Signature і X-Timestamp)',
  signatureInvalid: 'Підпис запиту не дійсний',
  timestampOutside: 'Час запиту (X-Timestamp) відрізняється від часу сервера більш ніж на 5 хвилин',
  systemDisabled: 'Вебхуки цієї системи вимкнено',
  bodyNotJson: 'Тіло запиту — не JSON',
  clientNotFound: (taxId: string) => `Клієнта з ЄДРПОУ/ІПН ${taxId} не знайдено`,
  unmapped: (codes: string) =>
    `Не зіставлено позиції: ${codes}. Зіставте їх на сторінці «Інтеграції» і надішліть знову`,
  notDraft: (number: string) => `Замовлення ${number} вже не чернетка — зміни не прийнято`,
  // Settings and mappings.
  secretFormat: 'Секрет — від 32 до 200 символів',
  saved: 'Налаштування збережено',
  mappingNotFound: 'Зіставлення не знайдено',
  itemNotFound: 'Позицію не знайдено',
  codeRequired: 'Вкажіть код позиції зовнішньої системи',
} as const;
