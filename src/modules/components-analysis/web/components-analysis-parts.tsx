// The parts of the components analysis page (reports-admin.md §8): the figure cards, the table with its flags
// ('Замовити', 'Неліквід') and ABC, and a component's drill-down drawer (consumption by month, receipt prices per
// supplier, the where-used tree). Every figure is the server's; nothing is computed here.
import { ReportTable, ReportTableHeading } from '@/web/components/report-table.tsx';
import { useQuery } from '@tanstack/react-query';
import { PackageXIcon, ShoppingCartIcon, TrendingDownIcon } from 'lucide-react';
import type { ComponentDetail, ComponentRow, ComponentsAnalysis } from '../components-analysis.contract.ts';
import { ChartBars, ChartCard, formatChartPercent, formatPeriod } from '@/web/components/charts/index.ts';
import { StateMessage } from '@/web/components/data-list.tsx';
import type { ReportTablePage } from '@/web/components/report-period.tsx';
import { RowOpenButton, type DataColumn } from '@/web/components/data-table.tsx';
import { ListEmpty } from '@/web/components/list-page.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { componentDetailKey } from './components-analysis.api.ts';
import { componentsAnalysisWebMessages as m } from './components-analysis-web.messages.ts';

const money = (value: string | null) => (value === null ? '—' : formatMoney(value));
const red = 'text-destructive dark:text-red-400';

export function ComponentsKpis({ data }: { data: ComponentsAnalysis }) {
  return (
    <section aria-label={m.title} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
      <StatCard
        label={m.kpi.consumption}
        icon={TrendingDownIcon}
        tone={statTones.primary}
        value={formatMoney(data.totals.consumptionValue)}
        unit="грн"
        hint={m.kpi.consumptionHint}
      />
      <StatCard
        label={m.kpi.reorder}
        icon={ShoppingCartIcon}
        tone={data.totals.reorderCount ? statTones.amber : statTones.green}
        value={data.totals.reorderCount}
        hint={m.kpi.reorderHint}
      />
      <StatCard
        label={m.kpi.dead}
        icon={PackageXIcon}
        tone={data.totals.deadCount ? statTones.red : statTones.green}
        value={data.totals.deadCount}
        hint={m.kpi.deadHint(data.deadStockDays)}
      />
    </section>
  );
}

const t = m.table;

function columns(onOpen: (row: ComponentRow) => void): DataColumn<ComponentRow>[] {
  const numeric = (id: string, header: string, cell: (row: ComponentRow) => React.ReactNode, hidden = false) => ({
    id,
    header,
    numeric: true,
    cell,
    hiddenByDefault: hidden,
  });
  const qty = (value: string, row: ComponentRow) =>
    `${formatQty(value)}${row.unitShortName ? ` ${row.unitShortName}` : ''}`;
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
    numeric('consumption', t.consumption, (r) => qty(r.consumptionQty, r)),
    numeric('value', t.value, (r) => formatMoney(r.consumptionValue)),
    numeric('avgDaily', t.avgDaily, (r) => formatQty(r.avgDaily)),
    numeric('available', t.available, (r) => qty(r.available, r)),
    numeric('onOrder', t.onOrder, (r) => formatQty(r.onOrder), true),
    numeric('leadTime', t.leadTime, (r) => String(r.leadTimeDays)),
    numeric('coverage', t.coverage, (r) => (
      <span className={cn(r.reorder && red)}>{r.coverageDays === null ? '—' : formatQty(r.coverageDays)}</span>
    )),
    numeric('whereUsed', t.whereUsed, (r) => String(r.whereUsed), true),
    numeric('lastPrice', t.lastPrice, (r) => money(r.lastPrice)),
    {
      id: 'lastDate',
      header: t.lastDate,
      hiddenByDefault: true,
      cell: (r) => (r.lastPurchaseDate ? formatDateUk(r.lastPurchaseDate) : '—'),
    },
    { id: 'supplier', header: t.supplier, hiddenByDefault: true, cell: (r) => r.lastSupplierName ?? '—' },
    numeric('priceChange', t.priceChange, (r) => formatChartPercent(r.priceChange)),
    { id: 'abc', header: t.abc, cell: (r) => <Badge variant="outline">{r.abc}</Badge> },
    {
      id: 'flags',
      header: t.flags,
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.reorder ? <Badge variant="secondary">{t.reorder}</Badge> : null}
          {row.dead ? <Badge variant="destructive">{m.dead}</Badge> : null}
        </span>
      ),
    },
  ];
}

