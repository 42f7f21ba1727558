// 'Продажі за товарами' (reports-admin.md §6): the period, category, client, search and 'Показати без продажів' in
// the address; per item the quantity, revenue, share, average price, clients, last sale, the 12-month quantity trend,
// ABC by revenue and XYZ by demand stability; sortable, paged, downloadable. Every figure is the server's.
import { ReportTable } from '@/web/components/report-table.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListEmpty, ListHeader } from '@/web/components/list-page.tsx';
import {
  isValidPeriod,
  presetPeriod,
  ReportFilterBar,
  FilterPeriodBar,
  ReportStates,
  reportParams,
  useReportFilter,
  useReportPage,
} from '@/web/components/report-period.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import type { SalesProductRow, SalesProducts } from '../sales-analytics.contract.ts';
import { salesProductsExportUrl, salesProductsKey, type ProductsFilter } from './sales-analytics.api.ts';
import { salesProductsWebMessages as m } from './sales-analytics-web.messages.ts';

const PRESETS = ['month', 'quarter', 'year'] as const;
const SORTS = ['revenue', '-revenue', 'qty', '-qty', 'name', '-name', 'lastSale', '-lastSale'];

const defaults = (): ProductsFilter => ({
  ...presetPeriod('month'),
  preset: 'month',
  categoryId: null,
  clientId: null,
  search: '',
  withoutSales: '',
  sort: '-revenue',
});
const accept = reportParams(PRESETS, { withoutSales: ['true', ''], sort: SORTS, search: /^[^]{0,200}$/ });

const t = m.table;

/** The 12 monthly quantities as small bars (the numbers are in the bar titles and the label). */
function Trend({ row }: { row: SalesProductRow }) {
  const values = row.trend.map(Number);
  const max = Math.max(...values, 0);
  return (
    <span
      role="img"
      aria-label={`${t.trendOf(row.name)}: ${row.trend.map((q) => formatQty(q)).join(', ')}`}
      className="flex h-6 items-end gap-px"
    >
      {values.map((v, i) => (
        <span
          key={i}
          className="w-1.5 rounded-sm bg-primary/70"
          style={{ height: `${max > 0 ? Math.max(2, (v / max) * 24) : 2}px` }}
        />
      ))}
    </span>
  );
}

const columns: DataColumn<SalesProductRow>[] = [
  {
    id: 'item',
    header: t.item,
    primary: true,
    sortField: 'name',
    className: 'min-w-48',
    cell: (r) => (
      <span>
        <span className="block font-mono text-xs text-muted-foreground">{r.sku}</span>
        <span className="font-medium">{r.name}</span>
      </span>
    ),
  },
  { id: 'qty', header: t.qty, numeric: true, sortField: 'qty', cell: (r) => formatQty(r.qty) },
  { id: 'revenue', header: t.revenue, numeric: true, sortField: 'revenue', cell: (r) => formatMoney(r.revenue) },
  {
    id: 'share',
    header: t.share,
    numeric: true,
    cell: (r) => (r.sharePercent === null ? '—' : `${formatDecimalUk(r.sharePercent, 2)} %`),
  },
  {
    id: 'price',
    header: t.averagePrice,
    numeric: true,
    cell: (r) => (r.averagePrice === null ? '—' : formatMoney(r.averagePrice)),
    hiddenByDefault: true,
  },
  { id: 'clients', header: t.clients, numeric: true, cell: (r) => String(r.clients), hiddenByDefault: true },
  {
    id: 'lastSale',
    header: t.lastSale,
    sortField: 'lastSale',
    cell: (r) => (r.lastSaleDate ? formatDateUk(r.lastSaleDate) : t.never),
  },
  { id: 'trend', header: t.trend, hideInCard: true, cell: (r) => <Trend row={r} /> },
  { id: 'abc', header: t.abc, cell: (r) => r.abcClass ?? '—' },
  {
    id: 'xyz',
    header: t.xyz,
    cell: (r) => (r.xyzClass ? <span title={t.xyzHint(formatDecimalUk(r.cv ?? '0', 2))}>{r.xyzClass}</span> : '—'),
  },
];

export function SalesProductsPage() {
  const [filter, change, reset] = useReportFilter<ProductsFilter>(defaults, accept);
  const valid = isValidPeriod(filter);
  const start = defaults();
  const filtered = (Object.keys(start) as Array<keyof ProductsFilter>).some(
    (key) => key !== 'sort' && filter[key] !== start[key],
  );
  const [page, setPage] = useReportPage(filter);
  const query = useQuery<SalesProducts>({
    queryKey: salesProductsKey(filter, page),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={valid ? <ExportMenu urlOf={(format) => salesProductsExportUrl(filter, format)} /> : null}
      />
      <FilterPeriodBar id="sales-products-period" filter={filter} presets={PRESETS} texts={m} onChange={change} />
      <ReportFilterBar filtered={filtered} onReset={reset}>
        <Input
          type="search"
          aria-label={m.search}
          placeholder={m.search}
          className="w-full sm:w-72"
          value={filter.search}
          onChange={(e) => change({ search: e.target.value })}
        />
        <ReferenceFilter
          route="/product-categories"
          label={m.category}
          value={filter.categoryId}
          allLabel={m.categoryAll}
          onChange={(categoryId) => change({ categoryId })}
        />
        <ReferenceFilter
          route="/clients"
          label={m.client}
          value={filter.clientId}
          allLabel={m.clientAll}
          onChange={(clientId) => change({ clientId })}
        />
        <div className="flex items-center gap-2">
          <Checkbox
            id="sales-products-without"
            checked={filter.withoutSales === 'true'}
            onCheckedChange={(v) => change({ withoutSales: v === true ? 'true' : '' })}
          />
          <Label htmlFor="sales-products-without" className="font-normal">
            {m.withoutSales}
          </Label>
        </div>
      </ReportFilterBar>
      <ReportStates valid={valid} queries={[query]} texts={m}>
        {() => {
          const data = query.data!;
          return (
            <ReportTable<SalesProductRow, number>
              header={
                <p className="text-sm text-muted-foreground">
                  {m.totals(data.totals.items, formatQty(data.totals.qty), formatMoney(data.totals.revenue))}
                </p>
              }
              id="sales-products-rows"
              label={t.label}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => r.itemId}
              sort={filter.sort}
              onSort={(field) => change({ sort: filter.sort === `-${field}` ? field : `-${field}` })}
              empty={<ListEmpty title={t.empty} hint={t.emptyHint} />}
              busy={query.isPlaceholderData}
              minWidthRem={60}
              page={{ page, total: data.total, onPage: setPage }}
              emptySummary={t.total(0)}
            />
          );
        }}
      </ReportStates>
    </div>
  );
}
