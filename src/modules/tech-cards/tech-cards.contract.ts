// Technological cards ('Технологічні карти', production.md §2): HOW, WHERE and HOW LONG an item is made — ordered
// operations at work centres. A modification names a base card and stores only its differences (replace, remove,
// add). Shared by the server and the page.
import {
  decimalText as sharedDecimalText,
  optionalText as sharedOptionalText,
  refId as sharedRefId,
} from '@/shared/contract-fields.ts';
import { idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export const techCardMessages = {
  required: "Обов'язкове поле",
  name: 'Вкажіть назву',
  item: 'Оберіть товар або напівфабрикат',
  itemKind: 'Технологічна карта складається лише для товару або напівфабрикату',
  operationName: 'Вкажіть назву операції',
  department: 'Вкажіть дільницю',
  departmentUnknown: 'Оберіть дільницю зі списку',
  positionUnknown: 'Оберіть посаду зі списку',
  seq: 'Номер — ціле число від 1',
  seqDuplicate: (seq: number) => `Номер ${seq} уже є в цій карті`,
  seqInherited: (seq: number) => `Номер ${seq} уже має операція базової карти`,
  decimal: (scale: number) => `Вкажіть число не менше нуля (не більше ${scale} знаків після коми)`,
  qty: 'Кількість — число більше нуля (не більше 4 знаків після коми)',
  notFound: 'Технологічну карту не знайдено',
  version: 'Технологічну карту змінено іншим користувачем — оновіть сторінку',
  baseNotFound: 'Базову карту не знайдено',
  baseNotBase: 'Базою модифікації може бути лише базова карта (не інша модифікація)',
  baseArchived: 'Базова карта в архіві',
  baseChange: 'Базову карту модифікації змінити не можна — створіть нову модифікацію',
  actionOnBase: 'Заміна і вилучення операцій можливі лише в модифікації',
  baseOperation: 'Операцію базової карти не знайдено',
  baseOperationTwice: 'Операцію базової карти змінено двічі',
  baseOperationNeeded: 'Вкажіть, яку операцію базової карти змінено',
  noOperations: 'Додайте хоча б одну операцію',
  defaultNotActive: 'Типовою може бути лише діюча карта',
  defaultRace: 'Типову карту виробу щойно змінив інший користувач — оновіть сторінку',
  usedByRecipes: (names: string) =>
    `Карту використовують діючі рецепти: ${names}. Спершу змініть або перенесіть в архів ці рецепти`,
  itemLocked: (names: string) => `Товар карти змінити не можна: її використовують рецепти ${names}`,
  inUse: (what: string) => `Карту вже використано (${what}) — видалити її не можна, перенесіть в архів`,
  inUseRecipes: (names: string) => `рецепти: ${names}`,
  inUseOrders: (count: number) => `замовлення на виробництво: ${count}`,
  inUseModifications: (names: string) => `модифікації: ${names}`,
  baseOperationInModifications: (seq: number, names: string) =>
    `Операцію ${seq} змінено в модифікаціях: ${names}. Спершу приберіть ці зміни там`,
  tooLong: (max: number) => `Не довше ${max} символів`,
} as const;

export const techCardStatuses = ['draft', 'active', 'archived'] as const;
export type TechCardStatus = (typeof techCardStatuses)[number];
export const techCardStatusLabels: Record<TechCardStatus, string> = {
  draft: 'Чернетка',
  active: 'Діюча',
  archived: 'Архів',
};

export const operationActions = ['add', 'replace', 'remove'] as const;
export type OperationAction = (typeof operationActions)[number];
export const operationActionLabels: Record<OperationAction, string> = {
  add: 'Додано',
  replace: 'Замінено',
  remove: 'Прибрано',
};

export const techCardKindLabels = { base: 'Базова', modification: 'Модифікація' } as const;

/** A non-negative decimal typed with a comma or a point, at most `scale` decimals. */
export const decimalText = (scale: number, message = techCardMessages.decimal(scale)) =>
  sharedDecimalText(scale, { decimal: message });

/** A quantity > 0 with at most 4 decimals (the summary's Q). */
export const positiveQty = z
  .string({ error: techCardMessages.qty })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^\d+(\.\d{1,4})?$/.test(v) && /[1-9]/.test(v), techCardMessages.qty);

const refId = (message: string) => sharedRefId(message, { maxDbId: true });
const optionalText = (max: number) => sharedOptionalText(max, techCardMessages.tooLong);

