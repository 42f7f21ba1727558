// 'Замовлені товари' (production.md §10, sales.md §7): one row per item with open order demand — demand, reserve,
// uncovered, free stock, in production, toProduce or toBuy, orders, earliest due and value — an expandable drill-down
// per order line, the filters (approved only by default), row selection and the actions 'Зарезервувати вільне',
// 'Створити МВ' and 'Замовити'. There is no delete. Changes are offered only to users with canAccess.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FactoryIcon, LockIcon, ShoppingCartIcon, XIcon } from 'lucide-react';
import {
  type OrderedProductRow,
  type OrderedProductsStats,
} from '@/modules/ordered-products/ordered-products.contract.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { ListCard, ListEmpty, ListHeader } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import {
  ALL,
  ORDERED_PRODUCTS_ROUTE,
  initialFilter,
  listQueryFn,
  listQueryKey,
  statsQueryKey,
  type OrderedProductsFilter,
} from './ordered-products.api.ts';
import { BuyDialog, CreateMoDialog, ReserveDialog } from './ordered-products-dialogs.tsx';
import {
  Filters,
  OrderLinesDetail,
  StatCards,
  m,
  orderedProductActions,
  orderedProductColumns,
  type SortField,
} from './ordered-products-parts.tsx';

type DialogState =
  | { kind: 'reserve'; rows: OrderedProductRow[] }
  | { kind: 'mo'; rows: OrderedProductRow[] }
  | { kind: 'buy'; rows: OrderedProductRow[] }
  | null;

export function OrderedProductsPage() {
  const [filter, setFilter] = useState<OrderedProductsFilter>(initialFilter);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlyMap<number, OrderedProductRow>>(new Map());
  const [dialog, setDialog] = useState<DialogState>(null);
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
  const search = useSearchBox('', (text) => changeFilter({ search: text }));
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
      <ListHeader title={m.title} subtitle={m.subtitle} />

      <StatCards stats={statsQuery.data} />
      {statsQuery.isError && !statsQuery.data ? (
        <InlineQueryStatus query={statsQuery} loadingText="" errorText={m.loadError} retryText={m.retry} />
      ) : null}

      <Filters
        filter={filter}
        searchText={search.text}
        filtersActive={filtersActive}
        onSearch={search.change}
        onChange={changeFilter}
        onClear={() => {
          search.clear();
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

      <ListCard
        query={listQuery}
        page={filter.page}
        limit={filter.limit}
        total={total}
        onPage={(page) => setFilter({ ...filter, page })}
        texts={{ loading: m.loading, loadError: m.loadError, retry: m.retry, emptySummary: m.total(0) }}
        table={{
          id: 'ordered-products',
          label: m.title,
          columns: orderedProductColumns({ expanded, onExpand: toggleExpanded }),
          rows,
          rowKey: (row) => row.itemId,
          rowLabel: (row) => row.sku,
          sort: filter.sort,
          onSort: (field) => toggleSort(field as SortField),
          actions: canAccess
            ? (row) =>
                orderedProductActions(row, {
                  reserve: () => setDialog({ kind: 'reserve', rows: [row] }),
                  createMo: () => setDialog({ kind: 'mo', rows: [row] }),
                  buy: () => setDialog({ kind: 'buy', rows: [row] }),
                })
            : undefined,
          selection: canAccess
            ? {
                selected: new Set(selected.keys()),
                onToggle: (itemId, on) => {
                  const row = rows.find((r) => r.itemId === itemId);
                  if (row) toggleSelected(row, on);
                },
                onToggleAll: toggleAll,
                label: (itemId) => m.selectRow(rows.find((r) => r.itemId === itemId)?.sku ?? String(itemId)),
              }
            : undefined,
          empty: <ListEmpty title={m.empty} hint={filter.approvedOnly ? m.emptyApprovedHint : m.emptyHint} />,
          minWidthRem: 72,
          rowDetail: (row) => (expanded.has(row.itemId) ? <OrderLinesDetail row={row} filter={filter} /> : null),
        }}
      />

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
