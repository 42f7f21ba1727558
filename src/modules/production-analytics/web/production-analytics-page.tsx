// 'Аналіз завантаженості' (production.md §14): the period (from/to, this week, month or quarter), department and
// worker filters; the KPI cards of every department together, the utilisation and efficiency bars per worker, the
// pauses by reason, the departments' hours per week, and the tables with their downloads. Every figure is the
// server's aggregate of booked time entries: nothing is computed or invented here.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GaugeIcon, TimerIcon, TrendingUpIcon, TriangleAlertIcon } from 'lucide-react';
import type { DepartmentsAnswer, PauseRow, WorkerLoad } from '../production-analytics.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { formatChartPercent, formatChartValue } from '@/web/components/charts/index.ts';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportEmpty,
  ReportFilterBar,
  ReportPeriodBar,
  ReportStates,
  type PeriodPreset,
} from '@/web/components/report-period.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
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
  const valid = isValidPeriod(filter);
  const filtered = preset !== 'month' || filter.departmentId !== null || filter.workerId !== null;

  const workers = useQuery<WorkerLoad[]>({ queryKey: analyticsKey('workers', filter), enabled: valid });
  const departments = useQuery<DepartmentsAnswer>({ queryKey: analyticsKey('departments', filter), enabled: valid });
  const pauses = useQuery<PauseRow[]>({ queryKey: analyticsKey('pauses', filter), enabled: valid });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => analyticsExportUrl('workers', filter, format)} /> : null}
      />
      <ReportPeriodBar
        id="production-analytics-period"
        period={filter}
        preset={preset}
        presets={presets}
        labels={{ from: m.from, to: m.to, presets: m.presets.label }}
        onChange={(period, next) => {
          setPreset(next);
          change(period);
        }}
      />
      <ReportFilterBar
        filtered={filtered}
        onReset={() => {
          setPreset('month');
          setFilter(initialFilter());
        }}
      >
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
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[workers, departments, pauses]} texts={m}>
        {() => (
          <>
            <Kpis total={departments.data!.total} />
            {departments.data!.total.workedHours === '0.00' ? (
              <ReportEmpty title={m.empty} hint={m.emptyHint} />
            ) : (
              <AnalyticsCharts workers={workers.data!} departments={departments.data!} pauses={pauses.data!} />
            )}
            <AnalyticsTables filter={filter} workers={workers.data!} departments={departments.data!} />
          </>
        )}
      </ReportStates>
    </div>
  );
}
