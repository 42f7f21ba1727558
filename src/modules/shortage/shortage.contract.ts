// Material shortage ('Дефіцит матеріалів', warehouse.md §4): what purchasing must buy, how much and how urgently,
// computed from open demand (MO material lines, uncovered sales demand exploded through the BOMs, resold bought
// items) against free stock and supplier orders on the way. A computed view — no stored table. Shared by the server
// and the page.
import { dbId, idFilter } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';

export const shortageMessages = {
  itemNotFound: 'Позицію не знайдено',
  noLines: 'Оберіть хоча б один рядок',
  duplicateItem: 'Позицію вказано двічі',
  decimal: 'Вкажіть число (не більше 4 знаків після коми)',
  positive: 'Має бути більше нуля',
  reference: 'Оберіть запис зі списку',
  notBought: (sku: string) => `«${sku}» не закуповується — її виготовляють власними силами`,
  noSupplier: (skus: readonly string[]) =>
    `Оберіть постачальника для: ${skus.join(', ')} — у картці позиції немає основного постачальника`,
  supplierRequired: 'Оберіть постачальника',
  leadTime: 'Вкажіть ціле число днів від 0 до 365',
  orderNote: 'Створено зі сторінки «Дефіцит матеріалів»',
} as const;

/** The badge of a row: 'Критичний' or 'Звичайний' (§4 Results). */
export const criticalLabels = { true: 'Критичний', false: 'Звичайний' } as const;

/** Where a row's lead time came from (§4: the preferred supplier's, else the item's, else the setting). */
export const leadTimeSources = ['supplier', 'item', 'default'] as const;
export type LeadTimeSource = (typeof leadTimeSources)[number];
export const leadTimeSourceLabels: Record<LeadTimeSource, string> = {
  supplier: 'постачальника',
  item: 'позиції',
  default: 'за замовчуванням',
};

const boolText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const shortageFilterShape = {
  /** 'Лише критичні'. */
  critical: boolText.optional(),
  /** The item's category, with its subcategories. */
  categoryId: idFilter(),
  /** Items this supplier sells us (any link on the item's 'Постачальники' tab). */
  supplierId: idFilter(),
  /** One item (the notification's deep link `?itemId=`). */
  itemId: idFilter(),
  /** SKU, name, MPN or the preferred supplier's name. */
  search: listQueryShape.search,
};

export const shortageSortFields = [
  'priority',
  'shortageDate',
  'sku',
  'name',
  'needs',
  'shortage',
  'estimatedCost',
  'leadTimeDays',
] as const;
export type ShortageSortField = (typeof shortageSortFields)[number];

export const shortageListQuerySchema = z.strictObject({ ...listQueryShape, ...shortageFilterShape });
export type ShortageListQuery = z.output<typeof shortageListQuerySchema>;
export const shortageStatsQuerySchema = z.strictObject(shortageFilterShape);
export type ShortageFilters = z.output<typeof shortageStatsQuerySchema>;

export const shortageAlternativeSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  /** Free stock over the planning warehouses (> 0: only alternatives that have some are listed). */
  available: z.string(),
  note: z.string().nullable(),
});
export type ShortageAlternative = z.infer<typeof shortageAlternativeSchema>;

export const shortageRowSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  unitShortName: z.string().nullable(),
  /** Σ of the needs (MO lines, exploded sales demand, resold items). */
  needs: z.string(),
  /** Σ over the planning warehouses of (on hand − reserved). */
  available: z.string(),
  /** Still to arrive on sent, confirmed and partially received supplier orders. */
  onOrder: z.string(),
  /** On draft supplier orders — not supply ('У чернетках'). */
  inDrafts: z.string(),
  /** max(0, needs − available − onOrder). */
  shortage: z.string(),
  /** 'Потрібно до': the date of the first need the supply does not cover. */
  shortageDate: z.string().nullable(),
  leadTimeDays: z.number().int(),
  leadTimeSource: z.enum(leadTimeSources),
  critical: z.boolean(),
  /** Some need comes from an MO already in progress. */
  neededInProgress: z.boolean(),
  /** The MOs whose needs the supply leaves uncovered. */
  blockedMos: z.array(z.object({ id: z.number().int(), number: z.string() })),
  preferredSupplierId: z.number().int().nullable(),
  preferredSupplierName: z.string().nullable(),
  packQty: z.string().nullable(),
  /** The last purchase price in UAH (the preferred supplier's, else the last posted receipt's). */
  lastPrice: z.string().nullable(),
  avgCost: z.string().nullable(),
  /** The shortage rounded up to the preferred supplier's pack quantity. */
  suggestedQty: z.string(),
  /** suggestedQty × (last price, else average cost), UAH. */
  estimatedCost: z.string(),
  alternatives: z.array(shortageAlternativeSchema),
});
export type ShortageRow = z.infer<typeof shortageRowSchema>;

