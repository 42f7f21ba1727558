// 'Рентабельність продуктів' (reports-admin.md §7): the period (month by default), category, company and flag
// filters kept in the address, the figure cards, the top 10 items by gross profit and the margin distribution, the
// table of items with their actual and planned margins and flags ('Збиткова', 'Нижче цілі') with its CSV/XLSX
// download, and an item's 12-month trend in a drawer.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductProfitability, ProductRow } from '../product-profitability.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
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
import {
  productProfitabilityExportUrl,
  productProfitabilityKey,
  productTopKey,
  type ProductProfitabilityFilter,
} from './product-profitability.api.ts';
import { ProductCharts, ProductKpis, ProductTable, ProductTrendDrawer } from './product-profitability-parts.tsx';
import { productProfitabilityWebMessages as m } from './product-profitability-web.messages.ts';

const PRESETS = ['month', 'quarter', 'year'] as const;
const FLAGS = ['all', 'loss', 'belowTarget'] as const;

const defaults = (): ProductProfitabilityFilter => ({
  ...presetPeriod('month'),
  preset: 'month',
  flag: 'all',
  categoryId: null,
  companyId: null,
});

const accept = reportParams(PRESETS, { flag: FLAGS });

export function ProductProfitabilityPage() {
  const [filter, change, reset] = useReportFilter<ProductProfitabilityFilter>(defaults, accept);
  const [open, setOpen] = useState<ProductRow | null>(null);
  const valid = isValidPeriod(filter);
  const start = defaults();
  const filtered = (Object.keys(start) as Array<keyof ProductProfitabilityFilter>).some(
    (key) => key !== 'flag' && filter[key] !== start[key],
  );
  const [page, setPage] = useReportPage(filter);
  const query = useQuery<ProductProfitability>({
    queryKey: productProfitabilityKey(filter, page),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const top = useQuery<Array<{ itemId: number; name: string; grossProfit: string }>>({
    queryKey: productTopKey(filter),
    enabled: valid,
    placeholderData: keepPreviousData,
  });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => productProfitabilityExportUrl(filter, format)} /> : null}
      />
      <FilterPeriodBar
        id="product-profitability-period"
        filter={filter}
        presets={PRESETS}
        texts={m}
        onChange={change}
      />
      <ReportFilterBar filtered={filtered} onReset={reset}>
        <ReferenceFilter
          route="/product-categories"
          label={m.category}
          value={filter.categoryId}
          allLabel={m.categoryAll}
          onChange={(categoryId) => change({ categoryId })}
        />
        <ReferenceFilter
          route="/companies"
          label={m.company}
          value={filter.companyId}
          allLabel={m.companyAll}
          onChange={(companyId) => change({ companyId })}
        />
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[query, top]} texts={m}>
        {() => {
          const data = query.data!;
          const empty = data.totals.revenue === '0.00' && data.totals.cogs === '0.00' && !data.rows.length;
          return (
            <>
              <ProductKpis data={data} />
              {empty && filter.flag === 'all' ? (
                <ReportEmpty title={m.empty} hint={m.emptyHint} />
              ) : (
                <>
                  <ProductCharts data={data} top={top.data!} />
                  <div className="flex flex-wrap items-center gap-3">
                    <ToggleGroup
                      label={m.flag}
                      options={FLAGS.map((value) => ({ value, label: m.flags[value] }))}
                      value={filter.flag as (typeof FLAGS)[number]}
                      onChange={(flag) => change({ flag })}
                    />
                  </div>
                  <ProductTable
                    rows={data.rows}
                    page={{ page, total: data.total, onPage: setPage }}
                    busy={query.isPlaceholderData}
                    onOpen={setOpen}
                  />
                </>
              )}
            </>
          );
        }}
      </ReportStates>
      <ProductTrendDrawer row={open} onClose={() => setOpen(null)} />
    </div>
  );
}
