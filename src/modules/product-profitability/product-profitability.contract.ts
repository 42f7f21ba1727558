// The contract of /product-profitability (reports-admin.md §7). Sales figures come from the fact layer's sale facts
// (the reports module): per item qty, revenue, COGS, gross profit and margin; the actual average unit cost is COGS ÷
// qty, the average price revenue ÷ qty. The planned unit cost and the planned margin at the current price are the
// live /costing row of a made item (null for an item that is not made here). 'Збиткова': margin < 0; 'Нижче цілі':
// the planned margin below the target markup (the markup /costing applies: the category's, else its setting).
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { dbId } from '@/shared/contract.ts';
import { checkReportPeriod } from '@/shared/report-period.ts';
import { saleFiguresSchema, salesFilterShape } from '@/modules/reports/reports.contract.ts';
import { productProfitabilityMessages as m } from './product-profitability.messages.ts';

export const marginBuckets = ['negative', '0-10', '10-20', '20-30', '30+'] as const;
export type MarginBucket = (typeof marginBuckets)[number];
export const profitabilityFlags = ['loss', 'belowTarget'] as const;

export const productProfitabilityQuerySchema = z
  .strictObject({
    ...salesFilterShape,
    /** Only the rows carrying this flag. */
    flag: z.enum(profitabilityFlags, { error: m.flag }).optional(),
    format: z.enum(['csv', 'xlsx']).optional(),
    /** The table's page (a download has every row). */
    page: listQueryShape.page,
    limit: listQueryShape.limit,
  })
  .superRefine(checkReportPeriod);
export type ProductProfitabilityQuery = z.output<typeof productProfitabilityQuerySchema>;

export const productRowSchema = saleFiguresSchema.extend({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** COGS ÷ qty, 2 decimals; null without quantity. */
  avgUnitCost: z.string().nullable(),
  /** revenue ÷ qty, 2 decimals; null without quantity. */
  avgPrice: z.string().nullable(),
  /** The /costing planned unit cost today; null when the item is not made here. */
  plannedUnitCost: z.string().nullable(),
  /** The item's current retail price. */
  retailPrice: z.string().nullable(),
  /** (price − planned unit cost) ÷ price × 100; null without a planned cost or a price. */
  plannedMargin: z.string().nullable(),
  /** The markup /costing aims at for the item. */
  targetMarkup: z.string().nullable(),
  loss: z.boolean(),
  belowTarget: z.boolean(),
});
export type ProductRow = z.output<typeof productRowSchema>;

export const productProfitabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: saleFiguresSchema,
  rows: z.array(productRowSchema),
  /** How many items fall in each margin bucket (items with revenue only). */
  distribution: z.array(z.object({ bucket: z.enum(marginBuckets), count: z.number().int() })),
  /** Rows of the whole filter; `rows` is the asked page of them. */
  total: z.number().int(),
});
export type ProductProfitability = z.output<typeof productProfitabilitySchema>;

export const productTopQuerySchema = z
  .strictObject({
    ...salesFilterShape,
    limit: z.coerce.number({ error: m.limit }).int(m.limit).min(1, m.limit).max(100, m.limit).optional().default(10),
  })
  .superRefine(checkReportPeriod);

export const productTopRowSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  revenue: z.string(),
  grossProfit: z.string(),
  margin: z.string().nullable(),
});

export const productTrendQuerySchema = z.strictObject({
  months: z.coerce.number({ error: m.months }).int(m.months).min(1, m.months).max(36, m.months).optional().default(12),
});

export const productTrendSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  months: z.array(saleFiguresSchema.extend({ month: z.string() })),
});
export type ProductTrend = z.output<typeof productTrendSchema>;

const itemParams = z.strictObject({ itemId: dbId() });

export const productProfitabilitySchemas = {
  list: { query: productProfitabilityQuerySchema, response: productProfitabilitySchema },
  top: { query: productTopQuerySchema, response: z.array(productTopRowSchema) },
  trend: { params: itemParams, query: productTrendQuerySchema, response: productTrendSchema },
} as const;
