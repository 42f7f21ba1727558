// Demand forecasts ('Прогнозування виробництва', production.md §12): per item from posted shipments (cancelled
// excluded, empty periods 0), by ISO week (its Monday) or month (its 1st), moving average or simple exponential
// smoothing, a backtest at calculation and the realised accuracy against actuals filled by a nightly job; 'Створити
// МВ' from the next period's forecast. Quantities are exact decimals (text); percentages have 1 decimal.
import { optionalText, refId } from '@/shared/contract-fields.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { versionField } from '@/shared/document-contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { productionForecastsMessages as m } from './production-forecasts.messages.ts';

export const forecastMethods = ['moving_average', 'exponential_smoothing'] as const;
export type ForecastMethod = (typeof forecastMethods)[number];
export const forecastStatuses = ['draft', 'calculated', 'archived'] as const;
export type ForecastStatus = (typeof forecastStatuses)[number];
export const forecastGranularities = ['week', 'month'] as const;
export type ForecastGranularity = (typeof forecastGranularities)[number];
/** items: the listed item ids; category: the made products of a category; all: every made product. */
export const forecastScopes = ['items', 'category', 'all'] as const;
export type ForecastScope = (typeof forecastScopes)[number];

export const FORECAST_DEFAULTS = { windowN: 3, alpha: '0.3', historyPeriods: 12, horizonPeriods: 3 } as const;
export const MAX_WINDOW = 52;
export const MAX_HISTORY = 156;
export const MAX_HORIZON = 52;
export const MAX_SCOPE_ITEMS = 500;

const intField = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** α as text ('0,5' or '0.5'): 0 < α ≤ 1, at most 4 decimals. */
const alphaField = z
  .string({ error: m.alpha })
  .trim()
  .transform((v) => v.replace(',', '.'))
  .refine((v) => /^\d+(\.\d{1,4})?$/.test(v) && Number(v) > 0 && Number(v) <= 1, m.alpha);

const paramsShape = {
  name: z.string({ error: m.name }).trim().min(1, m.name).max(200, m.name),
  scope: z.enum(forecastScopes),
  /** scope 'items': the items forecast. */
  itemIds: z.array(refId(m.reference, { maxDbId: true })).max(MAX_SCOPE_ITEMS, m.scopeItems),
  /** scope 'category': the category. */
  categoryId: refId(m.reference, { maxDbId: true }).nullable(),
  granularity: z.enum(forecastGranularities),
  method: z.enum(forecastMethods),
  /** Moving average: the window n. */
  windowN: intField(1, MAX_WINDOW, m.windowN),
  /** Exponential smoothing: α. */
  alpha: alphaField,
  historyPeriods: intField(1, MAX_HISTORY, m.historyPeriods),
  horizonPeriods: intField(1, MAX_HORIZON, m.horizonPeriods),
  notes: optionalText(2000),
};

interface ScopeFields {
  scope?: ForecastScope;
  itemIds?: number[];
  categoryId?: number | null;
  method?: ForecastMethod;
  windowN?: number;
  historyPeriods?: number;
}

/** The scope's own field is given and the other left empty; a moving average's window fits in the history. */
export function checkForecastParams(v: ScopeFields, ctx: z.RefinementCtx) {
  if (v.scope === 'items' && (v.itemIds ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['itemIds'], message: m.scopeItems });
  }
  if (v.scope === 'category' && v.categoryId == null) {
    ctx.addIssue({ code: 'custom', path: ['categoryId'], message: m.scopeCategory });
  }
  if (v.scope !== undefined && v.scope !== 'items' && (v.itemIds ?? []).length > 0) {
    ctx.addIssue({ code: 'custom', path: ['itemIds'], message: m.scopeExtra });
  }
  if (v.scope !== undefined && v.scope !== 'category' && v.categoryId != null) {
    ctx.addIssue({ code: 'custom', path: ['categoryId'], message: m.scopeExtra });
  }
  if (
    v.method === 'moving_average' &&
    v.windowN !== undefined &&
    v.historyPeriods !== undefined &&
    v.historyPeriods < v.windowN
  ) {
    ctx.addIssue({ code: 'custom', path: ['historyPeriods'], message: m.historyShorterThanWindow });
  }
}

