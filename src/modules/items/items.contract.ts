// The item master's endpoints beyond the declared resource (reference-data.md §16).
import { optionalText } from '@/shared/contract-fields.ts';
import { idFilter, idParams } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { documentDate } from '@/shared/document-date.ts';
import { fieldSchema, type FieldDef } from '@/resources/_engine/define-resource.ts';

export const checkSkuQuerySchema = z.strictObject({ sku: z.string().trim().min(1).max(40) });
export const checkSkuSchema = z.object({ available: z.boolean() });

export const bulkItemsSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  set: z
    .strictObject({
      categoryId: z.number().int().positive().nullable().optional(),
      isActive: z.boolean().optional(),
    })
    .refine((v) => v.categoryId !== undefined || v.isActive !== undefined, 'Оберіть, що змінити'),
});
export type BulkItems = z.infer<typeof bulkItemsSchema>;
export const bulkItemsResultSchema = z.object({ updated: z.number().int() });

/**
 * The one item picker's search (GET /api/items/options): by name, SKU, barcode, MPN or a supplier's SKU; an exact
 * barcode or SKU first. `source`: components and materials, products (with semi-finished goods and services), or
 * everything with the sellable kinds first (a sales order's line). `warehouseId`: free stock in that warehouse;
 * without it, over all warehouses.
 */
export const itemOptionsQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional().default(''),
  source: z.enum(['components', 'products', 'all']).optional().default('all'),
  warehouseId: idFilter(),
  limit: z.coerce.number<string | number>().int().min(1).max(50).optional().default(20),
});
export type ItemOptionsQuery = z.input<typeof itemOptionsQuerySchema>;

/** An option of the item picker: what a document line takes of the item, its prices and its free stock. */
export const itemOptionSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  barcode: z.string().nullable(),
  unitShortName: z.string().nullable(),
  retailPrice: z.string().nullable(),
  wholesalePrice: z.string().nullable(),
  vatRate: z.string(),
  /** The preferred (else the latest priced) supplier's last price and its currency: what a purchase costs. */
  purchasePrice: z.string().nullable(),
  purchaseCurrency: z.string().nullable(),
  /** Free stock (on hand − reserved) in the asked warehouse or over all; null for a service or an unstocked item. */
  available: z.string().nullable(),
});
export type ItemOption = z.infer<typeof itemOptionSchema>;

export const itemsMessages = {
  hasBarcode: 'Товар уже має штрих-код — очистіть його, щоб згенерувати новий',
  notSupplier: 'Оберіть постачальника зі списку',
  onePreferred: 'Основним може бути лише один постачальник',
  duplicateSupplierSku: 'Цей постачальник з таким кодом уже є в списку',
  notComponent: 'Оберіть компонент або матеріал зі списку',
  selfAlternative: 'Компонент не може бути заміною самому собі',
  duplicateAlternative: 'Ця заміна вже є в списку',
  currency: 'Код валюти — три латинські літери (UAH)',
  date: 'Вкажіть дату',
  xmlOnly: 'Надішліть файл XML (import.xml або offers.xml)',
} as const;

/** A CommerceML file's import: a dry run unless told otherwise; the file's name goes to the import's record. */
export const commerceMlQuerySchema = z.strictObject({
  dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
  fileName: z.string().trim().max(200).optional(),
});

/** The answer of a CommerceML import: a dry run or a commit (a file with errors is never committed). */
export const commerceMlResultSchema = z.object({
  dryRun: z.boolean(),
  committed: z.boolean(),
  counts: z.object({ new: z.number().int(), update: z.number().int(), error: z.number().int() }),
  rows: z.array(
    z.object({
      entity: z.enum(['group', 'product', 'offer']),
      externalId: z.string(),
      name: z.string(),
      status: z.enum(['new', 'update', 'error']),
      messages: z.array(z.string()),
    }),
  ),
});
export type CommerceMlResult = z.infer<typeof commerceMlResultSchema>;

/** An optional exact decimal as the engine checks it (string in, string out; README §7). */
const decimal = (field: FieldDef) => fieldSchema(field) as z.ZodType<string | null, string | null>;

