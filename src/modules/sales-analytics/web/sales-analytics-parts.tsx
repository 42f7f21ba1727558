// The parts of /sales-analytics (reports-admin.md §5): the figures against the period before, the clients' counts,
// the revenue and orders by period, and the tables by client (paged, with new/returning and the ABC class), by
// category, by manager and the ABC classes. Every figure is the server's; nothing is computed here.
import { ReportTable } from '@/web/components/report-table.tsx';
import { ChartBarsLine, ChartCard, formatPeriod, type PeriodGranularity } from '@/web/components/charts/index.ts';
import { ChangeCard } from '@/web/components/change-card.tsx';
import { DataTable, type DataColumn } from '@/web/components/data-table.tsx';
import { ListEmpty } from '@/web/components/list-page.tsx';
import type { ReportTablePage } from '@/web/components/report-period.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import type { AbcClients, SalesClientRow, SalesSummary } from '../sales-analytics.contract.ts';
import { salesAnalyticsWebMessages as m } from './sales-analytics-web.messages.ts';

const money = (v: string | null) => (v === null ? '—' : `${formatMoney(v)} грн`);
const percent = (v: string | null) => (v === null ? '—' : `${formatDecimalUk(v, 2)} %`);
const count = (v: string | null) => (v === null ? '—' : formatDecimalUk(v, 0));

export function SalesFigures({ data }: { data: SalesSummary }) {
  const f = m.figures;
  const cards = [
    { label: f.revenue, figure: data.revenue, write: money },
    { label: f.qty, figure: data.qty, write: (v: string | null) => (v === null ? '—' : formatQty(v)) },
    { label: f.orders, figure: data.orders, write: count },
    { label: f.averageOrder, figure: data.averageOrder, write: money },
    { label: f.bookingsCount, figure: data.bookingsCount, write: count },
    { label: f.bookingsValue, figure: data.bookingsValue, write: money },
  ];
  const c = data.clients;
  return (
    <>
      <section aria-label={m.title} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <ChangeCard
            key={card.label}
            label={card.label}
            value={card.write(card.figure.current)}
            changePercent={card.figure.growthPercent}
          />
        ))}
      </section>
      <section
        aria-label={m.clients.title}
        className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 text-sm shadow-sm sm:grid-cols-4"
      >
        {(['active', 'new', 'returning', 'dormant'] as const).map((key) => (
          <div key={key} className="grid gap-0.5">
            <span className="text-muted-foreground">{m.clients[key]}</span>
            <span className="text-lg font-semibold tabular-nums">{c[key]}</span>
          </div>
        ))}
      </section>
    </>
  );
}

export function SalesPeriodChart({
  rows,
  granularity,
}: {
  rows: ReadonlyArray<{ period: string; revenue: string; orders: number }>;
  granularity: PeriodGranularity;
}) {
  return (
    <ChartCard title={m.chart}>
      <ChartBarsLine
        title={m.chart}
        data={rows}
        xKey="period"
        xLabel={m.granularity}
        formatX={(iso) => formatPeriod(iso, granularity)}
        series={[{ key: 'revenue', label: m.chartRevenue, format: (v) => formatMoney(String(v)) }]}
        lines={[{ key: 'orders', label: m.chartOrders, format: (v) => String(v), color: 2 }]}
      />
    </ChartCard>
  );
}

const t = m.table;

interface SumsRow {
  revenue: string;
  qty: string;
  orders: number;
  averageOrder: string | null;
  sharePercent: string | null;
}

function sumColumns<T extends SumsRow>(): DataColumn<T>[] {
  return [
    { id: 'revenue', header: t.revenue, numeric: true, cell: (r) => formatMoney(r.revenue) },
    { id: 'share', header: t.share, numeric: true, cell: (r) => percent(r.sharePercent) },
    { id: 'qty', header: t.qty, numeric: true, cell: (r) => formatQty(r.qty), hiddenByDefault: true },
    { id: 'orders', header: t.orders, numeric: true, cell: (r) => String(r.orders) },
    {
      id: 'average',
      header: t.averageOrder,
      numeric: true,
      cell: (r) => (r.averageOrder === null ? '—' : formatMoney(r.averageOrder)),
    },
  ];
}

export function ClientsTable({
  rows,
  page,
  busy,
}: {
  rows: readonly SalesClientRow[];
  page: ReportTablePage;
  busy: boolean;
}) {
  const columns: DataColumn<SalesClientRow>[] = [
    { id: 'client', header: t.client, primary: true, className: 'min-w-48', cell: (r) => r.name },
    ...sumColumns<SalesClientRow>(),
    { id: 'first', header: t.firstSale, cell: (r) => formatDateUk(r.firstSaleDate) },
    {
      id: 'status',
      header: t.status,
      cell: (r) => (
        <Badge variant={r.status === 'new' ? 'default' : 'outline'}>
          {r.status === 'new' ? t.statusNew : t.statusReturning}
        </Badge>
      ),
    },
    { id: 'abc', header: t.abc, cell: (r) => r.abcClass },
  ];
  return (
    <ReportTable<SalesClientRow, number>
      id="sales-analytics-clients"
      label={m.tabs.clients}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.clientId}
      empty={<ListEmpty title={m.empty} hint={m.emptyHint} />}
      busy={busy}
      minWidthRem={56}
      page={page}
      emptySummary={t.total(0)}
    />
  );
}

export function GroupTable<T extends SumsRow>({
  id,
  label,
  nameHeader,
  rows,
  rowKey,
  nameOf,
}: {
  id: string;
  label: string;
  nameHeader: string;
  rows: readonly T[];
  rowKey: (row: T) => number;
  nameOf: (row: T) => string;
}) {
  const columns: DataColumn<T>[] = [
    { id: 'name', header: nameHeader, primary: true, className: 'min-w-40', cell: nameOf },
    ...sumColumns<T>(),
  ];
  return (
    <DataTable<T, number>
      id={id}
      label={label}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      rowTabStop={false}
      empty={<ListEmpty title={m.empty} hint={m.emptyHint} />}
      minWidthRem={44}
    />
  );
}

export function AbcSummary({ data }: { data: AbcClients }) {
  return (
    <section aria-label={m.abc.title} className="grid min-w-0 gap-3">
      <p className="text-sm text-muted-foreground">{m.abc.hint}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {data.classes.map((c) => (
          <div key={c.abcClass} className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
            <span className="text-sm font-medium text-muted-foreground">
              {m.abc.class} {c.abcClass}
            </span>
            <span className="text-xl font-semibold tabular-nums">{money(c.revenue)}</span>
            <span className="text-xs text-muted-foreground">
              {m.abc.classes(c.clients)} · {percent(c.sharePercent)}
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
