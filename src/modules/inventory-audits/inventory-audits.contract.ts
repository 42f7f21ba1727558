// Inventory audits ('Інвентаризація', warehouse.md §8): count one warehouse, see the variances against on hand at
// posting, post them through the ledger at the average cost. Shared by the server and the pages.
import { decimalTextOf, optionalText, periodFilterShape, reasonText, refId } from '@/shared/contract-fields.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { lineUnitsQuerySchema, lineUnitsSchema } from '@/shared/unit-conversion.ts';
import { z } from '@/shared/zod-uk.ts';

export const auditMessages = {
  shortageNote: 'Нестача',
  cancelNote: (reason: string) => `Скасування: ${reason}`,
  serialsElsewhere: (sku: string, values: readonly string[]) =>
    `Товар «${sku}»: знайдені серійні номери обліковуються деінде — спершу оформіть їх рух: ${values.join(', ')}`,
  serialsMoved: (values: readonly string[]) =>
    `Неможливо скасувати: серійні номери з цієї інвентаризації вже змінили стан: ${values.join(', ')}`,
  countBySerial: (sku: string) => `Товар «${sku}» рахується за серійними номерами — відскануйте або введіть їх`,
  serialsNotTracked: (sku: string) => `Товар «${sku}» не веде облік серійних номерів — вкажіть кількість`,
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  reference: 'Оберіть запис зі списку',
  noCategories: 'Оберіть хоча б одну категорію',
  noItems: 'Оберіть хоча б одну позицію',
  notFound: 'Інвентаризацію не знайдено',
  lineNotFound: 'Рядок інвентаризації не знайдено',
  notDraft: 'Змінювати шапку можна лише в чернетці',
  deleteDraft: 'Видалити можна лише чернетку',
  notCounting: 'Підрахунок ще не почато або вже завершено',
  startDraft: 'Почати підрахунок можна лише з чернетки',
  posted: 'Інвентаризацію вже проведено — змінювати її не можна',
  cancelled: 'Інвентаризацію скасовано',
  cancelDraft: 'Чернетку не скасовують — її можна видалити',
  version: 'Документ змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину скасування',
  notStocked: 'Оберіть компонент, матеріал або товар, що має залишки',
  duplicateLine: 'Ця позиція вже є в інвентаризації',
  nothingFound: 'Нічого не знайдено',
  noCost: (item: string) => `Для «${item}» ще немає середньої собівартості — вкажіть у рядку ціну одиниці для надлишку`,
} as const;

export const auditStatuses = ['draft', 'counting', 'posted', 'cancelled'] as const;
export type AuditStatus = (typeof auditStatuses)[number];
export const auditStatusLabels: Record<AuditStatus, string> = {
  draft: 'Чернетка',
  counting: 'Підрахунок',
  posted: 'Проведено',
  cancelled: 'Скасовано',
};

export const auditScopes = ['full', 'categories', 'items'] as const;
export type AuditScope = (typeof auditScopes)[number];
export const auditScopeLabels: Record<AuditScope, string> = {
  full: 'Повна',
  categories: 'За категоріями',
  items: 'Вибіркова',
};

export const uncountedPolicies = ['ignore', 'zero'] as const;
export type UncountedPolicy = (typeof uncountedPolicies)[number];
export const uncountedPolicyLabels: Record<UncountedPolicy, string> = {
  ignore: 'Непораховані ігнорувати',
  zero: 'Непораховані = 0',
};

export const lineFilters = ['uncounted', 'variance', 'moved'] as const;
export type LineFilter = (typeof lineFilters)[number];
export const lineFilterLabels: Record<LineFilter, string> = {
  uncounted: 'Не пораховано',
  variance: 'З розбіжністю',
  moved: 'Рух після знімку',
};

const decimalText = decimalTextOf(auditMessages);
const isoDate = documentDate(auditMessages.date);
const id = refId(auditMessages.reference);
const ids = z.array(id).max(500);

