// Recipes ('Рецепти', production.md §3): a named production variant of an item. It NAMES a BOM and a tech card and
// adds batch size, instructions and an optional labour rate — it holds no material or operation rows (§0). Its
// preview (materials for a batch, operations with minutes, cost per unit) is computed live, never stored.
import { decimalText, optionalText as sharedOptionalText, refId as sharedRefId } from '@/shared/contract-fields.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export const recipeMessages = {
  name: 'Вкажіть назву',
  item: 'Оберіть товар або напівфабрикат',
  itemKind: 'Рецепт складається лише для товару або напівфабрикату',
  bom: 'Оберіть специфікацію',
  bomOther: 'Оберіть специфікацію цього товару',
  bomArchived: 'Специфікація в архіві — оберіть іншу',
  techCardOther: 'Оберіть технологічну карту цього товару (власну або модифікацію, зроблену для нього)',
  techCardArchived: 'Технологічна карта в архіві — оберіть іншу',
  batchSize: 'Розмір партії — число більше нуля (не більше 4 знаків після коми)',
  rate: 'Ставка — число не менше нуля (не більше 6 знаків після коми)',
  notFound: 'Рецепт не знайдено',
  version: 'Рецепт змінено іншим користувачем — оновіть сторінку',
  defaultNotActive: 'Типовим може бути лише діючий рецепт',
  defaultRace: 'Типовий рецепт виробу щойно змінив інший користувач — оновіть сторінку',
  usedByOrders: (count: number) =>
    `Рецепт уже використано в замовленнях на виробництво (${count}) — видалити його не можна, перенесіть в архів`,
  tooLong: (max: number) => `Не довше ${max} символів`,
} as const;

export const recipeStatuses = ['active', 'archived'] as const;
export type RecipeStatus = (typeof recipeStatuses)[number];
export const recipeStatusLabels: Record<RecipeStatus, string> = { active: 'Діючий', archived: 'Архів' };

const decimal = (scale: number, message: string, positive: boolean) =>
  decimalText(scale, { decimal: message, positive: message }, { positive });

export const batchSizeText = decimal(4, recipeMessages.batchSize, true);
export const labourRateText = decimal(6, recipeMessages.rate, false);

const refId = (message: string) => sharedRefId(message, { maxDbId: true });
const optionalText = (max: number) => sharedOptionalText(max, recipeMessages.tooLong);

const fieldsShape = {
  name: z
    .string({ error: recipeMessages.name })
    .trim()
    .min(1, recipeMessages.name)
    .max(200, recipeMessages.tooLong(200)),
  bomId: refId(recipeMessages.bom),
  /** Optional: a variant may be made with a BOM alone. */
  techCardId: refId(recipeMessages.techCardOther).nullable().optional(),
  batchSize: batchSizeText,
  /** Markdown; shown on /mes and printed on the traveller. */
  instructions: optionalText(20_000),
  /** Overrides the positions' rates in costing for this variant. */
  labourRatePerHour: labourRateText.nullable().optional(),
  notes: optionalText(4000),
};

export const recipeCreateSchema = z.strictObject({
  itemId: refId(recipeMessages.item),
  ...fieldsShape,
  status: z.enum(recipeStatuses).default('active'),
});
export type RecipeCreateInput = z.input<typeof recipeCreateSchema>;
export type RecipeCreateValues = z.output<typeof recipeCreateSchema>;

/** A change: the version read and any fields (the item stays: a variant of another item is a new recipe). */
export const recipeUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  name: fieldsShape.name.optional(),
  bomId: fieldsShape.bomId.optional(),
  techCardId: fieldsShape.techCardId,
  batchSize: fieldsShape.batchSize.optional(),
  instructions: fieldsShape.instructions,
  labourRatePerHour: fieldsShape.labourRatePerHour,
  notes: fieldsShape.notes,
  status: z.enum(recipeStatuses).optional(),
});
export type RecipeUpdateInput = z.input<typeof recipeUpdateSchema>;
export type RecipeUpdateValues = z.output<typeof recipeUpdateSchema>;

export const recipeListQuerySchema = z.strictObject({
  ...listQueryShape,
  itemId: idFilter(),
  status: z.enum(recipeStatuses).optional(),
});
export const recipeSortFields = ['name', 'itemName', 'batchSize', 'updatedAt'] as const;

