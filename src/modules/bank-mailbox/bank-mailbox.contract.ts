// The bank notice pipeline's shapes (sales.md §2, reports-admin.md §17) shared by the server and /bank-email-test.
import { idParams } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
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

export const bankMailboxSchemas = {
  parse: { body: rawBodySchema, response: bankEmailAnalysisSchema },
  process: { body: rawBodySchema, response: bankEmailProcessedSchema },
  reparse: {
    params: idParams,
    body: z.strictObject({ parser: z.enum(bankParserNames).default('ukrsibbank') }).optional(),
    response: bankEmailProcessedSchema,
  },
};
