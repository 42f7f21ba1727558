// 'Усі платежі' (sales.md §2): the filtered register — search, status, method, type, client, period and 'Лише
// аванси'; sortable columns, server paging, status badges; an unallocated rest shows as 'Аванс'. A row opens the
// payment; the export takes the same filter.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, DownloadIcon, SearchIcon, XIcon } from 'lucide-react';
import {
  paymentMethodLabels,
  paymentMethods,
  paymentStatuses,
  paymentStatusLabels,
  paymentTypeLabels,
  paymentTypes,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentSummary,
  type PaymentType,
} from '@/modules/payments/payments.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { formatDateUk, moneyWithCurrency, PaymentStatusBadge } from './payment-parts.tsx';
import { paymentExportUrl, paymentListQueryFn, paymentListQueryKey, type PaymentListFilter } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

const m = messages.register;
const PAGE_SIZE = 20;
const ALL = 'all';
type SortField = 'number' | 'paymentDate' | 'amount' | 'clientName' | 'status' | 'unallocated';

const initialFilter: PaymentListFilter = {
  page: 1,
  limit: PAGE_SIZE,
  search: '',
  sort: '-paymentDate',
  status: ALL,
  method: ALL,
  type: ALL,
  clientId: null,
  dateFrom: '',
  dateTo: '',
  unallocated: null,
};

