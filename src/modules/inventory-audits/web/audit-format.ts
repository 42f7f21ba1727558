// How the audit pages write the API's exact decimals and dates for a Ukrainian reader (string work only, no floats:
// README §7). Negative numbers get a true minus sign.
import { formatDecimalUk, formatMoneyUk } from '@/shared/decimal-format.ts';

const MINUS = '\u2212';
const NBSP = '\u00a0';
const withMinus = (text: string) => (text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text);

/** A quantity: as many decimals as it has, none when whole ('20.0000' → '20'). */
export const formatQty = (value: string) => withMinus(formatDecimalUk(value, 0));

/** Money: two decimals (rounded), grouped thousands, ' грн'. */
export const formatMoney = (value: string) => `${withMinus(formatMoneyUk(value))}${NBSP}грн`;

/** A business date 'YYYY-MM-DD' as 'dd.mm.yyyy'. */
export function formatDateUk(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}