export const shortageStatsSchema = z.object({
  /** Items short ('Дефіцит матеріалів' of the dashboard, with no filter). */
  items: z.number().int(),
  /** Of them critical ('Критичний дефіцит'). */
  critical: z.number().int(),
  /** Σ estimatedCost, UAH. */
  estimatedCost: z.string(),
  /** Rows without a preferred supplier (their drafts need one chosen). */
  withoutSupplier: z.number().int(),
});
export type ShortageStats = z.infer<typeof shortageStatsSchema>;

export const shortageSourceKinds = ['mo', 'order'] as const;
export type ShortageSourceKind = (typeof shortageSourceKinds)[number];

export const shortageSourceSchema = z.object({
  kind: z.enum(shortageSourceKinds),
  /** The need's date (MO: planned start or today; order: its due date). */
  date: z.string(),
  /** How much of this item the source needs. */
  qty: z.string(),
  /** Of it, what the supply (free stock, then on order) does not cover, needs taken by date. */
  uncovered: z.string(),
  moId: z.number().int().nullable(),
  moNumber: z.string().nullable(),
  moStatus: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  clientName: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** What is made (MO) or ordered (order line) that needs this item. */
  productId: z.number().int(),
  productSku: z.string(),
  productName: z.string(),
  /** MO: the quantity still to make; order: the line's uncovered quantity. */
  productQty: z.string(),
  /** Through which made item it reaches this one ('Плата A → Модуль B'), when not directly. */
  path: z.string().nullable(),
});
export type ShortageSource = z.infer<typeof shortageSourceSchema>;

export const shortageSupplyOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  supplierName: z.string(),
  expectedDate: z.string().nullable(),
  /** Remaining (not yet received) quantity of this item. */
  qty: z.string(),
});

export const shortageSourcesSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unitShortName: z.string().nullable(),
  needs: z.string(),
  available: z.string(),
  onOrder: z.string(),
  inDrafts: z.string(),
  shortage: z.string(),
  sources: z.array(shortageSourceSchema),
  supplierOrders: z.array(shortageSupplyOrderSchema),
});
export type ShortageSources = z.infer<typeof shortageSourcesSchema>;

const qtyText = z
  .string({ error: shortageMessages.decimal })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^\d+(\.\d{1,4})?$/.test(v), shortageMessages.decimal)
  .refine((v) => /[1-9]/.test(v), shortageMessages.positive);
const id = z.number({ error: shortageMessages.reference }).int().positive().max(2_147_483_647);

export const createSupplierOrdersSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        itemId: id,
        /** Default: the row's suggested quantity. */
        qty: qtyText.optional(),
        /** Default: the preferred supplier; required for a row without one. */
        supplierId: id.nullable().optional(),
      }),
    )
    .min(1, shortageMessages.noLines)
    .max(500),
});
export type CreateSupplierOrdersInput = z.input<typeof createSupplierOrdersSchema>;

export const createSupplierOrdersResultSchema = z.object({
  /** The ids of the drafts created, one per supplier. */
  ids: z.array(z.number().int()),
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      supplierId: z.number().int(),
      supplierName: z.string(),
      lines: z.number().int(),
    }),
  ),
});
export type CreateSupplierOrdersResult = z.infer<typeof createSupplierOrdersResultSchema>;

export const SHORTAGE_LEAD_TIME_DEFAULT = 7;

export const shortageSettingsSchema = z.object({
  /** Days, when neither the preferred supplier nor the item gives a lead time. */
  defaultLeadTimeDays: z.number().int(),
  /** Count planned (not yet released) MOs as needs. */
  includePlannedMOs: z.boolean(),
});
export type ShortageSettings = z.infer<typeof shortageSettingsSchema>;

export const shortageSettingsPatchSchema = z.strictObject({
  defaultLeadTimeDays: z
    .number({ error: shortageMessages.leadTime })
    .int(shortageMessages.leadTime)
    .min(0, shortageMessages.leadTime)
    .max(365, shortageMessages.leadTime)
    .optional(),
  includePlannedMOs: z.boolean().optional(),
});
export type ShortageSettingsPatch = z.infer<typeof shortageSettingsPatchSchema>;

/** The shapes of every endpoint of /api/shortage (paths in shortage.endpoints.ts, decision 0016). */
export const shortageSchemas = {
  list: { query: shortageListQuerySchema, response: z.array(shortageRowSchema) },
  stats: { query: shortageStatsQuerySchema, response: shortageStatsSchema },
  settings: { response: shortageSettingsSchema },
  updateSettings: { body: shortageSettingsPatchSchema, response: shortageSettingsSchema },
  sources: { params: z.strictObject({ itemId: dbId() }), response: shortageSourcesSchema },
  createSupplierOrders: { body: createSupplierOrdersSchema, response: createSupplierOrdersResultSchema },
};
