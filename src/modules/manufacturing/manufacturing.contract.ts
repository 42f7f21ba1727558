// Manufacturing orders ('Виробництво', production.md §4): make a quantity of an item — reserve and issue materials,
// run the operations, post output with serials and know the actual cost. Shared by the server and the page.
import { booleanFilter, decimalTextOf, optionalText, reasonText, refId } from '@/shared/contract-fields.ts';
import { documentDate, documentDateTime } from '@/shared/document-date.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { moMessages } from './manufacturing.messages.ts';
import { relatedDocumentsSchema } from '@/modules/orders/related-documents.contract.ts';

export { moMessages };

export const moStatuses = ['planned', 'released', 'in_progress', 'completed', 'cancelled'] as const;
export type MoStatus = (typeof moStatuses)[number];
export const moStatusLabels: Record<MoStatus, string> = {
  planned: 'Заплановано',
  released: 'Запущено',
  in_progress: 'У роботі',
  completed: 'Завершено',
  cancelled: 'Скасовано',
};

export const moPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type MoPriority = (typeof moPriorities)[number];
export const moPriorityLabels: Record<MoPriority, string> = {
  low: 'Низький',
  normal: 'Звичайний',
  high: 'Високий',
  urgent: 'Терміновий',
};

export const moOperationStatuses = ['pending', 'ready', 'in_progress', 'paused', 'done', 'skipped'] as const;
export type MoOperationStatus = (typeof moOperationStatuses)[number];
export const moOperationStatusLabels: Record<MoOperationStatus, string> = {
  pending: 'Очікує',
  ready: 'Готова',
  in_progress: 'Виконується',
  paused: 'Пауза',
  done: 'Виконано',
  skipped: 'Пропущено',
};

export const moPostingKinds = ['issue', 'output'] as const;
export type MoPostingKind = (typeof moPostingKinds)[number];
export const moPostingKindLabels: Record<MoPostingKind, string> = {
  issue: 'Видача матеріалів',
  output: 'Випуск продукції',
};
export const moPostingStatuses = ['posted', 'cancelled'] as const;
export type MoPostingStatus = (typeof moPostingStatuses)[number];
export const moPostingStatusLabels: Record<MoPostingStatus, string> = {
  posted: 'Проведено',
  cancelled: 'Скасовано',
};

export const moExcessOptions = ['return', 'variance'] as const;
export type MoExcess = (typeof moExcessOptions)[number];
export const moExcessLabels: Record<MoExcess, string> = {
  return: 'Повернути на склад',
  variance: 'Віднести на відхилення',
};

export const timeEntrySources = ['mes', 'manual'] as const;
export const timeEntrySourceLabels: Record<(typeof timeEntrySources)[number], string> = {
  mes: 'Термінал',
  manual: 'Вручну',
};

/** Button / action names of the state table (§4), for the page. */
export const moActionLabels = {
  release: 'Запустити',
  unrelease: 'Відкликати',
  start: 'Почати',
  complete: 'Завершити',
  cancel: 'Скасувати',
  issue: 'Видати матеріали',
  output: 'Випустити продукцію',
  childOrders: 'Створити МВ на напівфабрикати',
  traveler: 'Маршрутний лист',
  labels: 'Етикетки',
  confirmShort: 'Завершити з недовипуском',
  cancelPosting: 'Скасувати проведення',
} as const;

// ---------- input schemas ----------

const decimalText = decimalTextOf(moMessages);
/** Signed (− is a return), never zero. */
const signedDecimalText = (scale: number) =>
  z
    .string({ error: moMessages.signedDecimal(scale) })
    .trim()
    .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), moMessages.signedDecimal(scale))
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= scale, moMessages.signedDecimal(scale))
    .refine((v) => /[1-9]/.test(v), moMessages.notZero);
const isoDate = documentDate(moMessages.date);
const id = refId(moMessages.reference);
const reason = reasonText(moMessages.reason);

export const moDemandInputSchema = z.strictObject({
  orderLineId: id,
  qty: decimalText(4, { positive: true }),
});

