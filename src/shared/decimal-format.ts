// Exact decimals as Ukrainian users read them: a decimal comma, thin grouping of thousands, trailing zeros
// trimmed down to `minFraction` places. String work only — never a JS float (README §7).
export function formatDecimalUk(value: string, minFraction = 2): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', int = '0', frac = ''] = match;
  let fraction = frac.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${grouped}${fraction ? ',' + fraction : ''}`;
}

/** A quantity as a sentence says it: '8,4', '3', '1 250,5' — no trailing zeros, a decimal comma. */
export const formatQtyUk = (value: string): string => formatDecimalUk(value, 0);

/** Money as a sentence says it: two decimals, half away from zero ('404,878571' → '404,88'). */
export function formatMoneyUk(value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', int = '0', frac = ''] = match;
  const cents = BigInt(int + (frac + '00').slice(0, 2)) + (Number(frac[2] ?? '0') >= 5 ? 1n : 0n);
  const text = cents.toString().padStart(3, '0');
  return formatDecimalUk(`${cents === 0n ? '' : sign}${text.slice(0, -2)}.${text.slice(-2)}`);
}

/**
 * A unit cost or price (an average cost, a component's price): two decimals like any money ('409,774' → '409,77'),
 * except below one hryvnia, where a component's cost lives in the third and fourth decimal ('0,0035'): there up to
 * four decimals, rounded half away from zero. Totals use `formatMoneyUk`.
 */
export function formatUnitCostUk(value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', int = '0', frac = ''] = match;
  if (/[1-9]/.test(int)) return formatMoneyUk(value);
  const units = BigInt((frac + '0000').slice(0, 4)) + (Number(frac[4] ?? '0') >= 5 ? 1n : 0n);
  if (units === 10000n) return `${sign}1,00`;
  const digits = units.toString().padStart(4, '0');
  return formatDecimalUk(`${units === 0n ? '' : sign}0.${digits}`);
}

/** The currency as people write it beside an amount: 'грн' for the hryvnia, the ISO code for any other ('USD'). */
export const currencyUk = (code: string): string => (code === 'UAH' ? 'грн' : code);
