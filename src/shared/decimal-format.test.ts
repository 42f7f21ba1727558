import { describe, expect, it } from 'vitest';
import { formatDecimalUk, formatMoneyUk, formatQtyUk, formatUnitCostUk } from './decimal-format.ts';

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

describe('formatQtyUk and formatMoneyUk', () => {
  it('print a quantity without trailing zeros and money with two decimals, rounded half away from zero', () => {
    expect(formatQtyUk('8.4000')).toBe('8,4');
    expect(formatQtyUk('3.0000')).toBe('3');
    expect(formatQtyUk('0.8')).toBe('0,8');
    expect(formatMoneyUk('404.878571')).toBe('404,88');
    expect(formatMoneyUk('409.774')).toBe('409,77');
    expect(formatMoneyUk('0.005')).toBe('0,01');
    expect(formatMoneyUk('-0.004')).toBe('0,00');
    expect(formatMoneyUk('-12.345')).toBe('-12,35');
    expect(formatMoneyUk('1250000')).toBe('1\u00a0250\u00a0000,00');
    expect(formatMoneyUk('abc')).toBe('abc');
  });
});

describe('formatUnitCostUk', () => {
  it('rounds a unit cost of a hryvnia or more to two decimals and keeps up to four below one', () => {
    expect(formatUnitCostUk('409.774')).toBe('409,77');
    expect(formatUnitCostUk('404.878571')).toBe('404,88');
    expect(formatUnitCostUk('12.000000')).toBe('12,00');
    expect(formatUnitCostUk('0.003500')).toBe('0,0035');
    expect(formatUnitCostUk('0.123456')).toBe('0,1235');
    expect(formatUnitCostUk('0.500000')).toBe('0,50');
    expect(formatUnitCostUk('0.99996')).toBe('1,00');
    expect(formatUnitCostUk('-0.00004')).toBe('0,00');
    expect(formatUnitCostUk('-0.25')).toBe('-0,25');
    expect(formatUnitCostUk('1250.005')).toBe('1\u00a0250,01');
    expect(formatUnitCostUk('—')).toBe('—');
  });
});
