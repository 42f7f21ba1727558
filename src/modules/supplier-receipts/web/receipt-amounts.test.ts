import { describe, expect, it } from 'vitest';
import { dec } from '@/shared/decimal.ts';
import { lineAmounts, money, parseDecimalInput, receiptTotals, typedLineAmounts } from './receipt-amounts.ts';

const text = (amounts: ReturnType<typeof lineAmounts> | null) =>
  amounts && { net: money(amounts.net), vat: money(amounts.vat), gross: money(amounts.gross) };

describe('receipt amounts', () => {
  it('reads typed decimals with a comma, spaces or a point, and nothing else', () => {
    expect(money(parseDecimalInput('1 250,5')!)).toBe('1250.50');
    expect(money(parseDecimalInput('0.1')!)).toBe('0.10');
    expect(parseDecimalInput('')).toBeNull();
    expect(parseDecimalInput('1,2,3')).toBeNull();
    expect(parseDecimalInput('-1')).toBeNull();
  });

  it('computes net prices exactly: 3 × 0,1 = 0,30, VAT 0,06', () => {
    expect(text(typedLineAmounts({ qty: '3', unitPrice: '0,1', vatRate: '20' }, false))).toEqual({
      net: '0.30',
      vat: '0.06',
      gross: '0.36',
    });
    // 0.125 rounds half away from zero to 0.13; its VAT 0.026 to 0.03
    expect(text(lineAmounts(dec('1'), dec('0.125'), '20', false))).toEqual({ net: '0.13', vat: '0.03', gross: '0.16' });
    expect(text(lineAmounts(dec('2.5'), dec('3.333333'), '7', false))).toEqual({
      net: '8.33',
      vat: '0.58',
      gross: '8.91',
    });
  });

  it('splits gross prices as the server does (sales.md §1.4): VAT = gross × rate / (100 + rate), net = gross − VAT', () => {
    expect(text(lineAmounts(dec('7'), dec('0.1'), '20', true))).toEqual({ net: '0.58', vat: '0.12', gross: '0.70' });
    expect(text(lineAmounts(dec('1'), dec('120'), '20', true))).toEqual({
      net: '100.00',
      vat: '20.00',
      gross: '120.00',
    });
    expect(text(lineAmounts(dec('1'), dec('10'), '0', true))).toEqual({ net: '10.00', vat: '0.00', gross: '10.00' });
    // VAT 0.005 rounds up to 0.01, so the net is what is left: 0.02
    expect(text(lineAmounts(dec('1'), dec('0.03'), '20', true))).toEqual({ net: '0.02', vat: '0.01', gross: '0.03' });
  });

  it('sums the lines that can be computed and converts the gross total at the rate', () => {
    const totals = receiptTotals(
      [lineAmounts(dec('3'), dec('0.1'), '20', false), null, lineAmounts(dec('1'), dec('0.2'), '20', false)],
      dec('41.5'),
    );
    expect([money(totals.net), money(totals.vat), money(totals.gross), money(totals.uah!)]).toEqual([
      '0.50',
      '0.10',
      '0.60',
      '24.90',
    ]);
    expect(receiptTotals([], null).uah).toBeNull();
  });
});
