// The charts of the workload page (production.md §14): utilisation and efficiency per worker, the departments' actual
// hours stacked by ISO week, and the pauses by reason — each drawn by the chart toolkit with its hidden table.
import type { DepartmentsAnswer, PauseRow, WorkerLoad } from '../production-analytics.contract.ts';
import {
  ChartBars,
  ChartCard,
  ChartPie,
  formatChartPercent,
  formatChartValue,
  formatPeriod,
  type ChartSeries,
} from '@/web/components/charts/index.ts';
import { productionAnalyticsWebMessages as m } from './production-analytics-web.messages.ts';

const c = m.charts;

/** One row per week with a column per department (`d<id>`, `d0` without one): the stacked bars' data. */
function weeklyRows(answer: DepartmentsAnswer) {
  return answer.weeks.map((week, i) => {
    const row: Record<string, string> = { week };
    for (const d of answer.departments) row[`d${d.departmentId ?? 0}`] = d.weeks[i]?.hours ?? '0';
    return row;
  });
}

export function AnalyticsCharts({
  workers,
  departments,
  pauses,
}: {
  workers: readonly WorkerLoad[];
  departments: DepartmentsAnswer;
  pauses: readonly PauseRow[];
}) {
  const booked = workers.filter((w) => Number(w.workedHours) > 0);
  const weekly = weeklyRows(departments);
  const departmentSeries: Array<ChartSeries<Record<string, string>>> = departments.departments.map((d, i) => ({
    key: `d${d.departmentId ?? 0}`,
    label: d.name,
    format: (v) => formatChartValue(v, 2),
    color: (i % 6) + 1,
  }));
  const slices = pauses.map((p) => ({ label: p.reason, value: p.minutes }));
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-3">
      <ChartCard title={c.utilisation} span={2}>
        {booked.length ? (
          <ChartBars
            title={c.utilisation}
            data={booked}
            xKey="name"
            xLabel={c.workerHeader}
            formatY={(v) => `${v} %`}
            series={[
              { key: 'utilisationPercent', label: c.utilisationSeries, format: formatChartPercent },
              { key: 'efficiencyPercent', label: c.efficiencySeries, format: formatChartPercent, color: 2 },
            ]}
          />
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">{c.noData}</p>
        )}
      </ChartCard>
      <ChartCard title={c.pauses}>
        {slices.length ? (
          <ChartPie
            title={c.pauses}
            slices={slices}
            headers={[c.reasonHeader, c.minutesHeader]}
            format={(v) => formatChartValue(v, 0)}
          />
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">{c.noPauses}</p>
        )}
      </ChartCard>
      <ChartCard title={c.weekly} span={3}>
        {departmentSeries.length ? (
          <ChartBars
            title={c.weekly}
            data={weekly}
            xKey="week"
            xLabel={c.weekHeader}
            formatX={(iso) => formatPeriod(iso, 'week')}
            stacked
            series={departmentSeries}
            height={260}
          />
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">{c.noData}</p>
        )}
      </ChartCard>
    </div>
  );
}
