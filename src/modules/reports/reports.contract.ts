// The reports' contract (reports-admin.md §0, §2). Every figure comes from the fact layer (server/facts.ts): a sale
// is a line of a posted shipment, dated by the shipment's date; revenue is its net amount in UAH (× the order's rate),
// COGS the value its ledger movement took out. Money is an exact decimal string with 2 decimals; a margin is a
// percent with 2 decimals, or null where revenue is 0.
import { z } from '@/shared/zod-uk.ts';
import { idFilter } from '@/shared/contract.ts';
import { checkReportPeriod, reportPeriodShape } from '@/shared/report-period.ts';
import { reportsMessages as m } from './reports.messages.ts';

export const profitabilityGroups = ['month', 'company', 'category', 'client', 'item'] as const;
export type ProfitabilityGroup = (typeof profitabilityGroups)[number];
export const ROWS_DEFAULT_LIMIT = 100;
export const ROWS_MAX_LIMIT = 500;

/** The sales dimensions every report filter takes where its fact carries them (§0 'Common filters'). */
export const salesFilterShape = {
  ...reportPeriodShape,
  companyId: idFilter(),
  clientId: idFilter(),
  categoryId: idFilter(),
  itemId: idFilter(),
  managerUserId: idFilter(),
};

export const profitabilityQuerySchema = z
  .strictObject({
    ...salesFilterShape,
    groupBy: z.enum(profitabilityGroups, { error: m.groupBy }).optional().default('month'),
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    limit: z.coerce.number().int().min(1).max(ROWS_MAX_LIMIT).optional(),
    /** The table of rows as a download instead of JSON (every row, not a page). */
    format: z.enum(['csv', 'xlsx']).optional(),
  })
  .superRefine(checkReportPeriod);
export type ProfitabilityQuery = z.output<typeof profitabilityQuerySchema>;

export const saleFiguresSchema = z.object({
  qty: z.string(),
  revenue: z.string(),
  cogs: z.string(),
  grossProfit: z.string(),
  /** grossProfit ÷ revenue × 100, 2 decimals; null when revenue is 0. */
  margin: z.string().nullable(),
});
export type SaleFigures = z.output<typeof saleFiguresSchema>;

export const profitabilityTotalsSchema = saleFiguresSchema.extend({
  /**
   * The figures that do not carry a client, company or manager: null while such a filter is set (they cannot be
   * split by it), else Σ write-offs, Σ unabsorbed cost of MOs completed in the period, Σ warranty repairs' cost.
   */
  writeOffs: z.string().nullable(),
  productionVariances: z.string().nullable(),
  warrantyCost: z.string().nullable(),
  /** grossProfit − writeOffs − productionVariances − warrantyCost: 'Результат до постійних витрат'. */
  operatingResult: z.string().nullable(),
});
export type ProfitabilityTotals = z.output<typeof profitabilityTotalsSchema>;

export const profitabilityRowSchema = saleFiguresSchema.extend({
  /** The group's id (a month's first day for `month`; null for sales without the dimension). */
  key: z.union([z.number().int(), z.string()]).nullable(),
  label: z.string(),
  /** An item's SKU (groupBy=item). */
  sku: z.string().nullable(),
});
export type ProfitabilityRow = z.output<typeof profitabilityRowSchema>;

export const topRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  revenue: z.string(),
  grossProfit: z.string(),
});
export type TopRow = z.output<typeof topRowSchema>;

export const profitabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(profitabilityGroups),
  totals: profitabilityTotalsSchema,
  rows: z.array(profitabilityRowSchema),
  /** How many groups there are in all (rows is one page of them). */
  rowsTotal: z.number().int(),
  /** The months of the period, each with its figures (zero where nothing sold): the chart. */
  months: z.array(saleFiguresSchema.extend({ month: z.string() })),
  topClients: z.array(topRowSchema),
  topItems: z.array(topRowSchema),
});
export type Profitability = z.output<typeof profitabilitySchema>;

export const reportsSchemas = {
  profitability: { query: profitabilityQuerySchema, response: profitabilitySchema },
} as const;
