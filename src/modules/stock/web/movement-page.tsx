// 'Рух запасів' (warehouse.md §3): the ledger as a page. Every quantity change with its document, newest first;
// filters by item (components and materials, or every kind with 'Усі товари'), warehouse, document type, category,
// user, direction, period and search; the period's turnover above the table; 'Залишок після' when the list is one item's.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { Link, useSearch } from 'wouter';
import {
  documentTypeLabels,
  movementDirectionLabels,
  movementDirections,
  type MovementRow,
  type MovementSummary,
} from '@/modules/stock/stock.contract.ts';
import { ReferenceFilter, ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { lookupBase, type LookupItem } from '@/resources/_engine/web/resource-api.ts';
import { InlineQueryStatus, ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { PeriodFilter } from '@/web/components/list-page.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  formatDateUk,
  formatMoney,
  formatUnitCost,
  formatPostedAt,
  formatQty,
  formatQtyUnit,
  formatSignedQty,
  qtyDirection,
} from './stock-format.ts';
import { FilterSelect, SearchBox } from './stock-parts.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import {
  ALL,
  documentLink,
  movementExportUrl,
  movementFilterFromUrl,
  movementListQueryFn,
  movementListQueryKey,
  movementSummaryQueryFn,
  movementSummaryQueryKey,
  type MovementFilter,
} from './stock.api.ts';
import { stockMessages } from './stock.messages.ts';

const messages = stockMessages.movement;

type SortField = 'id' | 'occurredOn';

const documentTypeOptions = [
  { value: ALL, label: messages.documentTypeAll },
  ...Object.entries(documentTypeLabels).map(([value, label]) => ({ value, label })),
];

const directionOptions = [
  { value: ALL, label: messages.directionAll },
  ...movementDirections.map((value) => ({ value, label: movementDirectionLabels[value] })),
];

const itemRoute = (kind: MovementFilter['kind']) => (kind === 'all' ? '/products' : '/components');
/** The categories of the items the picker offers: components' own, or the products' with 'Усі товари'. */
const categoryRoute = (kind: MovementFilter['kind']) => (kind === 'all' ? '/product-categories' : '/categories');

/**
 * The page body. Its URL gives the initial filters (`?itemId=5&kind=all` from 'Рух' of the stock pages); following
 * another such link while on the page starts it again with those filters.
 */
export function MovementPage() {
  const search = useSearch();
  return <MovementPageBody key={search} initial={movementFilterFromUrl(search)} />;
}

