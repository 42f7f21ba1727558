// Kanban 'Планування (Kanban)' (production.md §5, API /api/production-tasks): a production task IS a manufacturing
// order seen as a card — there is no task table, so the board cannot disagree with /manufacturing. Shared by the
// server and the page.
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { documentDate } from '@/shared/document-date.ts';
import {
  moExcessOptions,
  moPriorities,
  moShortMaterialSchema,
  moStatuses,
  type MoPriority,
  type MoStatus,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { idFilter, idParams } from '@/shared/contract.ts';
import { optionalText } from '@/shared/contract-fields.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export {
  moExcessLabels,
  moExcessOptions,
  moPriorities,
  moPriorityLabels,
  moStatusLabels,
  type MoExcess,
  type MoPriority,
  type MoStatus,
} from '@/modules/manufacturing/manufacturing.contract.ts';

/** The spec's three statuses, one per column (production.md §5 "Mapping of columns"). */
export const taskStatuses = ['planned', 'in-progress', 'completed'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const taskColumnLabels: Record<TaskStatus, string> = {
  planned: 'До виконання',
  'in-progress': 'В роботі',
  completed: 'Виконано',
};

/** Which column an MO status sits in (cancelled MOs are never on the board). */
export function taskStatusOf(status: MoStatus): TaskStatus | null {
  if (status === 'planned' || status === 'released') return 'planned';
  if (status === 'in_progress') return 'in-progress';
  if (status === 'completed') return 'completed';
  return null;
}

/** Cards within a column: urgent first. */
export const priorityRank: Record<MoPriority, number> = { urgent: 0, high: 1, normal: 2, low: 3 };

/** The 'Виконано' column holds MOs completed in the last N days (production.md §5). */
export const DEFAULT_COMPLETED_DAYS = 30;

export const taskMessages = {
  notFound: 'Завдання не знайдено',
  alreadyInProgress: 'Завдання вже в роботі',
  alreadyCompleted: 'Завдання вже виконано',
  alreadyPlanned: 'Завдання вже в колонці «До виконання»',
  cancelled: 'Завдання скасовано',
  completeThroughDialog: 'Щоб завершити завдання, заповніть діалог завершення',
  startFirst: 'Спочатку візьміть завдання в роботу',
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: 'Вкажіть число (не більше 4 знаків після коми)',
  positive: 'Має бути більше нуля',
  reference: 'Оберіть запис зі списку',
  item: 'Оберіть товар або напівфабрикат, який виготовляється',
  noLines: 'Оберіть хоча б один рядок замовлення',
  duplicateLine: 'Рядок замовлення вказано двічі',
  lineGone: 'Рядок замовлення не знайдено або він уже не потребує виробництва',
  lineNotOpen: (order: string) => `Рядок замовлення ${order} уже не потребує виробництва`,
  lineTooMuch: (order: string, qty: string) => `${order}: можна покрити не більше ${formatQtyUk(qty)}`,
  lineNotMade: (sku: string) => `«${sku}» не виготовляється — його можна лише закупити`,
  recipeNotOfItem: 'Рецепт не належить цьому товару',
} as const;

const qtyText = (opts: { positive?: boolean } = {}) =>
  z
    .string({ error: taskMessages.decimal })
    .trim()
    .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
    .refine((v) => /^\d+(\.\d{1,4})?$/.test(v), taskMessages.decimal)
    .refine((v) => !opts.positive || /[1-9]/.test(v), taskMessages.positive);
const isoDate = documentDate(taskMessages.date);
const id = z.number({ error: taskMessages.reference }).int().positive(taskMessages.reference).max(2_147_483_647);
const notes = optionalText(2000);

// ---------- the card (spec-fixed list, production.md §5) ----------

export const taskSchema = z.object({
  /** The MO id. */
  id: z.number().int(),
  moNumber: z.string(),
  /** The item name. */
  title: z.string(),
  itemId: z.number().int(),
  sku: z.string(),
  quantity: z.string(),
  producedQuantity: z.string(),
  unit: z.string().nullable(),
  status: z.enum(taskStatuses),
  moStatus: z.enum(moStatuses),
  priority: z.enum(moPriorities),
  dueDate: z.string().nullable(),
  isOverdue: z.boolean(),
  /** 0–100: produced ÷ quantity, or the share of operations done while nothing is produced. */
  progress: z.number().int().min(0).max(100),
  orderNumbers: z.array(z.string()),
  assignee: z.object({ workerId: z.number().int(), name: z.string() }).nullable(),
  notes: z.string().nullable(),
  /** In progress with the full quantity produced: 'Завершити' is the next step ('Готово до завершення'). */
  readyToComplete: z.boolean(),
  /** The materials its warehouse cannot serve ([] = enough; null = not checked: closed, or no spec). */
  materialsShort: z.array(moShortMaterialSchema).nullable(),
});
export type ProductionTask = z.infer<typeof taskSchema>;

/** One card opened for editing: the card plus what the edit form needs. */
export const taskDetailSchema = taskSchema.extend({
  recipeId: z.number().int().nullable(),
  recipeName: z.string().nullable(),
  version: z.number().int(),
});
export type ProductionTaskDetail = z.infer<typeof taskDetailSchema>;

export const taskListQuerySchema = z.strictObject({
  /** The 'Виконано' window in days (default 30). */
  completedDays: z.coerce.number<string | number>().int().min(0).max(3650).optional(),
  assigneeWorkerId: idFilter(),
  itemId: idFilter(),
  /** MOs with operations in this department. */
  departmentId: idFilter(),
  priority: z.enum(moPriorities).optional(),
  /** MO number, item name or SKU. */
  search: z.string().trim().max(200).optional(),
  _t: z.string().max(20).optional(),
  /** README §10 paging, when a caller wants it (the board itself reads every card; X-Total-Count has the total). */
  page: listQueryShape.page,
  offset: listQueryShape.offset,
  limit: listQueryShape.limit,
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

// ---------- changes ----------

export const taskMoveSchema = z.strictObject({ to: z.enum(taskStatuses) });
export type TaskMoveInput = z.input<typeof taskMoveSchema>;

export const taskCreateSchema = z.strictObject({
  itemId: id,
  qty: qtyText({ positive: true }),
  dueDate: isoDate.nullable().optional(),
  priority: z.enum(moPriorities).default('normal'),
  assigneeWorkerId: id.nullable().optional(),
  notes,
  recipeId: id.nullable().optional(),
});
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

export const taskUpdateSchema = z.strictObject({
  /** The version read (optimistic lock); mismatch → 409. */
  version: z.number().int().min(1).optional(),
  qty: qtyText({ positive: true }).optional(),
  dueDate: isoDate.nullable().optional(),
  priority: z.enum(moPriorities).optional(),
  assigneeWorkerId: id.nullable().optional(),
  notes,
  recipeId: id.nullable().optional(),
});
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;

/** The completion dialog: output of goodQty (when > 0), then the MO's 'Завершити'. */
export const taskCompleteSchema = z.strictObject({
  goodQty: qtyText().optional(),
  /** 'Завершити з недовипуском'. */
  confirmShort: z.boolean().optional(),
  excess: z.enum(moExcessOptions).optional(),
});
export type TaskCompleteInput = z.input<typeof taskCompleteSchema>;

// ---------- 'З замовлень' ----------

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const fromOrdersQuerySchema = z.strictObject({
  /** 'Лише дозволені до виробництва' — on by default. */
  approvedOnly: boolText.optional(),
  itemId: idFilter(),
  _t: z.string().max(20).optional(),
});

export const fromOrdersLineSchema = z.object({
  orderLineId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  clientName: z.string(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  remaining: z.string(),
  reserved: z.string(),
  uncovered: z.string(),
  coveredByMo: z.string(),
  /** What is still to cover by a new task: max(0, uncovered − coveredByMo). */
  toCover: z.string(),
  dueDate: z.string().nullable(),
  approved: z.boolean(),
});
export type FromOrdersLine = z.infer<typeof fromOrdersLineSchema>;

export const fromOrdersCreateSchema = z.strictObject({
  lines: z
    .array(z.strictObject({ orderLineId: id, qty: qtyText({ positive: true }) }))
    .min(1, taskMessages.noLines)
    .max(200),
  dueDate: isoDate.nullable().optional(),
  priority: z.enum(moPriorities).optional(),
});
export type FromOrdersCreateInput = z.input<typeof fromOrdersCreateSchema>;

export const fromOrdersResultSchema = z.array(taskSchema);

// ---------- pickers of the dialogs ----------

export const optionsQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  itemId: idFilter(),
  _t: z.string().max(20).optional(),
});
export const optionSchema = z.object({ id: z.number().int(), label: z.string(), hint: z.string().nullable() });
export type TaskOption = z.infer<typeof optionSchema>;

/** The query of GET /api/production-tasks/:id: the `_t` the client may append, nothing else. */
export const taskGetQuerySchema = z.strictObject({ _t: z.string().max(20).optional() });

/** The shapes of every endpoint of /api/production-tasks (paths in production-tasks.endpoints.ts, decision 0016). */
export const productionTasksSchemas = {
  list: { query: taskListQuerySchema, response: z.array(taskSchema) },
  fromOrders: { query: fromOrdersQuerySchema, response: z.array(fromOrdersLineSchema) },
  createFromOrders: { body: fromOrdersCreateSchema, response: fromOrdersResultSchema },
  itemOptions: { query: optionsQuerySchema, response: z.array(optionSchema) },
  workerOptions: { query: optionsQuerySchema, response: z.array(optionSchema) },
  recipeOptions: { query: optionsQuerySchema, response: z.array(optionSchema) },
  get: { params: idParams, query: taskGetQuerySchema, response: taskDetailSchema },
  create: { body: taskCreateSchema, response: taskSchema },
  update: { params: idParams, body: taskUpdateSchema, response: taskDetailSchema },
  move: { params: idParams, body: taskMoveSchema, response: taskSchema },
  complete: { params: idParams, body: taskCompleteSchema.nullish(), response: taskSchema },
};
