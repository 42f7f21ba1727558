// How the client orders page writes dates, decimals and amounts, and the amounts a form shows while it is typed —
// by the very rule the server applies (src/shared/vat.ts, discount included). Exact decimals, never floats.
import { add, dec, fixed, mul, round, type Dec } from '@/shared/decimal.ts';
import { lineAmounts, type LineAmounts } from '@/shared/vat.ts';

export {
  decimalInput,
  formatDateUk,
  formatMoney,
  formatQty,
  formatTimestampUk,
  todayIso,
} from '@/web/lib/document-format.ts';

const DECIMAL = /^\d+(\.\d+)?$/;
/** A typed decimal ('0,1', '1 250.5') as an exact value, or null while it is not a number. */
export function parseDecimalInput(text: string): Dec | null {
  const value = text.replace(/\s/g, '').replace(',', '.');
  return DECIMAL.test(value) ? dec(value) : null;
}

/** A line's amounts as typed (an empty discount counts as `defaultDiscount`), or null while qty or price is not a number. */
export function typedLineAmounts(
  line: { qty: string; unitPrice: string; vatRate: string; discountPercent: string },
  pricesIncludeVat: boolean,
  defaultDiscount: string | null = null,
): LineAmounts | null {
  const qty = parseDecimalInput(line.qty);
  const price = parseDecimalInput(line.unitPrice);
  const discount = line.discountPercent.trim() ? parseDecimalInput(line.discountPercent) : dec(defaultDiscount ?? '0');
  return qty && price && discount ? lineAmounts(qty, price, line.vatRate, pricesIncludeVat, discount) : null;
}

export function typedTotals(lines: readonly (LineAmounts | null)[]) {
  let net = dec(0);
  let vat = dec(0);
  let gross = dec(0);
  for (const line of lines) {
    if (!line) continue;
    net = add(net, line.net);
    vat = add(vat, line.vat);
    gross = add(gross, line.gross);
  }
  return { net, vat, gross };
}

/** A net price as a price with VAT (for an order whose prices include VAT). */
export const grossPrice = (net: string, vatRate: string) =>
  fixed(round(mul(dec(net), add(dec(1), mul(dec(vatRate), dec('0.01')))), 2), 2);

export const money = (value: Dec) => fixed(value, 2);
