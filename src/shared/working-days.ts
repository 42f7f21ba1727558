// Working days of a period (production.md §11, §14): Monday to Friday, except the dates of the `holidays` setting.
// Pure date arithmetic on YYYY-MM-DD strings (calendar days, no time zone involved).

const DAY_MS = 86_400_000;

const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** Working days from `from` to `to`, both included (0 when `to` is before `from`). */
export function workingDays(from: string, to: string, holidays: ReadonlySet<string> = new Set()): number {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last < first) return 0;
  let count = 0;
  for (let day = first; day <= last; day += 1) {
    // 1970-01-01 (day 0) was a Thursday: (day + 4) % 7 is 0 on Sundays, 6 on Saturdays.
    const weekday = (day + 4) % 7;
    if (weekday === 0 || weekday === 6) continue;
    if (holidays.size && holidays.has(new Date(day * DAY_MS).toISOString().slice(0, 10))) continue;
    count += 1;
  }
  return count;
}

/** The later of two ISO dates (null counts as no bound). */
export const laterDate = (a: string, b: string | null) => (b !== null && b > a ? b : a);
/** The earlier of two ISO dates (null counts as no bound). */
export const earlierDate = (a: string, b: string | null) => (b !== null && b < a ? b : a);
