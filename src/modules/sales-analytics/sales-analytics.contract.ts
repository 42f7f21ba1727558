// The contract of /sales-analytics and /sales-analytics-products (reports-admin.md §5, §6). Every figure is an
// aggregate of the fact layer's sale facts (a line of a posted shipment, revenue net of VAT in UAH) and booking facts;
// money is a 2-decimal string, a quantity a 4-decimal string, a percent 2 decimals or null where its base is 0.
//
// - orders: the distinct orders with sale facts in the period; average order = revenue ÷ orders;
// - growth % = (current − previous) ÷ |previous| × 100 for the same-length period just before;
// - ABC by revenue (clients, items): sorted by revenue, a row whose cumulative share is ≤ 80 % is A (the first row
//   always is), ≤ 95 % B, the rest C;
// - clients: new — the first sale fact ever falls in the period; returning — sales in the period and before it;
//   dormant — sales before, none in the 180 days up to the period's end;
// - XYZ by demand stability over the 12 calendar months ending with the period's end: CV = standard deviation ÷ mean
//   of the monthly quantity (zero months included): X < 0.5, Y < 1.0, Z ≥ 1.0; no quantity at all — no class.
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { dbId, idFilter } from '@/shared/contract.ts';
import { checkReportPeriod } from '@/shared/report-period.ts';
import { salesFilterShape } from '@/modules/reports/reports.contract.ts';
import { salesAnalyticsMessages as m } from './sales-analytics.messages.ts';

export const abcClasses = ['A', 'B', 'C'] as const;
export type AbcClass = (typeof abcClasses)[number];
export const xyzClasses = ['X', 'Y', 'Z'] as const;
export type XyzClass = (typeof xyzClasses)[number];
export const granularities = ['day', 'week', 'month'] as const;

const { itemId: _itemId, ...filterShape } = salesFilterShape;
const paging = { page: listQueryShape.page, limit: listQueryShape.limit };

export const salesQuerySchema = z.strictObject(filterShape).superRefine(checkReportPeriod);
export type SalesQuery = z.output<typeof salesQuerySchema>;

export const salesPagedQuerySchema = z.strictObject({ ...filterShape, ...paging }).superRefine(checkReportPeriod);
export type SalesPagedQuery = z.output<typeof salesPagedQuerySchema>;

export const salesByPeriodQuerySchema = z
  .strictObject({ ...filterShape, granularity: z.enum(granularities, { error: m.granularity }).default('month') })
  .superRefine(checkReportPeriod);
export type SalesByPeriodQuery = z.output<typeof salesByPeriodQuerySchema>;

const figure = z.object({
  current: z.string().nullable(),
  previous: z.string().nullable(),
  /** null when previous is 0 or either is null. */
  growthPercent: z.string().nullable(),
});
export type SalesFigure = z.output<typeof figure>;

export const salesSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  revenue: figure,
  qty: figure,
  orders: figure,
  averageOrder: figure,
  bookingsCount: figure,
  bookingsValue: figure,
  clients: z.object({
    active: z.number().int(),
    new: z.number().int(),
    returning: z.number().int(),
    dormant: z.number().int(),
  }),
});
export type SalesSummary = z.output<typeof salesSummarySchema>;

const sums = {
  revenue: z.string(),
  qty: z.string(),
  orders: z.number().int(),
  /** revenue ÷ orders; null without orders. */
  averageOrder: z.string().nullable(),
  /** Of the period's revenue, 2 decimals; null when it is 0. */
  sharePercent: z.string().nullable(),
};

export const salesPeriodRowSchema = z.object({ period: z.string(), ...sums });
export const salesClientRowSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  ...sums,
  firstSaleDate: z.string(),
  status: z.enum(['new', 'returning']),
  abcClass: z.enum(abcClasses),
});
export type SalesClientRow = z.output<typeof salesClientRowSchema>;
export const salesCategoryRowSchema = z.object({ categoryId: z.number().int().nullable(), name: z.string(), ...sums });
export const salesManagerRowSchema = z.object({ userId: z.number().int().nullable(), name: z.string(), ...sums });

const pagedOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });

export const abcClientsSchema = z.object({
  classes: z.array(
    z.object({
      abcClass: z.enum(abcClasses),
      clients: z.number().int(),
      revenue: z.string(),
      sharePercent: z.string().nullable(),
    }),
  ),
  rows: z.array(
    z.object({
      clientId: z.number().int(),
      name: z.string(),
      revenue: z.string(),
      cumulativePercent: z.string().nullable(),
      abcClass: z.enum(abcClasses),
    }),
  ),
  total: z.number().int(),
});
export type AbcClients = z.output<typeof abcClientsSchema>;

export const salesProductSorts = [
  'revenue',
  '-revenue',
  'qty',
  '-qty',
  'name',
  '-name',
  'lastSale',
  '-lastSale',
] as const;

export const salesProductsQuerySchema = z
  .strictObject({
    from: salesFilterShape.from,
    to: salesFilterShape.to,
    categoryId: idFilter(),
    clientId: idFilter(),
    search: listQueryShape.search,
    /** 'Показати без продажів': items of the filter with no sale in the period too, with zeros. */
    withoutSales: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    sort: z.enum(salesProductSorts, { error: m.sort }).default('-revenue'),
    format: z.enum(['csv', 'xlsx']).optional(),
    ...paging,
  })
  .superRefine(checkReportPeriod);
export type SalesProductsQuery = z.output<typeof salesProductsQuerySchema>;

export const salesProductRowSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  qty: z.string(),
  revenue: z.string(),
  sharePercent: z.string().nullable(),
  /** revenue ÷ qty, 2 decimals; null without quantity. */
  averagePrice: z.string().nullable(),
  clients: z.number().int(),
  /** The last sale up to the period's end (any time before it too); null: never sold. */
  lastSaleDate: z.string().nullable(),
  /** Quantity per month, the 12 months ending with the period's end, oldest first. */
  trend: z.array(z.string()),
  abcClass: z.enum(abcClasses).nullable(),
  xyzClass: z.enum(xyzClasses).nullable(),
  /** The coefficient of variation, 2 decimals (display only; the class is decided exactly). */
  cv: z.string().nullable(),
});
export type SalesProductRow = z.output<typeof salesProductRowSchema>;

export const salesProductsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The 12 months of `trend`, their first days. */
  months: z.array(z.string()),
  totals: z.object({ qty: z.string(), revenue: z.string(), items: z.number().int() }),
  rows: z.array(salesProductRowSchema),
  total: z.number().int(),
});
export type SalesProducts = z.output<typeof salesProductsSchema>;

export const salesItemTrendSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  months: z.array(z.object({ month: z.string(), qty: z.string(), revenue: z.string() })),
});
export type SalesItemTrend = z.output<typeof salesItemTrendSchema>;

export const salesAnalyticsSchemas = {
  summary: { query: salesQuerySchema, response: salesSummarySchema },
  byPeriod: { query: salesByPeriodQuerySchema, response: z.array(salesPeriodRowSchema) },
  byClient: { query: salesPagedQuerySchema, response: pagedOf(salesClientRowSchema) },
  byCategory: { query: salesQuerySchema, response: z.array(salesCategoryRowSchema) },
  byManager: { query: salesQuerySchema, response: z.array(salesManagerRowSchema) },
  abcClients: { query: salesPagedQuerySchema, response: abcClientsSchema },
  products: { query: salesProductsQuerySchema, response: salesProductsSchema },
  productTrend: {
    params: z.strictObject({ itemId: dbId() }),
    query: z.strictObject({
      months: z.coerce
        .number({ error: m.months })
        .int(m.months)
        .min(1, m.months)
        .max(36, m.months)
        .optional()
        .default(12),
    }),
    response: salesItemTrendSchema,
  },
};
