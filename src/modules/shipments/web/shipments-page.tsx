// 'Відвантаження' (sales.md §3): stat cards that filter (drafts to ship, in transit, delivered this week,
// problems), the filter bar, a server-paged sortable list with the document and delivery statuses, and the drawer of
// one shipment (lines with serials, delivery, Nova Poshta, posting and printing). 'Відвантажити замовлення' makes a
// draft of a confirmed order; 'Налаштування Нової пошти' is for users with access to /integrations. `?open=<id>`
// opens a shipment and `?search=` pre-fills the search (the notifications link here).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { AlertTriangleIcon, CheckCircle2Icon, ClipboardListIcon, SettingsIcon, TruckIcon } from 'lucide-react';
import {
  deliveryStatuses,
  deliveryStatusLabels,
  shipmentStatuses,
  shipmentStatusLabels,
  type ShipmentStats,
  type ShipmentSummary,
} from '@/modules/shipments/shipments.contract.ts';
import { NpSettingsDialog } from './np-settings-dialog.tsx';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import {
  ChoiceFilter,
  DocumentFilterBar,
  ListHeader,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { useOpenParam } from '@/web/components/record-list.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { formatDateUk, formatMoney } from '@/web/lib/document-format.ts';
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
const ALL = 'all';

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

/** The delivery filter: 'В дорозі' (any state on the way) first, then each delivery state. */
const deliveryOptions = [
  { value: IN_TRANSIT, label: messages.stats.transit },
  ...statusOptions(deliveryStatuses, deliveryStatusLabels),
];

export function ShipmentsPage() {
  const queryClient = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const { list, query: listQuery } = usePagedList(
    initialFilter,
    { key: shipmentListQueryKey, queryFn: shipmentListQueryFn },
    { search: params.get('search')?.trim() ?? '', orderId: positiveInt(params.get('orderId')) },
  );
  const { filter, changeFilter } = list;
  const [openId, setOpenId] = useOpenParam();
  const [shipping, setShipping] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { canAccess } = usePermission(SHIPMENTS_ROUTE);
  const integrations = usePermission('/integrations');

  const statsQuery = useQuery<ShipmentStats>({ queryKey: shipmentStatsQueryKey });

  function resetFilters() {
    if (search) navigate(location, { replace: true });
  }
  const closeDrawer = () => setOpenId(null);
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

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          <>
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
          </>
        }
      />

      <StatCards stats={statsQuery.data} filter={filter} onCard={toggleCard} />
      {statsQuery.isError ? (
        <p className="text-sm text-destructive dark:text-red-400">{messages.stats.loadError}</p>
      ) : null}

      <DocumentFilterBar
        id="shipments"
        list={list}
        texts={messages}
        statuses={statusOptions(shipmentStatuses, shipmentStatusLabels)}
        onReset={resetFilters}
      >
        <ChoiceFilter
          label={messages.deliveryLabel}
          allLabel={messages.deliveryAll}
          options={deliveryOptions}
          value={filter.deliveryStatus}
          className="w-56"
          onChange={(value) =>
            changeFilter({ deliveryStatus: value as ShipmentListFilter['deliveryStatus'], deliveredFrom: '' })
          }
        />
        <ReferenceFilter
          route="/carriers"
          label={messages.carrierFilter}
          value={filter.carrierId}
          allLabel={messages.all}
          onChange={(carrierId) => changeFilter({ carrierId })}
        />
        <ReferenceFilter
          route="/clients"
          label={messages.clientFilter}
          value={filter.clientId}
          allLabel={messages.all}
          onChange={(clientId) => changeFilter({ clientId })}
        />
      </DocumentFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalShipments(0)}
        canCreate={canAccess}
        table={{
          id: 'shipments',
          columns: shipmentColumns((row) => setOpenId(row.id)),
          rowKey: (row) => row.id,
          rowLabel: (row) => row.number,
          onRowClick: (row) => setOpenId(row.id),
          minWidthRem: 64,
        }}
      />

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

/** The list's columns; the number opens the shipment's drawer, like the row. */
function shipmentColumns(onOpen: (row: ShipmentSummary) => void): DataColumn<ShipmentSummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({
      header: c.number,
      number: (row) => row.number,
      openLabel: messages.openShipment,
      onOpen,
      below: (row) => <span className="block text-xs text-muted-foreground">{messages.lines(row.lineCount)}</span>,
    }),
    {
      id: 'date',
      header: c.date,
      sortField: 'shipmentDate',
      className: 'tabular-nums',
      cell: (row) => formatDateUk(row.shipmentDate),
    },
    {
      id: 'order',
      header: c.order,
      sortField: 'orderNumber',
      className: 'font-mono text-sm',
      cell: (row) => row.orderNumber,
    },
    {
      id: 'client',
      header: c.client,
      sortField: 'clientName',
      className: 'max-w-56 whitespace-normal',
      cell: (row) => (
        <>
          <span className="line-clamp-2">{row.clientName}</span>
          {row.recipientName ? (
            <span className="block truncate text-xs text-muted-foreground">{row.recipientName}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'delivery',
      header: c.delivery,
      className: 'max-w-56 whitespace-normal',
      cell: (row) => (
        <>
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
          {row.npCityName ? (
            <span className="block truncate text-xs text-muted-foreground">{row.npCityName}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'amount',
      header: c.amount,
      sortField: 'totalGross',
      numeric: true,
      cell: (row) => (
        <>
          {formatMoney(row.totalGross)}
          {row.currencyCode !== 'UAH' ? (
            <span className="text-xs text-muted-foreground"> {row.currencyCode}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (row) => <ShipmentStatusBadge status={row.status} />,
    },
    {
      id: 'deliveryStatus',
      header: c.deliveryStatus,
      sortField: 'deliveryStatus',
      cell: (row) => (
        <>
          <DeliveryStatusBadge status={row.deliveryStatus} waybill={row.waybillState} />
          {row.deliveryStatusText && row.deliveryStatus !== 'none' ? (
            <span
              className="mt-0.5 block max-w-48 truncate text-xs text-muted-foreground"
              title={row.deliveryStatusText}
            >
              {row.deliveryStatusText}
            </span>
          ) : null}
        </>
      ),
    },
  ];
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
