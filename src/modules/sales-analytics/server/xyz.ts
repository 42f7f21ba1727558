// Classes of a ranked list (reports-admin.md §5, §6), decided exactly on decimals:
// - ABC by revenue: a row whose cumulative share is ≤ 80 % is A (the first row always is), ≤ 95 % B, else C;
// - XYZ by demand stability: CV = σ ÷ mean of the monthly quantities (population σ, zero months included);
//   X < 0.5, Y < 1.0, Z ≥ 1.0. With n months and S = Σx: CV² = (n·Σx² − S²) ÷ S², so CV < 0.5 ⇔ n·Σx² < 1.25·S²
//   and CV < 1 ⇔ n·Σx² < 2·S² — compared on exact decimals, no square root.
import { add, cmp, dec, div, fixed, isZero, mul, type Dec } from '@/shared/decimal.ts';
import type { AbcClass, XyzClass } from '../sales-analytics.contract.ts';

/** The ABC class of each revenue, in the order given (sorted by revenue, largest first). */
export function abcClasses(revenues: readonly string[]): { abcClass: AbcClass; cumulativePercent: string | null }[] {
  const total = revenues.reduce((acc, r) => add(acc, dec(r)), dec(0));
  let running = dec(0);
  return revenues.map((r, i) => {
    running = add(running, dec(r));
    if (cmp(total, dec(0)) <= 0) return { abcClass: 'C' as const, cumulativePercent: null };
    // running ÷ total ≤ 0.80 ⇔ running × 100 ≤ 80 × total (exact).
    const scaled = mul(running, dec(100));
    const abcClass: AbcClass =
      i === 0 || cmp(scaled, mul(total, dec(80))) <= 0 ? 'A' : cmp(scaled, mul(total, dec(95))) <= 0 ? 'B' : 'C';
    return { abcClass, cumulativePercent: fixed(div(scaled, total, 8), 2) };
  });
}

/** The XYZ class and the CV (2 decimals, for display) of monthly quantities; null when nothing was sold. */
export function xyzClass(monthly: readonly string[]): { xyzClass: XyzClass; cv: string } | null {
  const n = dec(monthly.length);
  let s: Dec = dec(0);
  let squares: Dec = dec(0);
  for (const q of monthly) {
    const x = dec(q);
    s = add(s, x);
    squares = add(squares, mul(x, x));
  }
  if (isZero(s) || cmp(s, dec(0)) < 0) return null;
  const left = mul(n, squares);
  const s2 = mul(s, s);
  const cls: XyzClass = cmp(left, mul(s2, dec('1.25'))) < 0 ? 'X' : cmp(left, mul(s2, dec(2))) < 0 ? 'Y' : 'Z';
  // CV for display only: √((n·Σx² − S²) ÷ S²).
  const ratio = Number(fixed(div(add(left, mul(s2, dec(-1))), s2, 8), 8));
  return { xyzClass: cls, cv: Math.sqrt(Math.max(0, ratio)).toFixed(2) };
}
