// Bills of materials ('Специфікації', production.md §1): WHAT a unit of a product or semi-finished item is made of —
// the one list of materials (§0). Shared by the server and the page: zod schemas, labels and Ukrainian messages.
import { booleanFilter, decimalTextOf, optionalText, refId } from '@/shared/contract-fields.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export const bomMessages = {
  required: "Обов'язкове поле",
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Має бути більше нуля',
  scrap: 'Відхід — від 0 до 99,99 %',
  reference: 'Оберіть запис зі списку',
  notFound: 'Специфікацію не знайдено',
  itemNotFound: 'Виріб не знайдено',
  notMade: 'Специфікацію можна створити лише для готової продукції або напівфабрикату',
  componentNotFound: 'Оберіть компонент зі списку',
  componentService: 'Послугу не можна додати до специфікації — вона не має залишків',
  componentSelf: 'Виріб не може входити до власної специфікації',
  componentInactive: (sku: string) => `Позиція ${sku} неактивна — її не можна додати до специфікації`,
  unitNotFound: 'Оберіть одиницю виміру зі списку',
  lineNotOwn: 'Рядок не належить цій специфікації',
  cycle: (path: readonly string[]) => `Циклічна специфікація: ${path.join(' → ')}`,
  version: 'Специфікацію змінено іншим користувачем — оновіть сторінку',
  activeEmpty: 'Діюча специфікація має містити хоча б один рядок',
  archivedEdit: 'Специфікація в архіві — спершу поверніть її з архіву (статус «Чернетка» або «Діюча»)',
  archivedDefault: 'Архівну специфікацію не можна зробити основною',
  usedByMo: (numbers: string) =>
    `Специфікацію використано в замовленнях на виробництво (${numbers}) — її не можна видалити, архівуйте її`,
  usedByRecipesDelete: (names: string) =>
    `Специфікацію названо в рецептах (${names}) — її не можна видалити, архівуйте її або змініть рецепти`,
  usedByRecipes: (names: string) =>
    `Специфікацію використовують діючі рецепти: ${names} — спершу архівуйте рецепти або оберіть у них іншу специфікацію`,
  copySame: 'Оберіть інший виріб або копіюйте як нову версію',
  noPrice: 'Немає ціни',
  importFormat: 'Надішліть файл CSV, XLSX або XML',
  importColumns:
    'У файлі мають бути колонки «Артикул виробу», «Артикул компонента» і «Кількість» (або parent, component, qty)',
  importEmpty: 'У файлі немає рядків',
  importTooMany: 'Не більше 5000 рядків в одному файлі',
  importRow: (row: number, problem: string) => `Рядок ${row}: ${problem}`,
  importFailed: (count: number, first: string) => `Файл не імпортовано — помилок: ${count}. ${first}`,
  importNoParent: 'не вказано артикул виробу',
  importNoComponent: 'не вказано артикул компонента',
  importUnknown: (code: string) => `позицію «${code}» не знайдено`,
  importQty: 'кількість має бути числом більше нуля (не більше 6 знаків після коми)',
  importScrap: 'відхід має бути числом від 0 до 99,99',
  importUnit: (unit: string) => `одиницю «${unit}» не знайдено`,
} as const;

export const bomStatuses = ['draft', 'active', 'archived'] as const;
export type BomStatus = (typeof bomStatuses)[number];
export const bomStatusLabels: Record<BomStatus, string> = {
  draft: 'Чернетка',
  active: 'Діюча',
  archived: 'Архів',
};

/** The kinds the left pane filters by: 'made' = products and semi-finished (the default), 'stocked' = any but a service. */
export const bomItemKindFilters = [
  'made',
  'product',
  'semi_finished',
  'component',
  'material',
  'stocked',
  'all',
] as const;
export type BomItemKindFilter = (typeof bomItemKindFilters)[number];

