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