/**
 * One row of a card. A base card's rows have neither `action` nor `baseOperationId`. A modification's row either
 * changes a base operation (`baseOperationId` with `replace` — the default — or `remove`) or adds one (`add`).
 * `id` keeps an existing row (its id stays stable: modifications and MO snapshots point at it).
 */
export const operationInputSchema = z.strictObject({
  id: z.number().int().positive().nullable().optional(),
  seq: z.number({ error: techCardMessages.seq }).int(techCardMessages.seq).min(1, techCardMessages.seq).max(99_999),
  name: z.string().trim().max(200, techCardMessages.tooLong(200)).default(''),
  instructions: optionalText(4000),
  departmentId: refId(techCardMessages.departmentUnknown).nullable().optional(),
  positionId: refId(techCardMessages.positionUnknown).nullable().optional(),
  setupMinutes: decimalText(2).default('0'),
  runMinutesPerUnit: decimalText(4).default('0'),
  equipment: optionalText(200),
  canRunParallel: z.boolean().default(false),
  qualityCheck: z.boolean().default(false),
  baseOperationId: z.number().int().positive().nullable().optional(),
  action: z.enum(operationActions).nullable().optional(),
});
export type OperationInput = z.input<typeof operationInputSchema>;
export type OperationValues = z.output<typeof operationInputSchema>;

/** A removed base operation needs no name or department; every other row does, and seq is unique among them. */
function checkOperations(value: { operations?: readonly OperationValues[] | undefined }, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  (value.operations ?? []).forEach((op, i) => {
    if (op.action === 'remove') return;
    if (!op.name)
      ctx.addIssue({ code: 'custom', path: ['operations', i, 'name'], message: techCardMessages.operationName });
    if (op.departmentId == null) {
      ctx.addIssue({ code: 'custom', path: ['operations', i, 'departmentId'], message: techCardMessages.department });
    }
    if (seen.has(op.seq)) {
      ctx.addIssue({ code: 'custom', path: ['operations', i, 'seq'], message: techCardMessages.seqDuplicate(op.seq) });
    }
    seen.add(op.seq);
  });
}

const headerShape = {
  itemId: refId(techCardMessages.item),
  name: z
    .string({ error: techCardMessages.name })
    .trim()
    .min(1, techCardMessages.name)
    .max(200, techCardMessages.tooLong(200)),
  modificationNote: optionalText(1000),
  status: z.enum(techCardStatuses).default('draft'),
  notes: optionalText(4000),
};

export const techCardCreateSchema = z
  .strictObject({
    ...headerShape,
    /** Set: the new card is a modification of this base card. */
    baseTechCardId: z.number().int().positive().nullable().optional(),
    operations: z.array(operationInputSchema).max(300).default([]),
  })
  .superRefine(checkOperations);
export type TechCardCreateInput = z.input<typeof techCardCreateSchema>;
export type TechCardCreateValues = z.output<typeof techCardCreateSchema>;

/** A change: the version read, any header fields, and the whole set of rows when they change. */
export const techCardUpdateSchema = z
  .strictObject({
    version: z.number().int().min(1),
    itemId: headerShape.itemId.optional(),
    name: headerShape.name.optional(),
    modificationNote: headerShape.modificationNote,
    status: z.enum(techCardStatuses).optional(),
    notes: headerShape.notes,
    operations: z.array(operationInputSchema).max(300).optional(),
  })
  .superRefine(checkOperations);
export type TechCardUpdateInput = z.input<typeof techCardUpdateSchema>;
export type TechCardUpdateValues = z.output<typeof techCardUpdateSchema>;

export const techCardModificationSchema = z.strictObject({
  /** The item the modification is made for (a family shares one base). */
  itemId: refId(techCardMessages.item),
  note: optionalText(1000),
  name: z.string().trim().max(200, techCardMessages.tooLong(200)).optional(),
});
export type TechCardModificationInput = z.input<typeof techCardModificationSchema>;

export const techCardCopySchema = z.strictObject({
  itemId: refId(techCardMessages.item).optional(),
  name: z.string().trim().max(200, techCardMessages.tooLong(200)).optional(),
});

export const techCardListQuerySchema = z.strictObject({
  ...listQueryShape,
  itemId: idFilter(),
  status: z.enum(techCardStatuses).optional(),
  departmentId: idFilter(),
  kind: z.enum(['base', 'modification']).optional(),
});
export const techCardSortFields = ['name', 'itemName', 'status', 'updatedAt'] as const;

export const techCardSummaryQuerySchema = z.strictObject({
  qty: positiveQty.default('1'),
  labourRatePerHour: decimalText(6).optional(),
});
/** The print form's quantity (the card's time and cost are printed for it). */
export const techCardPrintQuerySchema = techCardSummaryQuerySchema.pick({ qty: true });

