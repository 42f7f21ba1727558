// Adjustments ('Коригування залишків', warehouse.md §1): the ADJ document — the only way to correct a quantity by
// hand — its opening-balance import, the stock settings of the gear dialog and one item's stock card. Shared by
// the server and the pages.
import { optionalText, periodFilterShape, refId } from '@/shared/contract-fields.ts';
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import {
  cancelBodySchema,
  lineItemShape,
  postBodySchema,
  postingTrailShape,
  serialsField,
  versionField,
} from '@/shared/document-contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { enteredLineShape, lineUnitsQuerySchema, lineUnitsSchema } from '@/shared/unit-conversion.ts';
import { z } from '@/shared/zod-uk.ts';
import { movementRowSchema } from './stock.contract.ts';

export const adjustmentReasons = ['surplus_found', 'damage', 'regrade', 'correction', 'opening', 'other'] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];
export const adjustmentReasonLabels: Record<AdjustmentReason, string> = {
  surplus_found: 'Надлишок',
  damage: 'Псування',
  regrade: 'Пересорт',
  correction: 'Виправлення обліку',
  opening: 'Введення залишків',
  other: 'Інше',
};

export const adjustmentStatuses = ['draft', 'posted', 'cancelled'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];
export const adjustmentStatusLabels: Record<AdjustmentStatus, string> = {
  draft: 'Чернетка',
  posted: 'Проведено',
  cancelled: 'Скасовано',
};

export const adjustmentMessages = {
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  notZero: 'Зміна не може дорівнювати нулю',
  qtyOrCounted: 'Вкажіть зміну кількості або фактичну кількість',
  noLines: 'Додайте хоча б один рядок',
  reference: 'Оберіть запис зі списку',
  notFound: 'Коригування не знайдено',
  notDraft: 'Змінювати можна лише чернетку',
  posted: 'Коригування вже проведено',
  notPosted: 'Скасувати можна лише проведене коригування',
  version: 'Документ змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину скасування',
  wrongKind: (page: string) => `Цей товар ведеться на сторінці «${page}»`,
  nothingToChange: (sku: string, onHand: string) =>
    `Залишок «${sku}» на цьому складі вже дорівнює ${onHand} — коригувати нічого`,
  openingPositive: 'Введення залишків лише додає кількість — вкажіть число більше нуля',
  openingCost: 'Для введення залишків вкажіть ціну одиниці',
  importEmpty: 'Файл порожній — немає жодного рядка з даними',
  importColumn: (name: string) => `У файлі немає стовпця «${name}»`,
  importErrors: (count: number) => `Файл не завантажено: помилок — ${count}. Виправте їх і завантажте файл ще раз`,
  importFormat: 'Завантажте файл CSV або XLSX',
  row: (row: number, text: string) => `Рядок ${row}: ${text}`,
  rowSku: (sku: string) => `артикул «${sku}» не знайдено`,
  rowSkuEmpty: 'не вказано артикул',
  rowWarehouse: (code: string) => `склад з кодом «${code}» не знайдено`,
  rowWarehouseEmpty: 'не вказано код складу',
  rowQty: 'кількість має бути числом більше нуля (до 4 знаків після коми)',
  rowCost: 'ціна одиниці має бути числом не менше нуля (до 6 знаків після коми)',
  rowService: (sku: string) => `«${sku}» — послуга, вона не має залишків`,
  rowKind: (sku: string, page: string) => `«${sku}» ведеться на сторінці «${page}», а прав на неї немає`,
  rowDuplicate: (sku: string, first: number) => `«${sku}» на цьому складі вже є в рядку ${first}`,
  rowSerials: (sku: string, qty: string, given: number) =>
    `«${sku}» обліковується за серійними номерами: потрібно ${formatQtyUk(qty)}, у стовпці «Серійні номери» — ${given}`,
  serialsNoLine: (lineNo: number) => `Серійні номери вказано для рядка ${lineNo}, якого немає в документі`,
  serialsGone: (values: readonly string[]) =>
    `Неможливо скасувати: оприбутковані серійні номери вже не на складі: ${values.join(', ')}`,
  serialLength: 'Серійний номер не довший за 200 символів',
} as const;

const decimalText = (scale: number, opts: { signed?: boolean } = {}) =>
  z
    .string({ error: adjustmentMessages.decimal(scale) })
    .trim()
    .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
    .refine((v) => (opts.signed ? /^[-+]?\d+(\.\d+)?$/ : /^\d+(\.\d+)?$/).test(v), adjustmentMessages.decimal(scale))
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= scale, adjustmentMessages.decimal(scale))
    .transform((v) => v.replace(/^\+/, ''));
