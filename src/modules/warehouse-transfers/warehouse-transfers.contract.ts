// Transfers between warehouses ('Переміщення між складами', warehouse.md §7): the TRF document that moves stock
// from one warehouse to another at the same value. Shared by the server and the page.
import { optionalText, periodFilterShape, refId } from '@/shared/contract-fields.ts';
import { dbId, idFilter, idParams } from '@/shared/contract.ts';
import {
  cancelBodySchema,
  lineItemShape,
  movedLineShape,
  postBodySchema,
  postingTrailShape,
  itemSerialsSchema,
  serialsField,
  uniqueItemLines,
  versionField,
} from '@/shared/document-contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { enteredLineShape, lineUnitsQuerySchema, lineUnitsSchema } from '@/shared/unit-conversion.ts';
import { z } from '@/shared/zod-uk.ts';

export const transferMessages = {
  required: "Обов'язкове поле",
  date: 'Вкажіть дату',
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Кількість має бути більшою за нуль',
  noLines: 'Додайте хоча б один рядок',
  sameWarehouse: 'Склад-одержувач має відрізнятися від складу-відправника',
  duplicateItem: (lineNo: number) => `Ця позиція вже є в рядку ${lineNo} — об'єднайте кількість в одному рядку`,
  notFound: 'Переміщення не знайдено',
  notDraft: 'Змінювати можна лише чернетку',
  notPosted: 'Скасувати можна лише проведене переміщення',
  posted: 'Переміщення вже проведено',
  version: 'Документ змінено іншим користувачем — оновіть сторінку',
  reason: 'Вкажіть причину скасування',
  service: 'Послуга не має залишків — оберіть товар, компонент або матеріал',
  inactiveItem: 'Позиція неактивна — її не можна додати до документа',
  inactiveWarehouse: 'Склад неактивний — оберіть інший',
  reference: 'Оберіть запис зі списку',
  destinationShort: 'Неможливо скасувати: на складі-одержувачі вже немає переміщеного запасу',
  serialsGone: (values: readonly string[]) =>
    `Неможливо скасувати: серійні номери вже не на складі-одержувачі: ${values.join(', ')}`,
  serialsNotInDocument: 'Серійні номери вказано для позиції, якої немає в документі',
  serialLength: 'Серійний номер не довший за 200 символів',
} as const;

export const transferStatuses = ['draft', 'posted', 'cancelled'] as const;
export type TransferStatus = (typeof transferStatuses)[number];
export const transferStatusLabels: Record<TransferStatus, string> = {
  draft: 'Чернетка',
  posted: 'Проведено',
  cancelled: 'Скасовано',
};

/** A quantity as typed: a decimal comma is accepted, at most 4 decimals, more than zero. */
const qtyText = z
  .string({ error: transferMessages.decimal(4) })
  .trim()
  .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
  .refine((v) => /^-?\d+(\.\d+)?$/.test(v), transferMessages.decimal(4))
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 4, transferMessages.decimal(4))
  .refine((v) => !v.startsWith('-') && /[1-9]/.test(v), transferMessages.positive);
const isoDate = documentDate(transferMessages.date);
const id = refId(transferMessages.reference);

export const transferLineInputSchema = z.strictObject({
  itemId: id,
  /** In `unitId` when given (another unit of the stock unit's type), else in the item's stock unit. */
  qty: qtyText,
  unitId: id.nullable().optional(),
  notes: optionalText(300),
  /** A serial-tracked line's serials typed or scanned on the draft, kept until posting; omitted: unchanged. */
  serials: serialsField(transferMessages.serialLength).optional(),
});
export type TransferLineInput = z.input<typeof transferLineInputSchema>;

const linesSchema = uniqueItemLines(transferLineInputSchema, {
  noLines: transferMessages.noLines,
  tooMany: 'Не більше 500 рядків',
  duplicateItem: transferMessages.duplicateItem,
});

const headerShape = {
  documentDate: isoDate,
  fromWarehouseId: id,
  toWarehouseId: id,
  reason: optionalText(500),
  notes: optionalText(2000),
};

export const transferCreateSchema = z.strictObject({ ...headerShape, lines: linesSchema }).superRefine((v, ctx) => {
  if (v.fromWarehouseId === v.toWarehouseId && v.fromWarehouseId > 0) {
    ctx.addIssue({ code: 'custom', path: ['toWarehouseId'], message: transferMessages.sameWarehouse });
  }
});
export type TransferCreateInput = z.input<typeof transferCreateSchema>;
export type TransferCreateBody = z.output<typeof transferCreateSchema>;

