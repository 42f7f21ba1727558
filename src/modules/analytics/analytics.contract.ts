// The analytics contract (reports-admin.md §4): the period's tiles against the same-length period before it, and the
// trends of the last months. Every figure comes from the reports' fact layer (reports/server/facts*.ts) and the
// payments' receivables, so it equals /reports and the receivables report for the same period. Money is an exact
// decimal string with 2 decimals; a percent has 2 decimals, or is null where its base is 0.
import { z } from '@/shared/zod-uk.ts';
import { idFilter } from '@/shared/contract.ts';
import { checkReportPeriod, reportPeriodShape } from '@/shared/report-period.ts';
import { analyticsMessages as m } from './analytics.messages.ts';

export const tileKeys = [
  'revenue',
  'grossProfit',
  'margin',
  'cashReceived',
  'receivables',
  'stockValue',
  'outputValue',
  'bookingsCount',
  'bookingsValue',
  'averageBooking',
  'leadTimeDays',
] as const;
export type TileKey = (typeof tileKeys)[number];

/** The filters the analytics take: a company and a client, on the figures whose facts carry them. */
const filterShape = { companyId: idFilter(), clientId: idFilter() };

export const overviewQuerySchema = z
  .strictObject({ ...reportPeriodShape, ...filterShape })
  .superRefine(checkReportPeriod);
export type OverviewQuery = z.output<typeof overviewQuerySchema>;

export const tileSchema = z.object({
  /** The period's figure (money 2 decimals, a count an integer, days 1 decimal); null: not defined (see below). */
  current: z.string().nullable(),
  previous: z.string().nullable(),
  /** (current − previous) ÷ |previous| × 100, 2 decimals; null when previous is 0 or either is null. */
  changePercent: z.string().nullable(),
  /**
   * False when a filter is set that the tile's fact does not carry (stock and output have no company or client,
   * receivables no company): then current and previous are null rather than a wrong, unfiltered figure.
   */
  filtered: z.boolean(),
});
export type Tile = z.output<typeof tileSchema>;

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  tiles: z.object(Object.fromEntries(tileKeys.map((key) => [key, tileSchema])) as Record<TileKey, typeof tileSchema>),
});
export type Overview = z.output<typeof overviewSchema>;

export const trendsQuerySchema = z.strictObject({
  months: z.coerce.number({ error: m.months }).int(m.months).min(1, m.months).max(36, m.months).optional().default(12),
  ...filterShape,
});
export type TrendsQuery = z.output<typeof trendsQuerySchema>;

export const trendMonthSchema = z.object({
  /** The month's first day, YYYY-MM-01. */
  month: z.string(),
  revenue: z.string(),
  grossProfit: z.string(),
  cashIn: z.string(),
  /** The stock value at the month's last day; null under a company or client filter. */
  stockValue: z.string().nullable(),
});
export type TrendMonth = z.output<typeof trendMonthSchema>;

export const agingSchema = z.object({
  days0to30: z.string(),
  days31to60: z.string(),
  days61to90: z.string(),
  over90: z.string(),
});

export const trendsSchema = z.object({
  /** The months up to the current Kyiv month, oldest first, 0 where nothing happened. */
  months: z.array(trendMonthSchema),
  /** The receivables aging today (Kyiv); null under a company filter (receivables carry no company). */
  aging: agingSchema.nullable(),
  asOf: z.string(),
});
export type Trends = z.output<typeof trendsSchema>;

export const analyticsSchemas = {
  overview: { query: overviewQuerySchema, response: overviewSchema },
  trends: { query: trendsQuerySchema, response: trendsSchema },
} as const;