const isoDate = documentDate(adjustmentMessages.date);
const id = refId(adjustmentMessages.reference);

/** A line: a signed change, or the quantity counted (the server turns it into the change against on hand). */
export const adjustmentLineInputSchema = z
  .strictObject({
    itemId: id,
    deltaQty: decimalText(4, { signed: true })
      .refine((v) => /[1-9]/.test(v), adjustmentMessages.notZero)
      .optional(),
    countedQty: decimalText(4).optional(),
    /** The unit the change or the count is typed in (another unit of the stock unit's type); absent: the stock unit. */
    unitId: id.nullable().optional(),
    /** UAH per stock unit. */
    unitCost: decimalText(6).nullable().optional(),
    notes: optionalText(500),
    /**
     * Serial-tracked items: the serials of the line, used when it is posted in the same call (`post: true`) —
     * + lines register them as new, − lines name those written off. Typed text with ranges is accepted.
     */
    serials: serialsField(adjustmentMessages.serialLength).optional(),
  })
  .refine((l) => (l.deltaQty === undefined) !== (l.countedQty === undefined), {
    message: adjustmentMessages.qtyOrCounted,
    path: ['deltaQty'],
  });
export type AdjustmentLineInput = z.input<typeof adjustmentLineInputSchema>;

const headerShape = {
  warehouseId: id,
  reason: z.enum(adjustmentReasons, { error: adjustmentMessages.required }),
  comment: optionalText(1000),
  documentDate: isoDate.optional(),
};

export const adjustmentCreateSchema = z.strictObject({
  ...headerShape,
  lines: z.array(adjustmentLineInputSchema).min(1, adjustmentMessages.noLines).max(1000),
  /** Create and post in one transaction (the quick dialog 'Коригування'). */
  post: z.boolean().optional(),
});
export type AdjustmentCreateInput = z.input<typeof adjustmentCreateSchema>;

export const adjustmentUpdateSchema = z.strictObject({
  version: versionField(),
  warehouseId: id.optional(),
  reason: z.enum(adjustmentReasons).optional(),
  comment: optionalText(1000),
  documentDate: isoDate.optional(),
  lines: z.array(adjustmentLineInputSchema).min(1, adjustmentMessages.noLines).max(1000).optional(),
});

/** The serials of a line posted later, by its number (`lineNo`). */
export const adjustmentLineSerialsSchema = z.strictObject({
  lineNo: z.number().int().min(1),
  serials: serialsField(adjustmentMessages.serialLength),
});
export type AdjustmentLineSerials = z.input<typeof adjustmentLineSerialsSchema>;

/**
 * Posting: every line of a serial-tracked item names exactly |Δ| serials — + lines new ones (an opening-balance
 * line without any gets them generated from the item's template), − lines those on the shelf (they become defective).
 */
export const adjustmentPostSchema = postBodySchema(adjustmentLineSerialsSchema, 1000);
export const adjustmentCancelSchema = cancelBodySchema(adjustmentMessages.reason);

export const adjustmentListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(adjustmentStatuses).optional(),
  reason: z.enum(adjustmentReasons).optional(),
  warehouseId: idFilter(),
  itemId: idFilter(),
  ...periodFilterShape(adjustmentMessages.date),
});
export const adjustmentSortFields = ['number', 'documentDate', 'status', 'warehouseName'] as const;

export const adjustmentLineSchema = z.object({
  ...lineItemShape,
  /** Both in the stock unit: what the ledger moves, and the count it came from. */
  deltaQty: z.string(),
  countedQty: z.string().nullable(),
  /** As typed — the count when `countedQty` is set, else the change — in `enteredUnitId` (null: the stock unit). */
  ...enteredLineShape,
  unitCost: z.string().nullable(),
  notes: z.string().nullable(),
  /** The item is counted by serial numbers. */
  serialTracking: z.boolean(),
  /** Posted and cancelled: the serials the line registered (+) or wrote off (−). */
  serials: z.array(z.string()),
});
export type AdjustmentLine = z.infer<typeof adjustmentLineSchema>;

export const adjustmentSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  documentDate: z.string(),
  status: z.enum(adjustmentStatuses),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  reason: z.enum(adjustmentReasons),
  comment: z.string().nullable(),
  lineCount: z.number().int(),
});
export type AdjustmentSummary = z.infer<typeof adjustmentSummarySchema>;