export const moCreateSchema = z.strictObject({
  itemId: id,
  qty: decimalText(4, { positive: true }),
  recipeId: id.nullable().optional(),
  plannedStart: isoDate.nullable().optional(),
  dueDate: isoDate.nullable().optional(),
  priority: z.enum(moPriorities).optional(),
  responsibleWorkerId: id.nullable().optional(),
  notes: optionalText(2000),
  /** Default: finished goods; for semi-finished items the materials warehouse. */
  outputWarehouseId: id.nullable().optional(),
  /** Default: the materials warehouse. */
  materialsWarehouseId: id.nullable().optional(),
  demands: z.array(moDemandInputSchema).max(200).optional(),
  parentMoId: id.nullable().optional(),
  parentMaterialId: id.nullable().optional(),
});
export type MoCreateInput = z.input<typeof moCreateSchema>;

/** PATCH: the version read, and any of these. qty follows the §4 quantity rules; recipeId only while planned. */
export const moUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  qty: decimalText(4, { positive: true }).optional(),
  recipeId: id.nullable().optional(),
  plannedStart: isoDate.nullable().optional(),
  dueDate: isoDate.nullable().optional(),
  priority: z.enum(moPriorities).optional(),
  responsibleWorkerId: id.nullable().optional(),
  notes: optionalText(2000),
  /** Planned only. */
  outputWarehouseId: id.optional(),
  materialsWarehouseId: id.optional(),
});
export type MoUpdateInput = z.input<typeof moUpdateSchema>;

export const moCompleteSchema = z.strictObject({
  /** Materials issued beyond perUnit × (good + scrap): 'return' posts an MOI return, 'variance' leaves them. */
  excess: z.enum(moExcessOptions).optional(),
  /** 'Завершити з недовипуском' — needed when produced < qty. */
  confirmShort: z.boolean().optional(),
});
export type MoCompleteInput = z.input<typeof moCompleteSchema>;

export const moCancelSchema = z.strictObject({ reason });
export type MoCancelInput = z.input<typeof moCancelSchema>;

export const moIssueLineInputSchema = z.strictObject({
  moMaterialId: id.nullable().optional(),
  itemId: id,
  /** + issue, − return. */
  qty: signedDecimalText(4),
});
/** Without lines: the remaining requirement max(0, required − issued) of every material line. */
export const moIssueSchema = z.strictObject({
  lines: z.array(moIssueLineInputSchema).min(1).max(500).optional(),
  notes: optionalText(2000),
});
export type MoIssueInput = z.input<typeof moIssueSchema>;

export const moOutputSchema = z.strictObject({
  goodQty: decimalText(4, { positive: true }),
  /** Specific allocated serials (ids or values); default: the allocated ones in order. */
  serialIds: z.array(id).max(10000).optional(),
  serials: z.array(z.string().trim().min(1).max(200)).max(10000).optional(),
});
export type MoOutputInput = z.input<typeof moOutputSchema>;

export const moPostingCancelSchema = z.strictObject({ reason });

/** 'Створити МВ на напівфабрикати': optionally only these material lines (default: every short semi-finished one). */
export const moChildOrdersSchema = z.strictObject({
  materialIds: z.array(id).max(500).optional(),
});

/** Foreman correction of a time entry (audited). */
export const timeEntryUpdateSchema = z.strictObject({
  startedAt: documentDateTime().optional(),
  endedAt: documentDateTime().nullable().optional(),
  goodQty: decimalText(4).optional(),
  scrapQty: decimalText(4).optional(),
  scrapReason: optionalText(300),
  reason: optionalText(500),
});
export type TimeEntryUpdateInput = z.input<typeof timeEntryUpdateSchema>;

export const moListQuerySchema = z.strictObject({
  ...listQueryShape,
  _t: z.string().optional(),
  /** One status or a comma-separated list. */
  status: z.string().trim().max(100).optional(),
  itemId: idFilter(),
  priority: z.enum(moPriorities).optional(),
  departmentId: idFilter(),
  dueFrom: isoDate.optional(),
  dueTo: isoDate.optional(),
  orderId: idFilter(),
  responsibleWorkerId: idFilter(),
  /** 'true': only overdue (dueDate < today, not completed/cancelled). */
  overdue: booleanFilter(),
});
export const moSortFields = ['number', 'itemName', 'qty', 'status', 'priority', 'dueDate', 'createdAt'] as const;

export const moGetQuerySchema = z.object({ _t: z.string().optional() });

