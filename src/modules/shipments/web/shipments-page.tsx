// 'Відвантаження' (sales.md §3): stat cards that filter (drafts to ship, in transit, delivered this week,
// problems), the filter bar, a server-paged sortable list with the document and delivery statuses, and the drawer of
// one shipment (lines with serials, delivery, Nova Poshta, posting and printing). 'Відвантажити замовлення' makes a
// draft of a confirmed order; 'Налаштування Нової пошти' is for users with access to /integrations. `?open=<id>`
// opens a shipment and `?search=` pre-fills the search (the notifications link here).
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  ClipboardListIcon,
  SearchIcon,
  SettingsIcon,
  TruckIcon,
  XIcon,
} from 'lucide-react';
import {
  deliveryStatuses,
  deliveryStatusLabels,
  shipmentStatuses,
  shipmentStatusLabels,
  type ShipmentStats,
  type ShipmentStatus,
  type ShipmentSummary,
} from '@/modules/shipments/shipments.contract.ts';
import { NpSettingsDialog } from './np-settings-dialog.tsx';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatDateUk, formatMoney } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { ShipOrderDialog } from './ship-order-dialog.tsx';
import { ShipmentDrawer } from './shipment-drawer.tsx';
import { DeliveryStatusBadge, ShipmentStatusBadge } from './shipment-parts.tsx';
import {
  IN_TRANSIT,
  shipmentListQueryFn,
  shipmentListQueryKey,
  shipmentStatsQueryKey,
  isShipmentListQuery,
  type ShipmentListFilter,
} from './shipments.api.ts';
import { shipmentsWebMessages as messages } from './shipments.messages.ts';

export const SHIPMENTS_ROUTE = '/shipments';
export const SHIPMENTS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ALL = 'all';

type SortField = 'number' | 'shipmentDate' | 'orderNumber' | 'clientName' | 'totalGross' | 'status' | 'deliveryStatus';

const initialFilter: ShipmentListFilter = {
  page: 1,
  limit: SHIPMENTS_PAGE_SIZE,
  search: '',
  sort: '-shipmentDate',
  status: ALL,
  deliveryStatus: ALL,
  carrierId: null,
  clientId: null,
  orderId: null,
  dateFrom: '',
  dateTo: '',
  deliveredFrom: '',
  problems: '',
};

