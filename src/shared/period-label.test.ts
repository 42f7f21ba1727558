import { describe, expect, it } from 'vitest';
import { formatPeriodLabelUk, isoWeekOf } from './period-label.ts';

describe('formatPeriodLabelUk', () => {
  it('names a month by its Ukrainian name and year', () => {
    expect(formatPeriodLabelUk('2026-03-01', 'month')).toBe('березень 2026');
    expect(formatPeriodLabelUk('2025-12-01', 'month')).toBe('грудень 2025');
  });

  it('names an ISO week by its number and ISO year', () => {
    expect(formatPeriodLabelUk('2026-03-16', 'week')).toBe('тиж. 12, 2026');
    // 29.12.2025 is the Monday of week 1 of 2026.
    expect(isoWeekOf('2025-12-29')).toEqual({ week: 1, year: 2026 });
    // 28.12.2026 is in week 53 of 2026.
    expect(formatPeriodLabelUk('2026-12-28', 'week')).toBe('тиж. 53, 2026');
  });
});
