import { describe, expect, it } from 'vitest';
import { presetPeriod } from './report-period.tsx';

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
