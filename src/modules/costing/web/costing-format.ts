// How the costing page shows its figures: money and percents with a decimal comma, '—' for none.
import { formatMoney } from '@/web/lib/document-format.ts';
import { costingWebMessages as m } from './costing.messages.ts';

export const moneyOrNone = (value: string | null) => (value == null ? m.none : formatMoney(value));
export const percentOrNone = (value: string | null) => (value == null ? m.none : m.percent(formatMoney(value)));
export const isNegative = (value: string | null) => value != null && value.startsWith('-');
