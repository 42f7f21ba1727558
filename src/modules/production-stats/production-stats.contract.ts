// Production statistics (production.md §13): every figure is an aggregate of posted facts — MOO outputs, scrap
// booked on MO operations, MO completions and due dates — by period, category, item and department. Quantities and
// money are exact decimals as strings; a rate is a percent with 2 decimals, or null when it has no base.
import { z } from '@/shared/zod-uk.ts';
import { idFilter } from '@/shared/contract.ts';
import { checkReportPeriod, reportPeriodShape } from '@/shared/report-period.ts';

export const statsGranularities = ['day', 'week', 'month'] as const;
export type StatsGranularity = (typeof statsGranularities)[number];
export const statsFormats = ['csv', 'xlsx'] as const;

const filterShape = {
  ...reportPeriodShape,
  categoryId: idFilter(),
  itemId: idFilter(),
  departmentId: idFilter(),
  /** A download of the same figures instead of JSON. */
  format: z.enum(statsFormats).optional(),
};

export const statsQuerySchema = z.strictObject(filterShape).superRefine(checkReportPeriod);
export type StatsQuery = z.output<typeof statsQuerySchema>;
export const statsPeriodQuerySchema = z
  .strictObject({ ...filterShape, granularity: z.enum(statsGranularities).optional().default('day') })
  .superRefine(checkReportPeriod);
export type StatsPeriodQuery = z.output<typeof statsPeriodQuerySchema>;

/** The figures of §13 for one bucket (the whole period, a day/week/month, a category, an item, a department). */
export const statsFiguresSchema = z.object({
  /** Σ good qty of posted MOO documents dated in the bucket. */
  producedQty: z.string(),
  /** Σ their value (material + conversion), UAH. */
  producedValue: z.string(),
  /** Σ scrap booked on MO operations: a unit once, at the operation where it was lost. */
  scrapQty: z.string(),
  /** scrap ÷ (produced + scrap) × 100. */
  scrapRate: z.string().nullable(),
  completedMOs: z.number().int(),
  /** The share of completed MOs with a due date completed on or before it, × 100. */
  onTimeRate: z.string().nullable(),
  /** The mean of completedAt − releasedAt, in days. */
  avgLeadTimeDays: z.string().nullable(),
  /** Σ produced ÷ Σ planned qty of the MOs due in the bucket, × 100. */
  planAdherence: z.string().nullable(),
});
export type StatsFigures = z.output<typeof statsFiguresSchema>;

export const statsSummarySchema = statsFiguresSchema.extend({ from: z.string(), to: z.string() });
export type StatsSummary = z.output<typeof statsSummarySchema>;

export const statsPeriodRowSchema = statsFiguresSchema.extend({
  /** The first day of the bucket (YYYY-MM-DD; a week starts on Monday). */
  period: z.string(),
});
export type StatsPeriodRow = z.output<typeof statsPeriodRowSchema>;

export const statsCategoryRowSchema = statsFiguresSchema.extend({
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
});
export type StatsCategoryRow = z.output<typeof statsCategoryRowSchema>;

export const statsItemRowSchema = statsFiguresSchema.extend({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
});
export type StatsItemRow = z.output<typeof statsItemRowSchema>;

export const statsDepartmentRowSchema = statsFiguresSchema.extend({
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
});
export type StatsDepartmentRow = z.output<typeof statsDepartmentRowSchema>;

export const productionStatsSchemas = {
  summary: { query: statsQuerySchema, response: statsSummarySchema },
  byPeriod: { query: statsPeriodQuerySchema, response: z.array(statsPeriodRowSchema) },
  byCategory: { query: statsQuerySchema, response: z.array(statsCategoryRowSchema) },
  byItem: { query: statsQuerySchema, response: z.array(statsItemRowSchema) },
  byDepartment: { query: statsQuerySchema, response: z.array(statsDepartmentRowSchema) },
};
