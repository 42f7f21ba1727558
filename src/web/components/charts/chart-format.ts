// How the charts write numbers and dates for a Ukrainian reader: a decimal comma and grouped thousands (the exact
// decimal strings of the API through formatDecimalUk, axis ticks through Intl uk-UA), dates дд.мм.рррр and months
// мм.рррр. Geometry needs numbers; every text a user reads comes from these helpers.
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { chartMessages } from './charts.messages.ts';

/** A value of a chart's data: an exact decimal string from the API, a number, or nothing. */
export type ChartValue = string | number | null | undefined;

/** The number a chart draws for a value (0 for nothing). */
export function chartNumber(value: ChartValue): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** An axis tick: grouped, a decimal comma, at most one decimal ('1 250', '2,5'). */
export function formatTick(value: number): string {
  return new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 1 }).format(value);
}

/** A value as its decimal text: '1250.5000' → '1 250,5'; a number → grouped uk-UA text; nothing → '—'. */
export function formatChartValue(value: ChartValue, minFraction = 0): string {
  if (value === null || value === undefined || value === '') return chartMessages.none;
  if (typeof value === 'number') {
    return new Intl.NumberFormat('uk-UA', { minimumFractionDigits: minFraction, maximumFractionDigits: 4 }).format(
      value,
    );
  }
  return formatDecimalUk(value, minFraction);
}

/** Money: two decimals ('1 250,50'). */
export const formatChartMoney = (value: ChartValue) => formatChartValue(value, 2);
/** A percent: '15 %', '33,33 %', '—' when there is no base. */
export const formatChartPercent = (value: ChartValue) =>
  value === null || value === undefined || value === '' ? chartMessages.none : `${formatChartValue(value, 0)} %`;

export type PeriodGranularity = 'day' | 'week' | 'month';

/** A bucket's first day as its label: дд.мм.рррр for a day or a week (its Monday), мм.рррр for a month. */
export function formatPeriod(isoDate: string, granularity: PeriodGranularity = 'day'): string {
  if (granularity === 'month') {
    const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(isoDate);
    return match ? `${match[2]}.${match[1]}` : isoDate;
  }
  return formatDateUk(isoDate);
}
