// Line totals with VAT (sales.md §1.4), one rule for every document and both sides: rounding half away from zero,
// to kopecks, per line. Exact decimals only.
import { add, dec, div, mul, round, sub, type Dec } from './decimal.ts';

export interface LineAmounts {
  net: Dec;
  vat: Dec;
  gross: Dec;
}

const HUNDRED = dec(100);

/**
 * Net prices: net = round2(qty × price), VAT = round2(net × rate / 100), gross = net + VAT.
 * Gross prices: gross = round2(qty × price), VAT = round2(gross × rate / (100 + rate)), net = gross − VAT.
 */
export function lineAmounts(
  qty: Dec,
  unitPrice: Dec,
  vatRate: string,
  pricesIncludeVat: boolean,
  discountPercent: Dec = dec(0),
): LineAmounts {
  // base = qty × price × (1 − discount/100), rounded once to kopecks.
  const base = round(div(mul(mul(qty, unitPrice), sub(HUNDRED, discountPercent)), HUNDRED, 14), 2);
  const rate = dec(vatRate);
  if (pricesIncludeVat) {
    const vat = round(div(mul(base, rate), add(HUNDRED, rate), 6), 2);
    return { net: sub(base, vat), vat, gross: base };
  }
  const vat = round(div(mul(base, rate), HUNDRED, 6), 2);
  return { net: base, vat, gross: add(base, vat) };
}
