import { describe, expect, it } from 'vitest';
import { dec, fixed } from './decimal.ts';
import { lineAmounts } from './vat.ts';

const text = (a: ReturnType<typeof lineAmounts>) => [fixed(a.net, 2), fixed(a.vat, 2), fixed(a.gross, 2)];

describe('lineAmounts (sales.md §1.4)', () => {
  it('adds VAT to net prices, rounding each step to kopecks', () => {
    expect(text(lineAmounts(dec('3'), dec('0.1'), '20', false))).toEqual(['0.30', '0.06', '0.36']);
    expect(text(lineAmounts(dec('10'), dec('100'), '7', false))).toEqual(['1000.00', '70.00', '1070.00']);
  });

  it('takes VAT out of gross prices by rounding the VAT first', () => {
    expect(text(lineAmounts(dec('1'), dec('120'), '20', true))).toEqual(['100.00', '20.00', '120.00']);
    // 0.03 × 20/120 = 0.005 → 0.01 VAT (half away from zero), net is the rest.
    expect(text(lineAmounts(dec('1'), dec('0.03'), '20', true))).toEqual(['0.02', '0.01', '0.03']);
    expect(text(lineAmounts(dec('2'), dec('50'), '0', true))).toEqual(['100.00', '0.00', '100.00']);
  });
});

describe('lineAmounts with a discount (sales.md §1.4)', () => {
  it('takes the discount off before rounding once', () => {
    // 3 × 33.33 × 0.9 = 89.991 → 89.99; VAT 20 % = 18.00
    expect(text(lineAmounts(dec('3'), dec('33.33'), '20', false, dec('10')))).toEqual(['89.99', '18.00', '107.99']);
    // gross prices: 3 × 100 × 0.95 = 285.00 gross, VAT 47.50
    expect(text(lineAmounts(dec('3'), dec('100'), '20', true, dec('5')))).toEqual(['237.50', '47.50', '285.00']);
  });
});
