// The chart of one item of a forecast: the shipped history as bars, the forecast as a line and the actuals of ended
// horizon periods over it, all on one axis (GET …/series). The item is chosen among the forecast's items; the chart
// toolkit draws it with its hidden table for screen readers.
import { useQuery } from '@tanstack/react-query';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { ChartBarsLine, ChartCard } from '@/web/components/charts/index.ts';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import type { ForecastLineRow, ForecastSeries, SeriesPoint } from '../production-forecasts.contract.ts';
import { formatForecastQty, LowHistoryBadge, periodLabel } from './forecast-parts.tsx';
import { forecastSeriesQueryKey } from './production-forecasts.api.ts';
import { productionForecastsWebMessages } from './production-forecasts-web.messages.ts';

const c = productionForecastsWebMessages.chart;
const qty = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === ''
    ? productionForecastsWebMessages.none
    : formatForecastQty(String(value));

export function ForecastChart({
  forecastId,
  items,
  itemId,
  onItem,
}: {
  forecastId: number;
  items: readonly ForecastLineRow[];
  itemId: number | null;
  onItem: (itemId: number) => void;
}) {
  const chosen = items.some((item) => item.itemId === itemId) ? itemId : (items[0]?.itemId ?? null);
  const series = useQuery<ForecastSeries>({
    queryKey: forecastSeriesQueryKey(forecastId, chosen ?? 0),
    enabled: chosen !== null,
  });
  if (chosen === null) return null;
  const data = series.data;
  return (
    <ChartCard title={c.title}>
      <div className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center gap-2 px-2">
          <Label htmlFor="forecast-chart-item" className="text-sm text-muted-foreground">
            {c.choose}
          </Label>
          <Select value={String(chosen)} onValueChange={(value) => onItem(Number(value))}>
            <SelectTrigger id="forecast-chart-item" className="w-full max-w-80 min-w-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {items.map((item) => (
                <SelectItem key={item.itemId} value={String(item.itemId)}>
                  {item.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {data?.lowHistory ? <LowHistoryBadge /> : null}
        </div>
        {data ? (
          <ChartBarsLine<SeriesPoint>
            title={c.chartTitle(data.name)}
            data={data.points}
            xKey="periodStart"
            xLabel={c.period}
            formatX={(iso) => periodLabel(iso, data.granularity)}
            series={[{ key: 'history', label: c.history, format: qty }]}
            lines={[
              { key: 'forecast', label: c.forecast, format: qty, color: 2 },
              { key: 'actual', label: c.actual, format: qty, color: 3 },
            ]}
            sameAxis
            height={280}
          />
        ) : (
          <InlineQueryStatus
            query={series}
            loadingText={c.loading}
            errorText={c.loadError}
            retryText={productionForecastsWebMessages.retryShort}
          />
        )}
      </div>
    </ChartCard>
  );
}
