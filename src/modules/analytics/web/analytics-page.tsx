// 'Аналітика' (reports-admin.md §4): the period (month by default) and the company and client filters kept in the
// address, the tiles against the same-length period before, and the four 12-month charts — every figure the
// server's aggregate of the fact layer, equal to /reports and the receivables for the same period.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportFilterBar,
  FilterPeriodBar,
  ReportStates,
  reportParams,
  useReportFilter,
} from '@/web/components/report-period.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import type { Overview, Trends } from '../analytics.contract.ts';
import { overviewKey, trendsKey, type AnalyticsFilter } from './analytics.api.ts';
import { AnalyticsCharts, AnalyticsTiles } from './analytics-parts.tsx';
import { analyticsWebMessages as m } from './analytics-web.messages.ts';

const PRESETS = ['month', 'quarter', 'year'] as const;

const defaults = (): AnalyticsFilter => ({
  ...presetPeriod('month'),
  preset: 'month',
  companyId: null,
  clientId: null,
});
const accept = reportParams(PRESETS);

export function AnalyticsPage() {
  const [filter, change, reset] = useReportFilter<AnalyticsFilter>(defaults, accept);
  const valid = isValidPeriod(filter);
  const start = defaults();
  const filtered = (Object.keys(start) as Array<keyof AnalyticsFilter>).some((key) => filter[key] !== start[key]);
  const overview = useQuery<Overview>({
    queryKey: overviewKey(filter),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const trends = useQuery<Trends>({ queryKey: trendsKey(filter), placeholderData: keepPreviousData });
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <FilterPeriodBar id="analytics-period" filter={filter} presets={PRESETS} texts={m} onChange={change} />
      <ReportFilterBar filtered={filtered} onReset={reset}>
        <ReferenceFilter
          route="/companies"
          label={m.company}
          value={filter.companyId}
          allLabel={m.companyAll}
          onChange={(companyId) => change({ companyId })}
        />
        <ReferenceFilter
          route="/clients"
          label={m.client}
          value={filter.clientId}
          allLabel={m.clientAll}
          onChange={(clientId) => change({ clientId })}
        />
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[overview, trends]} texts={m}>
        {() => (
          <>
            <p className="text-sm text-muted-foreground">
              {m.previous(formatDateUk(overview.data!.previousFrom), formatDateUk(overview.data!.previousTo))}
            </p>
            <AnalyticsTiles data={overview.data!} />
            <AnalyticsCharts data={trends.data!} />
          </>
        )}
      </ReportStates>
    </div>
  );
}
