// The period every report takes (reports-admin §0): `from` and `to` as Kyiv calendar days, from ≤ to, at most three
// years long, with the field to fix named in Ukrainian. One schema shape for the report modules' contracts.
import { z } from './zod-uk.ts';
import { documentDate } from './document-date.ts';
import { dec, div, fixed, isNegative, isZero, mul, neg, sub } from './decimal.ts';
import { addDays } from './kyiv-date.ts';

export const reportPeriodMessages = {
  from: 'Вкажіть дату початку періоду',
  to: 'Вкажіть дату кінця періоду',
  order: 'Початок періоду не може бути пізніше за його кінець',
  span: 'Період — не довше трьох років',
} as const;

/** True when `to` is at most three years after `from` (to ≤ from + 3 years). */
export function spanWithin3Years(from: string, to: string): boolean {
  const limit = `${String(Number(from.slice(0, 4)) + 3).padStart(4, '0')}${from.slice(4)}`;
  return to <= limit;
}

export const reportPeriodShape = {
  from: documentDate(reportPeriodMessages.from),
  to: documentDate(reportPeriodMessages.to),
};

/** The superRefine of a report query: the order of the days and the span, each on `to`. */
export function checkReportPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: reportPeriodMessages.order });
  else if (!spanWithin3Years(q.from, q.to)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: reportPeriodMessages.span });
  }
}

/** The number of days from `from` to `to`, both included. */
const lengthOf = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The same-length period just before (the day before `from` is its last day): what a report compares with. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = lengthOf(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** (current − previous) ÷ |previous| × 100, 2 decimals: null without a previous figure or when it is 0. */
export function changePercent(current: string | null, previous: string | null): string | null {
  if (current === null || previous === null || isZero(dec(previous))) return null;
  const base = dec(previous);
  const magnitude = isNegative(base) ? neg(base) : base;
  return fixed(div(mul(sub(dec(current), base), dec(100)), magnitude, 8), 2);
}