export const itemKindLabels = {
  product: 'Готова продукція',
  semi_finished: 'Напівфабрикат',
  component: 'Комплектуючий',
  material: 'Матеріал',
  service: 'Послуга',
} as const;
export type BomItemKind = keyof typeof itemKindLabels;

/** Where a component's unit cost comes from (§1 roll-up). */
export const costSources = ['avg', 'last_price', 'planned', 'none'] as const;
export type CostSource = (typeof costSources)[number];
export const costSourceLabels: Record<CostSource, string> = {
  avg: 'Середня собівартість',
  last_price: 'Остання ціна закупівлі',
  planned: 'Планова собівартість',
  none: 'Немає ціни',
};

/** A decimal typed with a point or a comma and spaces ('1 250,5' → '1250.5'), at most `scale` decimals. */
const decimalText = decimalTextOf(bomMessages);

/** 0 … 99.99 (two decimals). */
export const scrapPercentText = decimalText(2).refine((v) => {
  const [int = '0'] = v.split('.');
  return Number(int) < 100;
}, bomMessages.scrap);

const id = refId(bomMessages.reference);
const name = z
  .string({ error: bomMessages.required })
  .trim()
  .min(1, bomMessages.required)
  .max(100, 'Не довше 100 символів');

export const MAX_BOM_LINES = 500;

export const bomLineInputSchema = z.strictObject({
  /** A saved line's id: the line keeps it (MO snapshots point at it); absent for a new line. */
  id: z.number().int().positive().nullable().optional(),
  componentItemId: id,
  /** As typed, in `unitId` (any unit of the component's unit type); stored converted to the stock unit. */
  qty: decimalText(6, { positive: true }),
  unitId: id.nullable().optional(),
  scrapPercent: scrapPercentText.default('0'),
  designators: optionalText(1000),
  notes: optionalText(500),
});
export type BomLineInput = z.input<typeof bomLineInputSchema>;

export const bomCreateSchema = z.strictObject({
  itemId: id,
  name: name.default('Основна'),
  outputQty: decimalText(4, { positive: true }).default('1'),
  status: z.enum(['draft', 'active']).default('draft'),
  notes: optionalText(2000),
  /** Make it the item's default at once (the item's first BOM becomes the default anyway). */
  isDefault: z.boolean().optional(),
  lines: z.array(bomLineInputSchema).max(MAX_BOM_LINES).default([]),
});
export type BomCreateInput = z.input<typeof bomCreateSchema>;
export type BomCreateBody = z.output<typeof bomCreateSchema>;

export const bomUpdateSchema = z.strictObject({
  version: z.number().int().min(1),
  name: name.optional(),
  outputQty: decimalText(4, { positive: true }).optional(),
  status: z.enum(bomStatuses).optional(),
  notes: optionalText(2000),
  /** The whole set of lines when they change: lines with an id are kept (updated), others added, missing ones removed. */
  lines: z.array(bomLineInputSchema).max(MAX_BOM_LINES).optional(),
});
export type BomUpdateInput = z.input<typeof bomUpdateSchema>;
export type BomUpdateBody = z.output<typeof bomUpdateSchema>;

export const bomCopySchema = z.strictObject({
  /** Another item to copy to; absent or the same item = a new version of this one. */
  targetItemId: id.nullable().optional(),
  name: name.optional(),
});
export type BomCopyInput = z.input<typeof bomCopySchema>;

export const bomListQuerySchema = z.strictObject({
  ...listQueryShape,
  itemId: idFilter(),
  status: z.enum(bomStatuses).optional(),
});
export const bomSortFields = ['itemName', 'name', 'status', 'updatedAt'] as const;

export const bomItemsQuerySchema = z.strictObject({
  ...listQueryShape,
  kind: z.enum(bomItemKindFilters).default('made'),
  categoryId: idFilter(),
  hasBom: booleanFilter(),
  /** Picker use: leave out this item (the BOM's own parent). */
  exceptId: idFilter(),
  /** These items only, of any kind and active or not (labels, a deep link). */
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,99}$/)
    .optional(),
});
export const bomItemSortFields = ['sku', 'name', 'kind'] as const;

