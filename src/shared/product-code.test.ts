import { describe, expect, it } from 'vitest';
import { productCode } from './product-code.ts';

describe('productCode (spec §3)', () => {
  it('takes 3 letters of the name, 2 of the second value and the number, uppercased', () => {
    expect(productCode('Блок живлення', 'Джерела живлення', 417)).toBe('БЛОДЖ417');
    expect(productCode('led lamp', 'lighting', 100)).toBe('LEDLI100');
  });

  it("skips what is not a letter and falls back to 'GN'", () => {
    expect(productCode('  12-В реле', null, 999)).toBe('ВРЕGN999');
    expect(productCode('Реле', '', 250)).toBe('РЕЛGN250');
    expect(productCode('Реле', 'Я', 250)).toBe('РЕЛGN250');
  });
});