// ---- a component's suppliers (reference-data.md §17) -------------------------------------------------------------

export const itemSupplierInputSchema = z.strictObject({
  supplierId: z.number({ error: itemsMessages.notSupplier }).int().positive(itemsMessages.notSupplier),
  supplierSku: optionalText(80),
  supplierItemName: optionalText(300),
  packQty: decimal({ name: 'packQty', label: 'Кратність', kind: 'decimal', scale: 4, min: 0.0001 }).optional(),
  lastPrice: decimal({ name: 'lastPrice', label: 'Ціна', kind: 'decimal', scale: 6, min: 0 }).optional(),
  lastPriceCurrency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, itemsMessages.currency)
    .nullable()
    .optional(),
  lastPriceDate: documentDate(itemsMessages.date).nullable().optional(),
  leadTimeDays: z.number().int().min(0).max(365).nullable().optional(),
  isPreferred: z.boolean().default(false),
});

export const itemSuppliersBodySchema = z.strictObject({
  suppliers: z
    .array(itemSupplierInputSchema)
    .max(50)
    .superRefine((rows, ctx) => {
      const keys = new Set<string>();
      let preferred = 0;
      rows.forEach((row, i) => {
        const key = `${row.supplierId}\u0001${(row.supplierSku ?? '').toLowerCase()}`;
        if (keys.has(key)) {
          ctx.addIssue({ code: 'custom', path: [i, 'supplierSku'], message: itemsMessages.duplicateSupplierSku });
        }
        keys.add(key);
        if (row.isPreferred && ++preferred > 1) {
          ctx.addIssue({ code: 'custom', path: [i, 'isPreferred'], message: itemsMessages.onePreferred });
        }
      });
    }),
});

export const itemSupplierSchema = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  supplierSku: z.string().nullable(),
  supplierItemName: z.string().nullable(),
  packQty: z.string().nullable(),
  lastPrice: z.string().nullable(),
  lastPriceCurrency: z.string().nullable(),
  lastPriceDate: z.string().nullable(),
  leadTimeDays: z.number().int().nullable(),
  isPreferred: z.boolean(),
});
export type ItemSupplier = z.infer<typeof itemSupplierSchema>;

// ---- interchangeable components ----------------------------------------------------------------------------------

export const itemAlternativesBodySchema = z.strictObject({
  alternatives: z
    .array(z.strictObject({ itemId: z.number().int().positive(itemsMessages.notComponent), note: optionalText(500) }))
    .max(50)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, i) => {
        if (seen.has(row.itemId)) {
          ctx.addIssue({ code: 'custom', path: [i, 'itemId'], message: itemsMessages.duplicateAlternative });
        }
        seen.add(row.itemId);
      });
    }),
});

export const itemAlternativeSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  note: z.string().nullable(),
});
export type ItemAlternative = z.infer<typeof itemAlternativeSchema>;

/**
 * The shapes of the module's endpoints (their paths: items.endpoints.ts, decision 0016). The CommerceML import takes
 * the XML file as its raw body; a generated barcode answers the declared resource's row, as its own PATCH does.
 */
export const itemsSchemas = {
  options: { query: itemOptionsQuerySchema, response: z.array(itemOptionSchema) },
  commerceMl: { query: commerceMlQuerySchema, response: commerceMlResultSchema },
  checkSku: { query: checkSkuQuerySchema, response: checkSkuSchema },
  productBarcode: { params: idParams },
  productsBulk: { body: bulkItemsSchema, response: bulkItemsResultSchema },
  componentBarcode: { params: idParams },
  componentsBulk: { body: bulkItemsSchema, response: bulkItemsResultSchema },
  suppliers: { params: idParams, response: z.array(itemSupplierSchema) },
  saveSuppliers: { params: idParams, body: itemSuppliersBodySchema, response: z.array(itemSupplierSchema) },
  alternatives: { params: idParams, response: z.array(itemAlternativeSchema) },
  saveAlternatives: { params: idParams, body: itemAlternativesBodySchema, response: z.array(itemAlternativeSchema) },
};
