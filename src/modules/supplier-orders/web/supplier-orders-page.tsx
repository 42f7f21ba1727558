// 'Замовлення постачальникам' (warehouse.md §5): stat cards, filters (status, supplier, period, overdue), search, a
// server-paged sortable table with status badges, progress and the overdue mark; a row opens the order's drawer
// (lines with received and remaining, its receipts, the actions of its status); 'Нове замовлення' and 'Редагувати'
// open the form dialog.
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangleIcon, BanknoteIcon, ClipboardListIcon, HourglassIcon, PlusIcon } from 'lucide-react';
import {
  orderStatuses,
  orderStatusLabels,
  type Order,
  type OrderStats,
  type OrderStatus,
  type OrderSummary,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { formatDateUk, formatMoney, formatQty } from './order-format.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { amountColumn, documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import {
  DocumentFilterBar,
  ListHeader,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { OrderDialog } from './order-dialog.tsx';
import { OrderDrawer } from './order-drawer.tsx';
import { OrderStatusBadge, OverdueMark } from './order-parts.tsx';
import {
  isOrdersQuery,
  orderListQueryFn,
  orderListQueryKey,
  orderStatsQueryKey,
  type OrderListFilter,
} from './supplier-orders.api.ts';
import { ordersWebMessages as messages } from './supplier-orders.messages.ts';
import { useOpenParam } from '@/web/components/record-list.tsx';

export const ORDERS_ROUTE = '/supplier-orders';
export const ORDERS_PAGE_SIZE = 20;
const ALL = 'all';

type FormState = { kind: 'create' } | { kind: 'edit'; order: Order } | null;

const initialFilter: OrderListFilter = {
  page: 1,
  limit: ORDERS_PAGE_SIZE,
  search: '',
  sort: '-orderDate',
  status: ALL,
  supplierId: null,
  dateFrom: '',
  dateTo: '',
  overdue: '',
};

export function SupplierOrdersPage() {
  const queryClient = useQueryClient();
  const { list, query: listQuery } = usePagedList(initialFilter, {
    key: orderListQueryKey,
    queryFn: orderListQueryFn,
  });
  const { filter, changeFilter } = list;
  const [openId, setOpenId] = useOpenParam();
  const [form, setForm] = useState<FormState>(null);
  const { canAccess } = usePermission(ORDERS_ROUTE);

  const statsQuery = useQuery<OrderStats>({ queryKey: orderStatsQueryKey });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          canAccess ? (
            <Button onClick={() => setForm({ kind: 'create' })}>
              <PlusIcon aria-hidden="true" />
              {messages.newOrder}
            </Button>
          ) : null
        }
      />

      <StatCards
        stats={statsQuery.data}
        filter={filter}
        onStatus={(status) => changeFilter({ status: filter.status === status ? ALL : status, overdue: '' })}
        onOverdue={() => changeFilter({ overdue: filter.overdue ? '' : 'true', status: ALL })}
      />
      {statsQuery.isError ? <p className="text-sm text-destructive">{messages.stats.loadError}</p> : null}

      <DocumentFilterBar
        id="orders"
        list={list}
        texts={messages}
        statuses={statusOptions(orderStatuses, orderStatusLabels)}
      >
        <ReferenceFilter
          className="w-full sm:w-72"
          route="/suppliers"
          label={messages.supplierFilter}
          value={filter.supplierId}
          allLabel={messages.all}
          onChange={(supplierId) => changeFilter({ supplierId })}
        />
        <div className="flex items-center gap-2">
          <Checkbox
            id="orders-overdue"
            checked={filter.overdue === 'true'}
            onCheckedChange={(checked) => changeFilter({ overdue: checked === true ? 'true' : '' })}
          />
          <Label htmlFor="orders-overdue" className="font-normal">
            {messages.overdueOnly}
          </Label>
        </div>
      </DocumentFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalOrders(0)}
        canCreate={canAccess}
        table={{
          id: 'supplier-orders',
          columns: orderColumns((order) => setOpenId(order.id)),
          rowKey: (order) => order.id,
          rowLabel: (order) => order.number,
          onRowClick: (order) => setOpenId(order.id),
          minWidthRem: 60,
        }}
      />

      {openId !== null ? (
        <OrderDrawer
          key={openId}
          orderId={openId}
          canChange={canAccess}
          onEdit={(order) => setForm({ kind: 'edit', order })}
          onClose={() => setOpenId(null)}
        />
      ) : null}
      {form ? (
        <OrderDialog
          order={form.kind === 'edit' ? form.order : undefined}
          onClose={() => setForm(null)}
          onSaved={(saved) => {
            setForm(null);
            void queryClient.invalidateQueries({ predicate: isOrdersQuery });
            setOpenId(saved.id);
          }}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the number opens the order's drawer, like the row. */
function orderColumns(onOpen: (order: OrderSummary) => void): DataColumn<OrderSummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({
      header: c.number,
      number: (order) => order.number,
      openLabel: messages.openOrder,
      onOpen,
      below: (order) =>
        order.supplierReference ? (
          <span className="block text-xs text-muted-foreground">{order.supplierReference}</span>
        ) : null,
    }),
    {
      id: 'orderDate',
      header: c.orderDate,
      sortField: 'orderDate',
      className: 'tabular-nums',
      cell: (order) => formatDateUk(order.orderDate),
    },
    {
      id: 'supplier',
      header: c.supplier,
      sortField: 'supplierName',
      className: 'max-w-64 whitespace-normal',
      cell: (order) => <span className="line-clamp-2">{order.supplierName}</span>,
    },
    {
      id: 'expectedDate',
      header: c.expectedDate,
      sortField: 'expectedDate',
      className: 'tabular-nums',
      cell: (order) => (
        <>
          <span className="block">{order.expectedDate ? formatDateUk(order.expectedDate) : messages.none}</span>
          {order.isOverdue ? <OverdueMark /> : null}
        </>
      ),
    },
    {
      id: 'progress',
      header: c.progress,
      className: 'min-w-32',
      cell: (order) => (
        <>
          <div
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={order.receivedPercent}
            aria-label={`${c.progress} ${order.number}`}
          >
            <div className="h-full bg-emerald-500" style={{ width: `${order.receivedPercent}%` }} />
          </div>
          <span className="text-xs text-muted-foreground tabular-nums">
            {messages.progress(order.receivedPercent)} · {messages.remaining(formatQty(order.remainingQty))}
          </span>
        </>
      ),
    },
    amountColumn({
      header: c.amount,
      sortField: 'totalUah',
      uah: (order) => order.totalUah,
      gross: (order) => order.totalGross,
      currency: (order) => order.currencyCode,
    }),
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
  ];
}

