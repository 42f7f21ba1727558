// The parts of the product profitability page (reports-admin.md §7): the figure cards, the top 10 by gross profit
// and the margin distribution as bars, the table with its flags, and an item's monthly trend in a drawer. Every
// figure is the server's; nothing is computed here.
import { ReportTable, ReportTableHeading } from '@/web/components/report-table.tsx';
import { useQuery } from '@tanstack/react-query';
import { BanknoteIcon, ScaleIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import type { ProductProfitability, ProductRow, ProductTrend } from '../product-profitability.contract.ts';
import { marginBucketLabels } from '../product-profitability.messages.ts';
import {
  ChartBars,
  ChartBarsLine,
  ChartCard,
  formatChartPercent,
  formatPeriod,
} from '@/web/components/charts/index.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
import type { ReportTablePage } from '@/web/components/report-period.tsx';
import { RowOpenButton, type DataColumn } from '@/web/components/data-table.tsx';
import { ListEmpty } from '@/web/components/list-page.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { productTrendKey } from './product-profitability.api.ts';
import { productProfitabilityWebMessages as m } from './product-profitability-web.messages.ts';

const money = (value: string | null) => (value === null ? '—' : formatMoney(value));
const negative = (value: string | null) => value !== null && value.startsWith('-');
const red = 'text-destructive dark:text-red-400';

export function ProductKpis({ data }: { data: ProductProfitability }) {
  const { totals } = data;
  const losses = data.distribution.find((d) => d.bucket === 'negative')?.count ?? 0;
  return (
    <section aria-label={m.title} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label={m.kpi.revenue}
        icon={BanknoteIcon}
        tone={statTones.primary}
        value={money(totals.revenue)}
        unit="грн"
        hint={m.kpi.revenueHint}
      />
      <StatCard
        label={m.kpi.cogs}
        icon={ScaleIcon}
        tone={statTones.sky}
        value={money(totals.cogs)}
        unit="грн"
        hint={m.kpi.cogsHint}
      />
      <StatCard
        label={m.kpi.grossProfit}
        icon={TrendingUpIcon}
        tone={negative(totals.grossProfit) ? statTones.red : statTones.green}
        value={money(totals.grossProfit)}
        unit="грн"
        hint={m.kpi.margin(formatChartPercent(totals.margin))}
      />
      <StatCard
        label={m.kpi.loss}
        icon={TrendingDownIcon}
        tone={losses ? statTones.red : statTones.green}
        value={losses}
        hint={m.kpi.lossHint}
      />
    </section>
  );
}

export function ProductCharts({
  data,
  top,
}: {
  data: ProductProfitability;
  top: ReadonlyArray<{ itemId: number; name: string; grossProfit: string }>;
}) {
  const buckets = data.distribution.map((d) => ({ bucket: marginBucketLabels[d.bucket], count: d.count }));
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartCard title={m.top.title}>
        <ChartBars
          title={m.top.title}
          data={top}
          xKey="name"
          xLabel={m.top.item}
          series={[{ key: 'grossProfit', label: m.top.grossProfit, format: (v) => formatMoney(String(v)) }]}
        />
      </ChartCard>
      <ChartCard title={m.distribution.title}>
        <ChartBars
          title={m.distribution.title}
          data={buckets}
          xKey="bucket"
          xLabel={m.distribution.bucket}
          wholeY
          series={[{ key: 'count', label: m.distribution.count, format: (v) => String(v), color: 2 }]}
        />
      </ChartCard>
    </div>
  );
}

const t = m.table;