export const forecastCreateSchema = z
  .strictObject({
    name: paramsShape.name,
    scope: paramsShape.scope,
    itemIds: paramsShape.itemIds.default([]),
    categoryId: paramsShape.categoryId.default(null),
    granularity: paramsShape.granularity.default('month'),
    method: paramsShape.method.default('moving_average'),
    windowN: paramsShape.windowN.default(FORECAST_DEFAULTS.windowN),
    alpha: paramsShape.alpha.default(FORECAST_DEFAULTS.alpha),
    historyPeriods: paramsShape.historyPeriods.default(FORECAST_DEFAULTS.historyPeriods),
    horizonPeriods: paramsShape.horizonPeriods.default(FORECAST_DEFAULTS.horizonPeriods),
    notes: paramsShape.notes,
  })
  .superRefine(checkForecastParams);
export type ForecastCreateInput = z.input<typeof forecastCreateSchema>;
export type ForecastCreateBody = z.output<typeof forecastCreateSchema>;

/**
 * A draft's change: the version it was read at and any parameters. The scope's check runs on the merged row on the
 * server (a scope changed alone must bring its own field).
 */
export const forecastPatchSchema = z.strictObject({
  version: versionField(),
  name: paramsShape.name.optional(),
  scope: paramsShape.scope.optional(),
  itemIds: paramsShape.itemIds.optional(),
  categoryId: paramsShape.categoryId.optional(),
  granularity: paramsShape.granularity.optional(),
  method: paramsShape.method.optional(),
  windowN: paramsShape.windowN.optional(),
  alpha: paramsShape.alpha.optional(),
  historyPeriods: paramsShape.historyPeriods.optional(),
  horizonPeriods: paramsShape.horizonPeriods.optional(),
  notes: paramsShape.notes,
});
export type ForecastPatchInput = z.input<typeof forecastPatchSchema>;
export type ForecastPatchBody = z.output<typeof forecastPatchSchema>;

/** Calculate, archive: the version read. */
export const forecastVersionBodySchema = z.strictObject({ version: versionField() });
export type ForecastVersionBody = z.output<typeof forecastVersionBodySchema>;

export const forecastListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(forecastStatuses).optional(),
  method: z.enum(forecastMethods).optional(),
  granularity: z.enum(forecastGranularities).optional(),
});
export type ForecastListQuery = z.output<typeof forecastListQuerySchema>;
export const forecastSortFields = [
  'name',
  'status',
  'method',
  'granularity',
  'calculatedAt',
  'backtestAccuracy',
  'updatedAt',
] as const;

/** The realised accuracy over the lines that have actuals: null figures when Σ A = 0 ('—'). */
export const realisedSchema = z.object({
  /** Lines with actuals counted. */
  lines: z.number().int(),
  sumActual: z.string(),
  /** max(0, 1 − WAPE) × 100, 1 decimal; null when Σ A = 0 or no line has an actual. */
  accuracy: z.string().nullable(),
  /** WAPE × 100, 1 decimal. */
  wape: z.string().nullable(),
  /** Σ(F − A) ÷ Σ A × 100, 1 decimal. */
  bias: z.string().nullable(),
});
export type ForecastRealised = z.infer<typeof realisedSchema>;

export const forecastRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(forecastScopes),
  /** 'Усі виготовлені товари', the category's name or '3 позиції'. */
  scopeLabel: z.string(),
  granularity: z.enum(forecastGranularities),
  method: z.enum(forecastMethods),
  windowN: z.number().int(),
  alpha: z.string(),
  historyPeriods: z.number().int(),
  horizonPeriods: z.number().int(),
  status: z.enum(forecastStatuses),
  calculatedAt: z.string().nullable(),
  /** 'Очікувана точність' of the last calculation, 1 decimal; null before it or when the held-out Σ A = 0. */
  backtestAccuracy: z.string().nullable(),
  /** 'Фактична точність' in total, 1 decimal; null while no actual or Σ A = 0. */
  realisedAccuracy: z.string().nullable(),
  /** Items calculated (0 before the first calculation). */
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type ForecastRow = z.infer<typeof forecastRowSchema>;

export const forecastItemSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  /** Counted in pieces: forecasts are rounded up to whole units. */
  wholeUnits: z.boolean(),
  /** 'Мало історії': fewer than n periods since the first sale (n = the window, or 3 for smoothing). */
  lowHistory: z.boolean(),
  /** The forecast of the first horizon period. */
  nextForecast: z.string(),
  backtestAccuracy: z.string().nullable(),
  realised: realisedSchema,
});
export type ForecastItem = z.infer<typeof forecastItemSchema>;

