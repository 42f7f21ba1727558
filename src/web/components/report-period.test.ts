import { describe, expect, it } from 'vitest';
import { presetOf, presetPeriod, reportParams } from './report-period.tsx';

describe('presetPeriod', () => {
  it('runs from the first day of this week, month, quarter or year up to today', () => {
    // Saturday 28.11.2026: the ISO week began on Monday 23.11.
    expect(presetPeriod('week', '2026-11-28')).toEqual({ from: '2026-11-23', to: '2026-11-28' });
    expect(presetPeriod('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    // A Sunday belongs to the week that began six days earlier, across a month end.
    expect(presetPeriod('week', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetPeriod('month', '2026-11-28')).toEqual({ from: '2026-11-01', to: '2026-11-28' });
    expect(presetPeriod('quarter', '2026-11-28')).toEqual({ from: '2026-10-01', to: '2026-11-28' });
    expect(presetPeriod('year', '2026-11-28')).toEqual({ from: '2026-01-01', to: '2026-11-28' });
  });
});

describe('reportParams', () => {
  it('takes dates, a known preset or none, and each key only among its values', () => {
    const accept = reportParams(['month', 'year'], { flag: ['loss'], currency: /^[A-Z]{3}$/ });
    expect(accept('from', '2026-11-01')).toBe(true);
    expect(accept('to', '01.11.2026')).toBe(false);
    expect(accept('preset', '')).toBe(true);
    expect(accept('preset', 'week')).toBe(false);
    expect(accept('flag', 'loss')).toBe(true);
    expect(accept('flag', 'all')).toBe(false);
    expect(accept('currency', 'USD')).toBe(true);
    expect(accept('currency', 'usd')).toBe(false);
    expect(accept('unknown', 'x')).toBe(false);
    expect(presetOf('year', ['month', 'year'] as const)).toBe('year');
    expect(presetOf('', ['month', 'year'] as const)).toBeNull();
  });
});
