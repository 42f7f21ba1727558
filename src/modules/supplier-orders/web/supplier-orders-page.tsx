// 'Замовлення постачальникам' (warehouse.md §5): stat cards, filters (status, supplier, period, overdue), search, a
// server-paged sortable table with status badges, progress and the overdue mark; a row opens the order's drawer
// (lines with received and remaining, its receipts, the actions of its status); 'Нове замовлення' and 'Редагувати'
// open the form dialog.
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  BanknoteIcon,
  ClipboardListIcon,
  HourglassIcon,
  PlusIcon,
  SearchIcon,
  XIcon,
} from 'lucide-react';
import {
  orderStatuses,
  orderStatusLabels,
  type Order,
  type OrderStats,
  type OrderStatus,
  type OrderSummary,
} from '@/modules/supplier-orders/supplier-orders.contract.ts';
import { formatDateUk, formatMoney, formatQty } from './order-format.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/app/use-permission.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
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

export const ORDERS_ROUTE = '/supplier-orders';
export const ORDERS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ALL = 'all';

type SortField = 'number' | 'orderDate' | 'expectedDate' | 'supplierName' | 'totalUah' | 'status';
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
  const [filter, setFilter] = useState<OrderListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [supplierLabel, setSupplierLabel] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [form, setForm] = useState<FormState>(null);
  const { canAccess } = usePermission(ORDERS_ROUTE);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const listQuery = useQuery({
    queryKey: orderListQueryKey(filter),
    queryFn: orderListQueryFn,
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
    filter.status !== ALL ||
    filter.supplierId !== null ||
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
    setSupplierLabel(null);
    setFilter((current) => ({ ...initialFilter, sort: current.sort }));
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
          <Button onClick={() => setForm({ kind: 'create' })}>
            <PlusIcon aria-hidden="true" />
            {messages.newOrder}
          </Button>
        ) : null}
      </div>

      <StatCards
        stats={statsQuery.data}
        filter={filter}
        onStatus={(status) => changeFilter({ status: filter.status === status ? ALL : status, overdue: '' })}
        onOverdue={() => changeFilter({ overdue: filter.overdue ? '' : 'true', status: ALL })}
      />
      {statsQuery.isError ? <p className="text-sm text-destructive">{messages.stats.loadError}</p> : null}

      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_14rem]">
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
          <Select
            value={filter.status}
            onValueChange={(status) => changeFilter({ status: status as OrderStatus | typeof ALL })}
          >
            <SelectTrigger aria-label={messages.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
              {orderStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {orderStatusLabels[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-2 items-center gap-3 lg:grid-cols-[minmax(0,1fr)_10rem_10rem_auto_auto]">
          <ReferencePicker
            className="col-span-2 lg:col-span-1"
            route="/suppliers"
            value={filter.supplierId}
            valueLabel={supplierLabel}
            clearLabel={messages.all}
            prefix={messages.supplierFilter}
            aria-label={messages.supplierFilter}
            onChange={(supplierId, label) => {
              setSupplierLabel(label);
              changeFilter({ supplierId });
            }}
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
          <Table
            className="min-w-[60rem]"
            aria-label={messages.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <SortableHead field="number" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.number}
                </SortableHead>
                <SortableHead field="orderDate" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.orderDate}
                </SortableHead>
                <SortableHead field="supplierName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.supplier}
                </SortableHead>
                <SortableHead field="expectedDate" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.expectedDate}
                </SortableHead>
                <TableHead>{messages.columns.progress}</TableHead>
                <SortableHead field="totalUah" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.amount}
                </SortableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={7} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">
                      {filtered || !canAccess ? messages.emptyHint : messages.emptyStart}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((order) => <OrderRow key={order.id} order={order} onOpen={() => setOpenId(order.id)} />)
              )}
            </TableBody>
          </Table>
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
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function OrderRow({ order, onOpen }: { order: OrderSummary; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openOrder(order.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {order.number}
        </button>
        {order.supplierReference ? (
          <span className="block text-xs text-muted-foreground">{order.supplierReference}</span>
        ) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(order.orderDate)}</TableCell>
      <TableCell className="max-w-64">
        <span className="line-clamp-2">{order.supplierName}</span>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        <span className="block">{order.expectedDate ? formatDateUk(order.expectedDate) : messages.none}</span>
        {order.isOverdue ? <OverdueMark /> : null}
      </TableCell>
      <TableCell className="min-w-32">
        <div
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={order.receivedPercent}
          aria-label={`${messages.columns.progress} ${order.number}`}
        >
          <div className="h-full bg-emerald-500" style={{ width: `${order.receivedPercent}%` }} />
        </div>
        <span className="text-xs text-muted-foreground tabular-nums">
          {messages.progress(order.receivedPercent)} · {messages.remaining(formatQty(order.remainingQty))}
        </span>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        <span className="block">{formatMoney(order.totalUah)}</span>
        {order.currencyCode !== 'UAH' ? (
          <span className="block text-xs text-muted-foreground">
            {formatMoney(order.totalGross)} {order.currencyCode}
          </span>
        ) : null}
      </TableCell>
      <TableCell>
        <OrderStatusBadge status={order.status} />
      </TableCell>
    </TableRow>
  );
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
            value={stats ? String(stats.openOrders) : none}
          />
        </li>
        <li className="min-w-0">
          <StatCard
            label={m.awaiting}
            hint={filter.status === 'sent' ? m.activeHint : m.awaitingHint}
            icon={HourglassIcon}
            tone={statTones.sky}
            value={stats ? String(stats.awaitingConfirmation) : none}
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
            value={stats ? String(stats.overdue) : none}
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
