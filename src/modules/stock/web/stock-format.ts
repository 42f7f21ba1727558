// How the stock pages write the API's exact decimals, dates and times for a Ukrainian reader (string work only, no
// floats: README §7). Negative numbers get a true minus sign (U+2212), as typeset Ukrainian figures do.
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import { formatDecimalUk, formatMoneyUk, formatUnitCostUk } from '@/shared/decimal-format.ts';
import { stockMessages as messages } from './stock.messages.ts';

const MINUS = '\u2212';
const NBSP = '\u00a0';

const withMinus = (text: string) => (text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text);
const isNegative = (value: string) => /^\s*-/.test(value) && !/^\s*-0*(?:\.0*)?\s*$/.test(value);
const isPositive = (value: string) => !isNegative(value) && /[1-9]/.test(value);

/** A quantity: as many decimals as it has, none when whole ('20.0000' → '20'). */
export function formatQty(value: string): string {
  return withMinus(formatDecimalUk(value, 0));
}

/** A quantity with its unit ('12 шт'); the unit is left out when the item has none. */
export function formatQtyUnit(value: string, unit: string | null): string {
  return unit ? `${formatQty(value)}${NBSP}${unit}` : formatQty(value);
}

/** A movement's quantity with its sign: '+5', '−3' (zero has none). */
export function formatSignedQty(value: string): string {
  return isPositive(value) ? `+${formatQty(value)}` : formatQty(value);
}

export type QtyDirection = 'in' | 'out' | 'zero';

export function qtyDirection(value: string): QtyDirection {
  return isNegative(value) ? 'out' : isPositive(value) ? 'in' : 'zero';
}

/** Money: two decimals (rounded), grouped thousands, ' грн'. */
export function formatMoney(value: string): string {
  return `${withMinus(formatMoneyUk(value))}${NBSP}${messages.currency}`;
}

/** A unit or average cost: two decimals, up to four below one hryvnia (a component's cost), ' грн'. */
export function formatUnitCost(value: string): string {
  return `${withMinus(formatUnitCostUk(value))}${NBSP}${messages.currency}`;
}

/** A business date 'YYYY-MM-DD' as 'dd.mm.yyyy' (no time zone involved). */
export function formatDateUk(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/**
 * When a movement was posted, in the user's local time: 'HH:mm' when that was on its business date, else the full
 * 'dd.MM.yyyy HH:mm' (a document dated back).
 */
export function formatPostedAt(createdAt: string, occurredOn: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  const sameDay = format(date, 'yyyy-MM-dd') === occurredOn.slice(0, 10);
  return format(date, sameDay ? 'HH:mm' : 'dd.MM.yyyy HH:mm', { locale: uk });
}