function MovementPageBody({ initial }: { initial: MovementFilter }) {
  const [filter, setFilter] = useState<MovementFilter>(initial);
  /** Labels of the chosen item and warehouse, for the pickers' triggers. */
  const [labels, setLabels] = useState<{ item: string | null; warehouse: string | null }>({
    item: null,
    warehouse: null,
  });

  const listQuery = useQuery({
    queryKey: movementListQueryKey(filter),
    queryFn: movementListQueryFn(filter),
    placeholderData: keepPreviousData,
  });
  const summaryQuery = useQuery({
    queryKey: movementSummaryQueryKey(filter),
    queryFn: movementSummaryQueryFn(filter),
    placeholderData: keepPreviousData,
  });
  // An item given by the link has no label yet: its lookup names it (by id, in the lookup of the link's kind).
  const linkedItemQuery = useQuery<LookupItem[]>({
    queryKey: [lookupBase(itemRoute(initial.kind)), { ids: String(initial.itemId) }],
    enabled: initial.itemId !== null && filter.itemId === initial.itemId && labels.item === null,
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  /** Any change of the search or a filter starts again from page 1. */
  function changeFilter(change: Partial<Omit<MovementFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }
  const search = useSearchBox(initial.search, (text) => changeFilter({ search: text }));

  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }

  const rows = listQuery.data?.items ?? [];
  const oneItem = filter.itemId !== null;
  const itemRow = oneItem ? rows.find((row) => row.itemId === filter.itemId) : undefined;
  const itemLabel =
    labels.item ??
    linkedItemQuery.data?.find((item) => item.id === filter.itemId)?.label ??
    (itemRow ? `${itemRow.sku} ${itemRow.itemName}` : null);
  const columnCount = oneItem ? 10 : 9;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        <ExportMenu urlOf={(format) => movementExportUrl(filter, format)} />
      </div>

      <div
        role="search"
        aria-label={messages.filtersLabel}
        className="grid items-center gap-3 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-2 xl:grid-cols-[repeat(3,minmax(0,1fr))_auto]"
      >
        <SearchBox
          id="movement-search"
          className="sm:col-span-2 xl:col-span-1"
          label={messages.searchLabel}
          placeholder={messages.searchPlaceholder}
          value={search.text}
          onChange={search.change}
        />
        <ReferencePicker
          className="xl:col-span-2"
          route={itemRoute(filter.kind)}
          aria-label={messages.item}
          prefix={messages.item}
          clearLabel={filter.kind === 'all' ? messages.itemAll : messages.itemAllComponents}
          value={filter.itemId}
          valueLabel={itemLabel}
          onChange={(itemId, label) => {
            setLabels((current) => ({ ...current, item: label }));
            changeFilter({ itemId });
          }}
        />
        <div className="flex min-h-10 items-center gap-3 xl:max-w-56">
          <Switch
            id="movement-all-kinds"
            checked={filter.kind === 'all'}
            aria-describedby="movement-all-kinds-hint"
            // The categories offered change with the kinds: a chosen one is lifted.
            onCheckedChange={(checked) => changeFilter({ kind: checked ? 'all' : 'components', categoryId: null })}
          />
          <div className="grid min-w-0">
            <Label htmlFor="movement-all-kinds">{messages.allKinds}</Label>
            <span id="movement-all-kinds-hint" className="text-xs text-muted-foreground">
              {messages.allKindsHint}
            </span>
          </div>
        </div>
        <ReferencePicker
          route="/warehouses"
          aria-label={messages.warehouse}
          prefix={messages.warehouse}
          clearLabel={messages.warehouseAll}
          value={filter.warehouseId}
          valueLabel={labels.warehouse}
          onChange={(warehouseId, label) => {
            setLabels((current) => ({ ...current, warehouse: label }));
            changeFilter({ warehouseId });
          }}
        />
        <FilterSelect
          label={messages.documentType}
          value={filter.documentType}
          options={documentTypeOptions}
          onChange={(documentType) => changeFilter({ documentType })}
        />
        <ReferenceFilter
          className="w-full"
          route={categoryRoute(filter.kind)}
          label={messages.category}
          allLabel={messages.categoryAll}
          value={filter.categoryId}
          onChange={(categoryId) => changeFilter({ categoryId })}
        />
        <FilterSelect
          label={messages.direction}
          value={filter.direction}
          options={directionOptions}
          onChange={(direction) => changeFilter({ direction: direction as MovementFilter['direction'] })}
        />
        <ReferenceFilter
          className="w-full"
          route="/users"
          label={messages.user}
          allLabel={messages.userAll}
          value={filter.userId}
          onChange={(userId) => changeFilter({ userId })}
        />
        <div className="min-w-0 sm:col-span-2">
          <PeriodFilter
            id="movement-date"
            from={filter.dateFrom}
            to={filter.dateTo}
            labels={{ from: messages.dateFrom, to: messages.dateToLabel }}
            onChange={changeFilter}
          />
        </div>
      </div>

      <SummaryStrip summary={summaryQuery.data} showQty={oneItem} unit={itemRow?.unitShortName ?? null} />
      {summaryQuery.isError && !summaryQuery.data ? (
        <InlineQueryStatus
          query={summaryQuery}
          loadingText=""
          errorText={messages.summary.loadError}
          retryText={stockMessages.retry}
        />
      ) : null}

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={stockMessages.retry}
        >
          <Table
            // Up to ten columns: a little less padding than other lists, so more of them fit beside the sidebar.
            className={cn('[&_td]:px-2 [&_th]:px-2', oneItem ? 'min-w-[58rem]' : 'min-w-[52rem]')}
            aria-label={messages.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <SortableHead field="id" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.id}
                </SortableHead>
                <SortableHead field="occurredOn" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.date}
                </SortableHead>
                <TableHead>{messages.columns.document}</TableHead>
                <TableHead>{messages.columns.item}</TableHead>
                <TableHead>{messages.columns.warehouse}</TableHead>
                <TableHead className="text-right">{messages.columns.qty}</TableHead>
                <TableHead className="text-right">{messages.columns.unitCost}</TableHead>
                <TableHead className="text-right">{messages.columns.value}</TableHead>
                {oneItem ? (
                  <TableHead className="text-right whitespace-normal">{messages.columns.balanceAfter}</TableHead>
                ) : null}
                <TableHead>{messages.columns.user}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columnCount} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">{messages.emptyHint}</p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => <MovementTableRow key={row.id} row={row} showBalance={oneItem} />)
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            capped={listQuery.data?.capped ?? false}
            emptySummary={messages.total(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>
    </div>
  );
}

const directionLooks = {
  in: 'text-emerald-700 dark:text-emerald-400',
  out: 'text-red-700 dark:text-red-400',
  zero: 'text-muted-foreground',
} as const;

