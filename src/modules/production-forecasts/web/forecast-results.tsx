// What a calculated forecast shows: the accuracy panel ('Очікувана точність' of the backtest, 'Фактична точність'
// and the bias against actuals, in total and per item) and the items × periods table (the forecast of each horizon
// period, its actual once the period has ended) — both over the page of items the lines endpoint answers.
import { CrosshairIcon, FlaskConicalIcon, ScaleIcon } from 'lucide-react';
import { DataTable, type DataColumn } from '@/web/components/data-table.tsx';
import { DocumentSection, withUnit } from '@/web/components/document-view.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import type { ForecastDetail, ForecastLineRow } from '../production-forecasts.contract.ts';
import {
  formatForecastQty,
  formatPercent,
  formatSignedPercent,
  LowHistoryBadge,
  periodLabel,
} from './forecast-parts.tsx';
import { productionForecastsWebMessages } from './production-forecasts-web.messages.ts';

const a = productionForecastsWebMessages.accuracy;
const t = productionForecastsWebMessages.table;
const noItems = <p className="text-sm text-muted-foreground">{productionForecastsWebMessages.page.noItems}</p>;

function ItemName({ row }: { row: ForecastLineRow }) {
  return (
    <span className="grid gap-1">
      <span className="font-medium whitespace-normal">{row.name}</span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        {row.sku}
        {row.lowHistory ? <LowHistoryBadge /> : null}
      </span>
    </span>
  );
}

const itemColumn: DataColumn<ForecastLineRow> = {
  id: 'item',
  header: a.item,
  primary: true,
  className: 'min-w-48 max-w-80',
  cell: (row) => <ItemName row={row} />,
};

const accuracyColumns: DataColumn<ForecastLineRow>[] = [
  itemColumn,
  {
    id: 'next',
    header: a.next,
    numeric: true,
    cell: (row) => withUnit(formatForecastQty(row.nextForecast), row.unitShortName),
  },
  { id: 'expected', header: a.expected, numeric: true, cell: (row) => formatPercent(row.backtestAccuracy) },
  { id: 'realised', header: a.realised, numeric: true, cell: (row) => formatPercent(row.realised.accuracy) },
  { id: 'bias', header: a.bias, numeric: true, cell: (row) => formatSignedPercent(row.realised.bias) },
];

export function AccuracyPanel({ forecast, rows }: { forecast: ForecastDetail; rows: readonly ForecastLineRow[] }) {
  return (
    <DocumentSection title={a.title}>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        <StatCard
          label={a.expected}
          icon={FlaskConicalIcon}
          tone={statTones.sky}
          value={formatPercent(forecast.backtestAccuracy)}
          hint={a.expectedHint}
        />
        <StatCard
          label={a.realised}
          icon={CrosshairIcon}
          tone={statTones.green}
          value={formatPercent(forecast.realised.accuracy)}
          hint={a.realisedHint(forecast.realised.lines)}
        />
        <StatCard
          label={a.bias}
          icon={ScaleIcon}
          tone={statTones.amber}
          value={formatSignedPercent(forecast.realised.bias)}
          hint={a.biasHint}
        />
      </div>
      <div className="min-w-0 rounded-xl border bg-card">
        <DataTable
          id="production-forecast-accuracy"
          label={a.perItem}
          columns={accuracyColumns}
          rows={rows}
          rowKey={(row) => row.itemId}
          rowLabel={(row) => row.name}
          minWidthRem={44}
          empty={noItems}
        />
      </div>
    </DocumentSection>
  );
}

/** The forecast of a period and, once it has ended, its actual under it. */
function Cell({ row, period }: { row: ForecastLineRow; period: string }) {
  const cell = row.cells.find((one) => one.periodStart === period);
  if (!cell) return <span className="text-muted-foreground">{productionForecastsWebMessages.none}</span>;
  return (
    <span className="grid justify-items-end">
      <span>{formatForecastQty(cell.forecastQty)}</span>
      {cell.actualQty !== null ? (
        <span className="text-xs text-muted-foreground">{t.actual(formatForecastQty(cell.actualQty))}</span>
      ) : null}
    </span>
  );
}

export function PeriodsTable({ forecast, rows }: { forecast: ForecastDetail; rows: readonly ForecastLineRow[] }) {
  const columns: DataColumn<ForecastLineRow>[] = [
    itemColumn,
    ...forecast.periods.map((period): DataColumn<ForecastLineRow> => ({
      id: period,
      header: periodLabel(period, forecast.granularity),
      numeric: true,
      className: 'whitespace-nowrap',
      cell: (row) => <Cell row={row} period={period} />,
    })),
  ];
  return (
    <div className="min-w-0 rounded-xl border bg-card">
      <DataTable
        id="production-forecast-periods"
        label={t.label}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.itemId}
        rowLabel={(row) => row.name}
        // A wide table scrolls in its own box: the item and every period of the horizon.
        minWidthRem={16 + 9 * forecast.periods.length}
        empty={noItems}
      />
    </div>
  );
}
