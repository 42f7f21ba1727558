// 'Дефіцит матеріалів' (warehouse.md §4): the totals, search and filters (critical, category, supplier), a paged
// sortable table of the items short — needs, available, on order, in drafts, shortage, unit, 'Потрібно до', lead
// time, the 'Критичний' / 'Звичайний' badge, preferred supplier, last price, estimated cost, alternatives with free
// stock — the item's name opens the 'Джерела' drill-down; rows are selected for 'Створити замовлення постачальнику'; the gear opens
// the settings. `?itemId=` (the critical notification's link) shows that item and opens its sources.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AlertOctagonIcon,
  BanknoteIcon,
  PackageSearchIcon,
  SearchIcon,
  ShoppingCartIcon,
  UserXIcon,
  XIcon,
} from 'lucide-react';
import { useSearch } from 'wouter';
import type { ShortageRow, ShortageStats } from '@/modules/shortage/shortage.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { SettingsButton } from '@/web/components/list-page.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Badge } from '@/web/components/ui/badge.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk, formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { cn } from '@/web/lib/utils.ts';
import { ShortageOrderDialog } from './shortage-order-dialog.tsx';
import { ShortageSettingsDialog } from './shortage-settings-dialog.tsx';
import { ShortageSourcesDrawer } from './shortage-sources.tsx';
import {
  ALL,
  SHORTAGE_ROUTE,
  initialShortageFilter,
  itemIdFromSearch,
  shortageListQueryFn,
  shortageListQueryKey,
  shortageStatsQueryKey,
  type ShortageListFilter,
} from './shortage.api.ts';
import { shortageWebMessages as messages } from './shortage.messages.ts';

type SortField = 'priority' | 'sku' | 'needs' | 'shortage' | 'shortageDate' | 'leadTimeDays' | 'estimatedCost';
type Dialog = { kind: 'order' } | { kind: 'settings' } | { kind: 'sources'; itemId: number } | null;

/** The page; following a notification's `?itemId=` link while on it starts again with that item. */
export function ShortagePage() {
  const itemId = itemIdFromSearch(useSearch());
  return <ShortagePageBody key={itemId ?? 'all'} initialItemId={itemId} />;
}