export const forecastDetailSchema = forecastRowSchema.extend({
  version: z.number().int(),
  notes: z.string().nullable(),
  itemIds: z.array(z.number().int()),
  categoryId: z.number().int().nullable(),
  /** The history's first and last period (the last complete one before the calculation); null before it. */
  historyFrom: z.string().nullable(),
  historyTo: z.string().nullable(),
  /** The horizon's periods (their first days), oldest first; empty before the calculation. */
  periods: z.array(z.string()),
  realised: realisedSchema,
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type ForecastDetail = z.infer<typeof forecastDetailSchema>;

/** The items × periods table, a page of items (the list convention: X-Total-Count). */
export const forecastLinesQuerySchema = z.strictObject({ ...listQueryShape, itemId: idFilter() });
export type ForecastLinesQuery = z.output<typeof forecastLinesQuerySchema>;

export const forecastCellSchema = z.object({
  periodStart: z.string(),
  forecastQty: z.string(),
  /** Filled by the nightly job once the period has ended. */
  actualQty: z.string().nullable(),
});
export type ForecastCell = z.infer<typeof forecastCellSchema>;

export const forecastLineRowSchema = forecastItemSchema.extend({ cells: z.array(forecastCellSchema) });
export type ForecastLineRow = z.infer<typeof forecastLineRowSchema>;

export const forecastSeriesQuerySchema = z.strictObject({ itemId: dbId() });

/** One period of the chart: history bar, forecast line, actuals overlay (each null where it has none). */
export const seriesPointSchema = z.object({
  periodStart: z.string(),
  history: z.string().nullable(),
  forecast: z.string().nullable(),
  actual: z.string().nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const forecastSeriesSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  granularity: z.enum(forecastGranularities),
  lowHistory: z.boolean(),
  points: z.array(seriesPointSchema),
});
export type ForecastSeries = z.infer<typeof forecastSeriesSchema>;

/** 'Створити МВ': per item, max(0, F_next − free − inProduction), editable before the MOs are created. */
export const forecastSuggestionSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  wholeUnits: z.boolean(),
  forecastQty: z.string(),
  /** On hand − reserved, all warehouses. */
  free: z.string(),
  /** Remaining output of open MOs. */
  inProduction: z.string(),
  suggestedQty: z.string(),
  /** Null when an MO can be made; else why not ('Немає активної специфікації…'). */
  problem: z.string().nullable(),
});
export type ForecastSuggestion = z.infer<typeof forecastSuggestionSchema>;

export const forecastSuggestionsSchema = z.object({
  /** The next period (the first of the horizon). */
  periodStart: z.string().nullable(),
  rows: z.array(forecastSuggestionSchema),
});
export type ForecastSuggestions = z.infer<typeof forecastSuggestionsSchema>;

const moQty = z
  .string({ error: m.qty })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^\d+(\.\d{1,4})?$/.test(v) && /[1-9]/.test(v), m.qty);

export const createMosBodySchema = z.strictObject({
  lines: z
    .array(z.strictObject({ itemId: refId(m.reference, { maxDbId: true }), qty: moQty }))
    .min(1, m.noLines)
    .max(500, m.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Map<number, number>();
      lines.forEach((line, i) => {
        const first = seen.get(line.itemId);
        if (first !== undefined)
          ctx.addIssue({ code: 'custom', path: [i, 'itemId'], message: m.duplicateItem(first + 1) });
        else seen.set(line.itemId, i);
      });
    }),
  /** The MOs' due date; default none. */
  dueDate: documentDate().nullable().optional(),
});
export type CreateMosInput = z.input<typeof createMosBodySchema>;
export type CreateMosBody = z.output<typeof createMosBodySchema>;

export const createMosAnswerSchema = z.object({
  created: z.array(z.object({ id: z.number().int(), number: z.string(), itemId: z.number().int(), qty: z.string() })),
  message: z.string(),
});
export type CreateMosAnswer = z.infer<typeof createMosAnswerSchema>;

export const productionForecastsSchemas = {
  list: { query: forecastListQuerySchema, response: z.array(forecastRowSchema) },
  get: { params: idParams, response: forecastDetailSchema },
  create: { body: forecastCreateSchema, response: forecastDetailSchema },
  update: { params: idParams, body: forecastPatchSchema, response: forecastDetailSchema },
  // 204 without a body.
  remove: { params: idParams },
  calculate: { params: idParams, body: forecastVersionBodySchema, response: forecastDetailSchema },
  archive: { params: idParams, body: forecastVersionBodySchema, response: forecastDetailSchema },
  lines: { params: idParams, query: forecastLinesQuerySchema, response: z.array(forecastLineRowSchema) },
  series: { params: idParams, query: forecastSeriesQuerySchema, response: forecastSeriesSchema },
  suggestions: { params: idParams, response: forecastSuggestionsSchema },
  createMos: { params: idParams, body: createMosBodySchema, response: createMosAnswerSchema },
};
