// Barcode labels (warehouse.md §10): the templates, the render request and the label data the preview shows.
// Shared by the server and the dialog.
import { z } from '@/shared/zod-uk.ts';

// Kept with the endpoints, which may not load zod; here for the pages that already import the contract.
export { LABEL_ROUTES } from './labels.endpoints.ts';

/** The documents whose units get one label each: a posted receipt, the posted outputs of an MO. */
export const labelDocumentTypes = ['supplier_receipt', 'manufacturing_order'] as const;
export type LabelDocumentType = (typeof labelDocumentTypes)[number];

export const labelTemplates = ['58x40', '40x25', '100x150', 'a4-3x8'] as const;
export type LabelTemplate = (typeof labelTemplates)[number];
export const labelTemplateLabels: Record<LabelTemplate, string> = {
  '58x40': '58×40 мм',
  '40x25': '40×25 мм',
  '100x150': '100×150 мм (посилка)',
  'a4-3x8': 'A4, 3×8 (70×37 мм)',
};
/** The size of one label in millimetres. */
export const labelSizes: Record<LabelTemplate, { width: number; height: number }> = {
  '58x40': { width: 58, height: 40 },
  '40x25': { width: 40, height: 25 },
  '100x150': { width: 100, height: 150 },
  'a4-3x8': { width: 70, height: 37 },
};

export const MAX_COPIES = 500;
export const MAX_LABELS = 2000;

export const labelMessages = {
  template: 'Оберіть шаблон етикетки',
  copies: `Кількість копій — ціле число від 1 до ${MAX_COPIES}`,
  item: 'Оберіть товар зі списку',
  noItems: 'Додайте хоча б один товар',
  oneSource: 'Вкажіть одне з: товари, серійні номери або документ',
  noSerials: 'Оберіть хоча б один серійний номер',
  serialsNotFound: (ids: readonly number[]) => `Серійні номери не знайдено: ${ids.join(', ')}`,
  documentType:
    'Етикетки друкуються за проведеним приходом (supplier_receipt) або випуском виробничого замовлення (manufacturing_order)',
  documentId: 'Вкажіть документ',
  itemsNotFound: (ids: readonly number[]) => `Товари не знайдено: ${ids.join(', ')}`,
  receiptNotFound: 'Прихід не знайдено',
  receiptNotPosted: 'Етикетки друкуються лише за проведеним приходом',
  moNotFound: 'Виробниче замовлення не знайдено',
  moNothingOutput: (number: string) =>
    `За замовленням ${number} ще нічого не випущено — етикетки друкуються за проведеним випуском продукції`,
  fractionalQty: (skus: readonly string[]) =>
    `Етикетки друкуються по одній на одиницю, а кількість не ціла: ${skus.join(', ')}`,
  empty: 'Немає етикеток для друку',
  tooMany: (count: number) => `Забагато етикеток (${count}) — не більше ${MAX_LABELS} за раз`,
} as const;

const id = z
  .number({ error: labelMessages.item })
  .int(labelMessages.item)
  .positive(labelMessages.item)
  .max(2_147_483_647);

export const labelRenderSchema = z
  .strictObject({
    template: z.enum(labelTemplates, { error: labelMessages.template }),
    showPrice: z.boolean().default(false),
    items: z
      .array(
        z.strictObject({
          itemId: id,
          copies: z
            .number({ error: labelMessages.copies })
            .int(labelMessages.copies)
            .min(1, labelMessages.copies)
            .max(MAX_COPIES, labelMessages.copies),
        }),
      )
      .min(1, labelMessages.noItems)
      .max(200)
      .optional(),
    /** One label per serial: the item's name and SKU, Code 128 of the serial (sales.md §4). */
    serialIds: z.array(id).min(1, labelMessages.noSerials).max(MAX_LABELS).optional(),
    documentType: z.enum(labelDocumentTypes, { error: labelMessages.documentType }).optional(),
    documentId: z.number({ error: labelMessages.documentId }).int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((body, ctx) => {
    const sources = [body.items, body.serialIds, body.documentType ?? body.documentId].filter((s) => s !== undefined);
    if (sources.length !== 1) {
      ctx.addIssue({ code: 'custom', message: labelMessages.oneSource, path: ['items'] });
      return;
    }
    if (body.documentType !== undefined && body.documentId === undefined) {
      ctx.addIssue({ code: 'custom', message: labelMessages.documentId, path: ['documentId'] });
    }
    if (body.documentId !== undefined && body.documentType === undefined) {
      ctx.addIssue({ code: 'custom', message: labelMessages.documentType, path: ['documentType'] });
    }
  });
export type LabelRenderInput = z.input<typeof labelRenderSchema>;
export type LabelRenderBody = z.output<typeof labelRenderSchema>;

export const labelItemsQuerySchema = z.strictObject({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, labelMessages.item)
    .transform((v) => v.split(',').map(Number)),
});

/** What one item's label carries (the preview draws it; the PDF prints the same). */
export const labelItemSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** The symbol chosen: the item's EAN-13 when valid, else Code 128 of the SKU; null when neither fits. */
  barcode: z.object({ symbology: z.enum(['ean13', 'code128']), text: z.string() }).nullable(),
  /** Retail price with VAT, 2 decimals; null without a retail price. */
  priceWithVat: z.string().nullable(),
});
export type LabelItemData = z.infer<typeof labelItemSchema>;

export const labelItemsAnswerSchema = z.object({
  companyName: z.string().nullable(),
  items: z.array(labelItemSchema),
});
export type LabelItemsAnswer = z.infer<typeof labelItemsAnswerSchema>;

/** The shapes of every endpoint of the module (its paths are in labels.endpoints.ts, decision 0016). */
export const labelsSchemas = {
  // A PDF: no response schema.
  render: { body: labelRenderSchema },
  items: { query: labelItemsQuerySchema, response: labelItemsAnswerSchema },
};
