import { describe, expect, it } from 'vitest';
import { earlierDate, laterDate, workingDays } from './working-days.ts';

describe('workingDays', () => {
  it('counts Monday to Friday, both ends included', () => {
    expect(workingDays('2026-11-23', '2026-11-29')).toBe(5); // Mon … Sun
    expect(workingDays('2026-11-28', '2026-11-29')).toBe(0); // a weekend
    expect(workingDays('2026-11-27', '2026-11-27')).toBe(1); // one Friday
    expect(workingDays('2026-11-01', '2026-11-30')).toBe(21);
    expect(workingDays('2026-11-30', '2026-11-01')).toBe(0);
  });

  it('leaves out the holidays that fall on working days', () => {
    // A Wednesday holiday and one on a Saturday: the week keeps 4 days.
    expect(workingDays('2026-11-23', '2026-11-29', new Set(['2026-11-25', '2026-11-28']))).toBe(4);
  });

  it('crosses a year end and a leap day', () => {
    expect(workingDays('2027-12-27', '2028-01-02')).toBe(5);
    expect(workingDays('2028-02-28', '2028-03-01')).toBe(3); // Mon 28, Tue 29, Wed 1
  });

  it('bounds a period by a hire or leave date', () => {
    expect(laterDate('2026-11-01', '2026-11-10')).toBe('2026-11-10');
    expect(laterDate('2026-11-01', null)).toBe('2026-11-01');
    expect(earlierDate('2026-11-30', '2026-11-20')).toBe('2026-11-20');
    expect(earlierDate('2026-11-30', null)).toBe('2026-11-30');
  });
});
