// 'Збірка та розбірка' (production.md §8): the ASM/DSM document that turns components into a kit or a kit back into
// components in one step. Shared by the server and the page; its paths are in assembly.endpoints.ts.
import { decimalTextOf, optionalText, periodFilterShape, refId } from '@/shared/contract-fields.ts';
import { dbId, idParams } from '@/shared/contract.ts';
import {
  cancelBodySchema,
  lineItemShape,
  movedLineShape,
  postBodySchema,
  postingTrailShape,
  itemSerialsSchema,
  uniqueItemLines,
  versionField,
} from '@/shared/document-contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { assemblyMessages as msg, assemblyStatuses, assemblyTypes } from './assembly.messages.ts';

export * from './assembly.messages.ts';

const decimal = decimalTextOf({ decimal: msg.decimal, positive: msg.positive }, { intDigits: 14 });
/** A quantity as typed: a decimal comma is accepted, at most 4 decimals, more than zero. */
const qtyText = decimal(4, { positive: true });
const id = refId(msg.reference);

export const assemblyLineInputSchema = z.strictObject({ itemId: id, qty: qtyText });
export type AssemblyLineInput = z.input<typeof assemblyLineInputSchema>;

const linesSchema = uniqueItemLines(assemblyLineInputSchema, {
  noLines: msg.noLines,
  tooMany: msg.tooManyLines,
  duplicateItem: msg.duplicateItem,
});

const headerShape = {
  documentDate: documentDate(msg.date),
  /** The kit: made by an assembly, taken apart by a disassembly. */
  itemId: id,
  qty: qtyText,
  warehouseId: id,
  notes: optionalText(2000),
};

export const assemblyCreateSchema = z
  .strictObject({ type: z.enum(assemblyTypes), ...headerShape, lines: linesSchema })
  .superRefine((v, ctx) => {
    const at = v.lines.findIndex((line) => line.itemId === v.itemId);
    if (at >= 0) ctx.addIssue({ code: 'custom', path: ['lines', at, 'itemId'], message: msg.kitInLines });
  });
export type AssemblyCreateInput = z.input<typeof assemblyCreateSchema>;
export type AssemblyCreateBody = z.output<typeof assemblyCreateSchema>;

/** A draft's change: the version it was read at, any header fields, and the whole set of lines when they change. */
export const assemblyUpdateSchema = z.strictObject({
  version: versionField(),
  documentDate: headerShape.documentDate.optional(),
  itemId: id.optional(),
  qty: qtyText.optional(),
  warehouseId: id.optional(),
  notes: headerShape.notes,
  lines: linesSchema.optional(),
});
export type AssemblyUpdateBody = z.output<typeof assemblyUpdateSchema>;

/** The serials of a serial-tracked item of the document (the kit or a line), by the item. */
export const assemblySerialsSchema = itemSerialsSchema(id, msg.serialLength);
export type AssemblySerials = z.input<typeof assemblySerialsSchema>;

/**
 * Posting: the version read and, for serial-tracked items, their serials — those leaving (an assembly's components,
 * a disassembly's kit) exactly qty on the shelf; those arriving new ones, or none to take them from the template.
 */
export const assemblyPostSchema = postBodySchema(assemblySerialsSchema, 501);
export type AssemblyPostBody = z.output<typeof assemblyPostSchema>;
export const assemblyCancelSchema = cancelBodySchema(msg.reason);

export const assemblyListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(assemblyStatuses).optional(),
  type: z.enum(assemblyTypes).optional(),
  warehouseId: dbId().optional(),
  ...periodFilterShape(msg.date),
});
export const assemblySortFields = ['number', 'documentDate', 'type', 'itemName', 'qty', 'status', 'value'] as const;

/** `GET /api/assembly/prefill?itemId=&qty=`: the item's default BOM × qty, one level, without scrap. */
export const prefillQuerySchema = z.strictObject({ itemId: dbId(), qty: qtyText });
export const prefillSchema = z.object({
  itemId: z.number().int(),
  bomId: z.number().int(),
  bomName: z.string(),
  lines: z.array(
    z.object({
      itemId: z.number().int(),
      sku: z.string(),
      name: z.string(),
      unitShortName: z.string().nullable(),
      qty: z.string(),
    }),
  ),
});
export type AssemblyPrefill = z.infer<typeof prefillSchema>;

export const assemblyLineSchema = z.object({
  ...lineItemShape,
  qty: z.string(),
  ...movedLineShape,
  serialTracking: z.boolean(),
  /** Posted and cancelled: the serials the line moved. */
  serials: z.array(z.string()),
});
export type AssemblyLine = z.infer<typeof assemblyLineSchema>;

export const assemblySummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(assemblyTypes),
  documentDate: z.string(),
  status: z.enum(assemblyStatuses),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  unitShortName: z.string().nullable(),
  qty: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  notes: z.string().nullable(),
  lineCount: z.number().int(),
  /** UAH the kit moved at; null for drafts. */
  value: z.string().nullable(),
});
export type AssemblySummary = z.infer<typeof assemblySummarySchema>;

export const assemblySchema = assemblySummarySchema.extend({
  version: z.number().int(),
  /** The kit is counted by serial numbers. */
  serialTracking: z.boolean(),
  /** Drafts: the kit's available stock in the warehouse (what a disassembly may take). */
  available: z.string().nullable(),
  /** Posted and cancelled: the kit's cost per unit. */
  unitCost: z.string().nullable(),
  /** Posted and cancelled: the kit's serials. */
  serials: z.array(z.string()),
  ...postingTrailShape,
  lines: z.array(assemblyLineSchema),
});
export type Assembly = z.infer<typeof assemblySchema>;

/** The shapes of every endpoint of the module (its paths are in assembly.endpoints.ts, decision 0016). */
export const assemblySchemas = {
  list: { query: assemblyListQuerySchema, response: z.array(assemblySummarySchema) },
  prefill: { query: prefillQuerySchema, response: prefillSchema },
  get: { params: idParams, response: assemblySchema },
  create: { body: assemblyCreateSchema, response: assemblySchema },
  update: { params: idParams, body: assemblyUpdateSchema, response: assemblySchema },
  remove: { params: idParams },
  post: { params: idParams, body: assemblyPostSchema.nullish(), response: assemblySchema },
  cancel: { params: idParams, body: assemblyCancelSchema, response: assemblySchema },
};