export const adjustmentSchema = adjustmentSummarySchema.extend({
  version: z.number().int(),
  ...postingTrailShape,
  lines: z.array(adjustmentLineSchema),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

// ---- settings (the gear dialog 'Налаштування складу') ------------------------------------------------------

export const stockSettingsSchema = z.object({
  allowNegativeStock: z.boolean(),
  lowStockThreshold: z.number().int().min(0),
});
export type StockSettings = z.infer<typeof stockSettingsSchema>;
export const stockSettingsPatchSchema = z.strictObject({
  allowNegativeStock: z.boolean({ error: 'Оберіть так або ні' }).optional(),
  lowStockThreshold: z
    .number({ error: 'Вкажіть ціле число від 0' })
    .int('Вкажіть ціле число від 0')
    .min(0, 'Вкажіть ціле число від 0')
    .max(1_000_000, 'Не більше 1 000 000')
    .optional(),
});
export type StockSettingsPatch = z.infer<typeof stockSettingsPatchSchema>;

// ---- one item's stock card (GET /api/inventory/:itemId) ------------------------------------------------------

export const reservationSourceLabels: Record<string, string> = {
  order_line: 'Замовлення клієнта',
  mo_material: 'Замовлення на виробництво',
};

export const itemStockSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  /** The item is counted by serial numbers: an adjustment's lines name them. */
  serialTracking: z.boolean(),
  unitShortName: z.string().nullable(),
  avgCost: z.string().nullable(),
  value: z.string(),
  balances: z.array(
    z.object({
      warehouseId: z.number().int(),
      warehouseName: z.string(),
      onHand: z.string(),
      reserved: z.string(),
      available: z.string(),
    }),
  ),
  reservations: z.array(
    z.object({
      id: z.number().int(),
      warehouseId: z.number().int(),
      warehouseName: z.string(),
      qty: z.string(),
      sourceType: z.string(),
      sourceId: z.number().int(),
      /** 'Замовлення клієнта #12' until the order's own number can be read. */
      source: z.string(),
    }),
  ),
  movements: z.array(movementRowSchema),
});
export type ItemStock = z.infer<typeof itemStockSchema>;

/** `:itemId` of the item card's path. */
export const itemParams = z.strictObject({ itemId: dbId() });

/** The shapes of one stock page's adjustment endpoints: /inventory and /component-stock take and answer the same. */
const mountSchemas = {
  list: { query: adjustmentListQuerySchema, response: z.array(adjustmentSummarySchema) },
  create: { body: adjustmentCreateSchema, response: adjustmentSchema },
  /** Opening balances from a CSV or XLSX file sent as the raw body (decision 0006); the handler reads it. */
  import: { response: z.array(adjustmentSchema) },
  get: { params: idParams, response: adjustmentSchema },
  update: { params: idParams, body: adjustmentUpdateSchema, response: adjustmentSchema },
  remove: { params: idParams },
  post: { params: idParams, body: adjustmentPostSchema.nullish(), response: adjustmentSchema },
  cancel: { params: idParams, body: adjustmentCancelSchema, response: adjustmentSchema },
  /** The item's card: balances per warehouse, reservations with their sources, the last 20 movements. */
  itemStock: { params: itemParams, response: itemStockSchema },
  /** The units a line of the item may be entered in (its stock unit's type). */
  itemUnits: { query: lineUnitsQuerySchema, response: lineUnitsSchema },
};

/** The shapes of every adjustment, settings and item-card endpoint (their paths: adjustments.endpoints.ts). */
export const adjustmentsSchemas = {
  inventoryList: mountSchemas.list,
  inventoryCreate: mountSchemas.create,
  inventoryImport: mountSchemas.import,
  inventoryGet: mountSchemas.get,
  inventoryUpdate: mountSchemas.update,
  inventoryRemove: mountSchemas.remove,
  inventoryPost: mountSchemas.post,
  inventoryCancel: mountSchemas.cancel,
  inventoryItemStock: mountSchemas.itemStock,
  inventoryItemUnits: mountSchemas.itemUnits,
  componentsList: mountSchemas.list,
  componentsCreate: mountSchemas.create,
  componentsImport: mountSchemas.import,
  componentsGet: mountSchemas.get,
  componentsUpdate: mountSchemas.update,
  componentsRemove: mountSchemas.remove,
  componentsPost: mountSchemas.post,
  componentsCancel: mountSchemas.cancel,
  componentsItemStock: mountSchemas.itemStock,
  componentsItemUnits: mountSchemas.itemUnits,
  settings: { response: stockSettingsSchema },
  saveSettings: { body: stockSettingsPatchSchema, response: stockSettingsSchema },
};
