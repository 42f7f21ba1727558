// The advanced reports' contract (reports-admin.md §3). The catalogue answers every report with the parameters its
// form is built from (advanced-reports.catalogue.ts); a report answers one page of rows, each a record of its
// columns' keys with exact decimals as strings (null where a value is absent). The report's own parameters are
// validated per report (paramsSchemaOf), so the route's query schema only takes short strings.
import { z } from '@/shared/zod-uk.ts';

const paramFieldSchema = z.object({
  name: z.string(),
  kind: z.enum(['date', 'period', 'reference', 'choice']),
  label: z.string(),
  route: z.string().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});

const columnSchema = z.object({
  key: z.string(),
  header: z.string(),
  kind: z.enum(['text', 'qty', 'money', 'date', 'percent']),
});

export const catalogueEntrySchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  params: z.array(paramFieldSchema),
  columns: z.array(columnSchema),
  landscape: z.boolean(),
});
export type CatalogueEntry = z.output<typeof catalogueEntrySchema>;

export const reportParamsSchema = z.object({ key: z.string().max(60) });

/** Any query keys: the report's schema checks them (a key it does not take is a 400). */
export const reportQuerySchema = z.record(z.string().max(60), z.string().max(200));

export const reportPageSchema = z.object({
  key: z.string(),
  title: z.string(),
  rows: z.array(z.record(z.string(), z.string().nullable())),
  total: z.number().int(),
  /** The total is a lower bound: the preview stopped counting there ('понад 1 000'); the download has every row. */
  capped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportPage = z.output<typeof reportPageSchema>;

export const advancedReportsSchemas = {
  catalogue: { response: z.array(catalogueEntrySchema) },
  report: { params: reportParamsSchema, query: reportQuerySchema, response: reportPageSchema },
} as const;
