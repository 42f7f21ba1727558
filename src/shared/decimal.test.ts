import { describe, expect, it } from 'vitest';
import { add, cmp, dec, div, fixed, isNegative, isZero, mul, neg, round, sub } from './decimal.ts';

describe('decimal', () => {
  it('adds, subtracts and multiplies exactly where floats do not', () => {
    expect(fixed(add(dec('0.1'), dec('0.2')), 2)).toBe('0.30');
    expect(fixed(sub(dec('1250.50'), dec('0.000001')), 6)).toBe('1250.499999');
    expect(fixed(mul(dec('3'), dec('0.033333')), 6)).toBe('0.099999');
    expect(fixed(mul(dec('12.5000'), dec('41.234500')), 2)).toBe('515.43');
    expect(fixed(neg(dec('5')), 2)).toBe('-5.00');
  });

  it('rounds half away from zero, on both sides of zero', () => {
    expect(fixed(dec('2.345'), 2)).toBe('2.35');
    expect(fixed(dec('-2.345'), 2)).toBe('-2.35');
    expect(fixed(dec('2.344'), 2)).toBe('2.34');
    expect(fixed(round(dec('0.5'), 0), 0)).toBe('1');
    expect(fixed(round(dec('-0.5'), 0), 0)).toBe('-1');
    expect(fixed(dec('0.004'), 2)).toBe('0.00');
  });

  it('divides to a chosen scale', () => {
    expect(fixed(div(dec('100'), dec('3'), 6), 6)).toBe('33.333333');
    expect(fixed(div(dec('200'), dec('3'), 6), 6)).toBe('66.666667');
    expect(fixed(div(dec('-1'), dec('8'), 2), 2)).toBe('-0.13');
    expect(() => div(dec('1'), dec('0'), 2)).toThrow(RangeError);
  });

  it('compares and parses the forms people and the database write', () => {
    expect(cmp(dec('1.50'), dec('1.5'))).toBe(0);
    expect(cmp(dec('-0.01'), dec('0'))).toBe(-1);
    expect(cmp(dec('10'), dec('9.9999'))).toBe(1);
    expect(isZero(dec('0.0000'))).toBe(true);
    expect(isNegative(dec('-0.0001'))).toBe(true);
    expect(fixed(dec('1,5'), 4)).toBe('1.5000');
    expect(fixed(dec('+7'), 0)).toBe('7');
    expect(fixed(dec(' 2,50 '), 2)).toBe('2.50');
    expect(() => dec('1 000')).toThrow(RangeError);
    // Scales past the precomputed powers of ten still align exactly.
    const tiny = dec(`0.${'0'.repeat(59)}1`);
    expect(cmp(add(tiny, dec('1')), dec('1'))).toBe(1);
    expect(fixed(add(tiny, dec('1')), 2)).toBe('1.00');
    expect(() => dec('1e5')).toThrow(RangeError);
    expect(() => dec(0.1)).toThrow(RangeError);
  });
});
