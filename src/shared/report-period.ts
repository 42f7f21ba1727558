// The period every report takes (reports-admin §0): `from` and `to` as Kyiv calendar days, from ≤ to, at most three
// years long, with the field to fix named in Ukrainian. One schema shape for the report modules' contracts.
import { z } from './zod-uk.ts';
import { documentDate } from './document-date.ts';

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
