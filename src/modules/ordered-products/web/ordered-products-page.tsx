// 'Замовлені товари' (production.md §10, sales.md §7): one row per item with open order demand — demand, reserve,
// uncovered, free stock, in production, toProduce or toBuy, orders, earliest due and value — an expandable drill-down
// per order line, the filters (approved only by default), row selection and the actions 'Зарезервувати вільне',
// 'Створити МВ' and 'Замовити'. There is no delete. Changes are offered only to users with canAccess.
import { Fragment, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  BanknoteIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  ClipboardListIcon,
  FactoryIcon,
  LockIcon,
  PackageIcon,
  ShoppingCartIcon,
  XIcon,
} from 'lucide-react';
import {
  itemKindLabels,
  itemKinds,
  type ItemKind,
  type OrderedProductDetail,
  type OrderedProductRow,
  type OrderedProductsStats,
} from '@/modules/ordered-products/ordered-products.contract.ts';
import { paymentStatusLabels } from '@/modules/orders/orders.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { usePermission } from '@/web/app/use-permission.ts';
import { InlineQueryStatus, ListPagination, ListStates, RowAction, SortableHead } from '@/web/components/data-list.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  ALL,
  ORDERED_PRODUCTS_ROUTE,
  detailQueryKey,
  initialFilter,
  listQueryFn,
  listQueryKey,
  orderLink,
  statsQueryKey,
  type OrderedProductsFilter,
} from './ordered-products.api.ts';
import { BuyDialog, CreateMoDialog, ReserveDialog } from './ordered-products-dialogs.tsx';
import { orderedProductsWebMessages as messages } from './ordered-products.messages.ts';

const SEARCH_DELAY_MS = 300;
const COLUMN_COUNT = 14;
const m = messages;

type SortField =
  | 'sku'
  | 'itemName'
  | 'demand'
  | 'uncovered'
  | 'free'
  | 'inProduction'
  | 'toProduce'
  | 'orders'
  | 'earliestDue'
  | 'value';
type DialogState =
  | { kind: 'reserve'; rows: OrderedProductRow[] }
  | { kind: 'mo'; rows: OrderedProductRow[] }
  | { kind: 'buy'; rows: OrderedProductRow[] }
  | null;

export const formatQty = (value: string) => formatDecimalUk(value, 0);
const formatMoney = (value: string) => formatDecimalUk(value, 2);
const isPositive = (value: string) => /[1-9]/.test(value) && !value.startsWith('-');
/** Kinds that can be ordered by a client (services carry no stock and are not demand). */
const demandKinds = itemKinds.filter((k) => k !== 'service');
const componentKinds: readonly ItemKind[] = ['component', 'material'];

