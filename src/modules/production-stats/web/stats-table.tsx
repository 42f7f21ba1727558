// The table of the statistics page (production.md §13): the figures by item, category or department (tabs), with
// the download of the tab's rows carrying the page's filters.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StatsCategoryRow, StatsDepartmentRow, StatsFigures, StatsItemRow } from '../production-stats.contract.ts';
import { formatChartPercent, formatChartValue } from '@/web/components/charts/index.ts';
import { ListStates } from '@/web/components/data-list.tsx';
import { DataTable, RowOpenButton, type DataColumn } from '@/web/components/data-table.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListEmpty } from '@/web/components/list-page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { statsExportUrl, statsTableKey, type StatsFilter, type StatsTable } from './production-stats.api.ts';
import { productionStatsWebMessages as m } from './production-stats-web.messages.ts';

type Row = (StatsItemRow | StatsCategoryRow | StatsDepartmentRow) & StatsFigures;
const col = m.columns;

function figureColumns(): DataColumn<Row>[] {
  const numeric = (id: string, header: string, cell: (row: Row) => string): DataColumn<Row> => ({
    id,
    header,
    numeric: true,
    cell,
  });
  return [
    numeric('producedQty', col.produced, (r) => formatQty(r.producedQty)),
    numeric('producedValue', col.value, (r) => formatMoney(r.producedValue)),
    numeric('scrapQty', col.scrap, (r) => formatQty(r.scrapQty)),
    numeric('scrapRate', col.scrapRate, (r) => formatChartPercent(r.scrapRate)),
    numeric('completedMOs', col.completed, (r) => String(r.completedMOs)),
    numeric('onTimeRate', col.onTime, (r) => formatChartPercent(r.onTimeRate)),
    numeric('avgLeadTimeDays', col.leadTime, (r) => formatChartValue(r.avgLeadTimeDays)),
    numeric('planAdherence', col.plan, (r) => formatChartPercent(r.planAdherence)),
  ];
}

/** The row's own key: the id to filter the page by (null: 'Без категорії' / 'Без відділу') and its name. */
function keyOf(table: StatsTable, row: Row): { id: number | null; name: string } {
  if (table === 'item') return { id: (row as StatsItemRow).itemId, name: (row as StatsItemRow).name };
  if (table === 'category') {
    const r = row as StatsCategoryRow;
    return { id: r.categoryId, name: r.categoryName ?? m.noCategory };
  }
  const r = row as StatsDepartmentRow;
  return { id: r.departmentId, name: r.departmentName ?? m.noDepartment };
}

/** The key column: the name as the button that narrows the page to this item, category or department. */
function keyColumn(table: StatsTable, onPick: (table: StatsTable, id: number) => void): DataColumn<Row> {
  const header = { item: col.item, category: col.category, department: col.department }[table];
  return {
    id: table,
    header,
    primary: true,
    className: 'min-w-48',
    cell: (row) => {
      const { id, name } = keyOf(table, row);
      const label =
        id === null ? (
          <span className="font-medium">{name}</span>
        ) : (
          <RowOpenButton label={m.pick(name)} onOpen={() => onPick(table, id)}>
            <span className="block text-left font-sans font-medium">{name}</span>
          </RowOpenButton>
        );
      return table === 'item' ? (
        <>
          <span className="block font-mono text-xs text-muted-foreground">{(row as StatsItemRow).sku}</span>
          {label}
        </>
      ) : (
        label
      );
    },
  };
}

const rowKeyOf = (table: StatsTable) => (row: Row) => {
  if (table === 'item') return `i${(row as StatsItemRow).itemId}`;
  if (table === 'category') return `c${(row as StatsCategoryRow).categoryId ?? 0}`;
  return `d${(row as StatsDepartmentRow).departmentId ?? 0}`;
};

export function StatsTableCard({
  filter,
  enabled,
  onPick,
}: {
  filter: StatsFilter;
  enabled: boolean;
  /** Narrows the page to the row's item, category or department. */
  onPick: (table: StatsTable, id: number) => void;
}) {
  const [table, setTable] = useState<StatsTable>('item');
  const query = useQuery<Row[]>({ queryKey: statsTableKey(table, filter), enabled });
  const tabs: StatsTable[] = ['item', 'category', 'department'];
  return (
    <section className="min-w-0 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <Tabs value={table} onValueChange={(value) => setTable(value as StatsTable)} className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={m.tabs.label}>
            {tabs.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {m.tabs[tab]}
              </TabsTrigger>
            ))}
          </TabsList>
          <ExportMenu urlOf={(format) => statsExportUrl(table, filter, format)} />
        </div>
        {tabs.map((tab) => (
          <TabsContent key={tab} value={tab} className="min-w-0">
            {tab === table ? (
              <ListStates query={query} loadingText={m.loading} loadErrorText={m.loadError} retryText={m.retry}>
                <DataTable<Row, string>
                  id={`production-stats-${table}`}
                  label={m.tableLabel[table]}
                  columns={[keyColumn(table, onPick), ...figureColumns()]}
                  rows={query.data ?? []}
                  rowKey={rowKeyOf(table)}
                  empty={<ListEmpty title={m.tableEmpty} hint={m.emptyHint} />}
                  busy={query.isFetching}
                  minWidthRem={64}
                />
              </ListStates>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
