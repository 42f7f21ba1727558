// 'Прибутковість' (reports-admin.md §2): the period (month by default, quarter and year presets), company, client,
// category, item and manager filters — all kept in the address, so the report can be bookmarked and shared — the
// figure cards, the months' chart, the table by month, company, category, client or item with its CSV/XLSX
// download, and the top 10 clients and items. Every figure is the server's aggregate of posted facts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { profitabilityGroups, type Profitability, type ProfitabilityGroup } from '../reports.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ListPagination } from '@/web/components/data-list.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportEmpty,
  ReportFilterBar,
  FilterPeriodBar,
  ReportStates,
  reportParams,
  useReportFilter,
} from '@/web/components/report-period.tsx';
import { PAGE_SIZE, profitabilityExportUrl, profitabilityKey, type ProfitabilityFilter } from './reports.api.ts';
import {
  ProfitabilityChart,
  ProfitabilityKpis,
  ProfitabilityTable,
  ProfitabilityTops,
} from './profitability-parts.tsx';
import { reportsWebMessages as m } from './reports-web.messages.ts';

const PRESETS = ['month', 'quarter', 'year'] as const;

const defaults = (): ProfitabilityFilter => ({
  ...presetPeriod('month'),
  preset: 'month',
  groupBy: 'month',
  page: 1,
  companyId: null,
  clientId: null,
  categoryId: null,
  itemId: null,
  managerUserId: null,
});

/** What the address may set: real days, a known grouping and preset; anything else keeps the default. */
const accept = reportParams(PRESETS, { groupBy: profitabilityGroups });

export function ProfitabilityPage() {
  const [filter, change, reset] = useReportFilter<ProfitabilityFilter>(defaults, accept);
  const valid = isValidPeriod(filter);
  const start = defaults();
  const filtered = (Object.keys(start) as Array<keyof ProfitabilityFilter>).some(
    (key) => key !== 'page' && key !== 'groupBy' && filter[key] !== start[key],
  );
  const query = useQuery<Profitability>({
    queryKey: profitabilityKey(filter),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const narrow = (patch: Partial<ProfitabilityFilter>) => change({ ...patch, page: 1 });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => profitabilityExportUrl(filter, format)} /> : null}
      />
      <FilterPeriodBar id="profitability-period" filter={filter} presets={PRESETS} texts={m} onChange={narrow} />
      <ReportFilterBar filtered={filtered} onReset={reset}>
        <ReferenceFilter
          route="/companies"
          label={m.company}
          value={filter.companyId}
          allLabel={m.companyAll}
          onChange={(companyId) => narrow({ companyId })}
        />
        <ReferenceFilter
          route="/clients"
          label={m.client}
          value={filter.clientId}
          allLabel={m.clientAll}
          onChange={(clientId) => narrow({ clientId })}
        />
        <ReferenceFilter
          route="/product-categories"
          label={m.category}
          value={filter.categoryId}
          allLabel={m.categoryAll}
          onChange={(categoryId) => narrow({ categoryId })}
        />
        <ReferenceFilter
          route="/products"
          label={m.item}
          value={filter.itemId}
          allLabel={m.itemAll}
          onChange={(itemId) => narrow({ itemId })}
        />
        <ReferenceFilter
          route="/users"
          label={m.manager}
          value={filter.managerUserId}
          allLabel={m.managerAll}
          onChange={(managerUserId) => narrow({ managerUserId })}
        />
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[query]} texts={m}>
        {() => {
          const data = query.data!;
          const empty = data.totals.revenue === '0.00' && data.totals.cogs === '0.00' && data.rowsTotal === 0;
          return (
            <>
              <ProfitabilityKpis totals={data.totals} />
              {empty ? (
                <ReportEmpty title={m.empty} hint={m.emptyHint} />
              ) : (
                <>
                  <ProfitabilityChart months={data.months} />
                  <ProfitabilityTable
                    data={data}
                    groupBy={filter.groupBy}
                    busy={query.isPlaceholderData}
                    onGroupBy={(groupBy: ProfitabilityGroup) => change({ groupBy, page: 1 })}
                    pagination={
                      <ListPagination
                        page={filter.page}
                        pageSize={PAGE_SIZE}
                        total={data.rowsTotal}
                        emptySummary={m.table.total(0)}
                        nextDisabled={query.isPlaceholderData}
                        onPageChange={(page) => change({ page })}
                      />
                    }
                  />
                  <ProfitabilityTops data={data} />
                </>
              )}
            </>
          );
        }}
      </ReportStates>
    </div>
  );
}
