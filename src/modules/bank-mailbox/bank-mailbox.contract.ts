// The bank notice pipeline's shapes (sales.md §2, reports-admin.md §17) shared by the server and /bank-email-test.
import { optionalText } from '@/shared/contract-fields.ts';
import { idParams } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { integrationRunRowSchema } from '@/shared/integration-run.ts';
import { bankMailboxMessages as m } from './bank-mailbox.messages.ts';

export const bankParserNames = ['ukrsibbank'] as const;

export const rawBodySchema = z.strictObject({
  raw: z.string({ error: m.rawRequired }).min(1, m.rawRequired).max(1_000_000, m.rawTooLong),
  parser: z.enum(bankParserNames).default('ukrsibbank'),
});

const fieldsSchema = z.object({
  status: z.enum(['parsed', 'ignored', 'failed']),
  parseError: z.string().nullable(),
  direction: z.enum(['credit', 'debit']).nullable(),
  operationDate: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  ourIban: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  counterpartyTaxId: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  purpose: z.string().nullable(),
  bankDocNumber: z.string().nullable(),
});

export const bankEmailAnalysisSchema = z.object({
  parser: z.enum(bankParserNames),
  messageId: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  externalId: z.string(),
  fields: fieldsSchema,
  warnings: z.array(z.string()),
  duplicateOf: z.object({ bankTransactionId: z.number().int(), paymentId: z.number().int().nullable() }).nullable(),
  credit: z.boolean(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  proposals: z.array(
    z.object({
      orderId: z.number().int(),
      orderNumber: z.string(),
      clientName: z.string(),
      outstanding: z.string(),
      score: z.number().int(),
      reasons: z.array(z.string()),
    }),
  ),
  wouldAutoPost: z.boolean(),
});
export type BankEmailAnalysis = z.infer<typeof bankEmailAnalysisSchema>;

export const bankEmailProcessedSchema = z.object({
  alreadyProcessed: z.boolean(),
  message: z.string(),
  bankTransactionId: z.number().int(),
  paymentId: z.number().int().nullable(),
  status: z.enum(['parsed', 'ignored', 'failed']),
  paymentStatus: z.string().nullable(),
});
export type BankEmailProcessed = z.infer<typeof bankEmailProcessedSchema>;

export const mailboxSettingsSchema = z.object({
  enabled: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int(),
  tls: z.boolean(),
  username: z.string().nullable(),
  /** The password is stored sealed and never answered. */
  hasPassword: z.boolean(),
  folder: z.string(),
  allowedSenders: z.array(z.string()),
  parser: z.enum(bankParserNames),
  pollMinutes: z.number().int(),
  lastUid: z.number().int(),
  lastPollAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The run log, newest first (integration_runs). */
  runs: z.array(integrationRunRowSchema),
});
export type MailboxSettings = z.infer<typeof mailboxSettingsSchema>;

export const mailboxSettingsBodySchema = z.strictObject({
  enabled: z.boolean().optional(),
  host: optionalText(200),
  port: z.number().int().min(1).max(65535).optional(),
  tls: z.boolean().optional(),
  username: optionalText(200),
  password: z.string().max(200).nullable().optional(),
  folder: z.string().trim().min(1).max(200).optional(),
  allowedSenders: z.array(z.string().trim().toLowerCase().email('Невірна адреса e-mail')).max(20).optional(),
  parser: z.enum(bankParserNames).optional(),
  pollMinutes: z.number().int().min(1).max(1440).optional(),
});

const messageResult = z.object({ ok: z.boolean(), message: z.string() });

export const bankMailboxSchemas = {
  parse: { body: rawBodySchema, response: bankEmailAnalysisSchema },
  process: { body: rawBodySchema, response: bankEmailProcessedSchema },
  mailbox: { response: mailboxSettingsSchema },
  saveMailbox: { body: mailboxSettingsBodySchema, response: mailboxSettingsSchema },
  testMailbox: { response: messageResult },
  pollMailbox: { response: messageResult },
  fetch: {
    body: z.strictObject({ limit: z.number().int().min(1).max(50).default(10) }).optional(),
    response: z.array(bankEmailAnalysisSchema),
  },
  summary: { response: mailboxSettingsSchema },
  reparse: {
    params: idParams,
    body: z.strictObject({ parser: z.enum(bankParserNames).default('ukrsibbank') }).optional(),
    response: bankEmailProcessedSchema,
  },
};