/** A draft's change: the version it was read at, any header fields, and the whole set of lines when they change. */
export const transferUpdateSchema = z.strictObject({
  version: versionField(),
  documentDate: headerShape.documentDate.optional(),
  fromWarehouseId: headerShape.fromWarehouseId.optional(),
  toWarehouseId: headerShape.toWarehouseId.optional(),
  reason: headerShape.reason,
  notes: headerShape.notes,
  lines: linesSchema.optional(),
});
export type TransferUpdateBody = z.output<typeof transferUpdateSchema>;

/** The serials of a serial-tracked line (typed, scanned, or ranges like `A0001-A0004`), by the line's item. */
export const transferLineSerialsSchema = itemSerialsSchema(id, transferMessages.serialLength);
export type TransferLineSerials = z.input<typeof transferLineSerialsSchema>;

/**
 * Posting: the version read and, for serial-tracked lines, exactly qty serials each (warehouse.md §7) — given here,
 * else those kept on the draft line.
 */
export const transferPostSchema = postBodySchema(transferLineSerialsSchema, 500);
export type TransferPostBody = z.output<typeof transferPostSchema>;
export const transferCancelSchema = cancelBodySchema(transferMessages.reason);

const optionalId = idFilter();
export const transferListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(transferStatuses).optional(),
  fromWarehouseId: optionalId,
  toWarehouseId: optionalId,
  /** Either side. */
  warehouseId: optionalId,
  ...periodFilterShape(transferMessages.date),
});
export const transferSortFields = [
  'number',
  'documentDate',
  'fromWarehouseName',
  'toWarehouseName',
  'lineCount',
  'totalQty',
  'value',
  'status',
] as const;

/** The source warehouse's stock of some items (the form shows it beside each line). */
export const availabilityQuerySchema = z.strictObject({
  warehouseId: dbId(),
  itemIds: z.string().regex(/^\d+(,\d+){0,499}$/, transferMessages.reference),
});
export const availabilityRowSchema = z.object({
  itemId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  unitShortName: z.string().nullable(),
  onHand: z.string(),
  reserved: z.string(),
  available: z.string(),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

export const transferLineSchema = z.object({
  ...lineItemShape,
  /** In the stock unit: what the ledger moves. */
  qty: z.string(),
  /** As typed, in `enteredUnitId` (null: the stock unit). */
  ...enteredLineShape,
  notes: z.string().nullable(),
  /** Drafts: `available` is what the source warehouse has available now. */
  ...movedLineShape,
  /** The item is counted by serial numbers: posting needs exactly qty of them. */
  serialTracking: z.boolean(),
  /** A draft: the serials kept on the line (used at posting); posted and cancelled: those the line moved. */
  serials: z.array(z.string()),
});
export type TransferLine = z.infer<typeof transferLineSchema>;

export const transferSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  documentDate: z.string(),
  status: z.enum(transferStatuses),
  fromWarehouseId: z.number().int(),
  fromWarehouseName: z.string(),
  toWarehouseId: z.number().int(),
  toWarehouseName: z.string(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  lineCount: z.number().int(),
  totalQty: z.string(),
  /** UAH moved; null for drafts. */
  value: z.string().nullable(),
});
export type TransferSummary = z.infer<typeof transferSummarySchema>;

export const transferSchema = transferSummarySchema.extend({
  version: z.number().int(),
  ...postingTrailShape,
  lines: z.array(transferLineSchema),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferStatsSchema = z.object({
  drafts: z.number().int(),
  postedThisMonth: z.number().int(),
});
export type TransferStats = z.infer<typeof transferStatsSchema>;

/** The shapes of every endpoint of the module (its paths are in warehouse-transfers.endpoints.ts, decision 0016). */
export const warehouseTransfersSchemas = {
  list: { query: transferListQuerySchema, response: z.array(transferSummarySchema) },
  stats: { response: transferStatsSchema },
  availability: { query: availabilityQuerySchema, response: z.array(availabilityRowSchema) },
  /** The units a line of the item may be entered in (its stock unit's type). */
  itemUnits: { query: lineUnitsQuerySchema, response: lineUnitsSchema },
  get: { params: idParams, response: transferSchema },
  /** 'Накладна на переміщення', a PDF. */
  print: { params: idParams },
  create: { body: transferCreateSchema, response: transferSchema },
  update: { params: idParams, body: transferUpdateSchema, response: transferSchema },
  remove: { params: idParams },
  post: { params: idParams, body: transferPostSchema.nullish(), response: transferSchema },
  cancel: { params: idParams, body: transferCancelSchema, response: transferSchema },
};
