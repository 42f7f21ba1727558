// The year's calendar: the 365 days up to today, and how a total spreads over them (weekdays busy, weekends quiet).
import { addDays } from '@/shared/kyiv-date.ts';

export const DAYS = 365;

export function daysOf(today: string): string[] {
  return Array.from({ length: DAYS }, (_, d) => addDays(today, d - (DAYS - 1)));
}

/** Splits `total` over the days by weight (weekdays busy, weekends quiet), exactly. */
export function spread(total: number, dates: string[]): number[] {
  const weights = dates.map((date) => {
    const wd = new Date(`${date}T12:00:00Z`).getUTCDay();
    return wd === 0 ? 0.15 : wd === 6 ? 0.35 : 1;
  });
  const sum = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  let given = 0;
  return weights.map((w) => {
    acc += (w / sum) * total;
    const upTo = Math.round(acc);
    const n = upTo - given;
    given = upTo;
    return n;
  });
}