/** The production settings of the gear dialog (production.md §4, §6; domain README §10). */
export const productionSettingsSchema = z.object({
  backflush: z.boolean(),
  autoOutputOnLastOperation: z.boolean(),
  requireBadge: z.boolean(),
  hoursPerDay: z.number(),
  refuseStartWhenShort: z.boolean(),
  holidays: z.array(z.string()),
  /** '0.85': the share of the workers' hours capacity planning counts on (production.md §11). */
  plannedUtilisation: z.string(),
});
export type ProductionSettingsView = z.infer<typeof productionSettingsSchema>;
export const productionSettingsPatchSchema = z.strictObject({
  backflush: z.boolean().optional(),
  autoOutputOnLastOperation: z.boolean().optional(),
  requireBadge: z.boolean().optional(),
  refuseStartWhenShort: z.boolean().optional(),
  hoursPerDay: z
    .number({ error: 'Вкажіть кількість годин' })
    .min(1, 'Від 1 до 24 годин')
    .max(24, 'Від 1 до 24 годин')
    .multipleOf(0.5, 'Кратно пів години')
    .optional(),
  /** Dates that are not working days (capacity and available hours); weekends never are. */
  holidays: z.array(documentDate()).max(366, 'Не більше 366 дат').optional(),
  /** An exact decimal 0.10–1.00 with at most 2 decimals ('0.85'). */
  plannedUtilisation: z
    .string({ error: 'Вкажіть планове використання' })
    .regex(/^(0(\.\d{1,2})?|1(\.0{1,2})?)$/, 'Від 0,10 до 1,00, не більше 2 знаків після коми')
    .refine((v) => Number(v) >= 0.1, 'Від 0,10 до 1,00, не більше 2 знаків після коми')
    .optional(),
});
export type ProductionSettingsPatchInput = z.infer<typeof productionSettingsPatchSchema>;

// ---------- response schemas ----------

export const moListRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  unitShortName: z.string().nullable(),
  qty: z.string(),
  producedQty: z.string(),
  scrapQty: z.string(),
  /** 0–100. */
  progress: z.number(),
  status: z.enum(moStatuses),
  priority: z.enum(moPriorities),
  plannedStart: z.string().nullable(),
  dueDate: z.string().nullable(),
  isOverdue: z.boolean(),
  orders: z.array(z.object({ orderId: z.number().int(), orderNumber: z.string() })),
  responsibleWorkerId: z.number().int().nullable(),
  responsibleName: z.string().nullable(),
  parentMoId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type MoListRow = z.infer<typeof moListRowSchema>;

export const moStatsSchema = z.object({
  planned: z.number().int(),
  released: z.number().int(),
  inProgress: z.number().int(),
  completedThisMonth: z.number().int(),
  overdue: z.number().int(),
});
export type MoStats = z.infer<typeof moStatsSchema>;

export const moMaterialRowSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  kind: z.string(),
  unitShortName: z.string().nullable(),
  perUnitQty: z.string(),
  requiredQty: z.string(),
  /** Net of returns. */
  issuedQty: z.string(),
  /** Still reserved for this line. */
  reservedQty: z.string(),
  /** Free stock in the materials warehouse (on hand − all reservations). */
  availableQty: z.string(),
  /** max(0, required − issued − reserved − available). */
  shortQty: z.string(),
  avgCost: z.string(),
  /** Open child MOs making this material (semi-finished). */
  childOrders: z.array(z.object({ id: z.number().int(), number: z.string(), status: z.enum(moStatuses) })),
});
export type MoMaterialRow = z.infer<typeof moMaterialRowSchema>;

export const moOperationRowSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionName: z.string().nullable(),
  setupMinutes: z.string(),
  runMinutesPerUnit: z.string(),
  plannedMinutes: z.string(),
  actualMinutes: z.string(),
  equipment: z.string().nullable(),
  instructions: z.string().nullable(),
  canRunParallel: z.boolean(),
  qualityCheck: z.boolean(),
  status: z.enum(moOperationStatuses),
  goodQty: z.string(),
  scrapQty: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type MoOperationRow = z.infer<typeof moOperationRowSchema>;

export const moPostingLineRowSchema = z.object({
  id: z.number().int(),
  moMaterialId: z.number().int().nullable(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  /** Signed: + issue, − return. */
  qty: z.string(),
  value: z.string(),
});
export const moPostingRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(moPostingKinds),
  number: z.string(),
  postingDate: z.string(),
  status: z.enum(moPostingStatuses),
  /** An issue generated by backflush for this output. */
  outputPostingId: z.number().int().nullable(),
  goodQty: z.string().nullable(),
  scrapQty: z.string().nullable(),
  serials: z.array(z.string()),
  materialValue: z.string().nullable(),
  conversionValue: z.string().nullable(),
  unitCost: z.string().nullable(),
  value: z.string(),
  notes: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(moPostingLineRowSchema),
});
export type MoPostingRow = z.infer<typeof moPostingRowSchema>;