/** The live preview of a variant not saved yet (the form's BOM, tech card, batch size and rate). */
export const recipePreviewQuerySchema = z.strictObject({
  itemId: dbId(),
  bomId: dbId(),
  techCardId: idFilter(),
  batchSize: batchSizeText,
  labourRatePerHour: labourRateText.optional(),
});
export type RecipePreviewQuery = z.input<typeof recipePreviewQuerySchema>;

export const recipeOptionsQuerySchema = z.strictObject({ itemId: dbId() });

/** The BOMs and tech cards a recipe of the item may name. */
export const recipeOptionsSchema = z.object({
  boms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      isDefault: z.boolean(),
      outputQty: z.string(),
    }),
  ),
  techCards: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      isDefault: z.boolean(),
      baseTechCardId: z.number().int().nullable(),
      baseName: z.string().nullable(),
    }),
  ),
});
export type RecipeOptions = z.infer<typeof recipeOptionsSchema>;

export const recipeCostSchema = z.object({
  /** For the whole batch. */
  material: z.string(),
  labour: z.string(),
  overhead: z.string(),
  total: z.string(),
  /** total ÷ batch size. */
  perUnit: z.string(),
  /** Bought components without any price ('Немає ціни'). */
  noPrice: z.array(z.number().int()),
});
export type RecipeCost = z.infer<typeof recipeCostSchema>;

export const recipePreviewSchema = z.object({
  itemId: z.number().int(),
  batchSize: z.string(),
  labourRatePerHour: z.string().nullable(),
  bom: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.string(),
    outputQty: z.string(),
    lineCount: z.number().int(),
  }),
  /** Materials for one batch: BOM × batch size (scrap included). */
  materials: z.array(
    z.object({
      bomLineId: z.number().int(),
      lineNo: z.number().int(),
      itemId: z.number().int(),
      sku: z.string(),
      name: z.string(),
      unitShortName: z.string().nullable(),
      perUnitQty: z.string(),
      batchQty: z.string(),
    }),
  ),
  techCard: z
    .object({ id: z.number().int(), name: z.string(), status: z.string(), baseName: z.string().nullable() })
    .nullable(),
  /** Operations with minutes for the batch: tech card × batch size. */
  operations: z.array(
    z.object({
      seq: z.number().int(),
      name: z.string(),
      departmentName: z.string().nullable(),
      positionName: z.string().nullable(),
      setupMinutes: z.string(),
      runMinutesPerUnit: z.string(),
      canRunParallel: z.boolean(),
      qualityCheck: z.boolean(),
      inherited: z.boolean(),
      minutes: z.string(),
      labour: z.string(),
      overhead: z.string(),
    }),
  ),
  minutes: z.string(),
  leadTimeDays: z.number().int(),
  cost: recipeCostSchema.nullable(),
  /** Why there is no cost (e.g. an archived recipe), else null. */
  costError: z.string().nullable(),
});
export type RecipePreview = z.infer<typeof recipePreviewSchema>;

export const recipeSummarySchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemSku: z.string(),
  itemName: z.string(),
  name: z.string(),
  bomId: z.number().int(),
  bomName: z.string(),
  techCardId: z.number().int().nullable(),
  techCardName: z.string().nullable(),
  batchSize: z.string(),
  labourRatePerHour: z.string().nullable(),
  isDefault: z.boolean(),
  status: z.enum(recipeStatuses),
  /** Planned cost per unit at the batch size (null when it cannot be computed). */
  costPerUnit: z.string().nullable(),
  updatedAt: z.string(),
});
export type RecipeSummary = z.infer<typeof recipeSummarySchema>;

export const recipeSchema = recipeSummarySchema.extend({
  unitShortName: z.string().nullable(),
  instructions: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  preview: recipePreviewSchema,
});
export type Recipe = z.infer<typeof recipeSchema>;

/** The shapes of the module's endpoints (their paths: recipes.endpoints.ts, decision 0016). */
export const recipesSchemas = {
  list: { query: recipeListQuerySchema, response: z.array(recipeSummarySchema) },
  options: { query: recipeOptionsQuerySchema, response: recipeOptionsSchema },
  preview: { query: recipePreviewQuerySchema, response: recipePreviewSchema },
  get: { params: idParams, response: recipeSchema },
  create: { body: recipeCreateSchema, response: recipeSchema },
  update: { params: idParams, body: recipeUpdateSchema, response: recipeSchema },
  remove: { params: idParams },
  makeDefault: { params: idParams, response: recipeSchema },
};
