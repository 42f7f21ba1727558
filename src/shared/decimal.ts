// Exact decimal arithmetic on the strings the API and PostgreSQL exchange (README §7): values are scaled BigInts,
// never JS floats. Rounding is half away from zero. Isomorphic, no dependencies.

export interface Dec {
  /** The value times 10^scale. */
  readonly units: bigint;
  readonly scale: number;
}

const PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Parses '12', '-0.5', '1250.500000' (a decimal comma too). Throws RangeError on anything else. */
export function dec(text: string | number | bigint): Dec {
  if (typeof text === 'bigint') return { units: text, scale: 0 };
  if (typeof text === 'number') {
    if (!Number.isSafeInteger(text)) throw new RangeError(`dec() takes integers or strings, not ${text}`);
    return { units: BigInt(text), scale: 0 };
  }
  // Most texts come from PostgreSQL or the API as they are; only a typed one needs trimming and its comma replaced.
  const m = PATTERN.exec(text) ?? PATTERN.exec(text.trim().replace(',', '.'));
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const fraction = m[3] ?? '';
  const units = BigInt(m[2]! + fraction);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

/** Powers of ten up to any scale the database's numerics use, computed once: every add, compare and round needs one. */
const POWERS = Array.from({ length: 48 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number) => POWERS[n] ?? 10n ** BigInt(n);

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export const add = (a: Dec, b: Dec): Dec => {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
};
export const sub = (a: Dec, b: Dec): Dec => {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
};
export const neg = (a: Dec): Dec => ({ units: -a.units, scale: a.scale });
export const mul = (a: Dec, b: Dec): Dec => ({ units: a.units * b.units, scale: a.scale + b.scale });

/** Integer division rounding half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (2n * ad);
  return negative ? -q : q;
}

/** Rounds to `scale` digits after the point, half away from zero. */
export function round(a: Dec, scale: number): Dec {
  if (scale >= a.scale) return { units: a.units * pow10(scale - a.scale), scale };
  return { units: divRound(a.units, pow10(a.scale - scale)), scale };
}

/** a / b rounded to `scale` digits. Throws RangeError on division by zero. */
export function div(a: Dec, b: Dec, scale: number): Dec {
  if (b.units === 0n) throw new RangeError('division by zero');
  // a.units/10^a.scale ÷ b.units/10^b.scale = (a.units · 10^(scale + b.scale)) / (b.units · 10^a.scale)
  return { units: divRound(a.units * pow10(scale + b.scale), b.units * pow10(a.scale)), scale };
}

export function cmp(a: Dec, b: Dec): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x === y ? 0 : x < y ? -1 : 1;
}
export const isZero = (a: Dec) => a.units === 0n;
export const isNegative = (a: Dec) => a.units < 0n;
export const min = (a: Dec, b: Dec) => (cmp(a, b) <= 0 ? a : b);

/** The value as a string with exactly `scale` digits after the point (rounded), as PostgreSQL prints numeric(p, s). */
export function fixed(a: Dec, scale: number): string {
  const r = round(a, scale);
  const negative = r.units < 0n;
  const digits = (negative ? -r.units : r.units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}
