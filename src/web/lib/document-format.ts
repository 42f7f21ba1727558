// How document pages write the API's dates and exact decimals for a Ukrainian reader (string work only, never
// floats — domain README §7). Shared by the receipts, orders and transfers pages.
import { format } from 'date-fns';
import { uk } from 'date-fns/locale';
import { formatDecimalUk } from '@/shared/decimal-format.ts';

/** A business date 'YYYY-MM-DD' as 'dd.mm.yyyy' (no time zone involved). */
export function formatDateUk(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** A timestamp as local 'dd.MM.yyyy HH:mm'. */
export function formatTimestampUk(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'dd.MM.yyyy HH:mm', { locale: uk });
}

/** Money: a decimal comma, grouped thousands, two decimals. */
export const formatMoney = (value: string) => formatDecimalUk(value, 2);
/** A quantity: as many decimals as it has, none when whole ('10.0000' → '10'). */
export const formatQty = (value: string) => formatDecimalUk(value, 0);

/** The API's exact decimal as an input shows it: a decimal comma, no padding zeros ('41.500000' → '41,5'). */
export function decimalInput(value: string): string {
  const [int = '', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${int},${digits}` : int;
}

/** Today in the user's calendar, as the date inputs want it. */
export const todayIso = () => format(new Date(), 'yyyy-MM-dd');