export const explosionModes = ['tree', 'flat'] as const;
export type ExplosionMode = (typeof explosionModes)[number];
export const explosionQuerySchema = z.strictObject({
  qty: decimalText(4, { positive: true }).default('1'),
  mode: z.enum(explosionModes).default('tree'),
});

// ---- answers ---------------------------------------------------------------------------------------------------

export const bomSummarySchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemSku: z.string(),
  itemName: z.string(),
  itemKind: z.string(),
  itemUnitShortName: z.string().nullable(),
  name: z.string(),
  outputQty: z.string(),
  isDefault: z.boolean(),
  status: z.enum(bomStatuses),
  notes: z.string().nullable(),
  version: z.number().int(),
  lineCount: z.number().int(),
  /** Material cost of one unit of the item (§1 roll-up), UAH, 2 decimals. */
  materialCost: z.string(),
  /** Components (at any level) without a price, counted as 0. */
  noPriceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BomSummary = z.infer<typeof bomSummarySchema>;

/** An interchangeable item of a line's component (reference-data.md §17): information only, never substituted. */
export const bomLineAlternativeSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  note: z.string().nullable(),
  /** Free stock = on hand − reserved, over all warehouses. */
  available: z.string(),
});
export type BomLineAlternative = z.infer<typeof bomLineAlternativeSchema>;

export const bomLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  componentItemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  unitId: z.number().int(),
  unitShortName: z.string().nullable(),
  /** Per outputQty, in the component's stock unit. */
  qty: z.string(),
  enteredQty: z.string().nullable(),
  enteredUnitId: z.number().int().nullable(),
  enteredUnitShortName: z.string().nullable(),
  scrapPercent: z.string(),
  designators: z.string().nullable(),
  notes: z.string().nullable(),
  /** Effective quantity per unit of the parent, scrap included (6 decimals). */
  perUnitQty: z.string(),
  /** UAH per stock unit of the component (6 decimals). */
  unitCost: z.string(),
  costSource: z.enum(costSources),
  /** qty × (1 + scrap) × unitCost — for the BOM's outputQty, 2 decimals. */
  lineCost: z.string(),
  /** The component (or something under it) has no price. */
  noPrice: z.boolean(),
  /** Made and resolvable: it has a spec of its own (shown as a sub-assembly). */
  made: z.boolean(),
  /** Available = on hand − reserved, over all warehouses. */
  available: z.string(),
  /** The component's active alternatives with their free stock, by name (empty when it has none). */
  alternatives: z.array(bomLineAlternativeSchema),
});
export type BomLine = z.infer<typeof bomLineSchema>;

export const bomSchema = bomSummarySchema.extend({
  /** Σ line costs — the material cost of outputQty. */
  linesCost: z.string(),
  lines: z.array(bomLineSchema),
});
export type Bom = z.infer<typeof bomSchema>;

export interface ExplosionNode {
  itemId: number;
  sku: string;
  name: string;
  kind: string;
  unitShortName: string | null;
  /** 1 = a line of the exploded BOM. */
  level: number;
  bomLineId: number;
  designators: string | null;
  scrapPercent: string;
  /** Effective quantity per unit of the node's parent (6 decimals). */
  perUnitQty: string;
  /** Needed for the asked quantity (4 decimals). */
  qty: string;
  available: string;
  /** The BOM it was expanded through (made items with a spec), else null. */
  bomId: number | null;
  /** Reached again inside its own branch: not expanded further. */
  cycle: boolean;
  children: ExplosionNode[];
}

export const explosionNodeSchema: z.ZodType<ExplosionNode> = z.lazy(() =>
  z.object({
    itemId: z.number().int(),
    sku: z.string(),
    name: z.string(),
    kind: z.string(),
    unitShortName: z.string().nullable(),
    level: z.number().int(),
    bomLineId: z.number().int(),
    designators: z.string().nullable(),
    scrapPercent: z.string(),
    perUnitQty: z.string(),
    qty: z.string(),
    available: z.string(),
    bomId: z.number().int().nullable(),
    cycle: z.boolean(),
    children: z.array(explosionNodeSchema),
  }),
);

