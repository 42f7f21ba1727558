// Schema parts every contract uses, defined once (DESIGN §1.2): ids in paths and filters, comma lists of values,
// the small answers. Path and query values arrive as text; their input types say what a caller may pass.
import { z } from './zod-uk.ts';

/** The largest value of an `integer` id column. */
export const MAX_DB_ID = 2_147_483_647;

/** A row id in a path or a query: a positive integer within the id column (text or number in, number out). */
export const dbId = (message?: string) =>
  z.coerce
    .number<string | number>(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(MAX_DB_ID, message);

/** `:id` of a path. */
export const idParams = z.strictObject({ id: dbId() });

/** An optional id filter of a list (`?clientId=5`). */
export const idFilter = () => dbId().optional();

/** A filter of several values of one enum as `a,b` (a list page's status chips); answers the array. */
export const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .transform((text) =>
      text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)))
    .optional();

/** `{ ok: true }` of an action that answers nothing else. */
export const okSchema = z.object({ ok: z.literal(true) });

/** `{ message }` of an action that answers a sentence to show. */
export const messageSchema = z.object({ message: z.string() });