export function OrderedProductsPage() {
  const [filter, setFilter] = useState<OrderedProductsFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [labels, setLabels] = useState<{ category: string | null; client: string | null }>({
    category: null,
    client: null,
  });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlyMap<number, OrderedProductRow>>(new Map());
  const [dialog, setDialog] = useState<DialogState>(null);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(ORDERED_PRODUCTS_ROUTE);

  const listQuery = useQuery({
    queryKey: listQueryKey(filter),
    queryFn: listQueryFn,
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<OrderedProductsStats>({
    queryKey: statsQueryKey(filter),
    placeholderData: keepPreviousData,
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const rows = listQuery.data?.items ?? [];

  /** Any change of the search or a filter starts again from page 1 and drops the selection. */
  function changeFilter(change: Partial<Omit<OrderedProductsFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
    setSelected(new Map());
  }
  function changeSearch(text: string) {
    setSearchText(text);
    debounce(() => changeFilter({ search: text.trim() }));
  }
  function toggleSort(field: SortField) {
    setFilter((current) => ({ ...current, sort: current.sort === field ? `-${field}` : field }));
  }
  function toggleExpanded(itemId: number) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });
  }
  function toggleSelected(row: OrderedProductRow, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.itemId, row);
      else next.delete(row.itemId);
      return next;
    });
  }
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.itemId));
  function toggleAll(on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.itemId, row);
        else next.delete(row.itemId);
      }
      return next;
    });
  }
  const selectedRows = [...selected.values()];
  const madeSelected = selectedRows.filter((r) => r.made);
  const boughtSelected = selectedRows.filter((r) => !r.made);
  const filtersActive =
    filter.search !== '' ||
    !filter.approvedOnly ||
    filter.categoryId !== null ||
    filter.kind !== ALL ||
    filter.dueBefore !== '' ||
    filter.clientId !== null;

  function closeDialog(done: boolean) {
    setDialog(null);
    if (done) setSelected(new Map());
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.title}</h1>
        <p className="text-sm text-muted-foreground">{m.subtitle}</p>
      </div>

      <StatCards stats={statsQuery.data} />
      {statsQuery.isError && !statsQuery.data ? (
        <InlineQueryStatus query={statsQuery} loadingText="" errorText={m.loadError} retryText={m.retry} />
      ) : null}

      <Filters
        filter={filter}
        searchText={searchText}
        labels={labels}
        filtersActive={filtersActive}
        onSearch={changeSearch}
        onChange={changeFilter}
        onLabels={(change) => setLabels((current) => ({ ...current, ...change }))}
        onClear={() => {
          setSearchText('');
          setLabels({ category: null, client: null });
          setFilter(initialFilter);
          setSelected(new Map());
        }}
      />

      {canAccess && selectedRows.length > 0 ? (
        <div
          role="toolbar"
          aria-label={m.actions.selected(selectedRows.length)}
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2"
        >
          <span className="text-sm font-medium">{m.actions.selected(selectedRows.length)}</span>
          <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'reserve', rows: selectedRows })}>
            <LockIcon aria-hidden="true" />
            {m.actions.reserve}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={madeSelected.length === 0}
            title={madeSelected.length === 0 ? m.actions.noneMade : undefined}
            onClick={() => setDialog({ kind: 'mo', rows: madeSelected })}
          >
            <FactoryIcon aria-hidden="true" />
            {m.actions.createMo}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={boughtSelected.length === 0}
            title={boughtSelected.length === 0 ? m.actions.noneBought : undefined}
            onClick={() => setDialog({ kind: 'buy', rows: boughtSelected })}
          >
            <ShoppingCartIcon aria-hidden="true" />
            {m.actions.buy}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            <XIcon aria-hidden="true" />
            {m.actions.clearSelection}
          </Button>
        </div>
      ) : null}

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates query={listQuery} loadingText={m.loading} loadErrorText={m.loadError} retryText={m.retry}>
          <div className="overflow-x-auto">
            <Table
              className="min-w-[72rem] [&_td]:px-2 [&_th]:px-2"
              aria-label={m.title}
              aria-busy={listQuery.isFetching ? true : undefined}
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-8">
                    {canAccess ? (
                      <Checkbox
                        aria-label={m.columns.selectAll}
                        checked={allOnPage}
                        disabled={rows.length === 0}
                        onCheckedChange={(v) => toggleAll(v === true)}
                      />
                    ) : (
                      <span className="sr-only">{m.columns.select}</span>
                    )}
                  </TableHead>
                  <TableHead className="w-8">
                    <span className="sr-only">{m.detail.order}</span>
                  </TableHead>
                  <SortableHead field="sku" sort={filter.sort} onSort={toggleSort}>
                    {m.columns.sku}
                  </SortableHead>
                  <SortableHead field="itemName" sort={filter.sort} onSort={toggleSort}>
                    {m.columns.itemName}
                  </SortableHead>
                  <SortableHead field="demand" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.demand}
                  </SortableHead>
                  <TableHead className="text-right">{m.columns.reserved}</TableHead>
                  <SortableHead field="uncovered" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.uncovered}
                  </SortableHead>
                  <SortableHead field="free" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.free}
                  </SortableHead>
                  <SortableHead field="inProduction" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.inProduction}
                  </SortableHead>
                  <SortableHead field="toProduce" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.toProduce}
                  </SortableHead>
                  <SortableHead field="orders" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.orders}
                  </SortableHead>
                  <SortableHead field="earliestDue" sort={filter.sort} onSort={toggleSort}>
                    {m.columns.earliestDue}
                  </SortableHead>
                  <SortableHead field="value" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.value}
                  </SortableHead>
                  <TableHead className="text-right">{m.columns.actions}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
                {rows.length === 0 ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={COLUMN_COUNT} className="py-12 text-center">
                      <p className="font-medium">{m.empty}</p>
                      <p className="text-sm text-muted-foreground">
                        {filter.approvedOnly ? m.emptyApprovedHint : m.emptyHint}
                      </p>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row) => (
                    <Fragment key={row.itemId}>
                      <ProductRow
                        row={row}
                        canChange={canAccess}
                        expanded={expanded.has(row.itemId)}
                        selected={selected.has(row.itemId)}
                        onExpand={() => toggleExpanded(row.itemId)}
                        onSelect={(on) => toggleSelected(row, on)}
                        onReserve={() => setDialog({ kind: 'reserve', rows: [row] })}
                        onCreateMo={() => setDialog({ kind: 'mo', rows: [row] })}
                        onBuy={() => setDialog({ kind: 'buy', rows: [row] })}
                      />
                      {expanded.has(row.itemId) ? (
                        <TableRow className="bg-muted/30 hover:bg-muted/30">
                          <TableCell colSpan={COLUMN_COUNT} className="p-0">
                            <LinesDetail itemId={row.itemId} sku={row.sku} filter={filter} />
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={m.total(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {dialog?.kind === 'reserve' ? (
        <ReserveDialog rows={dialog.rows} approvedOnly={filter.approvedOnly} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'mo' ? (
        <CreateMoDialog rows={dialog.rows} approvedOnly={filter.approvedOnly} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'buy' ? (
        <BuyDialog rows={dialog.rows} approvedOnly={filter.approvedOnly} onClose={closeDialog} />
      ) : null}
    </div>
  );
}

function ProductRow({
  row,
  canChange,
  expanded,
  selected,
  onExpand,
  onSelect,
  onReserve,
  onCreateMo,
  onBuy,
}: {
  row: OrderedProductRow;
  canChange: boolean;
  expanded: boolean;
  selected: boolean;
  onExpand: () => void;
  onSelect: (on: boolean) => void;
  onReserve: () => void;
  onCreateMo: () => void;
  onBuy: () => void;
}) {
  const shortfall = row.made ? row.toProduce : row.toBuy;
  const unit = row.unitShortName ? ` ${row.unitShortName}` : '';
  return (
    <TableRow data-state={selected ? 'selected' : undefined}>
      <TableCell>
        {canChange ? (
          <Checkbox
            aria-label={m.selectRow(row.sku)}
            checked={selected}
            onCheckedChange={(v) => onSelect(v === true)}
          />
        ) : null}
      </TableCell>
      <TableCell>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-expanded={expanded}
          aria-label={expanded ? m.collapse(row.sku) : m.expand(row.sku)}
          onClick={onExpand}
        >
          {expanded ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
        </Button>
      </TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap">{row.sku}</TableCell>
      <TableCell className="max-w-64 min-w-40">
        <span className="font-medium">{row.itemName}</span>
        <span className="block text-xs text-muted-foreground">
          {itemKindLabels[row.kind]} · {row.made ? m.made : m.bought}
          {row.categoryName ? ` · ${row.categoryName}` : ''}
        </span>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatQty(row.demand)}
        <span className="text-xs text-muted-foreground">{unit}</span>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap text-muted-foreground tabular-nums">
        {formatQty(row.reserved)}
      </TableCell>
      <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
        {formatQty(row.uncovered)}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatQty(row.free)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatQty(row.inProduction)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        <span
          className={cn(
            'font-semibold',
            isPositive(shortfall) ? 'text-amber-700 dark:text-amber-300' : 'text-muted-foreground',
          )}
        >
          {formatQty(shortfall)}
        </span>
        <span className="block text-xs text-muted-foreground">{row.made ? m.made : m.bought}</span>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{row.orders}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {row.earliestDue ? formatDateUk(row.earliestDue) : m.none}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(row.value)}</TableCell>
      <TableCell>
        {canChange ? (
          <div className="flex justify-end">
            <RowAction label={m.actions.reserveFor(row.sku)} onClick={onReserve}>
              <LockIcon aria-hidden="true" />
            </RowAction>
            {row.made ? (
              <RowAction label={m.actions.createMoFor(row.sku)} onClick={onCreateMo}>
                <FactoryIcon aria-hidden="true" />
              </RowAction>
            ) : (
              <RowAction label={m.actions.buyFor(row.sku)} onClick={onBuy}>
                <ShoppingCartIcon aria-hidden="true" />
              </RowAction>
            )}
          </div>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** The drill-down: the item's open lines, earliest due first, with a link to each order. */
function LinesDetail({ itemId, sku, filter }: { itemId: number; sku: string; filter: OrderedProductsFilter }) {
  const query = useQuery<OrderedProductDetail>({ queryKey: detailQueryKey(itemId, filter) });
  const d = m.detail;
  if (!query.data) {
    return (
      <div className="px-4 py-3">
        <InlineQueryStatus query={query} loadingText={d.loading} errorText={d.loadError} retryText={m.retry} />
      </div>
    );
  }
  const lines = query.data.lines;
  if (!lines.length) return <p className="px-4 py-3 text-sm text-muted-foreground">{d.empty}</p>;
  return (
    <div className="px-2 py-2 sm:px-6">
      <Table aria-label={d.label(sku)} className="text-sm">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{d.order}</TableHead>
            <TableHead>{d.client}</TableHead>
            <TableHead className="text-right">{d.remaining}</TableHead>
            <TableHead className="text-right">{d.reserved}</TableHead>
            <TableHead className="text-right">{d.uncovered}</TableHead>
            <TableHead className="text-right">{d.coveredByMo}</TableHead>
            <TableHead>{d.dueDate}</TableHead>
            <TableHead>{d.payment}</TableHead>
            <TableHead>{d.approval}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.orderLineId}>
              <TableCell className="whitespace-nowrap">
                <Link
                  href={orderLink(line.orderNumber)}
                  aria-label={d.openOrder(line.orderNumber)}
                  className="font-mono text-xs text-primary underline-offset-4 hover:underline"
                >
                  {line.orderNumber}
                </Link>
              </TableCell>
              <TableCell className="max-w-48 min-w-32">{line.clientName}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQty(line.remaining)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQty(line.reserved)}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatQty(line.uncovered)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatQty(line.coveredByMo)}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {line.dueDate ? formatDateUk(line.dueDate) : m.none}
              </TableCell>
              <TableCell className="whitespace-nowrap">{paymentStatusLabels[line.paymentStatus]}</TableCell>
              <TableCell className="whitespace-nowrap">
                <span
                  className={cn(
                    'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                    line.approved
                      ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400'
                      : 'bg-muted text-muted-foreground',
                  )}
                >
                  {line.approved ? d.approved : d.notApproved}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function Filters({
  filter,
  searchText,
  labels,
  filtersActive,
  onSearch,
  onChange,
  onLabels,
  onClear,
}: {
  filter: OrderedProductsFilter;
  searchText: string;
  labels: { category: string | null; client: string | null };
  filtersActive: boolean;
  onSearch: (text: string) => void;
  onChange: (change: Partial<Omit<OrderedProductsFilter, 'page' | 'limit'>>) => void;
  onLabels: (change: Partial<{ category: string | null; client: string | null }>) => void;
  onClear: () => void;
}) {
  const f = m.filters;
  // Components and materials have their own category tree (reference-data.md §2–3).
  const categoryRoute =
    filter.kind !== ALL && componentKinds.includes(filter.kind) ? '/categories' : '/product-categories';
  return (
    <div role="search" aria-label={f.label} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,1fr)_13rem_14rem]">
        <div className="min-w-0 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="ordered-products-search" className="sr-only">
            {f.search}
          </Label>
          <Input
            id="ordered-products-search"
            type="search"
            placeholder={f.searchPlaceholder}
            value={searchText}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        <Select value={filter.kind} onValueChange={(kind) => onChange({ kind: kind as ItemKind | typeof ALL })}>
          <SelectTrigger aria-label={f.kind} className="w-full">
            <span className="flex min-w-0 items-center gap-1 truncate">
              <span className="text-muted-foreground">{f.kind}:</span>
              <SelectValue />
            </span>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{f.kindAll}</SelectItem>
            {demandKinds.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {itemKindLabels[kind]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ReferencePicker
          route={categoryRoute}
          aria-label={f.category}
          prefix={f.category}
          clearLabel={f.categoryAll}
          value={filter.categoryId}
          valueLabel={labels.category}
          onChange={(categoryId, label) => {
            onLabels({ category: label });
            onChange({ categoryId });
          }}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[14rem_minmax(0,18rem)_auto_auto] lg:items-center">
        <ReferencePicker
          route="/clients"
          aria-label={f.client}
          prefix={f.client}
          clearLabel={f.clientAll}
          value={filter.clientId}
          valueLabel={labels.client}
          onChange={(clientId, label) => {
            onLabels({ client: label });
            onChange({ clientId });
          }}
        />
        <div className="flex items-center gap-2">
          <Label htmlFor="ordered-products-due" className="shrink-0 text-sm text-muted-foreground">
            {f.dueBefore}
          </Label>
          <Input
            id="ordered-products-due"
            type="date"
            value={filter.dueBefore}
            onChange={(event) => onChange({ dueBefore: event.target.value })}
          />
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id="ordered-products-approved"
            checked={filter.approvedOnly}
            onCheckedChange={(approvedOnly) => onChange({ approvedOnly })}
          />
          <Label htmlFor="ordered-products-approved">{f.approvedOnly}</Label>
        </div>
        {filtersActive ? (
          <Button variant="ghost" size="sm" className="justify-self-start" onClick={onClear}>
            <XIcon aria-hidden="true" />
            {f.clear}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function StatCards({ stats }: { stats: OrderedProductsStats | undefined }) {
  const s = m.stats;
  const value = (v: number | undefined) => (v === undefined ? m.none : String(v));
  return (
    <section aria-label={s.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5 lg:gap-4">
        <li className="min-w-0">
          <StatCard
            label={s.items}
            hint={s.itemsHint}
            icon={PackageIcon}
            tone={statTones.primary}
            value={value(stats?.items)}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={s.toProduce}
            hint={s.toProduceHint}
            icon={FactoryIcon}
            tone={statTones.amber}
            value={value(stats?.toProduceItems)}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={s.toBuy}
            hint={s.toBuyHint}
            icon={ShoppingCartIcon}
            tone={statTones.sky}
            value={value(stats?.toBuyItems)}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={s.orders}
            hint={s.ordersHint}
            icon={ClipboardListIcon}
            tone={statTones.primary}
            value={value(stats?.orders)}
          />
        </li>
        <li className="col-span-2 min-w-0 lg:col-span-1">
          <StatCard
            label={s.value}
            hint={s.valueHint}
            icon={BanknoteIcon}
            tone={statTones.green}
            value={stats ? formatMoney(stats.value) : m.none}
            unit={stats ? m.currency : undefined}
          />
        </li>
      </ul>
    </section>
  );
}
