// 'Серійні номери' (sales.md §4): stat cards by state, filters (state, item, search), a server-paged sortable list of
// serials with their item, state, warehouse, client, sale date and warranty end; a row opens the drawer with the
// timeline and 'Списати'; 'Згенерувати', 'Зареєструвати наявні' and 'Друк етикеток' for the chosen rows; and the
// 'Шаблони' tab with its live preview. `?open=<id>` (the scanner's link) opens one serial at once.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import {
  BoxesIcon,
  HandCoinsIcon,
  PackageCheckIcon,
  PrinterIcon,
  SearchIcon,
  SparklesIcon,
  TagsIcon,
  WrenchIcon,
  XIcon,
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
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
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
const SEARCH_DELAY_MS = 300;
const ALL = 'all';

type SortField = 'serial' | 'itemName' | 'status' | 'warehouseName' | 'clientName' | 'soldAt';
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
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
        <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
      </div>
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
  const [filter, setFilter] = useState<SerialListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<'generate' | 'register' | null>(null);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [openId, setOpenId] = useState<number | null>(() => {
    const open = Number(new URLSearchParams(search).get('open'));
    return Number.isInteger(open) && open > 0 ? open : null;
  });
  function closeDrawer() {
    setOpenId(null);
    if (new URLSearchParams(search).has('open')) navigate(location, { replace: true });
  }
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(SERIALS_ROUTE);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const listQuery = useQuery({
    queryKey: serialListQueryKey(filter),
    queryFn: serialListQueryFn,
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<SerialStats>({ queryKey: serialStatsQueryKey });
  const print = useMutation({
    mutationFn: (ids: readonly number[]) => serialsApi.printLabels(ids),
    onError: (error) =>
      toast({ title: messages.labels.failed, description: serverMessageOf(error), variant: 'destructive' }),
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered = filter.search !== '' || filter.status !== ALL || filter.itemId !== null;

  function changeFilter(change: Partial<Omit<SerialListFilter, 'page' | 'limit'>>) {
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
  }
  function toggleStatus(status: SerialStatus) {
    changeFilter({ status: filter.status === status ? ALL : status });
  }

  const rows = listQuery.data?.items ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  function toggleRow(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function togglePage(on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const r of rows) {
        if (on) next.add(r.id);
        else next.delete(r.id);
      }
      return next;
    });
  }

  return (
    <div className="grid min-w-0 gap-6">
      <StatCards stats={statsQuery.data} status={filter.status} onStatus={toggleStatus} />
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

      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_minmax(0,16rem)_auto]">
          <div className="relative">
            <Label htmlFor="serials-search" className="sr-only">
              {messages.searchLabel}
            </Label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="serials-search"
              type="search"
              className="pl-9"
              placeholder={messages.searchPlaceholder}
              value={searchText}
              onChange={(event) => changeSearch(event.target.value)}
            />
          </div>
          <Select
            value={filter.status}
            onValueChange={(status) => changeFilter({ status: status as SerialStatus | typeof ALL })}
          >
            <SelectTrigger aria-label={messages.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
              {serialStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {serialStatusLabels[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <ReferenceFilter
            route="/products"
            label={messages.itemFilter}
            value={filter.itemId}
            allLabel={messages.all}
            onChange={(itemId) => changeFilter({ itemId })}
          />
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
                <TableHead className="w-10">
                  <Checkbox
                    aria-label={messages.selectAll}
                    checked={allOnPage}
                    disabled={rows.length === 0}
                    onCheckedChange={(checked) => togglePage(checked === true)}
                  />
                </TableHead>
                <SortableHead field="serial" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.serial}
                </SortableHead>
                <SortableHead field="itemName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.item}
                </SortableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
                <SortableHead field="warehouseName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.warehouse}
                </SortableHead>
                <SortableHead field="clientName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.client}
                </SortableHead>
                <SortableHead field="soldAt" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.soldAt}
                </SortableHead>
                <TableHead>{messages.columns.warrantyUntil}</TableHead>
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
                rows.map((serial) => (
                  <SerialRow
                    key={serial.id}
                    serial={serial}
                    selected={selected.has(serial.id)}
                    onSelect={(on) => toggleRow(serial.id, on)}
                    onOpen={() => setOpenId(serial.id)}
                  />
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.total(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {openId !== null ? (
        <SerialDrawer key={openId} serialId={openId} canChange={canAccess} onClose={closeDrawer} />
      ) : null}
      {dialog === 'generate' ? <GenerateDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'register' ? <RegisterDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function SerialRow({
  serial,
  selected,
  onSelect,
  onOpen,
}: {
  serial: SerialSummary;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
}) {
  return (
    <TableRow className="cursor-pointer" data-state={selected ? 'selected' : undefined} onClick={onOpen}>
      <TableCell onClick={(event) => event.stopPropagation()}>
        <Checkbox
          aria-label={messages.selectRow(serial.serial)}
          checked={selected}
          onCheckedChange={(checked) => onSelect(checked === true)}
        />
      </TableCell>
      <TableCell className="font-medium whitespace-nowrap">
        {/* The row is clickable; the serial is its keyboard way in. */}
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openSerial(serial.serial)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {serial.serial}
        </button>
      </TableCell>
      <TableCell className="max-w-72">
        <span className="line-clamp-2">{serial.itemName}</span>
        <span className="block text-xs text-muted-foreground">{messages.sku(serial.sku)}</span>
      </TableCell>
      <TableCell>
        <SerialStatusBadge status={serial.status} />
      </TableCell>
      <TableCell>{serial.warehouseName ?? ''}</TableCell>
      <TableCell className="max-w-56">
        <span className="line-clamp-2">{serial.clientName ?? ''}</span>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {serial.soldAt ? formatDayUk(serial.soldAt) : ''}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {serial.warrantyUntil ? formatDateUk(serial.warrantyUntil) : ''}
      </TableCell>
    </TableRow>
  );
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