// ---- stat cards -----------------------------------------------------------------------------------------------

function StatCards({
  stats,
  filter,
  onStatus,
  onOverdue,
}: {
  stats: OrderStats | undefined;
  filter: OrderListFilter;
  onStatus: (status: OrderStatus) => void;
  onOverdue: () => void;
}) {
  const m = messages.stats;
  const none = messages.none;
  return (
    <section aria-label={m.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <li className="min-w-0">
          <StatCard
            label={m.open}
            hint={m.openHint}
            icon={ClipboardListIcon}
            tone={statTones.primary}
            value={stats ? stats.openOrders : none}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.awaiting}
            hint={filter.status === 'sent' ? m.activeHint : m.awaitingHint}
            icon={HourglassIcon}
            tone={statTones.sky}
            value={stats ? stats.awaitingConfirmation : none}
            pressed={filter.status === 'sent'}
            onClick={() => onStatus('sent')}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.overdue}
            hint={filter.overdue ? m.activeHint : m.overdueHint}
            icon={AlertTriangleIcon}
            tone={statTones.red}
            value={stats ? stats.overdue : none}
            pressed={filter.overdue === 'true'}
            onClick={onOverdue}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.amount}
            hint={m.amountHint}
            icon={BanknoteIcon}
            tone={statTones.green}
            value={stats ? formatMoney(stats.openAmount) : none}
            unit={stats ? messages.uah : undefined}
          />
        </li>
      </ul>
    </section>
  );
}