const positiveInt = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function ShipmentsPage() {
  const queryClient = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const [filter, setFilter] = useState<ShipmentListFilter>(() => ({
    ...initialFilter,
    search: params.get('search')?.trim() ?? '',
    orderId: positiveInt(params.get('orderId')),
  }));
  const [searchText, setSearchText] = useState(() => params.get('search') ?? '');
  const [labels, setLabels] = useState<{ carrier: string | null; client: string | null }>({
    carrier: null,
    client: null,
  });
  const [openId, setOpenId] = useState<number | null>(() => positiveInt(params.get('open')));
  const [shipping, setShipping] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { canAccess } = usePermission(SHIPMENTS_ROUTE);
  const integrations = usePermission('/integrations');
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const listQuery = useQuery({
    queryKey: shipmentListQueryKey(filter),
    queryFn: shipmentListQueryFn,
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<ShipmentStats>({ queryKey: shipmentStatsQueryKey });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered = Object.entries(initialFilter).some(
    ([key, value]) => !['page', 'limit', 'sort'].includes(key) && filter[key as keyof ShipmentListFilter] !== value,
  );

  function changeFilter(change: Partial<Omit<ShipmentListFilter, 'page' | 'limit'>>) {
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
    setLabels({ carrier: null, client: null });
    setFilter((current) => ({ ...initialFilter, sort: current.sort }));
    if (search) navigate(location, { replace: true });
  }
  function closeDrawer() {
    setOpenId(null);
    if (params.has('open')) navigate(location, { replace: true });
  }
  /** A card toggles its own filter and clears the others it would fight with. */
  function toggleCard(card: 'drafts' | 'transit' | 'delivered' | 'problems') {
    const reset = { status: ALL, deliveryStatus: ALL, deliveredFrom: '', problems: '' } as const;
    if (card === 'drafts') changeFilter({ ...reset, status: filter.status === 'draft' ? ALL : 'draft' });
    if (card === 'transit') {
      changeFilter({ ...reset, deliveryStatus: filter.deliveryStatus === IN_TRANSIT ? ALL : IN_TRANSIT });
    }
    if (card === 'delivered') {
      const on = filter.deliveredFrom !== '';
      changeFilter({
        ...reset,
        deliveryStatus: on ? ALL : 'delivered',
        deliveredFrom: on ? '' : (statsQuery.data?.weekStart ?? ''),
      });
    }
    if (card === 'problems') changeFilter({ ...reset, problems: filter.problems ? '' : 'true' });
  }

  const rows = listQuery.data?.items ?? [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {integrations.canAccess ? (
            <Button variant="outline" onClick={() => setSettingsOpen(true)}>
              <SettingsIcon aria-hidden="true" />
              {messages.npSettings}
            </Button>
          ) : null}
          {canAccess ? (
            <Button onClick={() => setShipping(true)}>
              <TruckIcon aria-hidden="true" />
              {messages.shipOrder}
            </Button>
          ) : null}
        </div>
      </div>

      <StatCards stats={statsQuery.data} filter={filter} onCard={toggleCard} />
      {statsQuery.isError ? (
        <p className="text-sm text-destructive dark:text-red-400">{messages.stats.loadError}</p>
      ) : null}

      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_14rem]">
          <div className="relative">
            <Label htmlFor="shipments-search" className="sr-only">
              {messages.searchLabel}
            </Label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="shipments-search"
              type="search"
              className="pl-9"
              placeholder={messages.searchPlaceholder}
              value={searchText}
              onChange={(event) => changeSearch(event.target.value)}
            />
          </div>
          <Select
            value={filter.status}
            onValueChange={(status) => changeFilter({ status: status as ShipmentStatus | typeof ALL })}
          >
            <SelectTrigger aria-label={messages.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
              {shipmentStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {shipmentStatusLabels[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={filter.deliveryStatus}
            onValueChange={(value) =>
              changeFilter({ deliveryStatus: value as ShipmentListFilter['deliveryStatus'], deliveredFrom: '' })
            }
          >
            <SelectTrigger aria-label={messages.deliveryLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.deliveryAll}</SelectItem>
              <SelectItem value={IN_TRANSIT}>{messages.stats.transit}</SelectItem>
              {deliveryStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {deliveryStatusLabels[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-2 items-center gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_10rem_auto]">
          <ReferencePicker
            className="col-span-2 sm:col-span-1"
            route="/carriers"
            value={filter.carrierId}
            valueLabel={labels.carrier}
            clearLabel={messages.all}
            prefix={messages.carrierFilter}
            aria-label={messages.carrierFilter}
            onChange={(carrierId, label) => {
              setLabels((current) => ({ ...current, carrier: label }));
              changeFilter({ carrierId });
            }}
          />
          <ReferencePicker
            className="col-span-2 sm:col-span-1"
            route="/clients"
            value={filter.clientId}
            valueLabel={labels.client}
            clearLabel={messages.all}
            prefix={messages.clientFilter}
            aria-label={messages.clientFilter}
            onChange={(clientId, label) => {
              setLabels((current) => ({ ...current, client: label }));
              changeFilter({ clientId });
            }}
          />
          <DateFilter
            id="shipments-date-from"
            label={messages.dateFrom}
            value={filter.dateFrom}
            onChange={(dateFrom) => changeFilter({ dateFrom })}
          />
          <DateFilter
            id="shipments-date-to"
            label={messages.dateTo}
            value={filter.dateTo}
            onChange={(dateTo) => changeFilter({ dateTo })}
          />
          {filtered ? (
            <Button variant="ghost" className="col-span-2 justify-self-start lg:col-span-1" onClick={resetFilters}>
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
            className="min-w-[64rem]"
            aria-label={messages.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <SortableHead field="number" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.number}
                </SortableHead>
                <SortableHead field="shipmentDate" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.date}
                </SortableHead>
                <SortableHead field="orderNumber" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.order}
                </SortableHead>
                <SortableHead field="clientName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.client}
                </SortableHead>
                <TableHead>{messages.columns.delivery}</TableHead>
                <SortableHead field="totalGross" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.amount}
                </SortableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
                <SortableHead field="deliveryStatus" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.deliveryStatus}
                </SortableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={8} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">
                      {filtered || !canAccess ? messages.emptyHint : messages.emptyStart}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => <ShipmentRow key={row.id} row={row} onOpen={() => setOpenId(row.id)} />)
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalShipments(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {openId !== null ? (
        <ShipmentDrawer
          key={openId}
          shipmentId={openId}
          canChange={canAccess}
          onChanged={() => void queryClient.invalidateQueries({ predicate: isShipmentListQuery })}
          onClose={closeDrawer}
        />
      ) : null}
      {shipping ? (
        <ShipOrderDialog
          onClose={() => setShipping(false)}
          onCreated={(id) => {
            setShipping(false);
            void queryClient.invalidateQueries({ predicate: isShipmentListQuery });
            setOpenId(id);
          }}
        />
      ) : null}
      {settingsOpen ? (
        <NpSettingsDialog canChange={integrations.canAccess} onClose={() => setSettingsOpen(false)} />
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

function ShipmentRow({ row, onOpen }: { row: ShipmentSummary; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openShipment(row.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {row.number}
        </button>
        <span className="block text-xs text-muted-foreground">{messages.lines(row.lineCount)}</span>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(row.shipmentDate)}</TableCell>
      <TableCell className="font-mono text-sm whitespace-nowrap">{row.orderNumber}</TableCell>
      <TableCell className="max-w-56">
        <span className="line-clamp-2">{row.clientName}</span>
        {row.recipientName ? (
          <span className="block truncate text-xs text-muted-foreground">{row.recipientName}</span>
        ) : null}
      </TableCell>
      <TableCell className="max-w-56">
        <span className="block truncate">{row.carrierName ?? messages.none}</span>
        {row.trackingNumber ? (
          row.trackingUrl ? (
            <a
              href={row.trackingUrl}
              target="_blank"
              rel="noreferrer"
              className="block font-mono text-xs text-primary hover:underline"
              onClick={(event) => event.stopPropagation()}
            >
              {row.trackingNumber}
            </a>
          ) : (
            <span className="block font-mono text-xs">{row.trackingNumber}</span>
          )
        ) : null}
        {row.npCityName ? <span className="block truncate text-xs text-muted-foreground">{row.npCityName}</span> : null}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatMoney(row.totalGross)}
        {row.currencyCode !== 'UAH' ? <span className="text-xs text-muted-foreground"> {row.currencyCode}</span> : null}
      </TableCell>
      <TableCell>
        <ShipmentStatusBadge status={row.status} />
      </TableCell>
      <TableCell>
        <DeliveryStatusBadge status={row.deliveryStatus} waybill={row.waybillState} />
        {row.deliveryStatusText && row.deliveryStatus !== 'none' ? (
          <span className="mt-0.5 block max-w-48 truncate text-xs text-muted-foreground" title={row.deliveryStatusText}>
            {row.deliveryStatusText}
          </span>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function StatCards({
  stats,
  filter,
  onCard,
}: {
  stats: ShipmentStats | undefined;
  filter: ShipmentListFilter;
  onCard: (card: 'drafts' | 'transit' | 'delivered' | 'problems') => void;
}) {
  const m = messages.stats;
  const value = (n: number | undefined) => (n === undefined ? messages.none : String(n));
  const cards = [
    {
      key: 'drafts' as const,
      label: m.drafts,
      hint: m.draftsHint,
      icon: ClipboardListIcon,
      tone: statTones.amber,
      value: value(stats?.draftsToShip),
      pressed: filter.status === 'draft',
    },
    {
      key: 'transit' as const,
      label: m.transit,
      hint: m.transitHint,
      icon: TruckIcon,
      tone: statTones.sky,
      value: value(stats?.inTransit),
      pressed: filter.deliveryStatus === IN_TRANSIT,
    },
    {
      key: 'delivered' as const,
      label: m.delivered,
      hint: m.deliveredHint,
      icon: CheckCircle2Icon,
      tone: statTones.green,
      value: value(stats?.deliveredThisWeek),
      pressed: filter.deliveredFrom !== '',
    },
    {
      key: 'problems' as const,
      label: m.problems,
      hint: m.problemsHint,
      icon: AlertTriangleIcon,
      tone: statTones.red,
      value: value(stats?.problems),
      pressed: filter.problems === 'true',
    },
  ];
  return (
    <section aria-label={m.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {cards.map((card) => (
          <li key={card.key} className="min-w-0">
            <StatCard
              label={card.label}
              hint={card.pressed ? m.activeHint : card.hint}
              icon={card.icon}
              tone={card.tone}
              value={card.value}
              pressed={card.pressed}
              onClick={() => onCard(card.key)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
