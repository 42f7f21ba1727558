// 'Статистика виробництва' (production.md §13): the period (from/to, month/quarter/year presets), the grouping by
// day, week or month, category/item/department filters; the KPI cards, output bars per period, the pie by category,
// the scrap-rate line and the table by item/category/department, with CSV/XLSX downloads carrying the filters.
// Every figure is the server's aggregate of posted facts: nothing is computed or invented here.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import type { StatsCategoryRow, StatsGranularity, StatsPeriodRow, StatsSummary } from '../production-stats.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListHeader, PeriodFilter } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { presetPeriod, ToggleGroup, type PeriodPreset } from '@/web/components/report-period.tsx';
import {
  statsByCategoryKey,
  statsByPeriodKey,
  statsExportUrl,
  statsSummaryKey,
  type StatsFilter,
} from './production-stats.api.ts';
import { productionStatsWebMessages as m } from './production-stats-web.messages.ts';
import { StatsCharts } from './stats-charts.tsx';
import { StatsKpis } from './stats-kpis.tsx';
import { StatsTableCard } from './stats-table.tsx';

type Preset = Extract<PeriodPreset, 'month' | 'quarter' | 'year'>;

const initialFilter = (): StatsFilter => ({
  ...presetPeriod('month'),
  granularity: 'day',
  categoryId: null,
  itemId: null,
  departmentId: null,
});

const daysOf = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export function ProductionStatsPage() {
  const [filter, setFilter] = useState<StatsFilter>(initialFilter);
  const [preset, setPreset] = useState<Preset | null>('month');
  const change = (patch: Partial<StatsFilter>) => setFilter((current) => ({ ...current, ...patch }));
  const valid = filter.from !== '' && filter.to !== '' && filter.from <= filter.to;
  const filtered =
    preset !== 'month' ||
    filter.categoryId !== null ||
    filter.itemId !== null ||
    filter.departmentId !== null ||
    filter.granularity !== 'day';

  const summary = useQuery<StatsSummary>({ queryKey: statsSummaryKey(filter), enabled: valid });
  const periods = useQuery<StatsPeriodRow[]>({ queryKey: statsByPeriodKey(filter), enabled: valid });
  const categories = useQuery<StatsCategoryRow[]>({ queryKey: statsByCategoryKey(filter), enabled: valid });
  const failed = [summary, periods, categories].find((q) => q.isError);
  const loading = [summary, periods, categories].some((q) => q.isPending);

  const presets = [
    { value: 'month', label: m.presets.month },
    { value: 'quarter', label: m.presets.quarter },
    { value: 'year', label: m.presets.year },
  ] as const;
  const granularities = [
    { value: 'day', label: m.granularity.day },
    { value: 'week', label: m.granularity.week },
    { value: 'month', label: m.granularity.month },
  ] as const;

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
          onRetry={() => Promise.all([summary.refetch(), periods.refetch(), categories.refetch()])}
        />
      </div>
    );
  } else if (loading || !summary.data || !periods.data || !categories.data) {
    body = <StateMessage>{m.loading}</StateMessage>;
  } else {
    const s = summary.data;
    const empty = Number(s.producedQty) === 0 && Number(s.scrapQty) === 0 && s.completedMOs === 0;
    body = (
      <>
        <StatsKpis summary={s} days={daysOf(filter.from, filter.to)} />
        {empty ? (
          <div className="rounded-xl border bg-card p-6 text-center" role="status">
            <p className="font-medium">{m.empty}</p>
            <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
          </div>
        ) : (
          <StatsCharts periods={periods.data} categories={categories.data} granularity={filter.granularity} />
        )}
      </>
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => statsExportUrl('period', filter, format)} /> : null}
      />
      <div className="flex flex-wrap items-center gap-3">
        <PeriodFilter
          id="production-stats-period"
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
        <ToggleGroup
          label={m.granularity.label}
          options={granularities}
          value={filter.granularity}
          onChange={(granularity: StatsGranularity) => change({ granularity })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <ReferenceFilter
          route="/product-categories"
          label={m.category}
          value={filter.categoryId}
          allLabel={m.categoryAll}
          onChange={(categoryId) => change({ categoryId })}
        />
        <ReferenceFilter
          route="/products"
          label={m.item}
          value={filter.itemId}
          allLabel={m.itemAll}
          onChange={(itemId) => change({ itemId })}
        />
        <ReferenceFilter
          route="/departments"
          label={m.department}
          value={filter.departmentId}
          allLabel={m.departmentAll}
          onChange={(departmentId) => change({ departmentId })}
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
      <StatsTableCard
        filter={filter}
        enabled={valid}
        onPick={(table, id) =>
          change(table === 'item' ? { itemId: id } : table === 'category' ? { categoryId: id } : { departmentId: id })
        }
      />
    </div>
  );
}
