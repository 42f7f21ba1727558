import { describe, expect, it } from 'vitest';
import { formatDecimalUk } from './decimal-format.ts';

describe('formatDecimalUk', () => {
  it('shows a decimal comma, groups thousands and trims zeros down to two places', () => {
    expect(formatDecimalUk('110.000000')).toBe('110,00');
    expect(formatDecimalUk('0.031200')).toBe('0,0312');
    expect(formatDecimalUk('1250000.5')).toBe('1\u00a0250\u00a0000,50');
    expect(formatDecimalUk('-12.345600')).toBe('-12,3456');
    expect(formatDecimalUk('7')).toBe('7,00');
    expect(formatDecimalUk('0.001000', 0)).toBe('0,001');
    expect(formatDecimalUk('60.000000', 0)).toBe('60');
  });

  it('leaves anything that is not a decimal as it is', () => {
    expect(formatDecimalUk('abc')).toBe('abc');
  });
});
