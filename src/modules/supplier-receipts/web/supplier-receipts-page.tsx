// 'Приходи від постачальників' (warehouse.md §6): a server-paged, sortable, filtered list of the GRN documents; a row
// opens the document in a dialog (draft: edit, save, post, delete; posted: view, cancel; cancelled: view).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { PlusIcon, SearchIcon, XIcon } from 'lucide-react';
import {
  receiptStatuses,
  receiptStatusLabels,
  type ReceiptStatus,
  type ReceiptSummary,
} from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';
import { formatDateUk, formatMoney } from './receipt-format.ts';
import { ReceiptStatusBadge } from './receipt-parts.tsx';
import { receiptListQueryFn, receiptListQueryKey, type ReceiptListFilter } from './supplier-receipts.api.ts';
import { receiptsWebMessages as messages } from './supplier-receipts.messages.ts';

export const RECEIPTS_ROUTE = '/supplier-receipts';
export const RECEIPTS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ALL = 'all';
const BASE_CURRENCY = 'UAH';

type SortField = 'number' | 'documentDate' | 'supplierName' | 'totalUah' | 'status';
type DialogState = { kind: 'create' } | { kind: 'open'; id: number } | null;

const initialFilter: ReceiptListFilter = {
  page: 1,
  limit: RECEIPTS_PAGE_SIZE,
  search: '',
  sort: '-documentDate',
  status: ALL,
  supplierId: null,
  warehouseId: null,
  dateFrom: '',
  dateTo: '',
};

export function SupplierReceiptsPage() {
  const [filter, setFilter] = useState<ReceiptListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [labels, setLabels] = useState<{ supplier: string | null; warehouse: string | null }>({
    supplier: null,
    warehouse: null,
  });
  // `?open=<id>` (a link from a supplier order's 'Отримати') opens that receipt at once.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [dialog, setDialog] = useState<DialogState>(() => {
    const open = Number(new URLSearchParams(search).get('open'));
    return Number.isInteger(open) && open > 0 ? { kind: 'open', id: open } : null;
  });
  function closeDialog() {
    setDialog(null);
    if (new URLSearchParams(search).has('open')) navigate(location, { replace: true });
  }
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(RECEIPTS_ROUTE);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const listQuery = useQuery({
    queryKey: receiptListQueryKey(filter),
    queryFn: receiptListQueryFn,
    placeholderData: keepPreviousData,
  });

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  // A page emptied by a deletion or a filter: step back to the last page that has rows.
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  const filtered =
    filter.search !== '' ||
    filter.status !== ALL ||
    filter.supplierId !== null ||
    filter.warehouseId !== null ||
    filter.dateFrom !== '' ||
    filter.dateTo !== '';

  /** Any filter change starts again from page 1. */
  function changeFilter(change: Partial<Omit<ReceiptListFilter, 'page' | 'limit'>>) {
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
    setLabels({ supplier: null, warehouse: null });
    setFilter((current) => ({ ...initialFilter, sort: current.sort }));
  }

  const rows = listQuery.data?.items ?? [];
  const columnCount = 8;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        {canAccess ? (
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon aria-hidden="true" />
            {messages.newReceipt}
          </Button>
        ) : null}
      </div>

      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem]">
          <div className="grid gap-1.5">
            <Label htmlFor="receipts-search" className="sr-only">
              {messages.searchLabel}
            </Label>
            <div className="relative">
              <SearchIcon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="receipts-search"
                type="search"
                className="pl-9"
                placeholder={messages.searchPlaceholder}
                value={searchText}
                onChange={(event) => changeSearch(event.target.value)}
              />
            </div>
          </div>
          <Select
            value={filter.status}
            onValueChange={(status) => changeFilter({ status: status as ReceiptStatus | typeof ALL })}
          >
            <SelectTrigger aria-label={messages.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
              {receiptStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {receiptStatusLabels[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_10rem_auto]">
          <ReferencePicker
            className="col-span-2 sm:col-span-1"
            route="/suppliers"
            value={filter.supplierId}
            valueLabel={labels.supplier}
            clearLabel={messages.all}
            prefix={messages.supplierFilter}
            aria-label={messages.supplierFilter}
            onChange={(supplierId, label) => {
              setLabels((current) => ({ ...current, supplier: label }));
              changeFilter({ supplierId });
            }}
          />
          <ReferencePicker
            className="col-span-2 sm:col-span-1"
            route="/warehouses"
            value={filter.warehouseId}
            valueLabel={labels.warehouse}
            clearLabel={messages.all}
            prefix={messages.warehouseFilter}
            aria-label={messages.warehouseFilter}
            onChange={(warehouseId, label) => {
              setLabels((current) => ({ ...current, warehouse: label }));
              changeFilter({ warehouseId });
            }}
          />
          <DateFilter
            id="receipts-date-from"
            label={messages.dateFrom}
            value={filter.dateFrom}
            max={filter.dateTo || undefined}
            onChange={(dateFrom) => changeFilter({ dateFrom })}
          />
          <DateFilter
            id="receipts-date-to"
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
            className="min-w-[60rem]"
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
                <SortableHead field="supplierName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.supplier}
                </SortableHead>
                <TableHead>{messages.columns.document}</TableHead>
                <TableHead>{messages.columns.warehouse}</TableHead>
                <SortableHead field="totalUah" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.amount}
                </SortableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
                <TableHead>{messages.columns.supplierOrder}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
              {rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columnCount} className="py-12 text-center">
                    <p className="font-medium">{messages.empty}</p>
                    <p className="text-sm text-muted-foreground">
                      {filtered || !canAccess ? messages.emptyHint : messages.emptyStart}
                    </p>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((receipt) => (
                  <ReceiptRow
                    key={receipt.id}
                    receipt={receipt}
                    onOpen={() => setDialog({ kind: 'open', id: receipt.id })}
                  />
                ))
              )}
            </TableBody>
          </Table>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalReceipts(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {dialog ? (
        <ReceiptDialog
          key={dialog.kind === 'open' ? dialog.id : 'new'}
          receiptId={dialog.kind === 'open' ? dialog.id : undefined}
          canChange={canAccess}
          onClose={closeDialog}
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

function ReceiptRow({ receipt, onOpen }: { receipt: ReceiptSummary; onOpen: () => void }) {
  const foreign = receipt.currencyCode !== BASE_CURRENCY;
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        {/* The row is clickable; the number is its keyboard way in. */}
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openReceipt(receipt.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {receipt.number}
        </button>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(receipt.documentDate)}</TableCell>
      <TableCell className="max-w-64">
        <span className="line-clamp-2">{receipt.supplierName}</span>
      </TableCell>
      <TableCell>
        <span className="block">{receipt.documentTypeName}</span>
        <span className="block text-xs whitespace-nowrap text-muted-foreground">
          {messages.supplierDocument(receipt.supplierDocNumber, formatDateUk(receipt.supplierDocDate))}
        </span>
      </TableCell>
      <TableCell>{receipt.warehouseName}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        <span className="block">{formatMoney(receipt.totalUah)}</span>
        {foreign ? (
          <span className="block text-xs text-muted-foreground">
            {formatMoney(receipt.totalGross)} {receipt.currencyCode}
          </span>
        ) : null}
      </TableCell>
      <TableCell>
        <ReceiptStatusBadge status={receipt.status} />
      </TableCell>
      <TableCell className="font-mono text-sm whitespace-nowrap">{receipt.supplierOrderNumber ?? ''}</TableCell>
    </TableRow>
  );
}