export const moDemandRowSchema = z.object({
  id: z.number().int(),
  orderLineId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  clientName: z.string().nullable(),
  qty: z.string(),
  lineQty: z.string(),
  /** Reserved for the order line now (all sources). */
  lineReserved: z.string(),
  dueDate: z.string().nullable(),
  orderStatus: z.string(),
});
export type MoDemandRow = z.infer<typeof moDemandRowSchema>;

const costSet = z.object({
  material: z.string(),
  labour: z.string(),
  overhead: z.string(),
  total: z.string(),
});
export const moCostsSchema = z.object({
  /** Set at release for qty (null while planned). */
  planned: costSet.nullable(),
  /** Live while open, stored at completion. */
  actual: costSet,
  /** actualTotal ÷ producedQty, null at 0 ('—'). */
  actualUnitCost: z.string().nullable(),
  /** actualTotal − plannedTotal (null while planned). */
  variance: z.string().nullable(),
  /** Σ output values (material + conversion of posted outputs). */
  outputValue: z.string(),
  /** 'Невіднесені відхилення' = actualTotal − Σ output values. */
  unabsorbed: z.string(),
  /** Planned labour + overhead per unit (the conversion part of an output). */
  conversionPerUnit: z.string(),
});
export type MoCosts = z.infer<typeof moCostsSchema>;

export const moSerialRowSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  status: z.string(),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
});
export type MoSerialRow = z.infer<typeof moSerialRowSchema>;

export const timeEntryRowSchema = z.object({
  id: z.number().int(),
  workerId: z.number().int(),
  workerName: z.string(),
  moOperationId: z.number().int().nullable(),
  operationSeq: z.number().int().nullable(),
  operationName: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutes: z.string().nullable(),
  hourlyRate: z.string().nullable(),
  /** minutes/60 × hourlyRate. */
  labour: z.string(),
  goodQty: z.string(),
  scrapQty: z.string(),
  scrapReason: z.string().nullable(),
  pauseReason: z.string().nullable(),
  qcPassed: z.boolean().nullable(),
  source: z.string(),
  autoClosed: z.boolean(),
});
export type TimeEntryRow = z.infer<typeof timeEntryRowSchema>;

/** A material the MO's materials warehouse cannot serve (remaining need above what is free plus held for the MO). */
export const moShortMaterialSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  /** Still to issue: max(0, required − issued). */
  needed: z.string(),
  /** Free in the materials warehouse + reserved for this MO. */
  available: z.string(),
});
export type MoShortMaterial = z.infer<typeof moShortMaterialSchema>;

export const moDetailSchema = moListRowSchema.extend({
  kind: z.string(),
  serialTracking: z.boolean(),
  recipeId: z.number().int().nullable(),
  recipeName: z.string().nullable(),
  bomId: z.number().int().nullable(),
  bomName: z.string().nullable(),
  techCardId: z.number().int().nullable(),
  techCardName: z.string().nullable(),
  bomVersion: z.number().int().nullable(),
  techCardVersion: z.number().int().nullable(),
  /** 'Специфікація змінилась після запуску'. */
  specChanged: z.boolean(),
  outputWarehouseId: z.number().int(),
  outputWarehouseName: z.string(),
  materialsWarehouseId: z.number().int(),
  materialsWarehouseName: z.string(),
  parentMoNumber: z.string().nullable(),
  parentMaterialId: z.number().int().nullable(),
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedByName: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  excessHandling: z.enum(moExcessOptions).nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
  materials: z.array(moMaterialRowSchema),
  operations: z.array(moOperationRowSchema),
  postings: z.array(moPostingRowSchema),
  demands: z.array(moDemandRowSchema),
  costs: moCostsSchema,
  serials: z.array(moSerialRowSchema),
  timeEntries: z.array(timeEntryRowSchema),
  childOrders: z.array(z.object({ id: z.number().int(), number: z.string(), status: z.enum(moStatuses) })),
  /** Materials issued beyond perUnit × (produced + scrap): what completion may return. */
  excessLines: z.array(z.object({ moMaterialId: z.number().int(), itemName: z.string(), qty: z.string() })),
  /** In progress with the full quantity produced: 'Завершити' is the next step ('Готово до завершення'). */
  readyToComplete: z.boolean(),
  /** The short materials of an open order ([] when enough); null when not checked (closed, or no spec). */
  materialsShort: z.array(moShortMaterialSchema).nullable(),
});
export type MoDetail = z.infer<typeof moDetailSchema>;

