// 'Аналіз завантаженості' (production.md §14): the period (from/to, this week, month or quarter), department and
// worker filters; the KPI cards of every department together, the utilisation and efficiency bars per worker, the
// pauses by reason, the departments' hours per week, and the tables with their downloads. Every figure is the
// server's aggregate of booked time entries: nothing is computed or invented here.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GaugeIcon, TimerIcon, TrendingUpIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import type { DepartmentsAnswer, PauseRow, WorkerLoad } from '../production-analytics.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { formatChartPercent, formatChartValue } from '@/web/components/charts/index.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListHeader, PeriodFilter } from '@/web/components/list-page.tsx';
import { presetPeriod, ToggleGroup, type PeriodPreset } from '@/web/components/report-period.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { AnalyticsCharts } from './analytics-charts.tsx';
import { AnalyticsTables } from './analytics-tables.tsx';
import { analyticsExportUrl, analyticsKey, type AnalyticsFilter } from './production-analytics.api.ts';
import { productionAnalyticsWebMessages as m } from './production-analytics-web.messages.ts';

type Preset = Extract<PeriodPreset, 'week' | 'month' | 'quarter'>;
const presets = [
  { value: 'week', label: m.presets.week },
  { value: 'month', label: m.presets.month },
  { value: 'quarter', label: m.presets.quarter },
] as const;

const initialFilter = (): AnalyticsFilter => ({ ...presetPeriod('month'), departmentId: null, workerId: null });

function Kpis({ total }: { total: DepartmentsAnswer['total'] }) {
  const k = m.kpi;
  return (
    <section aria-label={m.title} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={k.worked}
        icon={TimerIcon}
        tone={statTones.primary}
        value={formatChartValue(total.workedHours, 2)}
        unit={k.workedUnit}
        hint={k.workedHint(formatChartValue(total.availableHours, 2))}
      />
      <StatCard
        label={k.utilisation}
        icon={GaugeIcon}
        tone={statTones.sky}
        value={formatChartPercent(total.utilisationPercent)}
        hint={k.utilisationHint}
      />
      <StatCard
        label={k.efficiency}
        icon={TrendingUpIcon}
        tone={statTones.green}
        value={formatChartPercent(total.efficiencyPercent)}
        hint={k.efficiencyHint}
      />
      <StatCard
        label={k.scrap}
        icon={TriangleAlertIcon}
        tone={statTones.red}
        value={formatChartPercent(total.scrapRatePercent)}
        hint={k.scrapHint}
      />
    </section>
  );
}

export function ProductionAnalyticsPage() {
  const [filter, setFilter] = useState<AnalyticsFilter>(initialFilter);
  const [preset, setPreset] = useState<Preset | null>('month');
  const change = (patch: Partial<AnalyticsFilter>) => setFilter((current) => ({ ...current, ...patch }));
  const valid = filter.from !== '' && filter.to !== '' && filter.from <= filter.to;
  const filtered = preset !== 'month' || filter.departmentId !== null || filter.workerId !== null;

  const workers = useQuery<WorkerLoad[]>({ queryKey: analyticsKey('workers', filter), enabled: valid });
  const departments = useQuery<DepartmentsAnswer>({ queryKey: analyticsKey('departments', filter), enabled: valid });
  const pauses = useQuery<PauseRow[]>({ queryKey: analyticsKey('pauses', filter), enabled: valid });
  const queries = [workers, departments, pauses];
  const failed = queries.find((q) => q.isError);

  let body: ReactNode;
  if (!valid) {
    body = (
      <p className="text-sm text-destructive dark:text-red-400" role="alert">
        {m.badPeriod}
      </p>
    );
  } else if (failed) {
    body = (
      <div className="grid justify-items-start gap-3 rounded-xl border bg-card p-6">
        <ListLoadError
          error={failed.error}
          message={m.loadError}
          retryText={m.retry}
          onRetry={() => Promise.all(queries.map((q) => q.refetch()))}
        />
      </div>
    );
  } else if (!workers.data || !departments.data || !pauses.data) {
    body = <StateMessage>{m.loading}</StateMessage>;
  } else {
    const nothing = departments.data.total.workedHours === '0.00';
    body = (
      <>
        <Kpis total={departments.data.total} />
        {nothing ? (
          <div className="rounded-xl border bg-card p-6 text-center" role="status">
            <p className="font-medium">{m.empty}</p>
            <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
          </div>
        ) : (
          <AnalyticsCharts workers={workers.data} departments={departments.data} pauses={pauses.data} />
        )}
        <AnalyticsTables filter={filter} workers={workers.data} departments={departments.data} />
      </>
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => analyticsExportUrl('workers', filter, format)} /> : null}
      />
      <div className="flex flex-wrap items-center gap-3">
        <PeriodFilter
          id="production-analytics-period"
          from={filter.from}
          to={filter.to}
          labels={{ from: m.from, to: m.to }}
          onChange={({ dateFrom, dateTo }) => {
            setPreset(null);
            change({ from: dateFrom, to: dateTo });
          }}
        />
        <ToggleGroup
          label={m.presets.label}
          options={presets}
          value={preset}
          onChange={(value) => {
            setPreset(value);
            change(presetPeriod(value));
          }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <ReferenceFilter
          route="/departments"
          label={m.department}
          value={filter.departmentId}
          allLabel={m.departmentAll}
          onChange={(departmentId) => change({ departmentId })}
        />
        <ReferenceFilter
          route="/workers"
          label={m.worker}
          value={filter.workerId}
          allLabel={m.workerAll}
          onChange={(workerId) => change({ workerId })}
        />
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setPreset('month');
              setFilter(initialFilter());
            }}
          >
            <XIcon aria-hidden="true" />
            {m.reset}
          </Button>
        ) : null}
      </div>
      {body}
    </div>
  );
}
