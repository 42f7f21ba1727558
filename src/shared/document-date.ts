// Dates and time stamps as contracts take them (issue 19 §5): one definition for every document date, period filter,
// declared date field and version stamp, so that bad input is a Ukrainian 400 naming the field — not a 500 from the
// numbering (a document's number carries its year, PREFIX-YYYY-NNNNN, 2000–2999), from PostgreSQL (no year 0) or
// from `new Date` (an invalid time value).
import { z } from './zod-uk.ts';

export interface YearRange {
  from: number;
  to: number;
}

/** The years a document (and a period of documents) may be dated in: the numbering's. */
export const DOCUMENT_YEARS: YearRange = { from: 2000, to: 2999 };
/** Dates of people's records outside documents (a hire date) may be older than any document. */
export const CALENDAR_YEARS: YearRange = { from: 1900, to: 2999 };

export const dateMessages = {
  date: 'Вкажіть дату',
  range: (years: YearRange) => `Дата має бути в межах 01.01.${years.from}–31.12.${years.to}`,
  dateTime: 'Вкажіть дату і час',
  stamp: 'Невідома версія запису — оновіть сторінку',
} as const;

/** A YYYY-MM-DD string that names a real calendar day. */
export function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The year written at the start of an ISO date or date-time lies within the range. */
export function inYears(v: string, years: YearRange = DOCUMENT_YEARS): boolean {
  const year = Number(v.slice(0, 4));
  return year >= years.from && year <= years.to;
}

/**
 * The base of every date schema: a trimmed YYYY-MM-DD of a real day within the years, or '' (which each use turns
 * into "missing" or refuses). `message` names a date that is not one (the module's own words); the range has one
 * message everywhere. JSON Schema says `format: date`, so generators know the field is a date.
 */
export function dateText(message: string = dateMessages.date, years: YearRange = DOCUMENT_YEARS) {
  return z
    .string({ error: message })
    .trim()
    .meta({ format: 'date' })
    .refine((v) => v === '' || isIsoDate(v), { message, abort: true })
    .refine((v) => v === '' || inYears(v, years), dateMessages.range(years));
}

/** A document's date or a period's bound (dateFrom/dateTo): required, 2000–2999. */
export function documentDate(message: string = dateMessages.date) {
  return dateText(message).refine((v) => v !== '', message);
}

/** A date a document may leave empty (a due date): '' and null mean none, absent means unchanged. */
export function optionalDocumentDate(message: string = dateMessages.date) {
  return dateText(message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

/** A moment within the document years (an operation's start), ISO 8601 with Z or an offset. */
export function documentDateTime(message: string = dateMessages.dateTime) {
  return z.iso.datetime({ offset: true, error: message }).refine((v) => inYears(v), dateMessages.range(DOCUMENT_YEARS));
}

/**
 * An optimistic-lock stamp: the record's `updatedAt` exactly as it was read (ISO 8601); a later change by someone
 * else is the service's 409. Anything that is not a timestamp is refused here.
 */
export const versionStamp = z.iso.datetime({ offset: true, error: dateMessages.stamp });