function columns(onOpen: (row: ProductRow) => void): DataColumn<ProductRow>[] {
  const numeric = (id: string, header: string, cell: (row: ProductRow) => React.ReactNode, hidden = false) => ({
    id,
    header,
    numeric: true,
    cell,
    hiddenByDefault: hidden,
  });
  const signed = (value: string | null, text: string) => <span className={cn(negative(value) && red)}>{text}</span>;
  return [
    {
      id: 'item',
      header: t.item,
      primary: true,
      className: 'min-w-48',
      cell: (row) => (
        <RowOpenButton onOpen={() => onOpen(row)}>
          <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
          <span className="font-medium">{row.name}</span>
          <span className="sr-only"> — {t.openHint}</span>
        </RowOpenButton>
      ),
    },
    numeric('qty', t.qty, (r) => formatQty(r.qty)),
    numeric('revenue', t.revenue, (r) => formatMoney(r.revenue)),
    numeric('cogs', t.cogs, (r) => formatMoney(r.cogs)),
    numeric('grossProfit', t.grossProfit, (r) => signed(r.grossProfit, formatMoney(r.grossProfit))),
    numeric('margin', t.margin, (r) => signed(r.margin, formatChartPercent(r.margin))),
    numeric('avgUnitCost', t.avgUnitCost, (r) => money(r.avgUnitCost)),
    numeric('avgPrice', t.avgPrice, (r) => money(r.avgPrice), true),
    numeric('planned', t.planned, (r) => money(r.plannedUnitCost)),
    numeric('price', t.price, (r) => money(r.retailPrice), true),
    numeric('plannedMargin', t.plannedMargin, (r) => signed(r.plannedMargin, formatChartPercent(r.plannedMargin))),
    {
      id: 'flags',
      header: t.flags,
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.loss ? <Badge variant="destructive">{t.loss}</Badge> : null}
          {row.belowTarget ? (
            <Badge variant="outline" title={t.belowTargetHint(formatChartPercent(row.targetMarkup))}>
              {t.belowTarget}
            </Badge>
          ) : null}
        </span>
      ),
    },
  ];
}

export function ProductTable({
  rows,
  page,
  busy,
  onOpen,
}: {
  rows: readonly ProductRow[];
  page: ReportTablePage;
  busy: boolean;
  onOpen: (row: ProductRow) => void;
}) {
  return (
    <ReportTable<ProductRow, number>
      header={<ReportTableHeading title={t.title} summary={t.total(page.total)} />}
      id="product-profitability-rows"
      label={t.label}
      columns={columns(onOpen)}
      rows={rows}
      rowKey={(row) => row.itemId}
      empty={<ListEmpty title={t.empty} hint={m.emptyHint} />}
      busy={busy}
      minWidthRem={72}
      page={page}
      emptySummary={t.total(0)}
    />
  );
}

/** An item's figures month by month over the last 12 months, in a drawer. */
export function ProductTrendDrawer({ row, onClose }: { row: ProductRow | null; onClose: () => void }) {
  const query = useQuery<ProductTrend>({
    queryKey: row ? productTrendKey(row.itemId) : ['product-trend-closed'],
    enabled: row !== null,
  });
  const s = m.trend;
  return (
    <Sheet open={row !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-3xl">
        <SheetHeader className="pr-10">
          <SheetTitle>{row?.name ?? s.title}</SheetTitle>
          <SheetDescription>{row ? `${row.sku} · ${s.title}` : s.title}</SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-4 px-4 pb-6">
          {query.isError ? (
            <p role="alert" className={cn('text-sm', red)}>
              {s.error}
            </p>
          ) : !query.data ? (
            <StateMessage>{s.loading}</StateMessage>
          ) : (
            <ChartBarsLine
              title={s.chart}
              data={query.data.months}
              xKey="month"
              xLabel={s.month}
              formatX={(iso) => formatPeriod(iso, 'month')}
              series={[
                { key: 'revenue', label: s.revenue, format: (v) => formatMoney(String(v)) },
                { key: 'cogs', label: s.cogs, format: (v) => formatMoney(String(v)), color: 1 },
              ]}
              lines={[{ key: 'margin', label: s.margin, format: formatChartPercent, color: 3 }]}
              formatLineAxis={(v) => `${v} %`}
            />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
