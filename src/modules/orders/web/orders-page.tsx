// 'Замовлення клієнтів' (sales.md §1 Page): stat cards (active, overdue, unpaid amount of active orders, shipped this
// month), the filter bar (search pre-filled from `?search=` — notification links rely on it —, statuses, payment
// status, company, period, overdue), a server-paged sortable table with status and payment badges, overdue dates in
// red, the shipped share and the filter's totals. A row (or `?open=<id>`) opens the order's drawer; 'Нове
// замовлення' and 'Редагувати' open the form; the gear opens the order settings.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import {
  AlertTriangleIcon,
  BanknoteIcon,
  CheckIcon,
  ClipboardListIcon,
  PlusIcon,
  SearchIcon,
  SettingsIcon,
  TruckIcon,
  XIcon,
} from 'lucide-react';
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
import { ChoiceFilter, StatusFilter, statusOptions } from '@/web/components/list-page.tsx';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
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

export const ORDERS_ROUTE = '/orders';
export const ORDERS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ALL = 'all';
const ACTIVE = activeOrderStatuses.join(',');

type SortField = 'orderNumber' | 'orderDate' | 'clientName' | 'dueDate' | 'totalGross' | 'status';
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
  const [filter, setFilter] = useState<OrderListFilter>(() => ({
    ...initialFilter,
    search: new URLSearchParams(search).get('search')?.trim() ?? '',
  }));
  const [searchText, setSearchText] = useState(filter.search);
  const [openId, setOpenId] = useState<number | null>(() => {
    const open = Number(new URLSearchParams(search).get('open'));
    return Number.isInteger(open) && open > 0 ? open : null;
  });
  const [form, setForm] = useState<FormState>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { canAccess } = usePermission(ORDERS_ROUTE);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);
  const labels = useStatusLabels();

  const listQuery = useQuery({
    queryKey: orderListQueryKey(filter),
    queryFn: orderListQueryFn,
    placeholderData: keepPreviousData,
  });
  const totalsQuery = useQuery<OrderTotals>({
    queryKey: orderTotalsQueryKey(filter),
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<OrderStats>({ queryKey: orderStatsQueryKey });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered =
    filter.search !== '' ||
    filter.status !== '' ||
    filter.paymentStatus !== ALL ||
    filter.companyId !== null ||
    filter.dateFrom !== '' ||
    filter.dateTo !== '' ||
    filter.overdue !== '';

  function changeFilter(change: Partial<Omit<OrderListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }
  function changeSearch(text: string) {
    setSearchText(text);
    debounce(() => changeFilter({ search: text.trim() }));
  }
  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }
  function resetFilters() {
    setSearchText('');
    setFilter((current) => ({ ...initialFilter, sort: current.sort }));
    if (new URLSearchParams(search).has('search')) navigate(location, { replace: true });
  }
  function closeDrawer() {
    setOpenId(null);
    if (new URLSearchParams(search).has('open')) navigate(location, { replace: true });
  }

  const rows = listQuery.data?.items ?? [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        {canAccess ? (
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label={messages.settings}
              title={messages.settings}
              onClick={() => setSettingsOpen(true)}
            >
              <SettingsIcon aria-hidden="true" />
            </Button>
            <Button onClick={() => setForm({ kind: 'create' })}>
              <PlusIcon aria-hidden="true" />
              {messages.newOrder}
            </Button>
          </div>
        ) : null}
      </div>

      <StatCards
        stats={statsQuery.data}
        filter={filter}
        onActive={() => changeFilter({ status: filter.status === ACTIVE ? '' : ACTIVE, overdue: '' })}
        onOverdue={() => changeFilter({ overdue: filter.overdue ? '' : 'true', status: '' })}
      />
      {statsQuery.isError ? <p className="text-sm text-destructive">{messages.stats.loadError}</p> : null}

      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_13rem_13rem]">
          <div className="relative">
            <Label htmlFor="orders-search" className="sr-only">
              {messages.searchLabel}
            </Label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="orders-search"
              type="search"
              className="pl-9"
              placeholder={messages.searchPlaceholder}
              value={searchText}
              onChange={(event) => changeSearch(event.target.value)}
            />
          </div>
          <StatusFilter
            className="w-full"
            label={messages.statusLabel}
            statuses={orderStatuses}
            labels={labels}
            value={filter.status}
            onChange={(status) => changeFilter({ status })}
          />
          <ChoiceFilter
            className="w-full"
            label={messages.paymentLabel}
            allLabel={messages.paymentAll}
            allValue={ALL}
            options={statusOptions(paymentStatuses, paymentStatusLabels)}
            value={filter.paymentStatus}
            onChange={(value) => changeFilter({ paymentStatus: value as PaymentStatus | typeof ALL })}
          />
        </div>
        <div className="grid grid-cols-2 items-center gap-3 lg:grid-cols-[minmax(0,1fr)_10rem_10rem_auto_auto]">
          <ReferenceFilter
            className="col-span-2 lg:col-span-1"
            route="/companies"
            label={messages.companyFilter}
            value={filter.companyId}
            allLabel={messages.all}
            onChange={(companyId) => changeFilter({ companyId })}
          />
          <DateFilter
            id="orders-date-from"
            label={messages.dateFrom}
            value={filter.dateFrom}
            onChange={(dateFrom) => changeFilter({ dateFrom })}
          />
          <DateFilter
            id="orders-date-to"
            label={messages.dateTo}
            value={filter.dateTo}
            onChange={(dateTo) => changeFilter({ dateTo })}
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
          {filtered ? (
            <Button variant="ghost" className="justify-self-start" onClick={resetFilters}>
              <XIcon aria-hidden="true" />
              {messages.resetFilters}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={messages.retry}
        >
          <div className="min-w-0 overflow-x-auto">
            <Table
              className="min-w-[64rem]"
              aria-label={messages.title}
              aria-busy={listQuery.isFetching ? true : undefined}
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <SortableHead field="orderNumber" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.number}
                  </SortableHead>
                  <SortableHead field="orderDate" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.orderDate}
                  </SortableHead>
                  <SortableHead field="clientName" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.client}
                  </SortableHead>
                  <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.status}
                  </SortableHead>
                  <SortableHead field="totalGross" sort={filter.sort} onSort={toggleSort} numeric>
                    {messages.columns.amount}
                  </SortableHead>
                  <TableHead>{messages.columns.paid}</TableHead>
                  <TableHead>{messages.columns.shipped}</TableHead>
                  <SortableHead field="dueDate" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.dueDate}
                  </SortableHead>
                  <TableHead className="text-center">{messages.columns.production}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
                {rows.length === 0 ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={9} className="py-12 text-center">
                      <p className="font-medium">{messages.empty}</p>
                      <p className="text-sm text-muted-foreground">
                        {filtered || !canAccess ? messages.emptyHint : messages.emptyStart}
                      </p>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((order) => (
                    <OrderRow key={order.id} order={order} labels={labels} onOpen={() => setOpenId(order.id)} />
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <FilterTotals totals={totalsQuery.data} />
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalOrders(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

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

function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <Label
        htmlFor={id}
        className="pointer-events-none absolute -top-2 left-2 bg-background px-1 text-xs font-normal text-muted-foreground"
      >
        {label}
      </Label>
      <DateField id={id} value={value} onChange={onChange} />
    </div>
  );
}

function OrderRow({
  order,
  labels,
  onOpen,
}: {
  order: OrderSummary;
  labels: Record<OrderStatus, string>;
  onOpen: () => void;
}) {
  const currency = order.currencyCode === 'UAH' ? messages.uah : order.currencyCode;
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openOrder(order.orderNumber)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {order.orderNumber}
        </button>
        {order.externalNumber ? (
          <span className="block text-xs text-muted-foreground">{order.externalNumber}</span>
        ) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(order.orderDate)}</TableCell>
      <TableCell className="max-w-64">
        <span className="line-clamp-2">{order.clientName}</span>
        {order.contactName ? (
          <span className="block truncate text-xs text-muted-foreground">{order.contactName}</span>
        ) : null}
      </TableCell>
      <TableCell>
        <OrderStatusBadge status={order.status} labels={labels} />
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatMoney(order.totalGross)} <span className="text-xs text-muted-foreground">{currency}</span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <PaymentBadge status={order.paymentStatus} />
        {order.paymentStatus === 'partially_paid' ? (
          <span className="block text-xs text-muted-foreground tabular-nums">{formatMoney(order.paid)}</span>
        ) : null}
      </TableCell>
      <TableCell className="min-w-28">
        <div
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={order.shippedPercent}
          aria-label={`${messages.columns.shipped} ${order.orderNumber}`}
        >
          <div className="h-full bg-emerald-500" style={{ width: `${order.shippedPercent}%` }} />
        </div>
        <span className="text-xs text-muted-foreground tabular-nums">
          {messages.shippedPercent(order.shippedPercent)}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <DueDate date={order.dueDate} overdue={order.isOverdue} />
      </TableCell>
      <TableCell className="text-center">
        {order.productionApproved ? (
          <CheckIcon className="mx-auto size-4 text-emerald-600" aria-label={messages.approved} />
        ) : (
          <span className="text-muted-foreground" aria-hidden="true">
            {messages.none}
          </span>
        )}
      </TableCell>
    </TableRow>
  );
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
            value={stats ? String(stats.active) : none}
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
            value={stats ? String(stats.overdue) : none}
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
