// 'Замовлення клієнтів' (sales.md §1 Page): stat cards (active, overdue, unpaid amount of active orders, shipped this
// month), the filter bar (search pre-filled from `?search=` — notification links rely on it —, statuses, payment
// status, company, period, overdue), a server-paged sortable table with status and payment badges, overdue dates in
// red, the shipped share and the filter's totals. A row (or `?open=<id>`) opens the order's drawer; 'Нове
// замовлення' and 'Редагувати' open the form; the gear opens the order settings.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { AlertTriangleIcon, BanknoteIcon, CheckIcon, ClipboardListIcon, TruckIcon } from 'lucide-react';
import {
  activeOrderStatuses,
  orderStatuses,
  paymentStatuses,
  paymentStatusLabels,
  type Order,
  type OrderStats,
  type OrderStatus,
  type OrderSummary,
  type OrderTotals,
  type PaymentStatus,
} from '@/modules/orders/orders.contract.ts';
import {
  ChoiceFilter,
  ListToolbar,
  PagedListCard,
  PeriodFilter,
  StatusFilter,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { RecordListHeader, useOpenParam } from '@/web/components/record-list.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { formatDateUk, formatMoney } from './order-format.ts';
import { OrderDialog } from './order-dialog.tsx';
import { OrderDrawer } from './order-drawer.tsx';
import { DueDate, OrderStatusBadge, PaymentBadge, useStatusLabels } from './order-parts.tsx';
import { OrderSettingsDialog } from './order-settings-dialog.tsx';
import {
  isOrdersQuery,
  orderListQueryFn,
  orderListQueryKey,
  orderStatsQueryKey,
  orderTotalsQueryKey,
  type OrderListFilter,
} from './orders.api.ts';
import { ordersWebMessages as messages } from './orders.messages.ts';
import { currencyUk } from '@/shared/decimal-format.ts';

export const ORDERS_ROUTE = '/orders';
export const ORDERS_PAGE_SIZE = 20;
const ALL = 'all';
const ACTIVE = activeOrderStatuses.join(',');

type FormState = { kind: 'create' } | { kind: 'edit'; order: Order } | null;

const initialFilter: OrderListFilter = {
  page: 1,
  limit: ORDERS_PAGE_SIZE,
  search: '',
  sort: '-orderDate',
  status: '',
  paymentStatus: ALL,
  companyId: null,
  dateFrom: '',
  dateTo: '',
  overdue: '',
};

export function OrdersPage() {
  const queryClient = useQueryClient();
  // `?search=` (a notification's link, another page's link) is the initial search; `?open=<id>` opens an order.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { list, query: listQuery } = usePagedList(
    initialFilter,
    { key: orderListQueryKey, queryFn: orderListQueryFn },
    { search: new URLSearchParams(search).get('search')?.trim() ?? '' },
  );
  const { filter, changeFilter } = list;
  const [openId, setOpenId] = useOpenParam();
  const [form, setForm] = useState<FormState>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { canAccess } = usePermission(ORDERS_ROUTE);
  const labels = useStatusLabels();

  const totalsQuery = useQuery<OrderTotals>({
    queryKey: orderTotalsQueryKey(filter),
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<OrderStats>({ queryKey: orderStatsQueryKey });

  const closeDrawer = () => setOpenId(null);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        createLabel={messages.newOrder}
        canCreate={canAccess}
        onCreate={() => setForm({ kind: 'create' })}
        settings={{ label: messages.settings, onOpen: () => setSettingsOpen(true) }}
      />

      <StatCards
        stats={statsQuery.data}
        filter={filter}
        onActive={() => changeFilter({ status: filter.status === ACTIVE ? '' : ACTIVE, overdue: '' })}
        onOverdue={() => changeFilter({ overdue: filter.overdue ? '' : 'true', status: '' })}
      />
      {statsQuery.isError ? <p className="text-sm text-destructive">{messages.stats.loadError}</p> : null}

      <ListToolbar
        id="orders"
        searchLabel={messages.searchLabel}
        searchPlaceholder={messages.searchPlaceholder}
        searchText={list.searchText}
        onSearch={list.changeSearch}
        filtered={list.filtered}
        onReset={() => {
          list.reset();
          if (new URLSearchParams(search).has('search')) navigate(location, { replace: true });
        }}
      >
        <StatusFilter
          label={messages.statusLabel}
          statuses={orderStatuses}
          labels={labels}
          value={filter.status}
          onChange={(status) => changeFilter({ status })}
        />
        <ChoiceFilter
          label={messages.paymentLabel}
          allLabel={messages.paymentAll}
          allValue={ALL}
          options={statusOptions(paymentStatuses, paymentStatusLabels)}
          value={filter.paymentStatus}
          onChange={(value) => changeFilter({ paymentStatus: value as PaymentStatus | typeof ALL })}
        />
        <ReferenceFilter
          route="/companies"
          label={messages.companyFilter}
          value={filter.companyId}
          allLabel={messages.all}
          onChange={(companyId) => changeFilter({ companyId })}
        />
        <PeriodFilter
          id="orders-date"
          from={filter.dateFrom}
          to={filter.dateTo}
          labels={{ from: messages.dateFrom, to: messages.dateTo }}
          onChange={changeFilter}
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
      </ListToolbar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalOrders(0)}
        canCreate={canAccess}
        table={{
          id: 'orders',
          columns: orderColumns(labels, (order) => setOpenId(order.id)),
          rowKey: (order) => order.id,
          rowLabel: (order) => order.orderNumber,
          onRowClick: (order) => setOpenId(order.id),
          minWidthRem: 64,
        }}
        footer={<FilterTotals totals={totalsQuery.data} />}
      />

      {openId !== null ? (
        <OrderDrawer
          key={openId}
          orderId={openId}
          canChange={canAccess}
          onEdit={(order) => setForm({ kind: 'edit', order })}
          onOpen={(id) => setOpenId(id)}
          onClose={closeDrawer}
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
      {settingsOpen ? <OrderSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}

/** The list's columns; the number opens the order's drawer, like the row. */
function orderColumns(
  labels: Record<OrderStatus, string>,
  onOpen: (order: OrderSummary) => void,
): DataColumn<OrderSummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({
      header: c.number,
      sortField: 'orderNumber',
      number: (order) => order.orderNumber,
      openLabel: messages.openOrder,
      onOpen,
      below: (order) =>
        order.externalNumber ? (
          <span className="block text-xs text-muted-foreground">{order.externalNumber}</span>
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
      id: 'client',
      header: c.client,
      sortField: 'clientName',
      className: 'max-w-64 whitespace-normal',
      cell: (order) => (
        <>
          <span className="line-clamp-2">{order.clientName}</span>
          {order.contactName ? (
            <span className="block truncate text-xs text-muted-foreground">{order.contactName}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (order) => <OrderStatusBadge status={order.status} labels={labels} />,
    },
    {
      id: 'amount',
      header: c.amount,
      sortField: 'totalGross',
      numeric: true,
      cell: (order) => (
        <>
          {formatMoney(order.totalGross)}{' '}
          <span className="text-xs text-muted-foreground">{currencyUk(order.currencyCode)}</span>
        </>
      ),
    },
    {
      id: 'paid',
      header: c.paid,
      cell: (order) => (
        <>
          <PaymentBadge status={order.paymentStatus} />
          {order.paymentStatus === 'partially_paid' ? (
            <span className="block text-xs text-muted-foreground tabular-nums">{formatMoney(order.paid)}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'shipped',
      header: c.shipped,
      className: 'min-w-28',
      cell: (order) => (
        <>
          <div
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={order.shippedPercent}
            aria-label={`${c.shipped} ${order.orderNumber}`}
          >
            <div className="h-full bg-emerald-500" style={{ width: `${order.shippedPercent}%` }} />
          </div>
          <span className="text-xs text-muted-foreground tabular-nums">
            {messages.shippedPercent(order.shippedPercent)}
          </span>
        </>
      ),
    },
    {
      id: 'dueDate',
      header: c.dueDate,
      sortField: 'dueDate',
      cell: (order) => <DueDate date={order.dueDate} overdue={order.isOverdue} />,
    },
    {
      id: 'production',
      header: c.production,
      className: 'text-center',
      cell: (order) =>
        order.productionApproved ? (
          <CheckIcon className="mx-auto size-4 text-emerald-600" aria-label={messages.approved} />
        ) : (
          <span className="text-muted-foreground" aria-hidden="true">
            {messages.none}
          </span>
        ),
    },
  ];
}

function FilterTotals({ totals }: { totals: OrderTotals | undefined }) {
  const t = messages.filterTotals;
  if (!totals || totals.count === 0) return null;
  return (
    // The count line stays outside the <dl>: a <dl> holds only term and description groups (axe definition-list).
    <div className="flex flex-wrap items-center justify-end gap-x-6 gap-y-1 border-t px-4 py-2 text-sm">
      <p className="mr-auto text-muted-foreground">{`${t.label}: ${t.count(totals.count)}`}</p>
      <dl aria-label={t.label} className="flex flex-wrap items-center justify-end gap-x-6 gap-y-1">
        {(
          [
            [t.total, totals.totalGross],
            [t.paid, totals.paid],
            [t.outstanding, totals.outstanding],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex gap-1.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{`${formatMoney(value)} ${messages.uah}`}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function StatCards({
  stats,
  filter,
  onActive,
  onOverdue,
}: {
  stats: OrderStats | undefined;
  filter: OrderListFilter;
  onActive: () => void;
  onOverdue: () => void;
}) {
  const m = messages.stats;
  const none = messages.none;
  return (
    <section aria-label={m.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <li className="min-w-0">
          <StatCard
            label={m.active}
            hint={filter.status === ACTIVE ? m.pressedHint : m.activeHint}
            icon={ClipboardListIcon}
            tone={statTones.primary}
            value={stats ? stats.active : none}
            pressed={filter.status === ACTIVE}
            onClick={onActive}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.overdue}
            hint={filter.overdue ? m.pressedHint : m.overdueHint}
            icon={AlertTriangleIcon}
            tone={statTones.red}
            value={stats ? stats.overdue : none}
            pressed={filter.overdue === 'true'}
            onClick={onOverdue}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.unpaid}
            hint={m.unpaidHint}
            icon={BanknoteIcon}
            tone={statTones.amber}
            value={stats ? formatMoney(stats.unpaidAmount) : none}
            unit={stats ? messages.uah : undefined}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.shipped}
            hint={m.shippedHint(stats?.shippedThisMonth ?? 0)}
            icon={TruckIcon}
            tone={statTones.green}
            value={stats ? formatMoney(stats.shippedThisMonthAmount) : none}
            unit={stats ? messages.uah : undefined}
          />
        </li>
      </ul>
    </section>
  );
}
