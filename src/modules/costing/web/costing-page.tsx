// 'Калькуляція собівартості' (production.md §9): the made items with their planned unit cost — materials, labour,
// overhead, total — against the price: margin (red below 0), the suggested price, the actual average of the last
// completed MOs and its deviation. Filters: category, search, 'маржа нижче N %'; the download of the table; the
// breakdown drawer ('Зберегти калькуляцію', 'Застосувати ціну', the saved ones); the gear opens the settings.
import { useState } from 'react';
import { CalculatorIcon } from 'lucide-react';
import type { CostingRow } from '@/modules/costing/costing.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { RowOpenButton, type DataColumn } from '@/web/components/data-table.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListHeader, ListToolbar, PagedListCard, SettingsButton, usePagedList } from '@/web/components/list-page.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { cn } from '@/web/lib/utils.ts';
import { CostingDrawer } from './costing-drawer.tsx';
import { isNegative, moneyOrNone, percentOrNone } from './costing-format.ts';
import { CostingSettingsDialog } from './costing-settings-dialog.tsx';
import {
  COSTING_ROUTE,
  costingExportUrl,
  costingListQueryFn,
  costingListQueryKey,
  initialCostingFilter,
} from './costing.api.ts';
import { costingWebMessages as m } from './costing.messages.ts';

const MARGIN_PATTERN = /^-?\d{1,6}([.,]\d{1,2})?$/;
type Dialog = { kind: 'settings' } | { kind: 'item'; itemId: number } | null;

const marginValid = (value: string) => value === '' || MARGIN_PATTERN.test(value);

export function CostingPage() {
  const { list, query } = usePagedList(initialCostingFilter, { key: costingListQueryKey, queryFn: costingListQueryFn });
  const { filter, changeFilter } = list;
  const [dialog, setDialog] = useState<Dialog>(null);
  // The margin box waits for the typing to pause like a search; a value it cannot read stays in the box, marked.
  const margin = useSearchBox('', (value) => {
    if (marginValid(value)) changeFilter({ belowMarginPercent: value.replace(',', '.') });
  });
  const marginError = !marginValid(margin.text.trim());
  const { canAccess } = usePermission(COSTING_ROUTE);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <>
            <ExportMenu urlOf={(format) => costingExportUrl(filter, format)} />
            {canAccess ? <SettingsButton label={m.settings} onClick={() => setDialog({ kind: 'settings' })} /> : null}
          </>
        }
      />
      <ListToolbar
        id="costing"
        searchLabel={m.searchLabel}
        searchPlaceholder={m.searchPlaceholder}
        searchText={list.searchText}
        onSearch={list.changeSearch}
        filtered={list.filtered}
        onReset={() => {
          margin.clear();
          list.reset();
        }}
      >
        <ReferenceFilter
          route="/product-categories"
          label={m.category}
          value={filter.categoryId}
          allLabel={m.categoryAll}
          onChange={(categoryId) => changeFilter({ categoryId })}
        />
        <div className="grid gap-1">
          <Label htmlFor="costing-margin" className="sr-only">
            {m.belowMargin}
          </Label>
          <Input
            id="costing-margin"
            inputMode="decimal"
            className="w-44"
            placeholder={m.belowMarginPlaceholder}
            value={margin.text}
            aria-invalid={marginError ? true : undefined}
            aria-describedby={marginError ? 'costing-margin-error' : undefined}
            onChange={(event) => margin.change(event.target.value)}
          />
          {marginError ? (
            <span id="costing-margin-error" className="text-xs text-destructive dark:text-red-400">
              {m.belowMarginError}
            </span>
          ) : null}
        </div>
      </ListToolbar>
      <PagedListCard
        list={list}
        query={query}
        texts={m}
        emptySummary={m.total(0)}
        canCreate={false}
        table={{
          id: 'costing',
          columns: costingColumns((row) => setDialog({ kind: 'item', itemId: row.itemId })),
          rowKey: (row) => row.itemId,
          rowLabel: (row) => row.sku,
          onRowClick: (row) => setDialog({ kind: 'item', itemId: row.itemId }),
          rowTabStop: false,
          actions: (row) => [
            {
              label: m.actions.open,
              icon: <CalculatorIcon aria-hidden="true" />,
              inline: true,
              onSelect: () => setDialog({ kind: 'item', itemId: row.itemId }),
            },
          ],
          minWidthRem: 84,
        }}
      />
      {dialog?.kind === 'item' ? (
        <CostingDrawer itemId={dialog.itemId} canChange={canAccess} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'settings' ? <CostingSettingsDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function costingColumns(open: (row: CostingRow) => void): DataColumn<CostingRow>[] {
  const c = m.columns;
  const money = (id: string, header: string, value: (row: CostingRow) => string | null, strong = false) => ({
    id,
    header,
    sortField: id,
    numeric: true,
    cell: (row: CostingRow) => <span className={cn(strong && 'font-semibold')}>{moneyOrNone(value(row))}</span>,
  });
  return [
    {
      id: 'name',
      header: c.item,
      sortField: 'name',
      primary: true,
      className: 'min-w-56 max-w-80',
      cell: (row) => (
        <>
          <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
          <RowOpenButton label={m.open(row.name)} onOpen={() => open(row)}>
            <span className="font-sans font-medium">{row.name}</span>
          </RowOpenButton>
          {row.categoryName ? <span className="block text-xs text-muted-foreground">{row.categoryName}</span> : null}
          {row.noPriceCount > 0 ? (
            <span className="block text-xs text-amber-700 dark:text-amber-400">{m.noPrice(row.noPriceCount)}</span>
          ) : null}
        </>
      ),
    },
    money('material', c.material, (r) => r.material),
    money('labour', c.labour, (r) => r.labour),
    money('overhead', c.overhead, (r) => r.overhead),
    money('total', c.total, (r) => r.total, true),
    money('retailPrice', c.price, (r) => r.retailPrice),
    {
      id: 'marginPercent',
      header: c.margin,
      sortField: 'marginPercent',
      numeric: true,
      cell: (row) => (
        <span
          className={cn(isNegative(row.marginPercent) && 'font-medium text-destructive dark:text-red-400')}
          data-negative={isNegative(row.marginPercent) ? 'true' : undefined}
        >
          {percentOrNone(row.marginPercent)}
        </span>
      ),
    },
    money('suggestedPrice', c.suggested, (r) => r.suggestedPrice),
    {
      id: 'actual',
      header: c.actual,
      sortField: 'actual',
      numeric: true,
      cell: (row) => (
        <>
          <span className="block">{moneyOrNone(row.actual)}</span>
          {row.actualCount > 0 ? (
            <span className="block text-xs text-muted-foreground">{m.actualOf(row.actualCount)}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'deviationPercent',
      header: c.deviation,
      sortField: 'deviationPercent',
      numeric: true,
      cell: (row) => percentOrNone(row.deviationPercent),
    },
  ];
}
