// Costing ('Калькуляція собівартості', production.md §9): the planned unit cost of each made item — material through
// the BOM roll-up, labour and overhead from the tech card — against its price, the suggested price, the actual
// average of the last completed MOs, the saved snapshots, the price applied and the page's settings.
import { dbId, idFilter } from '@/shared/contract.ts';
import { decimalText } from '@/shared/contract-fields.ts';
import { versionStamp } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { costingMessages as m } from './costing.messages.ts';

export const COSTING_DEFAULT_MARKUP = '20.00';
/** How many of the latest completed MOs the actual average takes. */
export const ACTUAL_MO_COUNT = 5;

const signedPercent = z
  .string({ error: m.percent })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^-?\d{1,6}(\.\d{1,2})?$/.test(v), m.percent);

export const costingSortFields = [
  'name',
  'sku',
  'material',
  'labour',
  'overhead',
  'total',
  'retailPrice',
  'marginPercent',
  'suggestedPrice',
  'actual',
  'deviationPercent',
] as const;
export type CostingSortField = (typeof costingSortFields)[number];

export const costingFilterShape = {
  categoryId: idFilter(),
  /** Only the rows whose margin is below N % (no price counts as below). */
  belowMarginPercent: signedPercent.optional(),
};
export const costingListQuerySchema = z.strictObject({ ...listQueryShape, ...costingFilterShape });
export type CostingListQuery = z.output<typeof costingListQuerySchema>;
export const costingExportQuerySchema = z.strictObject({
  ...costingFilterShape,
  search: listQueryShape.search,
  sort: listQueryShape.sort,
  format: z.enum(['csv', 'xlsx']).optional().default('xlsx'),
});

/** The planned figures of one unit and what they are against: the price, margins, the suggested and actual price. */
const figuresShape = {
  /** UAH per unit, 2 decimals. */
  material: z.string(),
  labour: z.string(),
  overhead: z.string(),
  total: z.string(),
  /** The item's retail price (2 decimals), or null. */
  retailPrice: z.string().nullable(),
  /** (price − total) ÷ price × 100; null without a price. */
  marginPercent: z.string().nullable(),
  /** (price − total) ÷ total × 100; null without a price or a cost. */
  markupPercent: z.string().nullable(),
  /** The markup the suggested price takes: the category's, else the setting. */
  appliedMarkupPercent: z.string(),
  suggestedPrice: z.string(),
  /** The average actualUnitCost of the last completed MOs (2 decimals), or null. */
  actual: z.string().nullable(),
  actualCount: z.number().int(),
  /** (actual − total) ÷ total × 100, or null. */
  deviationPercent: z.string().nullable(),
  /** Components without any price (counted as 0). */
  noPriceCount: z.number().int(),
};

export const costingRowSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  unitShortName: z.string().nullable(),
  recipeId: z.number().int().nullable(),
  recipeName: z.string().nullable(),
  /** The quantity the per-unit figures were computed for: the recipe's batch size, else 1. */
  qty: z.string(),
  ...figuresShape,
});
export type CostingRow = z.infer<typeof costingRowSchema>;

export const costingBreakdownQuerySchema = z.strictObject({
  recipeId: idFilter(),
  qty: decimalText(4, { decimal: m.qty, positive: m.qty }, { positive: true, intDigits: 14 }).optional(),
});

export const costingLineSchema = z.object({
  /** Its place in the tree ('3', '3.7'); the parent's key is the part before the last dot. */
  key: z.string(),
  depth: z.number().int(),
  bomLineId: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  /** Effective quantity per unit of its parent — the costed item, or the made component above it (scrap included). */
  qtyPerUnit: z.string(),
  unitCost: z.string(),
  /** qtyPerUnit × unitCost, 2 decimals. */
  lineCost: z.string(),
  /** 'avg' | 'last_price' | 'planned' | 'none'. */
  source: z.string(),
});
export type CostingLine = z.infer<typeof costingLineSchema>;

