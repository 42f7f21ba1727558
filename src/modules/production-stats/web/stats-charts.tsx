// The charts of the statistics page (production.md §13): output (and scrap) bars per period, the pie of output by
// category and the line of the scrap rate — drawn by the chart toolkit, each with its hidden table.
import type { StatsCategoryRow, StatsGranularity, StatsPeriodRow } from '../production-stats.contract.ts';
import {
  ChartBars,
  ChartCard,
  ChartLine,
  ChartPie,
  formatChartPercent,
  formatChartValue,
  formatPeriod,
} from '@/web/components/charts/index.ts';
import { productionStatsWebMessages as m } from './production-stats-web.messages.ts';

const c = m.charts;

export function StatsCharts({
  periods,
  categories,
  granularity,
}: {
  periods: readonly StatsPeriodRow[];
  categories: readonly StatsCategoryRow[];
  granularity: StatsGranularity;
}) {
  const formatX = (iso: string) => formatPeriod(iso, granularity);
  const slices = categories
    .filter((row) => Number(row.producedQty) > 0)
    .map((row) => ({ label: row.categoryName ?? m.noCategory, value: row.producedQty }));
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-3">
      <ChartCard title={c.output} span={2}>
        <ChartBars
          title={c.output}
          data={periods}
          xKey="period"
          xLabel={c.periodHeader}
          formatX={formatX}
          stacked
          series={[
            { key: 'producedQty', label: c.outputSeries, format: (v) => formatChartValue(v) },
            { key: 'scrapQty', label: c.scrapSeries, format: (v) => formatChartValue(v), color: 3 },
          ]}
        />
      </ChartCard>
      <ChartCard title={c.byCategory}>
        {slices.length ? (
          <ChartPie title={c.byCategory} slices={slices} headers={[c.categoryHeader, c.qtyHeader]} />
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">{c.noData}</p>
        )}
      </ChartCard>
      <ChartCard title={c.scrapRate} span={3}>
        <ChartLine
          title={c.scrapRate}
          data={periods}
          xKey="period"
          xLabel={c.periodHeader}
          formatX={formatX}
          formatY={(v) => `${v} %`}
          series={[{ key: 'scrapRate', label: c.scrapRateSeries, format: formatChartPercent, color: 3 }]}
          height={220}
        />
      </ChartCard>
    </div>
  );
}
