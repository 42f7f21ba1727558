// 'Статистика виробництва' (production.md §13): the period (from/to, month/quarter/year presets), the grouping by
// day, week or month, category/item/department filters; the KPI cards, output bars per period, the pie by category,
// the scrap-rate line and the table by item/category/department, with CSV/XLSX downloads carrying the filters.
// Every figure is the server's aggregate of posted facts: nothing is computed or invented here.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StatsCategoryRow, StatsGranularity, StatsPeriodRow, StatsSummary } from '../production-stats.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportEmpty,
  ReportFilterBar,
  ReportPeriodBar,
  ReportStates,
  ToggleGroup,
  type PeriodPreset,
} from '@/web/components/report-period.tsx';
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
  const valid = isValidPeriod(filter);
  const filtered =
    preset !== 'month' ||
    filter.categoryId !== null ||
    filter.itemId !== null ||
    filter.departmentId !== null ||
    filter.granularity !== 'day';

  const summary = useQuery<StatsSummary>({ queryKey: statsSummaryKey(filter), enabled: valid });
  const periods = useQuery<StatsPeriodRow[]>({ queryKey: statsByPeriodKey(filter), enabled: valid });
  const categories = useQuery<StatsCategoryRow[]>({ queryKey: statsByCategoryKey(filter), enabled: valid });

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

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => statsExportUrl('period', filter, format)} /> : null}
      />
      <ReportPeriodBar
        id="production-stats-period"
        period={filter}
        preset={preset}
        presets={presets}
        labels={{ from: m.from, to: m.to, presets: m.presets.label }}
        onChange={(period, next) => {
          setPreset(next);
          change(period);
        }}
      >
        <ToggleGroup
          label={m.granularity.label}
          options={granularities}
          value={filter.granularity}
          onChange={(granularity: StatsGranularity) => change({ granularity })}
        />
      </ReportPeriodBar>
      <ReportFilterBar
        filtered={filtered}
        onReset={() => {
          setPreset('month');
          setFilter(initialFilter());
        }}
      >
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
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[summary, periods, categories]} texts={m}>
        {() => {
          const empty =
            Number(summary.data!.producedQty) === 0 &&
            Number(summary.data!.scrapQty) === 0 &&
            summary.data!.completedMOs === 0;
          return (
            <>
              <StatsKpis summary={summary.data!} days={daysOf(filter.from, filter.to)} />
              {empty ? (
                <ReportEmpty title={m.empty} hint={m.emptyHint} />
              ) : (
                <StatsCharts periods={periods.data!} categories={categories.data!} granularity={filter.granularity} />
              )}
            </>
          );
        }}
      </ReportStates>
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
