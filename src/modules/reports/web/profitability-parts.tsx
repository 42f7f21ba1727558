// The parts of the profitability page (reports-admin.md §2): the figure cards, the months' chart (revenue and COGS
// as bars, margin as a line), the table by the chosen grouping and the top 10 clients and items. Every figure is the
// server's; nothing is computed here.
import { BanknoteIcon, PackageMinusIcon, ScaleIcon, ShieldCheckIcon, TrendingUpIcon, WalletIcon } from 'lucide-react';
import type { Profitability, ProfitabilityGroup, ProfitabilityRow, TopRow } from '../reports.contract.ts';
import { groupByLabels } from '../reports.messages.ts';
import { ChartBarsLine, ChartCard, formatChartPercent, formatPeriod } from '@/web/components/charts/index.ts';
import { DataTable, type DataColumn } from '@/web/components/data-table.tsx';
import { ListEmpty } from '@/web/components/list-page.tsx';
import { ToggleGroup } from '@/web/components/report-period.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { reportsWebMessages as m } from './reports-web.messages.ts';

const k = m.kpi;
const money = (value: string | null) => (value === null ? '—' : formatMoney(value));
const negative = (value: string | null) => value !== null && value.startsWith('-');

export function ProfitabilityKpis({ totals }: { totals: Profitability['totals'] }) {
  const split = totals.writeOffs === null;
  return (
    <section aria-label={m.title} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label={k.revenue}
        icon={BanknoteIcon}
        tone={statTones.primary}
        value={money(totals.revenue)}
        unit="грн"
        hint={k.revenueHint}
      />
      <StatCard
        label={k.cogs}
        icon={ScaleIcon}
        tone={statTones.sky}
        value={money(totals.cogs)}
        unit="грн"
        hint={k.cogsHint}
      />
      <StatCard
        label={k.grossProfit}
        icon={TrendingUpIcon}
        tone={negative(totals.grossProfit) ? statTones.red : statTones.green}
        value={money(totals.grossProfit)}
        unit="грн"
        hint={k.margin(formatChartPercent(totals.margin))}
      />
      <StatCard
        label={k.result}
        icon={WalletIcon}
        tone={negative(totals.operatingResult) ? statTones.red : statTones.green}
        value={money(totals.operatingResult)}
        unit={split ? undefined : 'грн'}
        hint={split ? k.notSplit : k.resultHint}
      />
      {(
        [
          [k.writeOffs, PackageMinusIcon, totals.writeOffs, k.writeOffsHint],
          [k.variances, ScaleIcon, totals.productionVariances, k.variancesHint],
          [k.warranty, ShieldCheckIcon, totals.warrantyCost, k.warrantyHint],
        ] as const
      ).map(([label, icon, value, hint]) => (
        <StatCard
          key={label}
          label={label}
          icon={icon}
          tone={statTones.amber}
          value={money(value)}
          unit={split ? undefined : 'грн'}
          hint={split ? k.notSplit : hint}
        />
      ))}
    </section>
  );
}

export function ProfitabilityChart({ months }: { months: Profitability['months'] }) {
  return (
    <ChartCard title={m.chart.title}>
      <ChartBarsLine
        title={m.chart.title}
        data={months}
        xKey="month"
        xLabel={m.chart.month}
        formatX={(iso) => formatPeriod(iso, 'month')}
        series={[
          { key: 'revenue', label: m.chart.revenue, format: (v) => formatMoney(String(v)) },
          { key: 'cogs', label: m.chart.cogs, format: (v) => formatMoney(String(v)), color: 1 },
        ]}
        lines={[{ key: 'margin', label: m.chart.margin, format: formatChartPercent, color: 3 }]}
        formatLineAxis={(v) => `${v} %`}
      />
    </ChartCard>
  );
}

const t = m.table;

function columns(groupBy: ProfitabilityGroup): DataColumn<ProfitabilityRow>[] {
  const numeric = (id: string, header: string, cell: (row: ProfitabilityRow) => React.ReactNode) => ({
    id,
    header,
    numeric: true,
    cell,
  });
  return [
    {
      id: 'label',
      header: groupByLabels[groupBy],
      primary: true,
      className: 'min-w-48',
      cell: (row) => (
        <>
          {row.sku ? <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span> : null}
          <span className="font-medium">{groupBy === 'month' ? formatPeriod(row.label, 'month') : row.label}</span>
        </>
      ),
    },
    numeric('qty', t.qty, (r) => formatQty(r.qty)),
    numeric('revenue', t.revenue, (r) => formatMoney(r.revenue)),
    numeric('cogs', t.cogs, (r) => formatMoney(r.cogs)),
    numeric('grossProfit', t.grossProfit, (r) => (
      <span className={cn(negative(r.grossProfit) && 'text-destructive dark:text-red-400')}>
        {formatMoney(r.grossProfit)}
      </span>
    )),
    numeric('margin', t.margin, (r) => (
      <span className={cn(negative(r.margin) && 'text-destructive dark:text-red-400')}>
        {formatChartPercent(r.margin)}
      </span>
    )),
  ];
}

export function ProfitabilityTable({
  data,
  groupBy,
  busy,
  onGroupBy,
  pagination,
}: {
  data: Profitability;
  groupBy: ProfitabilityGroup;
  busy: boolean;
  onGroupBy: (groupBy: ProfitabilityGroup) => void;
  pagination: React.ReactNode;
}) {
  const options = (Object.keys(groupByLabels) as ProfitabilityGroup[]).map((value) => ({
    value,
    label: groupByLabels[value],
  }));
  return (
    <section className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-medium">{t.title}</h2>
        <ToggleGroup label={t.groupBy} options={options} value={groupBy} onChange={onGroupBy} />
      </div>
      <DataTable<ProfitabilityRow, string>
        id="profitability-rows"
        label={t.label}
        columns={columns(groupBy)}
        rows={data.rows}
        rowKey={(row) => `${groupBy}-${row.key ?? 'none'}`}
        empty={<ListEmpty title={t.empty} hint={m.emptyHint} />}
        busy={busy}
        minWidthRem={48}
      />
      {pagination}
    </section>
  );
}

function TopList({ title, rows }: { title: string; rows: readonly TopRow[] }) {
  return (
    <section className="min-w-0 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <h2 className="mb-3 font-medium">{title}</h2>
      {rows.length ? (
        <ol className="grid gap-2 text-sm">
          {rows.map((row, i) => (
            <li key={row.id} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0">
                <span className="mr-2 text-muted-foreground tabular-nums">{i + 1}.</span>
                {row.name}
              </span>
              <span
                className={cn(
                  'whitespace-nowrap tabular-nums',
                  negative(row.grossProfit) && 'text-destructive dark:text-red-400',
                )}
              >
                {formatMoney(row.grossProfit)}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{m.top.none}</p>
      )}
    </section>
  );
}

export function ProfitabilityTops({ data }: { data: Profitability }) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2">
      <TopList title={m.top.clients} rows={data.topClients} />
      <TopList title={m.top.items} rows={data.topItems} />
    </div>
  );
}
