// The Kyiv calendar in SQL (domain README: every date filter uses the Kyiv calendar): the day a timestamp falls on,
// and the moments a period of days begins and ends, for `ts >= start and ts < end` that an index on ts can serve.
import { sql, type SQL } from 'drizzle-orm';

/** The Kyiv calendar day of a timestamp column or expression (trusted SQL text, never user input). */
export const kyivDay = (column: string): SQL => sql.raw(`(${column} at time zone 'Europe/Kyiv')::date`);
/** The moment the Kyiv day begins. */
export const kyivDayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone 'Europe/Kyiv')`;
/** The moment after the Kyiv day ends (the next day's beginning). */
export const kyivDayEnd = (day: string): SQL => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Kyiv')`;