export const flatLeafSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  unitShortName: z.string().nullable(),
  /** Summed over every place it is needed (4 decimals). */
  qty: z.string(),
  available: z.string(),
  /** max(0, qty − available). */
  shortage: z.string(),
});
export type FlatLeaf = z.infer<typeof flatLeafSchema>;

export const explosionSchema = z.object({
  bomId: z.number().int(),
  itemId: z.number().int(),
  qty: z.string(),
  mode: z.enum(explosionModes),
  tree: z.array(explosionNodeSchema).optional(),
  flat: z.array(flatLeafSchema).optional(),
});
export type Explosion = z.infer<typeof explosionSchema>;

export const whereUsedRowSchema = z.object({
  bomId: z.number().int(),
  bomName: z.string(),
  bomStatus: z.enum(bomStatuses),
  isDefault: z.boolean(),
  /** The parent that uses it. */
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  /** 1 = directly in the BOM; 2+ = through a made component on the path. */
  level: z.number().int(),
  /** How much of the asked item one unit of this parent needs, through the path (6 decimals). */
  perUnitQty: z.string(),
  /** Names from this parent down to the asked item. */
  path: z.array(z.string()),
});
export type WhereUsedRow = z.infer<typeof whereUsedRowSchema>;

export const bomItemRowSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  isActive: z.boolean(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  unitId: z.number().int(),
  unitShortName: z.string().nullable(),
  unitType: z.string().nullable(),
  /** BOMs that are not archived. */
  bomCount: z.number().int(),
  hasBom: z.boolean(),
  defaultBomId: z.number().int().nullable(),
  defaultBomStatus: z.enum(bomStatuses).nullable(),
});
export type BomItemRow = z.infer<typeof bomItemRowSchema>;

export const bomUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  type: z.string(),
  factor: z.string(),
});
export type BomUnit = z.infer<typeof bomUnitSchema>;

export const bomHistorySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  userName: z.string().nullable(),
  actor: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type BomHistoryEntry = z.infer<typeof bomHistorySchema>;

export const bomImportResultSchema = z.object({
  boms: z.array(
    z.object({
      id: z.number().int(),
      itemId: z.number().int(),
      sku: z.string(),
      name: z.string(),
      lineCount: z.number().int(),
      isDefault: z.boolean(),
    }),
  ),
});
export type BomImportResult = z.infer<typeof bomImportResultSchema>;

export const bomImportQuerySchema = z.strictObject({
  status: z.enum(['draft', 'active']).default('active'),
});

/** `:itemId` of the where-used path. */
export const bomItemParams = z.strictObject({ itemId: dbId() });

/**
 * The shapes of the module's endpoints (their paths: bom.endpoints.ts, decision 0016). The import takes the file as
 * its raw body (CSV, XLSX or XML), checked by the import itself.
 */
export const bomSchemas = {
  list: { query: bomListQuerySchema, response: z.array(bomSummarySchema) },
  items: { query: bomItemsQuerySchema, response: z.array(bomItemRowSchema) },
  units: { response: z.array(bomUnitSchema) },
  whereUsed: { params: bomItemParams, response: z.array(whereUsedRowSchema) },
  get: { params: idParams, response: bomSchema },
  explosion: { params: idParams, query: explosionQuerySchema, response: explosionSchema },
  history: { params: idParams, response: z.array(bomHistorySchema) },
  create: { body: bomCreateSchema, response: bomSchema },
  update: { params: idParams, body: bomUpdateSchema, response: bomSchema },
  remove: { params: idParams },
  makeDefault: { params: idParams, response: bomSchema },
  copy: { params: idParams, body: bomCopySchema.nullish(), response: bomSchema },
  importFile: { query: bomImportQuerySchema, response: bomImportResultSchema },
};