function MovementTableRow({ row, showBalance }: { row: MovementRow; showBalance: boolean }) {
  const typeLabel = Object.hasOwn(documentTypeLabels, row.documentType)
    ? documentTypeLabels[row.documentType]!
    : row.documentType;
  const href = documentLink(row.documentType, row.documentNumber, row.itemKind);
  const postedAt = formatPostedAt(row.createdAt, row.occurredOn);
  const documentText = (
    <>
      <span className="block text-xs text-muted-foreground">{typeLabel}</span>{' '}
      <span className="block font-medium whitespace-nowrap">{row.documentNumber}</span>
      {row.note ? (
        <>
          {' '}
          <span className="block text-xs text-muted-foreground">{row.note}</span>
        </>
      ) : null}
    </>
  );
  return (
    <TableRow>
      <TableCell className="text-muted-foreground tabular-nums">{row.id}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        <span className="block">{formatDateUk(row.occurredOn)}</span>
        <span className="block text-xs text-muted-foreground">
          <span className="sr-only">{messages.postedAt} </span>
          {postedAt}
        </span>
      </TableCell>
      <TableCell>
        {href ? (
          <Link
            href={href}
            className="-mx-1 block rounded-sm px-1 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {documentText}
          </Link>
        ) : (
          documentText
        )}
        {row.reversesMovementId !== null ? (
          <span
            className="mt-0.5 inline-block rounded-sm bg-muted px-1.5 py-px text-xs text-muted-foreground"
            title={messages.reversalOf(row.reversesMovementId)}
          >
            {messages.reversal} №{row.reversesMovementId}
          </span>
        ) : null}
      </TableCell>
      <TableCell className="min-w-32">
        <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
        <span className="block">{row.itemName}</span>
      </TableCell>
      <TableCell className="min-w-24">{row.warehouseName}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        <span className={cn('font-medium', directionLooks[qtyDirection(row.qty)])}>{formatSignedQty(row.qty)}</span>
        {row.unitShortName ? <span className="text-muted-foreground"> {row.unitShortName}</span> : null}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatUnitCost(row.unitCost)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(row.value)}</TableCell>
      {showBalance ? (
        <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
          {row.balanceAfter === null ? stockMessages.none : formatQtyUnit(row.balanceAfter, row.unitShortName)}
        </TableCell>
      ) : null}
      <TableCell className="min-w-24">{row.userName ?? stockMessages.none}</TableCell>
    </TableRow>
  );
}

/**
 * The period's turnover: opening, in, out, closing. Values always; quantities only for one item (quantities of
 * different items, in different units, do not add up).
 */
function SummaryStrip({
  summary,
  showQty,
  unit,
}: {
  summary: MovementSummary | undefined;
  showQty: boolean;
  unit: string | null;
}) {
  const m = messages.summary;
  const cells: { key: string; label: string; qty: string | undefined; value: string | undefined }[] = [
    { key: 'opening', label: m.opening, qty: summary?.openingQty, value: summary?.openingValue },
    { key: 'in', label: m.in, qty: summary?.inQty, value: summary?.inValue },
    { key: 'out', label: m.out, qty: summary?.outQty, value: summary?.outValue },
    { key: 'closing', label: m.closing, qty: summary?.closingQty, value: summary?.closingValue },
  ];
  const none = stockMessages.none;
  return (
    <section aria-label={m.label}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {cells.map(({ key, label, qty, value }) => (
          <div key={key} className="grid min-w-0 content-start gap-0.5 rounded-xl border bg-card p-4 shadow-xs">
            <dt className="truncate text-sm font-medium text-muted-foreground">{label}</dt>
            {showQty ? (
              <dd
                className="text-lg font-semibold tracking-tight tabular-nums [overflow-wrap:anywhere] sm:text-2xl"
                data-summary={`${key}-qty`}
              >
                <span className="sr-only">{m.qty}: </span>
                {qty === undefined ? none : unit ? formatQtyUnit(qty, unit) : formatQty(qty)}
              </dd>
            ) : null}
            <dd
              className={cn(
                // A year's turnover ('7 979 761 990,33 грн') is wider than half a phone: its grouped digits are joined
                // by no-break spaces, so it may break anywhere rather than push the page sideways.
                'tabular-nums [overflow-wrap:anywhere]',
                showQty ? 'text-sm text-muted-foreground' : 'text-lg font-semibold tracking-tight sm:text-2xl',
              )}
              data-summary={`${key}-value`}
            >
              <span className="sr-only">{m.value}: </span>
              {value === undefined ? none : formatMoney(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
