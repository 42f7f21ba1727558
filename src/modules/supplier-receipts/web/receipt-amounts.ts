// The amounts a receipt's form shows while it is typed: per line and in total, by the very rule the server applies
// (rounding half away from zero, to kopecks). Exact decimals only (src/shared/decimal.ts), never floats.
import { add, dec, fixed, mul, round, type Dec } from '@/shared/decimal.ts';
import { lineAmounts as sharedLineAmounts, type LineAmounts } from '@/shared/vat.ts';

const DECIMAL = /^\d+(\.\d+)?$/;
const ZERO = dec('0');

/** A typed decimal ('0,1', '1 250.5') as an exact value, or null while it is not a number. */
export function parseDecimalInput(text: string): Dec | null {
  const value = text.replace(/\s/g, '').replace(',', '.');
  return DECIMAL.test(value) ? dec(value) : null;
}

export type Amounts = LineAmounts;

/** One line, by the rule the server applies (src/shared/vat.ts, sales.md §1.4). */
export const lineAmounts = sharedLineAmounts;

export interface LineText {
  qty: string;
  unitPrice: string;
  vatRate: string;
}

/** A line's amounts as typed, or null while its quantity or price is not a number yet. */
export function typedLineAmounts(line: LineText, pricesIncludeVat: boolean): Amounts | null {
  const qty = parseDecimalInput(line.qty);
  const price = parseDecimalInput(line.unitPrice);
  return qty && price ? lineAmounts(qty, price, line.vatRate, pricesIncludeVat) : null;
}

export interface Totals extends Amounts {
  /** The gross total in UAH at the rate, or null while the rate is not a number. */
  uah: Dec | null;
}

/** The document's totals: the sums of the lines that can be computed, and the gross total at the rate. */
export function receiptTotals(lines: readonly (Amounts | null)[], fxRate: Dec | null): Totals {
  let net = ZERO;
  let vat = ZERO;
  let gross = ZERO;
  for (const line of lines) {
    if (!line) continue;
    net = add(net, line.net);
    vat = add(vat, line.vat);
    gross = add(gross, line.gross);
  }
  return { net, vat, gross, uah: fxRate ? round(mul(gross, fxRate), 2) : null };
}

/** An amount as the API writes it, to kopecks ('0.30'). */
export const money = (value: Dec) => fixed(value, 2);
