// E-mail settings (reports-admin.md §13) shared by the server and the page: the SMTP settings (the password
// write-only), the test letter and the outbox.
import { optionalText } from '@/shared/contract-fields.ts';
import { idParams } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { emailSettingsMessages as m, emailTransports, smtpSecurities } from './email-settings.messages.ts';

const emailText = z.string().trim().max(254).email(m.email);

export const emailSettingsSchema = z.object({
  host: z.string().nullable(),
  port: z.number().int(),
  security: z.enum(smtpSecurities),
  username: z.string().nullable(),
  /** The password is stored sealed and never answered. */
  hasPassword: z.boolean(),
  fromEmail: z.string().nullable(),
  fromName: z.string().nullable(),
  replyTo: z.string().nullable(),
  isActive: z.boolean(),
  /** Which transport sends now: these settings, SMTP_URL, or the log only. */
  transport: z.enum(emailTransports),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** `PATCH /api/email-settings`: absent keeps a value; `password: null` clears the stored one. */
export const emailSettingsBodySchema = z.strictObject({
  host: optionalText(200),
  port: z.number({ error: m.port }).int(m.port).min(1, m.port).max(65535, m.port).optional(),
  security: z.enum(smtpSecurities).optional(),
  username: optionalText(200),
  password: z.string().max(200, m.passwordLength).nullable().optional(),
  fromEmail: emailText
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  fromName: optionalText(200),
  replyTo: emailText
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  isActive: z.boolean().optional(),
});
export type EmailSettingsInput = z.input<typeof emailSettingsBodySchema>;

export const emailTestBodySchema = z.strictObject({ to: emailText });
export const emailTestResultSchema = z.object({ ok: z.boolean(), message: z.string(), outboxId: z.number().int() });
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

export const outboxRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'logged']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  eventKey: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

export const emailSettingsSchemas = {
  get: { response: emailSettingsSchema },
  update: { body: emailSettingsBodySchema, response: emailSettingsSchema },
  test: { body: emailTestBodySchema, response: emailTestResultSchema },
  outbox: { response: z.array(outboxRowSchema) },
  retry: { params: idParams, response: outboxRowSchema },
};
