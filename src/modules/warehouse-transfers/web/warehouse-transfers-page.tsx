// 'Переміщення між складами' (warehouse.md §7): stat cards (drafts, posted this month), search, filters (status,
// warehouse on either side, period), a server-paged sortable table; a row opens the document's drawer (post, cancel,
// delete, print), and the create/edit dialog takes the lines. `?new=1&itemId=&fromWarehouseId=` (the /inventory
// row action 'Переміщення') opens a new draft pre-filled.
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ArrowRightIcon,
  CheckCheckIcon,
  FilePenLineIcon,
  PlusIcon,
  PrinterIcon,
  SearchIcon,
  XIcon,
} from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import {
  transferStatuses,
  transferStatusLabels,
  type TransferStats,
  type TransferStatus,
  type TransferSummary,
} from '@/modules/warehouse-transfers/warehouse-transfers.contract.ts';
import { formatDateUk, formatMoney, formatQty, TransferStatusBadge } from './transfer-parts.tsx';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { InlineQueryStatus, ListPagination, ListStates, RowAction, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { TransferDialog } from './transfer-dialog.tsx';
import type { TransferPrefill } from './transfer-form.ts';
import { TransferDrawer } from './transfer-view.tsx';
import {
  printUrl,
  transferListQueryFn,
  transferListQueryKey,
  transferStatsQueryKey,
  type TransferListFilter,
} from './warehouse-transfers.api.ts';
import { transfersWebMessages as messages } from './warehouse-transfers.messages.ts';

export const TRANSFERS_ROUTE = '/warehouse-transfers';
export const TRANSFERS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ALL = 'all';
const COLUMN_COUNT = 8;

type SortField = 'number' | 'documentDate' | 'fromWarehouseName' | 'lineCount' | 'status' | 'value';
type Editing = { kind: 'create'; prefill?: TransferPrefill } | { kind: 'edit'; id: number } | null;

const initialFilter: TransferListFilter = {
  page: 1,
  limit: TRANSFERS_PAGE_SIZE,
  search: '',
  sort: '-documentDate',
  status: ALL,
  warehouseId: null,
  dateFrom: '',
  dateTo: '',
};

const positiveId = (text: string | null) => (text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** `?new=1&itemId=<id>&fromWarehouseId=<id>`: a new draft pre-filled; otherwise nothing. */
export function prefillFromUrl(search: string): TransferPrefill | null {
  const params = new URLSearchParams(search);
  if (params.get('new') !== '1') return null;
  return { itemId: positiveId(params.get('itemId')), fromWarehouseId: positiveId(params.get('fromWarehouseId')) };
}

export function WarehouseTransfersPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [filter, setFilter] = useState<TransferListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [warehouseLabel, setWarehouseLabel] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(() => {
    const prefill = prefillFromUrl(search);
    return prefill ? { kind: 'create', prefill } : null;
  });
  const [viewing, setViewing] = useState<number | null>(null);
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(TRANSFERS_ROUTE);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const listQuery = useQuery({
    queryKey: transferListQueryKey(filter),
    queryFn: transferListQueryFn,
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<TransferStats>({ queryKey: transferStatsQueryKey });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  const filtered =
    filter.search !== '' ||
    filter.status !== ALL ||
    filter.warehouseId !== null ||
    filter.dateFrom !== '' ||
    filter.dateTo !== '';

  function changeFilter(change: Partial<Omit<TransferListFilter, 'page' | 'limit'>>) {
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
    setWarehouseLabel(null);
    setFilter((current) => ({ ...initialFilter, sort: current.sort }));
  }

  function closeEditor() {
    setEditing(null);
    // A pre-filled link opens the dialog once: closing it leaves the plain page address.
    if (prefillFromUrl(search)) navigate(location, { replace: true });
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
          <Button onClick={() => setEditing({ kind: 'create' })}>
            <PlusIcon aria-hidden="true" />
            {messages.newTransfer}
          </Button>
        ) : null}
      </div>

      <section aria-label={messages.stats.label}>
        <ul className="grid grid-cols-2 gap-3 lg:max-w-2xl lg:gap-4">
          <li className="min-w-0">
            <StatCard
              label={messages.stats.drafts}
              hint={filter.status === 'draft' ? messages.stats.draftsActive : messages.stats.draftsHint}
              icon={FilePenLineIcon}
              tone={statTones.amber}
              value={statsQuery.data ? String(statsQuery.data.drafts) : messages.none}
              pressed={filter.status === 'draft'}
              onClick={() => changeFilter({ status: filter.status === 'draft' ? ALL : 'draft' })}
            />
          </li>
          <li className="min-w-0">
            <StatCard
              label={messages.stats.postedThisMonth}
              hint={messages.stats.postedThisMonthHint}
              icon={CheckCheckIcon}
              tone={statTones.green}
              value={statsQuery.data ? String(statsQuery.data.postedThisMonth) : messages.none}
            />
          </li>
        </ul>
        {statsQuery.isError && !statsQuery.data ? (
          <InlineQueryStatus
            query={statsQuery}
            loadingText=""
            errorText={messages.stats.loadError}
            retryText={messages.retry}
          />
        ) : null}
      </section>

      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem]">
          <div className="relative">
            <Label htmlFor="transfers-search" className="sr-only">
              {messages.searchLabel}
            </Label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="transfers-search"
              type="search"
              className="pl-9"
              placeholder={messages.searchPlaceholder}
              value={searchText}
              onChange={(event) => changeSearch(event.target.value)}
            />
          </div>
          <Select
            value={filter.status}
            onValueChange={(status) => changeFilter({ status: status as TransferStatus | typeof ALL })}
          >
            <SelectTrigger aria-label={messages.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
              {transferStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {transferStatusLabels[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_10rem_10rem_auto]">
          <ReferencePicker
            className="col-span-2 lg:col-span-1"
            route="/warehouses"
            value={filter.warehouseId}
            valueLabel={warehouseLabel}
            clearLabel={messages.all}
            prefix={messages.warehouseFilter}
            aria-label={messages.warehouseFilter}
            onChange={(warehouseId, label) => {
              setWarehouseLabel(label);
              changeFilter({ warehouseId });
            }}
          />
          <DateFilter
            id="transfers-date-from"
            label={messages.dateFrom}
            value={filter.dateFrom}
            max={filter.dateTo || undefined}
            onChange={(dateFrom) => changeFilter({ dateFrom })}
          />
          <DateFilter
            id="transfers-date-to"
            label={messages.dateTo}
            value={filter.dateTo}
            min={filter.dateFrom || undefined}
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
            className="min-w-[56rem]"
            aria-label={messages.title}
            aria-busy={listQuery.isFetching ? true : undefined}
          >
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <SortableHead field="number" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.number}
                </SortableHead>
                <SortableHead field="documentDate" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.documentDate}
                </SortableHead>
                <SortableHead field="fromWarehouseName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.route}
                </SortableHead>
                <SortableHead field="lineCount" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.lineCount}
                </SortableHead>
                <TableHead className="text-right">{messages.columns.totalQty}</TableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
                <SortableHead field="value" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.value}
                </SortableHead>
                <TableHead className="text-right">{messages.columns.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={COLUMN_COUNT} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">
                      {filtered || !canAccess ? messages.emptyHint : messages.emptyStart}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((transfer) => (
                  <TransferRow key={transfer.id} transfer={transfer} onOpen={() => setViewing(transfer.id)} />
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalTransfers(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {viewing !== null && editing === null ? (
        <TransferDrawer
          key={viewing}
          transferId={viewing}
          canChange={canAccess}
          onEdit={(transfer) => setEditing({ kind: 'edit', id: transfer.id })}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {editing && canAccess ? (
        <TransferDialog
          key={editing.kind === 'edit' ? editing.id : 'new'}
          transferId={editing.kind === 'edit' ? editing.id : undefined}
          prefill={editing.kind === 'create' ? editing.prefill : undefined}
          onSaved={(saved) => {
            closeEditor();
            setViewing(saved.id);
          }}
          onClose={closeEditor}
        />
      ) : null}
    </div>
  );
}

function DateFilter({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
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
      <Input id={id} type="date" value={value} min={min} max={max} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function TransferRow({ transfer, onOpen }: { transfer: TransferSummary; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        {/* The row is clickable; the number is its keyboard way in. */}
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openTransfer(transfer.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {transfer.number}
        </button>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(transfer.documentDate)}</TableCell>
      <TableCell className="min-w-56">
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <span>{transfer.fromWarehouseName}</span>
          <ArrowRightIcon className="size-3.5 shrink-0 text-muted-foreground" aria-label="→" />
          <span>{transfer.toWarehouseName}</span>
        </span>
        {transfer.reason ? <span className="line-clamp-1 text-xs text-muted-foreground">{transfer.reason}</span> : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">{transfer.lineCount}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatQty(transfer.totalQty)}</TableCell>
      <TableCell>
        <TransferStatusBadge status={transfer.status} />
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {transfer.value === null ? messages.none : formatMoney(transfer.value)}
      </TableCell>
      <TableCell>
        <div className="flex justify-end">
          <RowAction
            label={messages.printTransfer(transfer.number)}
            onClick={() => window.open(printUrl(transfer.id), '_blank')}
          >
            <PrinterIcon aria-hidden="true" />
          </RowAction>
        </div>
      </TableCell>
    </TableRow>
  );
}
