// The BAS / 1C HTTP-service pull (reports-admin.md §15 'BAS / 1C' 2.): the settings (HTTPS base URL, user, password
// write-only, enabled, the date window), the card's state, and the JSON the HTTP service publishes for it:
// `GET {baseUrl}/documents?from=YYYY-MM-DD&to=YYYY-MM-DD` (Basic auth) → `{ documents: [...] }`, each an invoice —
// `outgoing` (ours to a client: a draft order) or `incoming` (a supplier's to us: a draft supplier receipt) — with
// its id and version (a later version rewrites the draft while it is one), the counterparty's ЄДРПОУ/ІПН and lines by
// the item's code in BAS (mapped through the name mappings, 'Зіставити').
import { optionalText } from '@/shared/contract-fields.ts';
import { documentDate } from '@/shared/document-date.ts';
import { z } from '@/shared/zod-uk.ts';
import { integrationRunRowSchema } from '@/shared/integration-run.ts';

export const basPullMessages = {
  baseUrl: 'Адреса HTTP-сервісу — https://… (http лише для локального сервера)',
  incomplete: 'Щоб увімкнути, вкажіть адресу, користувача і пароль',
  notConfigured: 'Вивантаження з BAS не налаштовано: вкажіть адресу, користувача і пароль',
  unreachable: (detail: string) => `HTTP-сервіс BAS не відповідає: ${detail}`,
  refused: (status: number) =>
    status === 401 || status === 403
      ? `HTTP-сервіс BAS відмовив у доступі (HTTP ${status}): перевірте користувача і пароль`
      : `HTTP-сервіс BAS відповів помилкою HTTP ${status}`,
  badAnswer: 'HTTP-сервіс BAS надіслав відповідь, яку не вдалося прочитати',
  testOk: (n: number) => `З'єднання є: документів за вікно дат — ${n}`,
  ran: (created: number, updated: number, waiting: number) =>
    `Створено чернеток: ${created}, оновлено: ${updated}, чекають зіставлення або контрагента: ${waiting}`,
  supplierNotFound: (taxId: string) => `Постачальника з ЄДРПОУ/ІПН ${taxId} не знайдено`,
  receiptNotDraft: (number: string) => `Прихід ${number} вже не чернетка — зміни не прийнято`,
  noWarehouse: 'Немає активного складу для приходу',
  noDocumentType: 'Немає типу документа постачальника',
  label: 'BAS / 1С: рахунки',
} as const;

const lineSchema = z.object({
  code: z.string().trim().min(1).max(100),
  name: z.string().trim().max(300).optional(),
  qty: z.string().regex(/^\d+(\.\d{1,4})?$/),
  price: z.string().regex(/^\d+(\.\d{1,6})?$/),
  vatRate: z.enum(['0', '7', '14', '20']).default('20'),
});

export const basDocumentSchema = z.object({
  kind: z.enum(['outgoing', 'incoming']),
  externalId: z.string().trim().min(1).max(100),
  version: z.number().int().min(1).max(2_000_000_000),
  date: documentDate(),
  number: optionalText(60),
  counterparty: z.object({ taxId: z.string().trim().min(8).max(12), name: optionalText(300) }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .default('UAH'),
  pricesIncludeVat: z.boolean().default(false),
  notes: optionalText(2000),
  lines: z.array(lineSchema).min(1).max(500),
});
export type BasDocument = z.output<typeof basDocumentSchema>;

export const basPullSettingsSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string().nullable(),
  username: z.string().nullable(),
  /** The password is stored sealed and never answered. */
  hasPassword: z.boolean(),
  /** Days back from today each run asks for. */
  windowDays: z.number().int(),
  everyMinutes: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  runs: z.array(integrationRunRowSchema),
});
export type BasPullSettings = z.output<typeof basPullSettingsSchema>;

export const basPullBodySchema = z.strictObject({
  enabled: z.boolean().optional(),
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (
          url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname))
        );
      } catch {
        return false;
      }
    }, basPullMessages.baseUrl)
    .nullable()
    .optional(),
  username: optionalText(200),
  password: z.string().max(200).nullable().optional(),
  windowDays: z.number().int().min(1).max(90).optional(),
});

const messageResult = z.object({ ok: z.boolean(), message: z.string() });

export const basPullSchemas = {
  basPull: { response: basPullSettingsSchema },
  saveBasPull: { body: basPullBodySchema, response: basPullSettingsSchema },
  testBasPull: { response: messageResult },
  runBasPull: { response: messageResult },
};