export const moCreatedSchema = z.object({ id: z.number().int(), number: z.string() });
export type MoCreated = z.infer<typeof moCreatedSchema>;

/** An issue or output just posted; warnings e.g. 'Видано менше, ніж потрібно: …' (output with backflush off). */
export const moPostingResultSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The MOI posted by backflush with this output, if any. */
  backflushIssue: z.object({ id: z.number().int(), number: z.string() }).nullable().default(null),
  warnings: z.array(z.string()).default([]),
  /** The output finished the order and it completed by itself (decision 0020). */
  completed: z.boolean().optional(),
});
export type MoPostingResult = z.infer<typeof moPostingResultSchema>;

/** Query of GET …/print/labels: the label size (default 58×40). */
export const moLabelsQuerySchema = z.object({
  template: z.enum(['58x40', '40x25', '100x150', 'a4-3x8']).default('58x40'),
  _t: z.string().optional(),
});

export const moChildOrdersResultSchema = z.array(
  z.object({
    id: z.number().int(),
    number: z.string(),
    itemId: z.number().int(),
    itemName: z.string(),
    qty: z.string(),
    parentMaterialId: z.number().int(),
  }),
);
export type MoChildOrdersResult = z.infer<typeof moChildOrdersResultSchema>;

/** Which actions the state table (§4) allows in a status — the page shows buttons by it. */
export const moAllowedActions: Record<MoStatus, readonly string[]> = {
  planned: ['edit', 'release', 'cancel', 'delete'],
  released: ['edit', 'unrelease', 'start', 'issue', 'output', 'cancel', 'childOrders', 'traveler', 'labels'],
  in_progress: ['edit', 'issue', 'output', 'complete', 'childOrders', 'traveler', 'labels'],
  completed: ['traveler', 'labels'],
  cancelled: [],
};

/** The body of an action that takes none (release, unrelease, start): nothing or `{}`. */
export const moNoBodySchema = z.strictObject({}).nullish();

/** The shapes of every endpoint of /api/manufacturing-orders (paths in manufacturing.endpoints.ts, decision 0016). */
export const manufacturingSchemas = {
  list: { query: moListQuerySchema, response: z.array(moListRowSchema) },
  stats: { query: moGetQuerySchema, response: moStatsSchema },
  settings: { query: moGetQuerySchema, response: productionSettingsSchema },
  updateSettings: { body: productionSettingsPatchSchema, response: productionSettingsSchema },
  get: { params: idParams, query: moGetQuerySchema, response: moDetailSchema },
  related: { params: idParams, response: relatedDocumentsSchema },
  create: { body: moCreateSchema, response: moDetailSchema },
  update: { params: idParams, body: moUpdateSchema, response: moDetailSchema },
  /** 204, no body. */
  remove: { params: idParams },
  release: { params: idParams, body: moNoBodySchema, response: moDetailSchema },
  unrelease: { params: idParams, body: moNoBodySchema, response: moDetailSchema },
  start: { params: idParams, body: moNoBodySchema, response: moDetailSchema },
  complete: { params: idParams, body: moCompleteSchema.nullish(), response: moDetailSchema },
  cancel: { params: idParams, body: moCancelSchema, response: moDetailSchema },
  issue: { params: idParams, body: moIssueSchema.nullish(), response: moPostingResultSchema },
  output: { params: idParams, body: moOutputSchema, response: moPostingResultSchema },
  cancelPosting: {
    params: z.strictObject({ postingId: dbId() }),
    body: moPostingCancelSchema,
    response: moDetailSchema,
  },
  childOrders: { params: idParams, body: moChildOrdersSchema.nullish(), response: moChildOrdersResultSchema },
  timeEntries: { params: idParams, query: moGetQuerySchema, response: z.array(timeEntryRowSchema) },
  updateTimeEntry: {
    params: z.strictObject({ entryId: dbId() }),
    body: timeEntryUpdateSchema,
    response: timeEntryRowSchema,
  },
  /** PDF. */
  traveler: { params: idParams, query: moGetQuerySchema },
  /** PDF. */
  labels: { params: idParams, query: moLabelsQuerySchema },
};
