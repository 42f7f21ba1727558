// The shapes of /api/currency-rates and the NBU card (reports-admin.md §15 'NBU rates', §18), shared by the server
// and the page. A rate is UAH per 1 unit, an exact decimal string with 6 decimals; dates are Kyiv days YYYY-MM-DD.
import { decimalText } from '@/shared/contract-fields.ts';
import { idParams } from '@/shared/contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { z } from '@/shared/zod-uk.ts';
import { integrationRunRowSchema } from '@/shared/integration-run.ts';
import { currencyRatesMessages as m } from './currency-rates.messages.ts';

/** At most this many days in one 'Завантажити за період' and in one view of the table. */
export const MAX_RATE_DAYS = 366;

const code = z
  .string({ error: m.currency })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, m.currency);
const rateText = decimalText(6, { decimal: m.rate, positive: m.rate }, { intDigits: 12, positive: true });

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

function checkSpan(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  if (q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Початок періоду не може бути пізніше за його кінець' });
  else if (daysBetween(q.from, q.to) > MAX_RATE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: m.span });
}

export const rateSchema = z.object({
  id: z.number().int(),
  currencyCode: z.string(),
  date: z.string(),
  rate: z.string(),
  source: z.enum(['nbu', 'manual']),
  fetchedAt: z.string().nullable(),
  version: z.number().int(),
});
export type Rate = z.infer<typeof rateSchema>;

export const rateListQuerySchema = z
  .strictObject({
    currency: code.optional(),
    from: documentDate().optional(),
    to: documentDate().optional(),
  })
  .superRefine(checkSpan);
export type RateListQuery = z.output<typeof rateListQuerySchema>;

export const rateListSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The currencies with rates (the non-base ones of the directory), in code order. */
  currencies: z.array(z.object({ code: z.string(), name: z.string(), autoRates: z.boolean() })),
  /** Newest day first, then by code. */
  rates: z.array(rateSchema),
});
export type RateList = z.infer<typeof rateListSchema>;

export const rateCreateSchema = z.strictObject({ currencyCode: code, date: documentDate(), rate: rateText });
export const rateUpdateSchema = z.strictObject({ rate: rateText, version: z.number().int().min(1) });

export const rateFetchSchema = z
  .strictObject({
    date: documentDate().optional(),
    from: documentDate().optional(),
    to: documentDate().optional(),
    /** An NBU rate replaces a manual one only when asked (§18 'Manual rates'). */
    overwriteManual: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    const single = q.date !== undefined;
    const period = q.from !== undefined && q.to !== undefined;
    if (single === period || (!single && (q.from === undefined) !== (q.to === undefined))) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: m.fetchBody });
    }
    checkSpan(q, ctx);
  });
export type RateFetchInput = z.output<typeof rateFetchSchema>;

export const rateFetchResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  days: z.number().int(),
  stored: z.number().int(),
  keptManual: z.number().int(),
  failedDays: z.array(z.string()),
});
export type RateFetchResult = z.infer<typeof rateFetchResultSchema>;

export const convertQuerySchema = z.strictObject({
  amount: decimalText(2, { decimal: m.amount }, { intDigits: 13 }),
  from: code,
  to: code,
  date: documentDate(),
});
export type ConvertQuery = z.output<typeof convertQuerySchema>;

const usedRate = z.object({ code: z.string(), rate: z.string(), date: z.string().nullable() });
export const convertResultSchema = z.object({
  amount: z.string(),
  from: usedRate,
  to: usedRate,
  date: z.string(),
  /** amount × from.rate ÷ to.rate, to the kopeck (2 decimals, half away from zero). */
  result: z.string(),
});
export type ConvertResult = z.infer<typeof convertResultSchema>;

export const nbuSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Kyiv times of the daily fetch: 16:30 for the next day's rate, 09:00 the catch-up for today. */
  runTimes: z.array(z.string()),
  currencies: z.array(z.string()),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  failuresInARow: z.number().int(),
  runs: z.array(integrationRunRowSchema),
});
export type NbuSettings = z.infer<typeof nbuSettingsSchema>;

const messageResult = z.object({ ok: z.boolean(), message: z.string() });

export const currencyRatesSchemas = {
  list: { query: rateListQuerySchema, response: rateListSchema },
  create: { body: rateCreateSchema, response: rateSchema },
  update: { params: idParams, body: rateUpdateSchema, response: rateSchema },
  fetch: { body: rateFetchSchema, response: rateFetchResultSchema },
  convert: { query: convertQuerySchema, response: convertResultSchema },
  nbu: { response: nbuSettingsSchema },
  saveNbu: { body: z.strictObject({ enabled: z.boolean() }), response: nbuSettingsSchema },
  testNbu: { response: messageResult },
  runNbu: { response: rateFetchResultSchema },
  backfillNbu: { body: rateFetchSchema, response: rateFetchResultSchema },
};
