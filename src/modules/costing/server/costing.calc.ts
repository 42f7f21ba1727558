// The arithmetic of a costing row (production.md §9), pure: per-unit figures from those of the quantity, margin,
// markup, the suggested price and the deviation of the actual average — exact decimals, rounded half away from zero.
import { add, cmp, dec, div, fixed, isZero, mul, round, sub, type Dec } from '@/shared/decimal.ts';

const HUNDRED = dec(100);
const pct = (part: Dec, whole: Dec) => fixed(div(mul(part, HUNDRED), whole, 2), 2);

export interface UnitFigures {
  material: string;
  labour: string;
  overhead: string;
  total: string;
}

/** The figures of one unit: each of the quantity's figures ÷ Q to 2 decimals; the total is their sum. */
export function perUnit(forQty: { material: string; labour: string; overhead: string }, qty: string): UnitFigures {
  const q = dec(qty);
  const one = (v: string) => (cmp(q, dec(0)) > 0 ? div(dec(v), q, 2) : dec(0));
  const material = one(forQty.material);
  const labour = one(forQty.labour);
  const overhead = one(forQty.overhead);
  return {
    material: fixed(material, 2),
    labour: fixed(labour, 2),
    overhead: fixed(overhead, 2),
    total: fixed(add(add(material, labour), overhead), 2),
  };
}

export interface PriceFigures {
  retailPrice: string | null;
  marginPercent: string | null;
  markupPercent: string | null;
  appliedMarkupPercent: string;
  suggestedPrice: string;
  actual: string | null;
  deviationPercent: string | null;
}

/** Margin and markup against the price, the suggested price at the markup, and the actual's deviation in %. */
export function priceFigures(
  total: string,
  retailPrice: string | null,
  markupPercent: string,
  actualAverage: string | null,
): PriceFigures {
  const cost = dec(total);
  const price = retailPrice == null ? null : round(dec(retailPrice), 2);
  const hasPrice = price != null && !isZero(price);
  const actual = actualAverage == null ? null : round(dec(actualAverage), 2);
  return {
    retailPrice: price == null ? null : fixed(price, 2),
    marginPercent: hasPrice ? pct(sub(price, cost), price) : null,
    markupPercent: hasPrice && !isZero(cost) ? pct(sub(price, cost), cost) : null,
    appliedMarkupPercent: fixed(dec(markupPercent), 2),
    suggestedPrice: fixed(round(mul(cost, add(dec(1), div(dec(markupPercent), HUNDRED, 6))), 2), 2),
    actual: actual == null ? null : fixed(actual, 2),
    deviationPercent: actual != null && !isZero(cost) ? pct(sub(dec(actualAverage!), cost), cost) : null,
  };
}