export const techCardOperationSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  name: z.string(),
  instructions: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionName: z.string().nullable(),
  setupMinutes: z.string(),
  runMinutesPerUnit: z.string(),
  equipment: z.string().nullable(),
  canRunParallel: z.boolean(),
  qualityCheck: z.boolean(),
  baseOperationId: z.number().int().nullable(),
  action: z.enum(operationActions).nullable(),
});
export type TechCardOperation = z.infer<typeof techCardOperationSchema>;

/** An operation as it takes effect (a modification applied over its base), sorted by seq. */
export const effectiveOperationSchema = z.object({
  seq: z.number().int(),
  name: z.string(),
  instructions: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  positionId: z.number().int().nullable(),
  positionName: z.string().nullable(),
  setupMinutes: z.string(),
  runMinutesPerUnit: z.string(),
  equipment: z.string().nullable(),
  canRunParallel: z.boolean(),
  qualityCheck: z.boolean(),
  techCardOperationId: z.number().int(),
  /** Unchanged from the base card of a modification. */
  inherited: z.boolean(),
  baseOperationId: z.number().int().nullable(),
});
export type EffectiveOperationView = z.infer<typeof effectiveOperationSchema>;

export const techCardSummarySchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemSku: z.string(),
  itemName: z.string(),
  name: z.string(),
  baseTechCardId: z.number().int().nullable(),
  baseName: z.string().nullable(),
  status: z.enum(techCardStatuses),
  isDefault: z.boolean(),
  /** Effective operations and their minutes for one unit. */
  operationCount: z.number().int(),
  totalMinutes: z.string(),
  updatedAt: z.string(),
});
export type TechCardSummary = z.infer<typeof techCardSummarySchema>;

const cardRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  itemId: z.number().int(),
  itemSku: z.string(),
  itemName: z.string(),
  status: z.string(),
});

export const techCardSchema = techCardSummarySchema.extend({
  itemKind: z.string(),
  unitShortName: z.string().nullable(),
  baseItemName: z.string().nullable(),
  baseStatus: z.enum(techCardStatuses).nullable(),
  modificationNote: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  /** The card's own rows (a modification's differences). */
  operations: z.array(techCardOperationSchema),
  /** A modification's base rows ([] for a base card). */
  baseOperations: z.array(techCardOperationSchema),
  effectiveOperations: z.array(effectiveOperationSchema),
  /** A base card's modifications. */
  modifications: z.array(cardRefSchema),
  /** Recipes naming this card. */
  recipes: z.array(cardRefSchema),
});
export type TechCard = z.infer<typeof techCardSchema>;

/** Time and cost of the effective operations for quantity Q (production.md §2 'Calculations'). */
export const techCardCostSchema = z.object({
  techCardId: z.number().int(),
  qty: z.string(),
  labourRatePerHour: z.string().nullable(),
  hoursPerDay: z.number(),
  operations: z.array(
    z.object({
      seq: z.number().int(),
      name: z.string(),
      departmentName: z.string().nullable(),
      positionName: z.string().nullable(),
      canRunParallel: z.boolean(),
      /** UAH per hour: the recipe's labour rate, else the position's; the department's overhead rate. */
      labourRate: z.string().nullable(),
      overheadRate: z.string().nullable(),
      minutes: z.string(),
      labour: z.string(),
      overhead: z.string(),
    }),
  ),
  minutes: z.string(),
  labour: z.string(),
  overhead: z.string(),
  total: z.string(),
  leadTimeDays: z.number().int(),
});
export type TechCardCost = z.infer<typeof techCardCostSchema>;

/** The shapes of the module's endpoints (their paths: tech-cards.endpoints.ts, decision 0016). */
export const techCardsSchemas = {
  list: { query: techCardListQuerySchema, response: z.array(techCardSummarySchema) },
  get: { params: idParams, response: techCardSchema },
  summary: { params: idParams, query: techCardSummaryQuerySchema, response: techCardCostSchema },
  /** 'Технологічна карта' as a PDF. */
  print: { params: idParams, query: techCardPrintQuerySchema },
  create: { body: techCardCreateSchema, response: techCardSchema },
  update: { params: idParams, body: techCardUpdateSchema, response: techCardSchema },
  remove: { params: idParams },
  makeDefault: { params: idParams, response: techCardSchema },
  createModification: { params: idParams, body: techCardModificationSchema, response: techCardSchema },
  copy: { params: idParams, body: techCardCopySchema.nullish(), response: techCardSchema },
};
