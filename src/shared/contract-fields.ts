// Field builders the module contracts share (DESIGN §1.2): a decimal typed by hand, an optional text, a reference id,
// a document list's period filter. Each takes the module's own words where modules word the same rule differently,
// so a contract keeps its messages while the rule is written once.
import type { Check } from './requisites.ts';
import { documentDate } from './document-date.ts';
import { MAX_DB_ID } from './contract.ts';
import { z } from './zod-uk.ts';

/** The words a decimal field refuses with: `decimal` names a value that is not a number of `scale` decimals. */
export interface DecimalMessages {
  decimal: string | ((scale: number) => string);
  /** A zero where only a positive value will do. */
  positive?: string;
}

export interface DecimalOptions {
  /** Zero is refused (with `messages.positive`). */
  positive?: boolean;
  /** At most this many digits before the point (the column's precision); any number of them when absent. */
  intDigits?: number;
}

/**
 * A non-negative decimal typed with a point or a comma and spaces ('1 250,5' → '1250.5'), at most `scale` decimals;
 * answers the normalised text (README §7: decimals travel as strings).
 */
export function decimalText(scale: number, messages: DecimalMessages, opts: DecimalOptions = {}) {
  const message = typeof messages.decimal === 'string' ? messages.decimal : messages.decimal(scale);
  const pattern = new RegExp(`^\\d${opts.intDigits === undefined ? '+' : `{1,${opts.intDigits}}`}(\\.\\d+)?$`);
  return z
    .string({ error: message })
    .trim()
    .transform((v) => v.replace(',', '.').replace(/\s/g, ''))
    .refine((v) => pattern.test(v), message)
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= scale, message)
    .refine((v) => !opts.positive || /[1-9]/.test(v), messages.positive ?? message);
}

/** A module's `decimalText(scale, { positive })`: its messages and its precision bound once. */
export const decimalTextOf =
  (messages: DecimalMessages, defaults: Omit<DecimalOptions, 'positive'> = {}) =>
  (scale: number, opts: Pick<DecimalOptions, 'positive'> = {}) =>
    decimalText(scale, messages, { ...defaults, ...opts });

/** The message of a text longer than `max` where a module does not word it itself. */
export const tooLongMessage = (max: number) => `Не довше ${max} символів`;

/** A trimmed text of at most `max` characters; '' and null mean none (null), absent means unchanged. */
export const optionalText = (max: number, tooLong: (max: number) => string = tooLongMessage) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * A reference to a row in a body (`itemId: 5`): a positive integer, refused with the module's `message`.
 * `maxDbId` also bounds it by the id column (with zod's own message).
 */
export const refId = (message: string, opts: { maxDbId?: boolean } = {}) => {
  const id = z.number({ error: message }).int().positive(message);
  return opts.maxDbId ? id.max(MAX_DB_ID) : id;
};

/** A list's period filter (`?dateFrom=…&dateTo=…`): two optional document dates worded by the module. */
export const periodFilterShape = (message?: string) => ({
  dateFrom: documentDate(message).optional(),
  dateTo: documentDate(message).optional(),
});

/** A yes/no filter of a list query (`?overdue=true`), kept as the text. */
export const booleanFilter = () => z.enum(['true', 'false']).optional();

/** A `superRefine`/`transform` step that runs a requisites check: its error is the issue, its value the output. */
export const checked =
  <T>(check: (input: string) => Check<T>) =>
  (v: string, ctx: z.RefinementCtx) => {
    const result = check(v);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.value;
  };

/**
 * A reason the user must give (a cancellation's, a closing's): trimmed, 1–500 characters, refused with the module's
 * `message`. `typeError: false` leaves a value that is not text to zod's own message.
 */
export const reasonText = (message: string, opts: { typeError?: boolean } = {}) =>
  z
    .string(opts.typeError === false ? undefined : { error: message })
    .trim()
    .min(1, message)
    .max(500, tooLongMessage(500));
