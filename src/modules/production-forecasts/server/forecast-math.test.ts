// The arithmetic of production.md §12 on its own: ISO weeks by their Monday and months by their 1st, the two methods
// with exact decimals, pieces rounded up, and the accuracy figures (WAPE, bias; '—' when Σ A = 0).
import { describe, expect, it } from 'vitest';
import { dec, fixed } from '@/shared/decimal.ts';
import {
  accuracyOf,
  addPair,
  addPeriods,
  emptySums,
  exponentialSmoothing,
  movingAverage,
  periodOf,
  periodRange,
  periodsBetween,
  roundForecast,
} from './forecast-math.ts';

const ds = (...values: string[]) => values.map((v) => dec(v));

describe('periods', () => {
  it('starts a week on its Monday and a month on its 1st, across years', () => {
    expect(periodOf('2026-11-28', 'week')).toBe('2026-11-23');
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(periodOf('2027-01-03', 'week')).toBe('2026-12-28');
    expect(periodOf('2026-11-28', 'month')).toBe('2026-11-01');
    expect(addPeriods('2026-11-01', 'month', 2)).toBe('2027-01-01');
    expect(addPeriods('2026-01-01', 'month', -1)).toBe('2025-12-01');
    expect(periodRange('2026-12-28', 'week', 2)).toEqual(['2026-12-28', '2027-01-04']);
    expect(periodsBetween('2026-08-01', '2026-11-01', 'month')).toBe(3);
    expect(periodsBetween('2026-11-02', '2026-11-23', 'week')).toBe(3);
  });
});

describe('methods', () => {
  it('averages the last n periods: 10, 20, 30 → 20', () => {
    expect(fixed(movingAverage(ds('5', '10', '20', '30'), 3), 4)).toBe('20.0000');
    expect(fixed(movingAverage([], 3), 4)).toBe('0.0000');
  });

  it('smooths from S_1 = A_1: α = 0.5 over 10, 20, 30 gives 22.5, rounded up to 23 pieces', () => {
    const s = exponentialSmoothing(ds('10', '20', '30'), dec('0.5'));
    expect(fixed(s, 4)).toBe('22.5000');
    expect(roundForecast(s, true)).toBe('23');
    expect(roundForecast(s, false)).toBe('22.5000');
    expect(roundForecast(dec('20'), true)).toBe('20');
    expect(roundForecast(dec('0.0001'), true)).toBe('1');
    expect(roundForecast(dec('1.23456'), false)).toBe('1.2346');
  });
});

describe('accuracy', () => {
  it('is max(0, 1 − WAPE) × 100 with the bias, and none when Σ A = 0', () => {
    expect(accuracyOf(addPair(emptySums(), dec('20'), dec('25')))).toEqual({
      accuracy: '80.0',
      wape: '20.0',
      bias: '-20.0',
    });
    expect(accuracyOf(addPair(emptySums(), dec('100'), dec('25'))).accuracy).toBe('0.0');
    expect(accuracyOf(addPair(emptySums(), dec('5'), dec('0')))).toEqual({ accuracy: null, wape: null, bias: null });
    expect(accuracyOf(emptySums()).accuracy).toBeNull();
  });
});
