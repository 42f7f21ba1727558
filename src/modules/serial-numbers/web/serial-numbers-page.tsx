// 'Серійні номери' (sales.md §4): stat cards by state, filters (state, item, search), a server-paged sortable list of
// serials with their item, state, warehouse, client, sale date and warranty end; a row opens the drawer with the
// timeline and 'Списати'; 'Згенерувати', 'Зареєструвати наявні' and 'Друк етикеток' for the chosen rows; and the
// 'Шаблони' tab with its live preview. `?open=<id>` (the scanner's link) opens one serial at once.
import { useSearch } from 'wouter';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BoxesIcon,
  HandCoinsIcon,
  PackageCheckIcon,
  PrinterIcon,
  SparklesIcon,
  TagsIcon,
  WrenchIcon,
} from 'lucide-react';
import {
  SERIALS_ROUTE,
  serialStatuses,
  serialStatusLabels,
  type SerialStats,
  type SerialStatus,
  type SerialSummary,
} from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { RowOpenButton, type DataColumn, type DataTableSelection } from '@/web/components/data-table.tsx';
import {
  ChoiceFilter,
  ListHeader,
  ListFilterBar,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { useOpenParam } from '@/web/components/record-list.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { GenerateDialog } from './generate-dialog.tsx';
import { RegisterDialog } from './register-dialog.tsx';
import { SerialDrawer } from './serial-drawer.tsx';
import { formatDateUk, formatDayUk, SerialStatusBadge } from './serial-parts.tsx';
import {
  serialListQueryFn,
  serialListQueryKey,
  serialsApi,
  serialStatsQueryKey,
  type SerialListFilter,
} from './serial-numbers.api.ts';
import { serialsWebMessages as messages } from './serial-numbers.messages.ts';
import { TemplatesTab } from './templates-tab.tsx';

export const SERIALS_PAGE_SIZE = 20;
const ALL = 'all';

type Tab = 'serials' | 'templates';

const initialFilter: SerialListFilter = {
  page: 1,
  limit: SERIALS_PAGE_SIZE,
  search: '',
  sort: '-createdAt',
  status: ALL,
  itemId: null,
};

export function SerialNumbersPage() {
  const [tab, setTab] = useState<Tab>('serials');
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader title={messages.title} subtitle={messages.subtitle} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0 gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="serials">{messages.tabs.serials}</TabsTrigger>
          <TabsTrigger value="templates">{messages.tabs.templates}</TabsTrigger>
        </TabsList>
        <TabsContent value="serials" className="min-w-0">
          <SerialsTab />
        </TabsContent>
        <TabsContent value="templates" className="min-w-0">
          <TemplatesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function SerialsTab() {
  const address = useSearch();
  // `?search=` (a link from a repair, a notification or another page) fills the search box.
  const { list, query: listQuery } = usePagedList(
    initialFilter,
    { key: serialListQueryKey, queryFn: serialListQueryFn },
    { search: new URLSearchParams(address).get('search')?.trim() ?? '' },
  );
  const { filter, changeFilter } = list;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<'generate' | 'register' | null>(null);
  const [openId, setOpenId] = useOpenParam();
  const closeDrawer = () => setOpenId(null);
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(SERIALS_ROUTE);

  const statsQuery = useQuery<SerialStats>({ queryKey: serialStatsQueryKey });
  const print = useMutation({
    mutationFn: (ids: readonly number[]) => serialsApi.printLabels(ids),
    onError: (error) =>
      toast({ title: messages.labels.failed, description: serverMessageOf(error), variant: 'destructive' }),
  });

  const rows = listQuery.data?.items ?? [];
  // The choice outlives the page and the filter: labels may be printed for serials picked on several pages.
  const selection: DataTableSelection<number> = {
    selected,
    onToggle: (id, on) => setSelected((current) => toggled(current, [id], on)),
    onToggleAll: (on) =>
      setSelected((current) =>
        toggled(
          current,
          rows.map((r) => r.id),
          on,
        ),
      ),
    label: (id) => messages.selectRow(rows.find((r) => r.id === id)?.serial ?? String(id)),
  };

  return (
    <div className="grid min-w-0 gap-6">
      <StatCards
        stats={statsQuery.data}
        status={filter.status}
        onStatus={(status) => changeFilter({ status: filter.status === status ? ALL : status })}
      />
      {statsQuery.isError ? <p className="text-sm text-destructive">{messages.stats.loadError}</p> : null}

      <div className="flex flex-wrap items-center gap-2">
        {canAccess ? (
          <>
            <Button onClick={() => setDialog('generate')}>
              <SparklesIcon aria-hidden="true" />
              {messages.actions.generate}
            </Button>
            <Button variant="outline" onClick={() => setDialog('register')}>
              <BoxesIcon aria-hidden="true" />
              {messages.actions.register}
            </Button>
          </>
        ) : null}
        <Button
          variant="outline"
          disabled={selected.size === 0 || print.isPending}
          onClick={() => print.mutate([...selected])}
        >
          <PrinterIcon aria-hidden="true" />
          {selected.size ? messages.actions.printSelected(selected.size) : messages.actions.printLabels}
        </Button>
      </div>

      <ListFilterBar id="serials" list={list} texts={messages}>
        <ChoiceFilter
          label={messages.statusLabel}
          allLabel={messages.statusAll}
          options={statusOptions(serialStatuses, serialStatusLabels)}
          value={filter.status}
          onChange={(status) => changeFilter({ status: status as SerialStatus | typeof ALL })}
        />
        <ReferenceFilter
          route="/products"
          label={messages.itemFilter}
          value={filter.itemId}
          allLabel={messages.all}
          onChange={(itemId) => changeFilter({ itemId })}
        />
      </ListFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.total(0)}
        canCreate={canAccess}
        table={{
          id: 'serial-numbers',
          columns: serialColumns((serial) => setOpenId(serial.id)),
          rowKey: (serial) => serial.id,
          rowLabel: (serial) => serial.serial,
          onRowClick: (serial) => setOpenId(serial.id),
          selection,
          minWidthRem: 60,
        }}
      />

      {openId !== null ? (
        <SerialDrawer key={openId} serialId={openId} canChange={canAccess} onClose={closeDrawer} />
      ) : null}
      {dialog === 'generate' ? <GenerateDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'register' ? <RegisterDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** The chosen serials with `ids` added (on) or taken out. */
function toggled(current: ReadonlySet<number>, ids: readonly number[], on: boolean): ReadonlySet<number> {
  const next = new Set(current);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The list's columns; the serial opens its drawer, like the row. */
function serialColumns(onOpen: (serial: SerialSummary) => void): DataColumn<SerialSummary>[] {
  const c = messages.columns;
  return [
    {
      id: 'serial',
      header: c.serial,
      sortField: 'serial',
      primary: true,
      className: 'font-medium',
      cell: (serial) => (
        <RowOpenButton label={messages.openSerial(serial.serial)} onOpen={() => onOpen(serial)}>
          {serial.serial}
        </RowOpenButton>
      ),
    },
    {
      id: 'item',
      header: c.item,
      sortField: 'itemName',
      className: 'max-w-72 whitespace-normal',
      cell: (serial) => (
        <>
          <span className="line-clamp-2">{serial.itemName}</span>
          <span className="block text-xs text-muted-foreground">{messages.sku(serial.sku)}</span>
        </>
      ),
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (serial) => <SerialStatusBadge status={serial.status} />,
    },
    {
      id: 'warehouse',
      header: c.warehouse,
      sortField: 'warehouseName',
      className: 'whitespace-normal',
      cell: (serial) => serial.warehouseName ?? '',
    },
    {
      id: 'client',
      header: c.client,
      sortField: 'clientName',
      className: 'max-w-56 whitespace-normal',
      cell: (serial) => <span className="line-clamp-2">{serial.clientName ?? ''}</span>,
    },
    {
      id: 'soldAt',
      header: c.soldAt,
      sortField: 'soldAt',
      className: 'tabular-nums',
      cell: (serial) => (serial.soldAt ? formatDayUk(serial.soldAt) : ''),
    },
    {
      id: 'warrantyUntil',
      header: c.warrantyUntil,
      className: 'tabular-nums',
      cell: (serial) => (serial.warrantyUntil ? formatDateUk(serial.warrantyUntil) : ''),
    },
  ];
}

function StatCards({
  stats,
  status,
  onStatus,
}: {
  stats: SerialStats | undefined;
  status: SerialStatus | typeof ALL;
  onStatus: (status: SerialStatus) => void;
}) {
  const m = messages.stats;
  const value = (s: SerialStatus) => (stats ? String(stats[s]) : messages.none);
  const cards: Array<{ status: SerialStatus; label: string; hint: string; icon: typeof BoxesIcon; tone: string }> = [
    {
      status: 'available',
      label: m.available,
      hint: m.availableHint(stats ? String(stats.reserved) : messages.none),
      icon: PackageCheckIcon,
      tone: statTones.green,
    },
    { status: 'sold', label: m.sold, hint: m.soldHint, icon: HandCoinsIcon, tone: statTones.primary },
    { status: 'in_repair', label: m.inRepair, hint: m.inRepairHint, icon: WrenchIcon, tone: statTones.amber },
    { status: 'allocated', label: m.allocated, hint: m.allocatedHint, icon: TagsIcon, tone: statTones.sky },
  ];
  return (
    <section aria-label={m.label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {cards.map((card) => (
          <li key={card.status} className="min-w-0">
            <StatCard
              label={card.label}
              hint={status === card.status ? m.activeHint : card.hint}
              icon={card.icon}
              tone={card.tone}
              value={value(card.status)}
              pressed={status === card.status}
              onClick={() => onStatus(card.status)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
