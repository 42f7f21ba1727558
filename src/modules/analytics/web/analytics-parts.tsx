// The tiles and the four charts of /analytics (reports-admin.md §4). A tile shows the period's figure, the change
// against the period before (green up, red down; '—' without a base) and says when a filter does not apply to it.
import { ChangeCard } from '@/web/components/change-card.tsx';
import { ChartBars, ChartCard, ChartLine, formatChartMoney, formatPeriod } from '@/web/components/charts/index.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { formatMoney } from '@/web/lib/document-format.ts';
import { tileKeys, type Overview, type TileKey, type Trends } from '../analytics.contract.ts';
import { tileLabels } from '../analytics.messages.ts';
import { analyticsWebMessages as m } from './analytics-web.messages.ts';

const MONEY: ReadonlySet<TileKey> = new Set([
  'revenue',
  'grossProfit',
  'cashReceived',
  'receivables',
  'stockValue',
  'outputValue',
  'bookingsValue',
  'averageBooking',
]);

function valueOf(key: TileKey, value: string | null): string {
  if (value === null) return '—';
  if (MONEY.has(key)) return `${formatMoney(value)} грн`;
  if (key === 'margin') return `${formatDecimalUk(value, 2)} %`;
  if (key === 'leadTimeDays') return formatDecimalUk(value, 1);
  return formatDecimalUk(value, 0);
}

export function AnalyticsTiles({ data }: { data: Overview }) {
  return (
    <section aria-label={m.title} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {tileKeys.map((key) => (
        <ChangeCard
          key={key}
          label={tileLabels[key]}
          value={valueOf(key, data.tiles[key].current)}
          changePercent={data.tiles[key].changePercent}
          note={data.tiles[key].filtered ? null : m.notFiltered}
        />
      ))}
    </section>
  );
}

const month = (iso: string) => formatPeriod(iso, 'month');
const c = m.charts;

export function AnalyticsCharts({ data }: { data: Trends }) {
  const aging = data.aging
    ? (Object.keys(c.buckets) as Array<keyof typeof c.buckets>).map((b) => ({
        bucket: c.buckets[b],
        amount: data.aging![b],
      }))
    : [];
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
      <ChartCard title={c.revenue}>
        <ChartBars
          title={c.revenue}
          data={data.months}
          xKey="month"
          xLabel={c.month}
          formatX={month}
          series={[
            { key: 'revenue', label: c.revenueSeries, format: formatChartMoney },
            { key: 'grossProfit', label: c.grossProfit, format: formatChartMoney },
          ]}
        />
      </ChartCard>
      <ChartCard title={c.cash}>
        <ChartLine
          title={c.cash}
          data={data.months}
          xKey="month"
          xLabel={c.month}
          formatX={month}
          series={[
            { key: 'cashIn', label: c.cashIn, format: formatChartMoney },
            { key: 'revenue', label: c.revenueSeries, format: formatChartMoney },
          ]}
        />
      </ChartCard>
      {aging.length ? (
        <ChartCard title={c.aging}>
          <ChartBars
            title={c.aging}
            data={aging}
            xKey="bucket"
            xLabel={c.bucket}
            series={[{ key: 'amount', label: c.amount, format: formatChartMoney }]}
          />
        </ChartCard>
      ) : null}
      {data.months.some((r) => r.stockValue !== null) ? (
        <ChartCard title={c.stock}>
          <ChartLine
            title={c.stock}
            data={data.months}
            xKey="month"
            xLabel={c.month}
            formatX={month}
            series={[{ key: 'stockValue', label: c.stockValue, format: formatChartMoney }]}
          />
        </ChartCard>
      ) : null}
    </div>
  );
}