export const costingOperationSchema = z.object({
  seq: z.number().int(),
  name: z.string(),
  departmentName: z.string().nullable(),
  positionName: z.string().nullable(),
  /** Minutes for the quantity. */
  minutes: z.string(),
  labourRate: z.string().nullable(),
  overheadRate: z.string().nullable(),
  labour: z.string(),
  overhead: z.string(),
});
export type CostingOperation = z.infer<typeof costingOperationSchema>;

export const costingBreakdownSchema = z.object({
  row: costingRowSchema,
  /** The item's updatedAt: the version 'Застосувати ціну' sends. */
  version: z.string(),
  spec: z.object({
    source: z.string(),
    bomId: z.number().int(),
    bomName: z.string(),
    techCardId: z.number().int().nullable(),
    techCardName: z.string().nullable(),
  }),
  recipes: z.array(z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() })),
  /** For the quantity (`row.qty`): the figures before dividing by it. */
  forQty: z.object({ material: z.string(), labour: z.string(), overhead: z.string(), total: z.string() }),
  minutes: z.string(),
  lines: z.array(costingLineSchema),
  operations: z.array(costingOperationSchema),
});
export type CostingBreakdown = z.infer<typeof costingBreakdownSchema>;

export const costSnapshotSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  recipeId: z.number().int().nullable(),
  recipeName: z.string().nullable(),
  qty: z.string(),
  material: z.string(),
  labour: z.string(),
  overhead: z.string(),
  total: z.string(),
  retailPrice: z.string().nullable(),
  suggestedPrice: z.string(),
  markupPercent: z.string(),
  calculatedAt: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
});
export type CostSnapshot = z.infer<typeof costSnapshotSchema>;

export const createSnapshotSchema = z.strictObject({
  recipeId: dbId().nullable().optional(),
  qty: costingBreakdownQuerySchema.shape.qty,
});

export const applyPriceSchema = z.strictObject({
  price: decimalText(2, { decimal: m.price, positive: m.price }, { positive: true, intDigits: 12 }),
  version: versionStamp.optional(),
});
export const applyPriceResultSchema = z.object({
  itemId: z.number().int(),
  retailPrice: z.string().nullable(),
  previousPrice: z.string().nullable(),
  version: z.string(),
});

export const costingSettingsSchema = z.object({
  defaultMarkupPercent: z.string(),
  /** production.hoursPerDay — the same setting as the production settings'. */
  hoursPerDay: z.number().int(),
});
export type CostingSettings = z.infer<typeof costingSettingsSchema>;
export const costingSettingsPatchSchema = z.strictObject({
  defaultMarkupPercent: decimalText(2, { decimal: m.markup }, { intDigits: 5 })
    .refine((v) => Number(v) <= 10000, m.markup)
    .optional(),
  hoursPerDay: z
    .number({ error: m.hoursPerDay })
    .int(m.hoursPerDay)
    .min(1, m.hoursPerDay)
    .max(24, m.hoursPerDay)
    .optional(),
});
export type CostingSettingsPatch = z.infer<typeof costingSettingsPatchSchema>;

const itemParams = z.strictObject({ itemId: dbId() });

/** The shapes of every endpoint of /api/costing (paths in costing.endpoints.ts, decision 0016). */
export const costingSchemas = {
  list: { query: costingListQuerySchema, response: z.array(costingRowSchema) },
  export: { query: costingExportQuerySchema },
  settings: { response: costingSettingsSchema },
  updateSettings: { body: costingSettingsPatchSchema, response: costingSettingsSchema },
  get: { params: itemParams, query: costingBreakdownQuerySchema, response: costingBreakdownSchema },
  snapshots: { params: itemParams, response: z.array(costSnapshotSchema) },
  createSnapshot: { params: itemParams, body: createSnapshotSchema.nullish(), response: costSnapshotSchema },
  applyPrice: { params: itemParams, body: applyPriceSchema, response: applyPriceResultSchema },
};
