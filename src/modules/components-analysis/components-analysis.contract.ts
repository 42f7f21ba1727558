// The contract of /components-analysis (reports-admin.md §8). Per component or material, for the period:
// consumption = −Σ of its ledger movements of MO issues (net of returns), assembly inputs and repair parts (never
// shipments, transfers, adjustments or audits; a reversed movement and its reversal count for nothing); avgDaily =
// consumption ÷ the period's days; available, on order and the lead time as /component-stock and /shortage read
// them; coverageDays = available ÷ avgDaily (null without consumption); reorder when coverage < the lead time;
// where-used = the active BOMs naming it; the last purchase; the price change from the first to the last receipt
// unit cost of the period; ABC by consumption value (A the first 80 %, B the next 15 %, C the rest); dead stock:
// available > 0 and no outgoing movement for `deadStockDays` days.
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { dbId, idFilter } from '@/shared/contract.ts';
import { checkReportPeriod, reportPeriodShape } from '@/shared/report-period.ts';
import { whereUsedRowSchema } from '@/modules/bom/bom.contract.ts';
import { componentsAnalysisMessages as m } from './components-analysis.messages.ts';

export const abcClasses = ['A', 'B', 'C'] as const;
export type AbcClass = (typeof abcClasses)[number];
export const DEAD_STOCK_DAYS_DEFAULT = 180;

export const componentsAnalysisQuerySchema = z
  .strictObject({
    ...reportPeriodShape,
    categoryId: idFilter(),
    supplierId: idFilter(),
    abc: z.enum(abcClasses, { error: m.abc }).optional(),
    deadOnly: z.enum(['true', 'false'], { error: m.deadOnly }).optional(),
    format: z.enum(['csv', 'xlsx']).optional(),
    /** The table's page (a download has every row). */
    page: listQueryShape.page,
    limit: listQueryShape.limit,
  })
  .superRefine(checkReportPeriod);
export type ComponentsAnalysisQuery = z.output<typeof componentsAnalysisQuerySchema>;

export const componentRowSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  consumptionQty: z.string(),
  consumptionValue: z.string(),
  avgDaily: z.string(),
  available: z.string(),
  onOrder: z.string(),
  leadTimeDays: z.number().int(),
  /** available ÷ avgDaily, 1 decimal; null without consumption. */
  coverageDays: z.string().nullable(),
  reorder: z.boolean(),
  whereUsed: z.number().int(),
  lastPrice: z.string().nullable(),
  lastPurchaseDate: z.string().nullable(),
  lastSupplierName: z.string().nullable(),
  /** (last − first receipt unit cost of the period) ÷ first × 100; null without a receipt in the period. */
  priceChange: z.string().nullable(),
  abc: z.enum(abcClasses),
  /** The day of its last outgoing movement other than a transfer (null: none ever). */
  lastOutgoing: z.string().nullable(),
  dead: z.boolean(),
});
export type ComponentRow = z.output<typeof componentRowSchema>;

export const componentsAnalysisSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  deadStockDays: z.number().int(),
  totals: z.object({
    consumptionValue: z.string(),
    reorderCount: z.number().int(),
    deadCount: z.number().int(),
  }),
  rows: z.array(componentRowSchema),
  /** Rows of the whole filter; `rows` is the asked page of them. */
  total: z.number().int(),
});
export type ComponentsAnalysis = z.output<typeof componentsAnalysisSchema>;

export const componentDetailQuerySchema = z.strictObject({ ...reportPeriodShape }).superRefine(checkReportPeriod);

export const componentDetailSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  months: z.array(z.object({ month: z.string(), qty: z.string(), value: z.string() })),
  prices: z.array(
    z.object({
      supplierId: z.number().int().nullable(),
      supplierName: z.string().nullable(),
      date: z.string(),
      qty: z.string(),
      unitCost: z.string(),
    }),
  ),
  whereUsed: z.array(whereUsedRowSchema),
});
export type ComponentDetail = z.output<typeof componentDetailSchema>;

const itemParams = z.strictObject({ itemId: dbId() });

export const componentsAnalysisSchemas = {
  list: { query: componentsAnalysisQuerySchema, response: componentsAnalysisSchema },
  detail: { params: itemParams, query: componentDetailQuerySchema, response: componentDetailSchema },
} as const;
