// 'Аналітика продажів' (reports-admin.md §5): the period (a month by default) with its grouping and the company,
// client, category and manager filters in the address; the figures against the same-length period before, the
// clients (new, returning, dormant), revenue and orders by period, and the tables by client, category and manager
// with the ABC classes of the clients.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import type { PeriodGranularity } from '@/web/components/charts/index.ts';
import { ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportEmpty,
  ReportFilterBar,
  FilterPeriodBar,
  ReportStates,
  ToggleGroup,
  reportParams,
  useReportFilter,
  useReportPage,
} from '@/web/components/report-period.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import type { AbcClients, SalesClientRow, SalesSummary } from '../sales-analytics.contract.ts';
import {
  abcClientsKey,
  salesByCategoryKey,
  salesByClientKey,
  salesByManagerKey,
  salesByPeriodKey,
  salesSummaryKey,
  type SalesFilter,
} from './sales-analytics.api.ts';
import { AbcSummary, ClientsTable, GroupTable, SalesFigures, SalesPeriodChart } from './sales-analytics-parts.tsx';
import { salesAnalyticsWebMessages as m } from './sales-analytics-web.messages.ts';

const PRESETS = ['month', 'quarter', 'year'] as const;
const GRANULARITIES = ['day', 'week', 'month'] as const;

const defaults = (): SalesFilter => ({
  ...presetPeriod('month'),
  preset: 'month',
  granularity: 'day',
  companyId: null,
  clientId: null,
  categoryId: null,
  managerUserId: null,
});
const accept = reportParams(PRESETS, { granularity: GRANULARITIES });

type Sums = { revenue: string; qty: string; orders: number; averageOrder: string | null; sharePercent: string | null };

export function SalesAnalyticsPage() {
  const [filter, change, reset] = useReportFilter<SalesFilter>(defaults, accept);
  const valid = isValidPeriod(filter);
  const start = defaults();
  const filtered = (Object.keys(start) as Array<keyof SalesFilter>).some((key) => filter[key] !== start[key]);
  const [page, setPage] = useReportPage(filter);
  const [tab, setTab] = useState('clients');
  const options = { enabled: valid, placeholderData: keepPreviousData };
  const summary = useQuery<SalesSummary>({ queryKey: salesSummaryKey(filter), ...options });
  const periods = useQuery<Array<Sums & { period: string }>>({ queryKey: salesByPeriodKey(filter), ...options });
  const clients = useQuery<{ rows: SalesClientRow[]; total: number }>({
    queryKey: salesByClientKey(filter, page),
    ...options,
  });
  const categories = useQuery<Array<Sums & { categoryId: number | null; name: string }>>({
    queryKey: salesByCategoryKey(filter),
    enabled: valid && tab === 'categories',
  });
  const managers = useQuery<Array<Sums & { userId: number | null; name: string }>>({
    queryKey: salesByManagerKey(filter),
    enabled: valid && tab === 'managers',
  });
  const abc = useQuery<AbcClients>({ queryKey: abcClientsKey(filter), enabled: valid && tab === 'abc' });
  const granularity = filter.granularity as PeriodGranularity;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <FilterPeriodBar id="sales-analytics-period" filter={filter} presets={PRESETS} texts={m} onChange={change} />
      <ReportFilterBar filtered={filtered} onReset={reset}>
        <ToggleGroup
          label={m.granularity}
          options={GRANULARITIES.map((value) => ({ value, label: m.granularities[value] }))}
          value={filter.granularity as (typeof GRANULARITIES)[number]}
          onChange={(value) => change({ granularity: value })}
        />
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
        <ReferenceFilter
          route="/product-categories"
          label={m.category}
          value={filter.categoryId}
          allLabel={m.categoryAll}
          onChange={(categoryId) => change({ categoryId })}
        />
        <ReferenceFilter
          route="/users"
          label={m.manager}
          value={filter.managerUserId}
          allLabel={m.managerAll}
          onChange={(managerUserId) => change({ managerUserId })}
        />
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[summary, periods, clients]} texts={m}>
        {() => {
          const s = summary.data!;
          return (
            <>
              <p className="text-sm text-muted-foreground">
                {m.previous(formatDateUk(s.previousFrom), formatDateUk(s.previousTo))}
              </p>
              <SalesFigures data={s} />
              {s.revenue.current === '0.00' && !clients.data!.total ? (
                <ReportEmpty title={m.empty} hint={m.emptyHint} />
              ) : (
                <>
                  <SalesPeriodChart rows={periods.data!} granularity={granularity} />
                  <Tabs value={tab} onValueChange={setTab} className="min-w-0">
                    <TabsList className="flex h-auto flex-wrap">
                      {(['clients', 'categories', 'managers', 'abc'] as const).map((key) => (
                        <TabsTrigger key={key} value={key}>
                          {m.tabs[key]}
                        </TabsTrigger>
                      ))}
                    </TabsList>
                    <TabsContent value="clients">
                      <ClientsTable
                        rows={clients.data!.rows}
                        page={{ page, total: clients.data!.total, onPage: setPage }}
                        busy={clients.isPlaceholderData}
                      />
                    </TabsContent>
                    <TabsContent value="categories">
                      {categories.data ? (
                        <GroupTable
                          id="sales-analytics-categories"
                          label={m.tabs.categories}
                          nameHeader={m.table.category}
                          rows={categories.data}
                          rowKey={(r) => r.categoryId ?? 0}
                          nameOf={(r) => r.name}
                        />
                      ) : (
                        <p className="text-sm text-muted-foreground">{categories.isError ? m.loadError : m.loading}</p>
                      )}
                    </TabsContent>
                    <TabsContent value="managers">
                      {managers.data ? (
                        <GroupTable
                          id="sales-analytics-managers"
                          label={m.tabs.managers}
                          nameHeader={m.table.manager}
                          rows={managers.data}
                          rowKey={(r) => r.userId ?? 0}
                          nameOf={(r) => r.name}
                        />
                      ) : (
                        <p className="text-sm text-muted-foreground">{managers.isError ? m.loadError : m.loading}</p>
                      )}
                    </TabsContent>
                    <TabsContent value="abc">
                      {abc.data ? (
                        <AbcSummary data={abc.data} />
                      ) : (
                        <p className="text-sm text-muted-foreground">{abc.isError ? m.loadError : m.loading}</p>
                      )}
                    </TabsContent>
                  </Tabs>
                </>
              )}
            </>
          );
        }}
      </ReportStates>
    </div>
  );
}