export function ComponentsTable({
  rows,
  page,
  busy,
  onOpen,
}: {
  rows: readonly ComponentRow[];
  page: ReportTablePage;
  busy: boolean;
  onOpen: (row: ComponentRow) => void;
}) {
  return (
    <ReportTable<ComponentRow, number>
      header={<ReportTableHeading title={t.title} summary={t.total(page.total)} />}
      id="components-analysis-rows"
      label={t.label}
      columns={columns(onOpen)}
      rows={rows}
      rowKey={(row) => row.itemId}
      empty={<ListEmpty title={t.empty} hint={t.emptyHint} />}
      busy={busy}
      minWidthRem={72}
      page={page}
      emptySummary={t.total(0)}
    />
  );
}

const d = m.detail;

function DetailBody({ data }: { data: ComponentDetail }) {
  return (
    <>
      <ChartCard title={d.months}>
        <ChartBars
          title={d.months}
          data={data.months}
          xKey="month"
          xLabel={d.month}
          formatX={(iso) => formatPeriod(iso, 'month')}
          series={[{ key: 'qty', label: d.qty, format: (v) => formatQty(String(v)) }]}
        />
      </ChartCard>
      <section className="grid min-w-0 gap-2">
        <h3 className="font-medium">{d.prices}</h3>
        {data.prices.length ? (
          <div className="overflow-x-auto">
            <Table aria-label={d.prices}>
              <TableHeader>
                <TableRow>
                  <TableHead>{d.supplier}</TableHead>
                  <TableHead>{d.date}</TableHead>
                  <TableHead className="text-right">{d.qty}</TableHead>
                  <TableHead className="text-right">{d.unitCost}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.prices.map((p, i) => (
                  <TableRow key={i}>
                    <TableCell>{p.supplierName ?? d.noSupplier}</TableCell>
                    <TableCell>{formatDateUk(p.date)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatQty(p.qty)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(p.unitCost)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{d.noPrices}</p>
        )}
      </section>
      <section className="grid min-w-0 gap-2">
        <h3 className="font-medium">{d.whereUsed}</h3>
        {data.whereUsed.length ? (
          <ul aria-label={d.whereUsed} className="grid gap-1 text-sm">
            {data.whereUsed.map((w) => (
              <li
                key={`${w.bomId}-${w.level}-${w.path.join('/')}`}
                style={{ paddingInlineStart: `${(w.level - 1) * 1.25}rem` }}
              >
                <span className="font-medium">{w.name}</span>{' '}
                <span className="text-muted-foreground">
                  ({w.bomName} · {d.perUnit(formatQty(w.perUnitQty))})
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{d.notUsed}</p>
        )}
      </section>
    </>
  );
}

/** A component's drill-down for the page's period, in a drawer. */
export function ComponentDrawer({
  row,
  period,
  onClose,
}: {
  row: ComponentRow | null;
  period: { from: string; to: string };
  onClose: () => void;
}) {
  const query = useQuery<ComponentDetail>({
    queryKey: row ? componentDetailKey(row.itemId, period) : ['component-detail-closed'],
    enabled: row !== null,
  });
  return (
    <Sheet open={row !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-3xl">
        <SheetHeader className="pr-10">
          <SheetTitle>{row?.name ?? m.title}</SheetTitle>
          <SheetDescription>{row?.sku ?? ''}</SheetDescription>
        </SheetHeader>
        <div className="grid min-w-0 gap-6 px-4 pb-6">
          {query.isError ? (
            <p role="alert" className={cn('text-sm', red)}>
              {d.error}
            </p>
          ) : !query.data ? (
            <StateMessage>{d.loading}</StateMessage>
          ) : (
            <DetailBody data={query.data} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
