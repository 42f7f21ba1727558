// The e-mail settings' Ukrainian texts (reports-admin.md §13), shared by the server and the page.
export const smtpSecurities = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof smtpSecurities)[number];
export const smtpSecurityLabels: Record<SmtpSecurity, string> = {
  none: 'Без шифрування',
  starttls: 'STARTTLS',
  tls: 'SSL/TLS',
};

export const emailTransports = ['settings', 'env', 'log'] as const;
export type EmailTransport = (typeof emailTransports)[number];
export const emailTransportLabels: Record<EmailTransport, string> = {
  settings: 'SMTP-сервер із цих налаштувань',
  env: 'SMTP-сервер зі змінної середовища SMTP_URL',
  log: 'Лише журнал: листи не надсилаються',
};

export const outboxStatusLabels = {
  queued: 'У черзі',
  sent: 'Надіслано',
  failed: 'Помилка',
  logged: 'Лише в журналі',
} as const;

export const emailSettingsMessages = {
  failedTitle: 'Лист не надіслано',
  failedMessage: (subject: string, to: string, error: string) =>
    `Лист «${subject}» на ${to} не надіслано після кількох спроб: ${error}. Перевірте налаштування e-mail і повторіть.`,
  host: 'Вкажіть адресу SMTP-сервера',
  port: 'Порт — ціле число від 1 до 65535',
  email: 'Невірна адреса e-mail',
  passwordLength: 'Пароль — не довше 200 символів',
  incomplete: 'Щоб увімкнути, заповніть сервер, порт і адресу відправника',
  testSubject: 'Тестовий лист із системи управління виробництвом',
  testText: 'Це тестовий лист. Якщо ви його отримали, надсилання пошти налаштовано правильно.',
  testSent: (answer: string) => `Лист прийнято сервером: ${answer}`,
  testLogged: 'SMTP не налаштовано: лист записано в журнал, але не надіслано',
  testFailed: (error: string) => `SMTP-сервер відмовив: ${error}`,
  notFound: 'Лист не знайдено',
  notRetryable: 'Повторити можна лише лист з помилкою',
  retried: 'Лист знову в черзі',
} as const;