function ShortagePageBody({ initialItemId }: { initialItemId: number | null }) {
  const [filter, setFilter] = useState<ShortageListFilter>(() => initialShortageFilter(initialItemId));
  const [selected, setSelected] = useState<Map<number, ShortageRow>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(initialItemId ? { kind: 'sources', itemId: initialItemId } : null);
  const { canAccess } = usePermission(SHORTAGE_ROUTE);

  const listQuery = useQuery({
    queryKey: shortageListQueryKey(filter),
    queryFn: shortageListQueryFn,
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<ShortageStats>({
    queryKey: shortageStatsQueryKey(filter),
    placeholderData: keepPreviousData,
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered =
    filter.search !== '' ||
    filter.critical !== ALL ||
    filter.categoryId !== null ||
    filter.supplierId !== null ||
    filter.itemId !== null;

  function changeFilter(change: Partial<Omit<ShortageListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }
  const search = useSearchBox('', (text) => changeFilter({ search: text }));
  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }
  function resetFilters() {
    search.clear();
    setFilter((current) => ({ ...initialShortageFilter(), sort: current.sort }));
  }

  const rows = listQuery.data?.items ?? [];
  const pageSelected = rows.length > 0 && rows.every((r) => selected.has(r.itemId));
  function toggleRow(row: ShortageRow, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.itemId, row);
      else next.delete(row.itemId);
      return next;
    });
  }
  function togglePage(on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.itemId, row);
        else next.delete(row.itemId);
      }
      return next;
    });
  }
  const columnCount = canAccess ? 15 : 14;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        {canAccess ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button disabled={selected.size === 0} onClick={() => setDialog({ kind: 'order' })}>
              <ShoppingCartIcon aria-hidden="true" />
              {messages.createOrders}
              {selected.size > 0 ? ` (${selected.size})` : null}
            </Button>
            <SettingsButton label={messages.settings} onClick={() => setDialog({ kind: 'settings' })} />
          </div>
        ) : null}
      </div>

      <StatCards
        stats={statsQuery.data}
        criticalOnly={filter.critical === 'true'}
        onCritical={() => changeFilter({ critical: filter.critical === 'true' ? ALL : 'true' })}
      />
      {statsQuery.isError && !statsQuery.data ? (
        <p className="text-sm text-destructive dark:text-red-400" role="alert">
          {messages.stats.loadError}
        </p>
      ) : null}

      <div
        role="search"
        aria-label={messages.filtersLabel}
        className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_16rem_16rem_12rem]"
      >
        <div className="relative sm:col-span-2 xl:col-span-1">
          <Label htmlFor="shortage-search" className="sr-only">
            {messages.searchLabel}
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="shortage-search"
            type="search"
            className="pl-9"
            placeholder={messages.searchPlaceholder}
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
          />
        </div>
        <ReferenceFilter
          route="/categories"
          label={messages.category}
          value={filter.categoryId}
          allLabel={messages.categoryAll}
          onChange={(categoryId) => changeFilter({ categoryId })}
        />
        <ReferenceFilter
          route="/suppliers"
          label={messages.supplier}
          value={filter.supplierId}
          allLabel={messages.supplierAll}
          onChange={(supplierId) => changeFilter({ supplierId })}
        />
        <Select
          value={filter.critical}
          onValueChange={(critical) => changeFilter({ critical: critical as ShortageListFilter['critical'] })}
        >
          <SelectTrigger aria-label={messages.criticalLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{messages.criticalAll}</SelectItem>
            <SelectItem value="true">{messages.criticalOnly}</SelectItem>
            <SelectItem value="false">{messages.regularOnly}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {filtered || selected.size > 0 ? (
        <div className="-mt-3 flex flex-wrap items-center gap-2 text-sm">
          {filter.itemId !== null ? (
            <span className="text-muted-foreground">
              {rows[0] && rows[0].itemId === filter.itemId ? messages.oneItem(rows[0].sku) : messages.oneItemUnknown}
            </span>
          ) : null}
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={resetFilters}>
              <XIcon aria-hidden="true" />
              {filter.itemId !== null ? messages.showAll : messages.resetFilters}
            </Button>
          ) : null}
          {selected.size > 0 ? (
            <>
              <span className="text-muted-foreground tabular-nums">{messages.selected(selected.size)}</span>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
                {messages.clearSelection}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={messages.retry}
        >
          <Table
            className="min-w-[92rem] [&_td]:px-2 [&_th]:px-2"
            aria-label={messages.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {canAccess ? (
                  <TableHead className="w-8">
                    <Checkbox
                      aria-label={messages.selectAll}
                      checked={pageSelected}
                      disabled={rows.length === 0}
                      onCheckedChange={(checked) => togglePage(checked === true)}
                    />
                  </TableHead>
                ) : null}
                <SortableHead field="sku" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.item}
                </SortableHead>
                <SortableHead field="needs" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.needs}
                </SortableHead>
                <TableHead className="text-right">{messages.columns.available}</TableHead>
                <TableHead className="text-right">{messages.columns.onOrder}</TableHead>
                <TableHead className="text-right">{messages.columns.inDrafts}</TableHead>
                <SortableHead field="shortage" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.shortage}
                </SortableHead>
                <TableHead>{messages.columns.unit}</TableHead>
                <SortableHead field="shortageDate" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.neededBy}
                </SortableHead>
                <SortableHead field="leadTimeDays" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.leadTime}
                </SortableHead>
                <SortableHead field="priority" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
                <TableHead>{messages.columns.supplier}</TableHead>
                <TableHead className="text-right">{messages.columns.lastPrice}</TableHead>
                <SortableHead field="estimatedCost" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.estimatedCost}
                </SortableHead>
                <TableHead>{messages.columns.alternatives}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columnCount} className="py-12 text-center">
                    <p className="font-medium">{filtered ? messages.emptyFiltered : messages.empty}</p>
                    <p className="text-sm text-muted-foreground">
                      {filtered ? messages.emptyFilteredHint : messages.emptyHint}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <ShortageTableRow
                    key={row.itemId}
                    row={row}
                    selectable={canAccess}
                    selected={selected.has(row.itemId)}
                    onSelect={(on) => toggleRow(row, on)}
                    onSources={() => setDialog({ kind: 'sources', itemId: row.itemId })}
                  />
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.total(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {dialog?.kind === 'sources' ? (
        <ShortageSourcesDrawer itemId={dialog.itemId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'order' ? (
        <ShortageOrderDialog
          rows={[...selected.values()]}
          onClose={() => setDialog(null)}
          onCreated={() => {
            setSelected(new Map());
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'settings' ? <ShortageSettingsDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

export function CriticalBadge({ critical }: { critical: boolean }) {
  return critical ? (
    <Badge variant="destructive" className="dark:bg-red-500/80">
      <AlertOctagonIcon aria-hidden="true" />
      {messages.critical}
    </Badge>
  ) : (
    <Badge variant="secondary">{messages.regular}</Badge>
  );
}

function Num({ children, strong, muted }: { children: ReactNode; strong?: boolean; muted?: boolean }) {
  return (
    <TableCell
      className={cn(
        'text-right whitespace-nowrap tabular-nums',
        strong && 'font-semibold',
        muted && 'text-muted-foreground',
      )}
    >
      {children}
    </TableCell>
  );
}

function ShortageTableRow({
  row,
  selectable,
  selected,
  onSelect,
  onSources,
}: {
  row: ShortageRow;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onSources: () => void;
}) {
  const none = messages.none;
  return (
    <TableRow data-state={selected ? 'selected' : undefined}>
      {selectable ? (
        <TableCell>
          <Checkbox
            aria-label={messages.selectRow(row.sku)}
            checked={selected}
            onCheckedChange={(checked) => onSelect(checked === true)}
          />
        </TableCell>
      ) : null}
      <TableCell className="max-w-72 min-w-48">
        <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 text-left font-medium underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openSources(row.name, row.sku)}
          title={messages.sources}
          onClick={onSources}
        >
          {row.name}
        </button>
        {row.categoryName ? <span className="block text-xs text-muted-foreground">{row.categoryName}</span> : null}
      </TableCell>
      <Num>{formatQty(row.needs)}</Num>
      <Num muted>{formatQty(row.available)}</Num>
      <Num muted>{formatQty(row.onOrder)}</Num>
      <Num muted>{formatQty(row.inDrafts)}</Num>
      <Num strong>{formatQty(row.shortage)}</Num>
      <TableCell className="whitespace-nowrap text-muted-foreground">{row.unitShortName ?? none}</TableCell>
      <TableCell
        className={cn(
          'whitespace-nowrap tabular-nums',
          row.critical && 'font-medium text-destructive dark:text-red-400',
        )}
      >
        {row.shortageDate ? formatDateUk(row.shortageDate) : none}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <span className="block tabular-nums">{messages.days(row.leadTimeDays)}</span>
        <span className="block text-xs text-muted-foreground">{messages.leadTimeFrom[row.leadTimeSource]}</span>
      </TableCell>
      <TableCell>
        <span className="grid justify-items-start gap-1">
          <CriticalBadge critical={row.critical} />
          {row.neededInProgress ? (
            <span className="text-xs text-muted-foreground">{messages.inProgressHint}</span>
          ) : null}
        </span>
      </TableCell>
      <TableCell className="max-w-48 min-w-32">
        {row.preferredSupplierName ?? <span className="text-muted-foreground">{messages.noSupplier}</span>}
        {row.packQty ? (
          <span className="block text-xs text-muted-foreground">{messages.packOf(formatQty(row.packQty))}</span>
        ) : null}
      </TableCell>
      <Num>{row.lastPrice ? formatMoney(row.lastPrice) : row.avgCost ? formatMoney(row.avgCost) : none}</Num>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        <span className="block">{formatMoney(row.estimatedCost)}</span>
        <span className="block text-xs text-muted-foreground">
          {messages.suggested(`${formatQty(row.suggestedQty)}${row.unitShortName ? ` ${row.unitShortName}` : ''}`)}
        </span>
      </TableCell>
      <TableCell className="max-w-48 min-w-28 text-xs">
        {row.alternatives.length
          ? row.alternatives.map((a) => (
              <span key={a.itemId} className="block" title={a.name}>
                {messages.alternativeFree(a.sku, formatQty(a.available))}
              </span>
            ))
          : none}
      </TableCell>
    </TableRow>
  );
}

function StatCards({
  stats,
  criticalOnly,
  onCritical,
}: {
  stats: ShortageStats | undefined;
  criticalOnly: boolean;
  onCritical: () => void;
}) {
  const m = messages.stats;
  const none = messages.none;
  return (
    <section aria-label={m.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <li className="min-w-0">
          <StatCard
            label={m.items}
            hint={m.itemsHint}
            icon={PackageSearchIcon}
            tone={statTones.amber}
            value={stats ? stats.items : none}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.critical}
            hint={criticalOnly ? m.activeHint : m.criticalHint}
            icon={AlertOctagonIcon}
            tone={statTones.red}
            value={stats ? stats.critical : none}
            pressed={criticalOnly}
            onClick={onCritical}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.cost}
            hint={m.costHint}
            icon={BanknoteIcon}
            tone={statTones.green}
            value={stats ? formatMoney(stats.estimatedCost) : none}
            unit={stats ? messages.currency : undefined}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.withoutSupplier}
            hint={m.withoutSupplierHint}
            icon={UserXIcon}
            tone={statTones.sky}
            value={stats ? stats.withoutSupplier : none}
          />
        </li>
      </ul>
    </section>
  );
}
