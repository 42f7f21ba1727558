// The arithmetic of production.md §12, pure and exact (scaled decimals, no floats): periods (ISO weeks by their
// Monday, months by their 1st), moving average, simple exponential smoothing (S_1 = A_1), rounding (pieces up to
// whole units, other units to 4 decimals) and accuracy (WAPE, accuracy = max(0, 1 − WAPE) × 100, bias).
import { add, cmp, dec, div, fixed, isZero, mul, round, sub, type Dec } from '@/shared/decimal.ts';
import { addDays } from '@/shared/kyiv-date.ts';
import type { ForecastGranularity } from '../production-forecasts.contract.ts';

/** The scale intermediate figures keep (a smoothing's S_t, an average) before the final rounding. */
const WORK_SCALE = 10;
const ZERO = dec(0);
const HUNDRED = dec(100);

/** The first day of the period holding the date: its ISO week's Monday or its month's 1st. */
export function periodOf(isoDate: string, granularity: ForecastGranularity): string {
  if (granularity === 'month') return `${isoDate.slice(0, 7)}-01`;
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The period k periods after (or before, k < 0) the period starting on `start`. */
export function addPeriods(start: string, granularity: ForecastGranularity, k: number): string {
  if (granularity === 'week') return addDays(start, 7 * k);
  const [y, m] = start.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + k;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** `count` consecutive periods from `start`. */
export function periodRange(start: string, granularity: ForecastGranularity, count: number): string[] {
  return Array.from({ length: count }, (_, k) => addPeriods(start, granularity, k));
}

/** F = (A_T + … + A_{T−n+1}) ÷ n over the last n values (all of them when fewer); 0 without values. */
export function movingAverage(values: readonly Dec[], n: number): Dec {
  const last = values.slice(-n);
  if (!last.length) return ZERO;
  return div(
    last.reduce((s, v) => add(s, v), ZERO),
    dec(last.length),
    WORK_SCALE,
  );
}

/** S_1 = A_1, S_t = α·A_t + (1 − α)·S_{t−1}; F = S_T. 0 without values. */
export function exponentialSmoothing(values: readonly Dec[], alpha: Dec): Dec {
  if (!values.length) return ZERO;
  const rest = sub(dec(1), alpha);
  let s = values[0]!;
  for (const a of values.slice(1)) s = round(add(mul(alpha, a), mul(rest, s)), WORK_SCALE);
  return s;
}

/** Pieces rounded up to whole units; other units to 4 decimals. Never below 0. */
export function roundForecast(value: Dec, wholeUnits: boolean): string {
  if (cmp(value, ZERO) <= 0) return wholeUnits ? '0' : '0.0000';
  if (!wholeUnits) return fixed(value, 4);
  const truncated = round({ units: value.units / 10n ** BigInt(value.scale), scale: 0 }, 0);
  return fixed(cmp(truncated, value) < 0 ? add(truncated, dec(1)) : truncated, 0);
}

export interface AccuracySums {
  /** Σ A */
  actual: Dec;
  /** Σ |A − F| */
  absError: Dec;
  /** Σ (F − A) */
  error: Dec;
  lines: number;
}

export const emptySums = (): AccuracySums => ({ actual: ZERO, absError: ZERO, error: ZERO, lines: 0 });

/** Adds one (forecast, actual) pair to the sums. */
export function addPair(sums: AccuracySums, forecast: Dec, actual: Dec): AccuracySums {
  const diff = sub(forecast, actual);
  return {
    actual: add(sums.actual, actual),
    absError: add(sums.absError, cmp(diff, ZERO) < 0 ? sub(ZERO, diff) : diff),
    error: add(sums.error, diff),
    lines: sums.lines + 1,
  };
}

export const mergeSums = (a: AccuracySums, b: AccuracySums): AccuracySums => ({
  actual: add(a.actual, b.actual),
  absError: add(a.absError, b.absError),
  error: add(a.error, b.error),
  lines: a.lines + b.lines,
});

/** Accuracy, WAPE and bias in %, 1 decimal; null figures when Σ A = 0 ('—'). */
export function accuracyOf(sums: AccuracySums): { accuracy: string | null; wape: string | null; bias: string | null } {
  if (sums.lines === 0 || isZero(sums.actual)) return { accuracy: null, wape: null, bias: null };
  const wape = div(mul(sums.absError, HUNDRED), sums.actual, 6);
  const accuracy = sub(HUNDRED, wape);
  return {
    accuracy: fixed(cmp(accuracy, ZERO) < 0 ? ZERO : accuracy, 1),
    wape: fixed(wape, 1),
    bias: fixed(div(mul(sums.error, HUNDRED), sums.actual, 6), 1),
  };
}

/** How many whole periods lie from the period starting `from` up to (not including) the one starting `to`. */
export function periodsBetween(from: string, to: string, granularity: ForecastGranularity): number {
  if (granularity === 'week')
    return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 604_800_000);
  const index = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  return index(to) - index(from);
}
