// How the supplier orders page writes dates, decimals and amounts for a Ukrainian reader, and the amounts a form
// shows while it is typed — by the very rule the server applies (src/shared/vat.ts). Exact decimals, never floats.
import { add, dec, fixed, mul, round, type Dec } from '@/shared/decimal.ts';
import { lineAmounts, type LineAmounts } from '@/shared/vat.ts';

export { decimalInput, formatDateUk, formatMoney, formatQty, todayIso } from '@/web/lib/document-format.ts';

const DECIMAL = /^\d+(\.\d+)?$/;
/** A typed decimal ('0,1', '1 250.5') as an exact value, or null while it is not a number. */
export function parseDecimalInput(text: string): Dec | null {
  const value = text.replace(/\s/g, '').replace(',', '.');
  return DECIMAL.test(value) ? dec(value) : null;
}

/** A line's amounts as typed, or null while its quantity or price is not a number yet. */
export function typedLineAmounts(
  line: { qty: string; unitPrice: string; vatRate: string },
  pricesIncludeVat: boolean,
): LineAmounts | null {
  const qty = parseDecimalInput(line.qty);
  const price = parseDecimalInput(line.unitPrice);
  return qty && price ? lineAmounts(qty, price, line.vatRate, pricesIncludeVat) : null;
}

/** The sums of the lines that can be computed, and the gross total at the rate. */
export function typedTotals(lines: readonly (LineAmounts | null)[], fxRate: Dec | null) {
  let net = dec(0);
  let vat = dec(0);
  let gross = dec(0);
  for (const line of lines) {
    if (!line) continue;
    net = add(net, line.net);
    vat = add(vat, line.vat);
    gross = add(gross, line.gross);
  }
  return { net, vat, gross, uah: fxRate ? round(mul(gross, fxRate), 2) : null };
}

export const money = (value: Dec) => fixed(value, 2);
