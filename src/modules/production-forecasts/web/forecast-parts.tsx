// Small parts of the forecast pages: the status badge, the 'Мало історії' mark, and how a percent, a quantity and a
// period read ('80,0 %' or '—', '1 250,5', 'березень 2026' / 'тиж. 12, 2026').
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { formatPeriodLabelUk } from '@/shared/period-label.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import type { ForecastGranularity, ForecastStatus } from '../production-forecasts.contract.ts';
import { forecastStatusLabels, productionForecastsMessages } from '../production-forecasts.messages.ts';
import { productionForecastsWebMessages as m } from './production-forecasts-web.messages.ts';

const tones: Record<ForecastStatus, StatusTone> = { draft: 'amber', calculated: 'teal', archived: 'neutral' };

export function ForecastStatusBadge({ status }: { status: ForecastStatus }) {
  return <StatusBadge label={forecastStatusLabels[status]} tone={tones[status]} />;
}

export function LowHistoryBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 dark:text-amber-300">
      {productionForecastsMessages.lowHistory}
    </span>
  );
}

/** A percent of the API (one decimal) with a decimal comma, '—' when there is none. */
export const formatPercent = (value: string | null) => (value === null ? m.none : m.percent(formatDecimalUk(value, 1)));

/** A signed percent (the bias): '+12,5 %', '−3,0 %', '—'. */
export function formatSignedPercent(value: string | null) {
  if (value === null) return m.none;
  const text = formatDecimalUk(value, 1);
  return m.percent(text.startsWith('-') ? `−${text.slice(1)}` : /^0(,0)?$/.test(text) ? text : `+${text}`);
}

export const formatForecastQty = (value: string) => formatDecimalUk(value, 0);

export const periodLabel = (isoDate: string, granularity: ForecastGranularity) =>
  formatPeriodLabelUk(isoDate, granularity);
