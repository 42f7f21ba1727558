// 'Аналіз компонентів' (reports-admin.md §8): the period (month by default), category, supplier, ABC and 'Неліквід'
// filters kept in the address, the figure cards, the table of components and materials with consumption, coverage,
// the reorder and dead-stock flags, last purchase, price change and ABC, its CSV/XLSX download, and a component's
// drill-down drawer.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ComponentRow, ComponentsAnalysis } from '../components-analysis.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportFilterBar,
  FilterPeriodBar,
  ReportStates,
  ToggleGroup,
  reportParams,
  useReportFilter,
  useReportPage,
} from '@/web/components/report-period.tsx';
import {
  componentsAnalysisExportUrl,
  componentsAnalysisKey,
  type ComponentsAnalysisFilter,
} from './components-analysis.api.ts';
import { ComponentDrawer, ComponentsKpis, ComponentsTable } from './components-analysis-parts.tsx';
import { componentsAnalysisWebMessages as m } from './components-analysis-web.messages.ts';

const PRESETS = ['month', 'quarter', 'year'] as const;
const CLASSES = ['all', 'A', 'B', 'C'] as const;

const defaults = (): ComponentsAnalysisFilter => ({
  ...presetPeriod('month'),
  preset: 'month',
  abc: 'all',
  dead: '',
  categoryId: null,
  supplierId: null,
});

const accept = reportParams(PRESETS, { abc: CLASSES, dead: ['true', ''] });

export function ComponentsAnalysisPage() {
  const [filter, change, reset] = useReportFilter<ComponentsAnalysisFilter>(defaults, accept);
  const [open, setOpen] = useState<ComponentRow | null>(null);
  const valid = isValidPeriod(filter);
  const start = defaults();
  const filtered = (Object.keys(start) as Array<keyof ComponentsAnalysisFilter>).some(
    (key) => filter[key] !== start[key],
  );
  const [page, setPage] = useReportPage(filter);
  const query = useQuery<ComponentsAnalysis>({
    queryKey: componentsAnalysisKey(filter, page),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const dead = filter.dead === 'true';

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => componentsAnalysisExportUrl(filter, format)} /> : null}
      />
      <FilterPeriodBar id="components-analysis-period" filter={filter} presets={PRESETS} texts={m} onChange={change} />
      <ReportFilterBar filtered={filtered} onReset={reset}>
        <ReferenceFilter
          route="/categories"
          label={m.category}
          value={filter.categoryId}
          allLabel={m.categoryAll}
          onChange={(categoryId) => change({ categoryId })}
        />
        <ReferenceFilter
          route="/suppliers"
          label={m.supplier}
          value={filter.supplierId}
          allLabel={m.supplierAll}
          onChange={(supplierId) => change({ supplierId })}
        />
        <ToggleGroup
          label={m.abc}
          options={CLASSES.map((value) => ({ value, label: value === 'all' ? m.abcAll : value }))}
          value={filter.abc as (typeof CLASSES)[number]}
          onChange={(abc) => change({ abc })}
        />
        <ToggleGroup
          label={m.dead}
          options={[{ value: 'true', label: m.deadToggle }]}
          value={dead ? 'true' : null}
          onChange={() => change({ dead: dead ? '' : 'true' })}
        />
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[query]} texts={m}>
        {() => (
          <>
            <ComponentsKpis data={query.data!} />
            <ComponentsTable
              rows={query.data!.rows}
              page={{ page, total: query.data!.total, onPage: setPage }}
              busy={query.isPlaceholderData}
              onOpen={setOpen}
            />
          </>
        )}
      </ReportStates>
      <ComponentDrawer row={open} period={filter} onClose={() => setOpen(null)} />
    </div>
  );
}
