// Schema parts of a stock document's contract, defined once (issue 20): the version a change was read at, the
// serials typed on a line, the lines' array with one line per item, the reason of a cancel, and the answer's parts —
// a line's item, what a line moved at, and the dates of the document's life. Each module keeps its own words.
import { reasonText } from './contract-fields.ts';
import { z } from './zod-uk.ts';

/** The version a change was read at (409 when it is stale). */
export const versionField = () => z.number().int().min(1);

/** The serials of a line as typed, scanned or given as ranges: each at most 200 characters, at most 1000. */
export const serialsField = (tooLong: string) => z.array(z.string().trim().min(1).max(200, tooLong)).max(1000);

/**
 * The lines of a document's body: at least one, at most `max`, and an item once per document — a second line of the
 * same item is refused where it stands.
 */
export function uniqueItemLines<L extends z.ZodType<{ itemId: number }>>(
  line: L,
  texts: { noLines: string; tooMany: string; duplicateItem: (lineNo: number) => string },
  max = 500,
) {
  return z
    .array(line)
    .min(1, texts.noLines)
    .max(max, texts.tooMany)
    .superRefine((lines, ctx) => {
      const first = new Map<number, number>();
      lines.forEach((l, index) => {
        const seen = first.get(l.itemId);
        if (seen === undefined) first.set(l.itemId, index);
        else ctx.addIssue({ code: 'custom', path: [index, 'itemId'], message: texts.duplicateItem(seen + 1) });
      });
    });
}

/** 'Скасувати' of a posted document: the required reason (`message` when it is missing). */
export const cancelBodySchema = (message: string) =>
  z.strictObject({ reason: reasonText(message, { typeError: false }) });

/** The item of a document's line as answered: its number in the document, the item, its unit. */
export const lineItemShape = {
  id: z.number().int(),
  lineNo: z.number().int(),
  itemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  unitShortName: z.string().nullable(),
};

/** What a line of a document that moves stock is at: now, and when it moved. */
export const movedLineShape = {
  /** Drafts: what the warehouse has available now (on hand − reserved). */
  available: z.string().nullable(),
  /** Posted and cancelled: the cost the line moved at (UAH per unit) and its value. */
  unitCost: z.string().nullable(),
  value: z.string().nullable(),
};

/** The dates of a posted document's life as answered (the version is the module's to place). */
export const postingTrailShape = {
  postedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
};

/** The serials of a serial-tracked item of the document, by the item (`id`: the module's reference id). */
export const itemSerialsSchema = (id: z.ZodNumber, tooLong: string) =>
  z.strictObject({ itemId: id, serials: serialsField(tooLong) });

/** Posting: the version read and, for serial-tracked items or lines, their serials (at most `max` entries). */
export const postBodySchema = <S extends z.ZodType>(serials: S, max: number) =>
  z.strictObject({
    version: versionField().optional(),
    serials: z.array(serials).max(max).optional(),
  });