export function PaymentsRegister({ onOpen }: { onOpen: (id: number) => void }) {
  const [filter, setFilter] = useState<PaymentListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const debounce = useDebouncedAction(300);
  const query = useQuery({
    queryKey: paymentListQueryKey(filter),
    queryFn: paymentListQueryFn,
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (query.data && !query.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered =
    filter.search !== '' ||
    filter.status !== ALL ||
    filter.method !== ALL ||
    filter.type !== ALL ||
    filter.clientId !== null ||
    filter.dateFrom !== '' ||
    filter.dateTo !== '' ||
    filter.unallocated !== null;

  const change = (next: Partial<Omit<PaymentListFilter, 'page' | 'limit'>>) =>
    setFilter((current) => ({ ...current, ...next, page: 1 }));
  const toggleSort = (field: SortField) => change({ sort: filter.sort === field ? `-${field}` : field });
  const rows = query.data?.items ?? [];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto]">
          <div className="relative">
            <Label htmlFor="payments-search" className="sr-only">
              {m.searchLabel}
            </Label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="payments-search"
              type="search"
              className="pl-9"
              placeholder={m.searchPlaceholder}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.target.value);
                const text = event.target.value.trim();
                debounce(() => change({ search: text }));
              }}
            />
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" className="justify-self-start">
                <DownloadIcon aria-hidden="true" />
                {messages.export}
                <ChevronDownIcon aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem asChild>
                <a href={paymentExportUrl(filter, 'xlsx')} download>
                  {messages.exportXlsx}
                </a>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <a href={paymentExportUrl(filter, 'csv')} download>
                  {messages.exportCsv}
                </a>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.4fr)]">
          <FilterSelect
            label={m.status}
            value={filter.status}
            options={[
              [ALL, m.statusAll],
              ...paymentStatuses.map((s) => [s, paymentStatusLabels[s]] as [string, string]),
            ]}
            onChange={(status) => change({ status: status as PaymentStatus | typeof ALL })}
          />
          <FilterSelect
            label={m.method}
            value={filter.method}
            options={[
              [ALL, m.methodAll],
              ...paymentMethods.map((s) => [s, paymentMethodLabels[s]] as [string, string]),
            ]}
            onChange={(method) => change({ method: method as PaymentMethod | typeof ALL })}
          />
          <FilterSelect
            label={m.type}
            value={filter.type}
            options={[[ALL, m.typeAll], ...paymentTypes.map((s) => [s, paymentTypeLabels[s]] as [string, string])]}
            onChange={(type) => change({ type: type as PaymentType | typeof ALL })}
          />
          <ReferenceFilter
            route="/clients"
            label={m.client}
            value={filter.clientId}
            allLabel={messages.all}
            onChange={(clientId) => change({ clientId })}
          />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <DateFilter
            id="payments-from"
            label={m.dateFrom}
            value={filter.dateFrom}
            onChange={(dateFrom) => change({ dateFrom })}
          />
          <DateFilter
            id="payments-to"
            label={m.dateTo}
            value={filter.dateTo}
            onChange={(dateTo) => change({ dateTo })}
          />
          <div className="flex h-9 items-center gap-2">
            <Switch
              id="payments-unallocated"
              checked={filter.unallocated === true}
              onCheckedChange={(on) => change({ unallocated: on ? true : null })}
            />
            <Label htmlFor="payments-unallocated">{m.unallocated}</Label>
          </div>
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setSearchText('');
                setFilter((current) => ({ ...initialFilter, sort: current.sort }));
              }}
            >
              <XIcon aria-hidden="true" />
              {m.resetFilters}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates query={query} loadingText={m.loading} loadErrorText={m.loadError} retryText={messages.retry}>
          <div className="min-w-0 overflow-x-auto">
            <Table
              className="min-w-[52rem]"
              aria-label={messages.tabs.register}
              aria-busy={query.isFetching ? true : undefined}
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <SortableHead field="number" sort={filter.sort} onSort={toggleSort}>
                    {m.columns.number}
                  </SortableHead>
                  <SortableHead field="paymentDate" sort={filter.sort} onSort={toggleSort}>
                    {m.columns.paymentDate}
                  </SortableHead>
                  <SortableHead field="clientName" sort={filter.sort} onSort={toggleSort}>
                    {m.columns.clientName}
                  </SortableHead>
                  <SortableHead field="amount" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.amount}
                  </SortableHead>
                  <TableHead>{m.columns.orders}</TableHead>
                  <SortableHead field="unallocated" sort={filter.sort} onSort={toggleSort} numeric>
                    {m.columns.unallocated}
                  </SortableHead>
                  <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                    {m.columns.status}
                  </SortableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={cn(query.isPlaceholderData && 'opacity-60')}>
                {rows.length === 0 ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={7} className="py-12 text-center">
                      <p className="font-medium">{m.empty}</p>
                      <p className="text-sm text-muted-foreground">{filtered ? m.emptyHint : m.emptyStart}</p>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((payment) => (
                    <RegisterRow key={payment.id} payment={payment} onOpen={() => onOpen(payment.id)} />
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={m.total(0)}
            nextDisabled={query.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>
    </div>
  );
}

function RegisterRow({ payment, onOpen }: { payment: PaymentSummary; onOpen: () => void }) {
  const advance = payment.status === 'posted' && /[1-9]/.test(payment.unallocated);
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.queue.open(payment.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {payment.number}
        </button>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(payment.paymentDate)}</TableCell>
      <TableCell className="max-w-72 min-w-44">
        <span className="line-clamp-2 break-words">{payment.clientName ?? '—'}</span>
        {payment.payerName && payment.payerName !== payment.clientName ? (
          <span className="line-clamp-1 text-xs break-words text-muted-foreground">{payment.payerName}</span>
        ) : null}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {payment.type === 'refund' ? '−' : ''}
        {moneyWithCurrency(payment.amount, payment.currencyCode)}
        <span className="block text-xs text-muted-foreground">{paymentMethodLabels[payment.method]}</span>
      </TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap">
        {payment.orders.map((o) => (
          <span key={o.orderId} className="block">
            {o.orderNumber}
          </span>
        ))}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap">
        {advance ? (
          <span className="inline-flex flex-col items-end">
            <span className="rounded-full bg-sky-500/15 px-2 py-0.5 text-xs font-medium text-sky-800 dark:text-sky-300">
              {m.advance}
            </span>
            <span className="text-xs tabular-nums">{moneyWithCurrency(payment.unallocated, payment.currencyCode)}</span>
          </span>
        ) : null}
      </TableCell>
      <TableCell>
        <PaymentStatusBadge status={payment.status} />
      </TableCell>
    </TableRow>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<[string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className="w-full">
        <span className="flex min-w-0 items-center gap-1 truncate">
          <span className="text-muted-foreground">{label}:</span>
          <SelectValue />
        </span>
      </SelectTrigger>
      <SelectContent>
        {options.map(([v, text]) => (
          <SelectItem key={v} value={v}>
            {text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function DateFilter({
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
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs font-normal text-muted-foreground">
        {label}
      </Label>
      <Input id={id} type="date" className="w-40" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