const headerShape = {
  documentDate: isoDate.optional(),
  warehouseId: id,
  scope: z.enum(auditScopes).default('full'),
  categoryIds: ids.default([]),
  itemIds: ids.default([]),
  blind: z.boolean().default(false),
  counterIds: ids.default([]),
  notes: optionalText(2000),
};

/** The scope's own list must not be empty. */
function scopeIssues(value: { scope?: AuditScope; categoryIds?: number[]; itemIds?: number[] }, ctx: z.RefinementCtx) {
  if (value.scope === 'categories' && !value.categoryIds?.length)
    ctx.addIssue({ code: 'custom', path: ['categoryIds'], message: auditMessages.noCategories });
  if (value.scope === 'items' && !value.itemIds?.length)
    ctx.addIssue({ code: 'custom', path: ['itemIds'], message: auditMessages.noItems });
}

export const auditCreateSchema = z.strictObject(headerShape).superRefine(scopeIssues);
export type AuditCreateInput = z.input<typeof auditCreateSchema>;
export type AuditCreateBody = z.output<typeof auditCreateSchema>;

export const auditUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  documentDate: isoDate.optional(),
  warehouseId: id.optional(),
  scope: z.enum(auditScopes).optional(),
  categoryIds: ids.optional(),
  itemIds: ids.optional(),
  blind: z.boolean().optional(),
  counterIds: ids.optional(),
  notes: optionalText(2000),
});
export type AuditUpdateBody = z.output<typeof auditUpdateSchema>;

export const auditStartSchema = z.strictObject({ version: z.number().int().min(1).optional() });
export const auditPostSchema = z.strictObject({
  uncounted: z.enum(uncountedPolicies).default('ignore'),
  version: z.number().int().min(1).optional(),
});
export const auditCancelSchema = z.strictObject({
  reason: reasonText(auditMessages.reason, { typeError: false }),
});

export const lineUpdateSchema = z.strictObject({
  /** null clears the count. */
  countedQty: decimalText(4).nullable().optional(),
  /** The unit the count is typed in (another unit of the stock unit's type); absent or null: the stock unit. */
  unitId: id.nullable().optional(),
  reason: optionalText(500),
  /** The unit cost of a surplus of an item with no average yet (UAH). */
  unitCost: decimalText(6).nullable().optional(),
  /** A serial-tracked item: the serials found (lists and ranges allowed); the counted quantity is their number. */
  serials: z.array(z.string().trim().min(1).max(200, 'Серійний номер не довший за 200 символів')).max(1000).optional(),
});
export type LineUpdateBody = z.output<typeof lineUpdateSchema>;
export const lineAddSchema = z.strictObject({ itemId: id });
export const scanSchema = z.strictObject({
  code: z.string().trim().min(1, auditMessages.required).max(200, 'Не довше 200 символів'),
  /** A serial-tracked item's scanned serial: ticks it on the line (the count is the number of serials). */
  serial: z.string().trim().min(1).max(200, 'Не довше 200 символів').nullish(),
});

export const auditListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(auditStatuses).optional(),
  warehouseId: idFilter(),
  scope: z.enum(auditScopes).optional(),
  ...periodFilterShape(auditMessages.date),
});
export const auditSortFields = ['number', 'documentDate', 'warehouseName', 'status', 'netVarianceValue'] as const;

export const lineListQuerySchema = z.strictObject({
  filter: z.enum(lineFilters).optional(),
  search: z.string().trim().max(200).optional(),
});

export const auditSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  documentDate: z.string(),
  status: z.enum(auditStatuses),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  scope: z.enum(auditScopes),
  blind: z.boolean(),
  /** Lines in the audit and lines with a count. */
  lineCount: z.number().int(),
  countedCount: z.number().int(),
  /** Σ variance value (UAH): stored at posting, else previewed against on hand now. */
  netVarianceValue: z.string(),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

