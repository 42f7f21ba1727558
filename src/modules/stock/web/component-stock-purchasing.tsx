// /component-stock's purchasing view (warehouse.md §2): the extra columns — package type, 'Замовлено', 'Потрібно',
// the shortage flag, last price and supplier — and the selection bar whose 'Замовити' drafts supplier orders for the
// chosen rows (one per last supplier, with the suggested quantities) and then links to the drafts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShoppingCartIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import type { ComponentOrderDraftsResult, ComponentStockRow, StockRow } from '@/modules/stock/stock.contract.ts';
import { supplierOrdersEndpoints } from '@/modules/supplier-orders/supplier-orders.endpoints.ts';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { callEndpoint, endpointKey, serverMessageOf } from '@/web/lib/api.ts';
import { stockEndpoints } from '../stock.endpoints.ts';
import { formatMoney, formatQty } from './stock-format.ts';
import { stockMessages } from './stock.messages.ts';

const m = stockMessages.purchasing;
const none = stockMessages.none;

/** A row of /component-stock: the list answers the purchasing fields too; a row without them reads as nothing. */
const purchase = (row: StockRow): ComponentStockRow => ({
  packageTypeId: null,
  packageTypeName: null,
  onOrder: '0',
  required: '0',
  shortageQty: '0',
  shortage: false,
  lastPrice: null,
  lastSupplierId: null,
  lastSupplierName: null,
  ...row,
});

/** The purchasing columns, after the balances' own. */
export function purchasingColumns(): DataColumn<StockRow>[] {
  const c = m.columns;
  return [
    {
      id: 'packageType',
      header: c.packageType,
      className: 'text-muted-foreground',
      cell: (row) => purchase(row).packageTypeName ?? none,
    },
    { id: 'onOrder', header: c.onOrder, numeric: true, cell: (row) => formatQty(purchase(row).onOrder) },
    { id: 'required', header: c.required, numeric: true, cell: (row) => formatQty(purchase(row).required) },
    {
      id: 'shortage',
      header: c.shortage,
      cell: (row) => {
        const r = purchase(row);
        return r.shortage ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 dark:bg-red-950 dark:text-red-200">
            {m.shortageBadge} {formatQty(r.shortageQty)}
          </span>
        ) : (
          none
        );
      },
    },
    {
      id: 'lastPrice',
      header: c.lastPrice,
      numeric: true,
      cell: (row) => {
        const price = purchase(row).lastPrice;
        return price === null ? none : formatMoney(price);
      },
    },
    {
      id: 'supplier',
      header: c.supplier,
      className: 'max-w-48 min-w-28 whitespace-normal',
      cell: (row) => purchase(row).lastSupplierName ?? none,
    },
  ];
}

/**
 * The balances' columns with the purchasing ones: what is on order, needed and short right after 'Доступно' (seen
 * without scrolling at 1280 px), the package type, last price and supplier after the rest.
 */
export function withPurchasing(balances: DataColumn<StockRow>[], purchasing: DataColumn<StockRow>[]) {
  const at = balances.findIndex((column) => column.id === 'available') + 1;
  const figures = new Set(['onOrder', 'required', 'shortage']);
  return [
    ...balances.slice(0, at),
    ...purchasing.filter((column) => figures.has(column.id)),
    ...balances.slice(at),
    ...purchasing.filter((column) => !figures.has(column.id)),
  ];
}

/** The link that opens a supplier order in its page's drawer. */
export const supplierOrderLink = (id: number) => `/supplier-orders?open=${id}`;

/**
 * The bar above the table: how many rows are chosen, 'Замовити' (offered to those who may change the page) and
 * 'Зняти вибір'; after 'Замовити', the links to the drafts, or the server's reason for refusing.
 */
export function PurchasingBar({
  selected,
  canOrder,
  onClear,
}: {
  selected: ReadonlySet<number>;
  canOrder: boolean;
  onClear: () => void;
}) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<ComponentOrderDraftsResult['orders'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (itemIds: number[]) => callEndpoint(stockEndpoints.componentStockOrderDrafts, { body: { itemIds } }),
    onSuccess: (result) => {
      setCreated(result.orders);
      setFailure(null);
      onClear();
      void queryClient.invalidateQueries({ queryKey: endpointKey(supplierOrdersEndpoints.list) });
      void queryClient.invalidateQueries({ queryKey: endpointKey(supplierOrdersEndpoints.stats) });
    },
    onError: (error) => {
      setCreated(null);
      setFailure(serverMessageOf(error) ?? m.failed);
    },
  });
  const count = selected.size;

  return (
    <section aria-label={m.selectionLabel} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted-foreground">{count ? m.selected(count) : m.selectHint}</span>
        {canOrder ? (
          <Button size="sm" disabled={count === 0 || mutation.isPending} onClick={() => mutation.mutate([...selected])}>
            <ShoppingCartIcon aria-hidden="true" />
            {mutation.isPending ? m.ordering : m.order}
          </Button>
        ) : null}
        {count ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            <XIcon aria-hidden="true" />
            {m.clear}
          </Button>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      {created ? (
        <div role="status" className="rounded-lg border bg-muted/40 p-3 text-sm">
          <p className="font-medium">{m.created}</p>
          <ul className="mt-1 grid gap-1">
            {created.map((order) => (
              <li key={order.id}>
                <a className="text-primary underline-offset-4 hover:underline" href={supplierOrderLink(order.id)}>
                  {m.orderLink(order.number, order.supplierName, order.lines)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