export const varianceTotalsSchema = z.object({
  surplusQty: z.string(),
  surplusValue: z.string(),
  shortageQty: z.string(),
  shortageValue: z.string(),
  netQty: z.string(),
  netValue: z.string(),
});
export type VarianceTotals = z.infer<typeof varianceTotalsSchema>;

export const auditSchema = auditSummarySchema.extend({
  categoryIds: z.array(z.number().int()),
  itemIds: z.array(z.number().int()),
  /** Category names or item SKUs of the scope, in its order. */
  scopeNames: z.array(z.string()),
  counterIds: z.array(z.number().int()),
  counterNames: z.array(z.string()),
  notes: z.string().nullable(),
  version: z.number().int(),
  uncountedPolicy: z.enum(uncountedPolicies).nullable(),
  startedAt: z.string().nullable(),
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  totals: varianceTotalsSchema,
});
export type Audit = z.infer<typeof auditSchema>;

export const auditLineSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  barcode: z.string().nullable(),
  /** On hand when counting started (or when the line was added). */
  snapshotQty: z.string().nullable(),
  /** In the stock unit: what the variance is taken from. */
  countedQty: z.string().nullable(),
  /** The count as typed and its unit when counted in another unit (all null in the stock unit). */
  enteredQty: z.string().nullable().default(null),
  enteredUnitId: z.number().int().nullable().default(null),
  enteredUnitShortName: z.string().nullable().default(null),
  /** On hand in the warehouse now. */
  onHand: z.string(),
  /** On hand at posting (posted audits). */
  expectedQty: z.string().nullable(),
  /** Stored at posting; before it, counted − on hand now (null while uncounted). */
  variance: z.string().nullable(),
  varianceValue: z.string().nullable(),
  avgCost: z.string().nullable(),
  unitCost: z.string().nullable(),
  reason: z.string().nullable(),
  countedAt: z.string().nullable(),
  countedByName: z.string().nullable(),
  movedSinceSnapshot: z.boolean(),
  /** The item is counted by serial numbers: `serials` are those found, `countedQty` their number. */
  serialTracking: z.boolean().default(false),
  serials: z.array(z.string()).default([]),
  /** Counting: on the books here but not found (a shortage); posted: those made defective. */
  missingSerials: z.array(z.string()).default([]),
  /** Counting: found but not on the books here (a surplus); posted: those registered or restored here. */
  extraSerials: z.array(z.string()).default([]),
});
export type AuditLine = z.infer<typeof auditLineSchema>;

export const scanResultSchema = z.object({
  lineId: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** The new counted quantity. */
  qty: z.string(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** `:id/lines/:lineId` of a path. */
export const lineParams = z.strictObject({ id: dbId(), lineId: dbId() });

/** The shapes of every endpoint of the module (its paths are in inventory-audits.endpoints.ts, decision 0016). */
export const inventoryAuditsSchemas = {
  list: { query: auditListQuerySchema, response: z.array(auditSummarySchema) },
  create: { body: auditCreateSchema, response: auditSchema },
  get: { params: idParams, response: auditSchema },
  update: { params: idParams, body: auditUpdateSchema, response: auditSchema },
  remove: { params: idParams },
  start: { params: idParams, body: auditStartSchema.nullish(), response: auditSchema },
  post: { params: idParams, body: auditPostSchema.nullish(), response: auditSchema },
  cancel: { params: idParams, body: auditCancelSchema, response: auditSchema },
  lines: { params: idParams, query: lineListQuerySchema, response: z.array(auditLineSchema) },
  addLine: { params: idParams, body: lineAddSchema, response: auditLineSchema },
  updateLine: { params: lineParams, body: lineUpdateSchema, response: auditLineSchema },
  scan: { params: idParams, body: scanSchema, response: scanResultSchema },
  /** The units a line's count may be typed in (its stock unit's type). */
  itemUnits: { query: lineUnitsQuerySchema, response: lineUnitsSchema },
  /** 'Інвентаризаційний опис', a PDF. */
  printCountSheet: { params: idParams },
  /** 'Порівняльна відомість', a PDF. */
  printVariance: { params: idParams },
};
