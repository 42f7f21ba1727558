// The parts of every list page (issue 20): the filter state and its rules (any change goes back to page 1, the
// search waits for the typing to pause, 'Скинути фільтри' keeps the sort), the page header, the filter bar with the
// search, a period and a status choice, and the list card — states, the table and the pages — in one place.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { ChevronDownIcon, SearchIcon, SettingsIcon, XIcon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { DataTable, type DataTableProps } from '@/web/components/data-table.tsx';
import { ListPagination, ListStates } from '@/web/components/data-list.tsx';
import type { ListPage } from '@/web/lib/api.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

const messages = uiMessages.listPage;

/** What every list filter has; the rest is the page's own. */
export interface ListFilterBase {
  page: number;
  limit: number;
  sort?: string;
  search?: string;
}

const NOT_FILTERS = new Set(['page', 'limit', 'sort']);
export { SEARCH_DELAY_MS, useSearchBox } from '@/web/components/use-search-box.ts';

/** A list page's filter: changes go back to page 1; the search is typed at once and applied after a pause. */
export function useListState<F extends ListFilterBase>(initial: F, start?: Partial<F>) {
  const [filter, setFilter] = useState<F>(() => ({ ...initial, ...start }));
  const changeFilter = (change: Partial<Omit<F, 'page' | 'limit'>>) =>
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  const search = useSearchBox(filter.search ?? '', (text) =>
    changeFilter({ search: text } as Partial<Omit<F, 'page' | 'limit'>>),
  );
  return {
    filter,
    searchText: search.text,
    changeFilter,
    setPage: (page: number) => setFilter((current) => ({ ...current, page })),
    changeSearch: search.change,
    /** A header's sort: the same field again turns it round. */
    toggleSort(field: string) {
      changeFilter({ sort: filter.sort === field ? `-${field}` : field } as Partial<Omit<F, 'page' | 'limit'>>);
    },
    /** Whether anything but the page, its size and the sort differs from the page's start. */
    filtered: Object.keys(initial).some(
      (key) =>
        !NOT_FILTERS.has(key) && (filter as Record<string, unknown>)[key] !== (initial as Record<string, unknown>)[key],
    ),
    reset() {
      search.clear();
      setFilter((current) => ({ ...initial, sort: current.sort }));
    },
    /** After a refetch shrank the list: back to its last page instead of an empty one past the end. */
    clampPage(total: number, settled: boolean) {
      const pages = Math.max(1, Math.ceil(total / filter.limit));
      if (settled && total > 0 && filter.page > pages) setFilter({ ...filter, page: pages });
    },
  };
}

export type ListState<F extends ListFilterBase> = ReturnType<typeof useListState<F>>;

/**
 * A server-paged list: its filter state and the page of rows the filter asks for — the last page stays on screen while
 * the next loads, and a refetch that shrank the list steps back to its last page.
 */
export function usePagedList<F extends ListFilterBase, T>(
  initial: F,
  source: { key: (filter: F) => QueryKey; queryFn: QueryFunction<ListPage<T>> },
  start?: Partial<F>,
) {
  const list = useListState(initial, start);
  const query = useQuery({
    queryKey: source.key(list.filter),
    queryFn: source.queryFn,
    placeholderData: keepPreviousData,
  });
  list.clampPage(query.data?.total ?? 0, query.data !== undefined && !query.isPlaceholderData);
  return { list, query };
}

/** The page's title, subtitle and its main buttons (settings, 'Новий …'). */
export function ListHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {subtitle ? <p className="text-sm text-muted-foreground">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** The gear button of a list's header that opens the module's settings dialog; its name is also its tooltip. */
export function SettingsButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline" size="icon" aria-label={label} onClick={onClick}>
          <SettingsIcon aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** The filter bar: the search, the page's filters, and 'Скинути фільтри' while anything is filtered. */
export function ListToolbar({
  id,
  searchLabel,
  searchPlaceholder,
  searchText,
  onSearch,
  filtered,
  onReset,
  children,
}: {
  id: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchText: string;
  onSearch: (text: string) => void;
  filtered: boolean;
  onReset: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3" role="search">
      <div className="relative min-w-56 flex-1 basis-64">
        <Label htmlFor={`${id}-search`} className="sr-only">
          {searchLabel}
        </Label>
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={`${id}-search`}
          type="search"
          className="pl-9"
          placeholder={searchPlaceholder}
          value={searchText}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      {children}
      {filtered ? (
        <Button variant="ghost" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {messages.reset}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The filter bar of a list from useListState: its search and 'Скинути фільтри' wired to the list; the page's filters
 * are `children`. `onReset` does what only the page keeps besides the list (an address to clean).
 */
export function ListFilterBar<F extends ListFilterBase>({
  id,
  list,
  texts,
  onReset,
  children,
}: {
  id: string;
  list: ListState<F>;
  texts: { searchLabel: string; searchPlaceholder: string };
  onReset?: () => void;
  children?: ReactNode;
}) {
  return (
    <ListToolbar
      id={id}
      searchLabel={texts.searchLabel}
      searchPlaceholder={texts.searchPlaceholder}
      searchText={list.searchText}
      onSearch={list.changeSearch}
      filtered={list.filtered}
      onReset={() => {
        onReset?.();
        list.reset();
      }}
    >
      {children}
    </ListToolbar>
  );
}

/** 'Від' – 'До' of a document date; `labels` names the two fields in the page's own words ('Період з', 'Період по'). */
export function PeriodFilter({
  id,
  from,
  to,
  labels,
  onChange,
}: {
  id: string;
  from: string;
  to: string;
  labels?: { from: string; to: string };
  onChange: (period: { dateFrom: string; dateTo: string }) => void;
}) {
  return (
    // On a phone the two dates share the width they have (a 390 px card has less than two 160 px fields).
    <div className="flex max-w-full min-w-0 items-center gap-2" role="group" aria-label={messages.period}>
      <DateField
        id={`${id}-from`}
        aria-label={labels?.from ?? messages.dateFrom}
        className="w-40 min-w-0"
        value={from}
        // The calendar offers no 'from' after 'to' and no 'to' before 'from'.
        max={to || undefined}
        onChange={(dateFrom) => onChange({ dateFrom, dateTo: to })}
      />
      <span aria-hidden="true" className="text-muted-foreground">
        –
      </span>
      <DateField
        id={`${id}-to`}
        aria-label={labels?.to ?? messages.dateTo}
        className="w-40 min-w-0"
        value={to}
        min={from || undefined}
        onChange={(dateTo) => onChange({ dateFrom: from, dateTo })}
      />
    </div>
  );
}

/** The statuses to show, several at once; the value is the API's `a,b` ('' for all). */
export function StatusFilter<S extends string>({
  label,
  statuses,
  labels,
  value,
  onChange,
  className = 'w-52',
}: {
  label: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const chosen = value ? (value.split(',') as S[]) : [];
  const title =
    chosen.length === 0
      ? messages.statusAll
      : chosen.length === 1
        ? labels[chosen[0]!]
        : messages.statusCount(chosen.length);
  const toggle = (status: S, on: boolean) => {
    const next = on ? [...chosen, status] : chosen.filter((s) => s !== status);
    onChange(statuses.filter((s) => next.includes(s)).join(','));
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The trigger's name carries the visible choice too (WCAG 2.5.3 label in name). */}
        <Button
          variant="outline"
          className={cn('justify-between font-normal', className)}
          aria-label={`${label}: ${title}`}
        >
          <span className="truncate">{title}</span>
          <ChevronDownIcon className="opacity-60" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        {statuses.map((status) => (
          <DropdownMenuCheckboxItem
            key={status}
            checked={chosen.includes(status)}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(on) => toggle(status, on === true)}
          >
            {labels[status]}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onChange('')}>{messages.statusAll}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The options of a choice filter from a list's statuses and their Ukrainian names. */
export function statusOptions<S extends string>(statuses: readonly S[], labels: Record<S, string>) {
  return statuses.map((status) => ({ value: status, label: labels[status] }));
}

/**
 * One value or all of them ('Усі статуси' first): a status, a delivery state — for a list whose API takes a single
 * value. `allValue` ('all') is the page's 'none', left out of the URL.
 */
export function ChoiceFilter({
  label,
  allLabel,
  allValue = 'all',
  options,
  value,
  onChange,
  className = 'w-52',
  showLabel = false,
}: {
  label: string;
  allLabel: string;
  allValue?: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
  /** The filter's name before the value ('Обсяг: Усі'), where the value alone would not say what it filters. */
  showLabel?: boolean;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className={className}>
        {showLabel ? (
          <span className="flex min-w-0 items-center gap-1 truncate">
            <span className="text-muted-foreground">{label}:</span>
            <SelectValue />
          </span>
        ) : (
          <SelectValue />
        )}
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={allValue}>{allLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** What an empty list says: that nothing is found, and what to do (widen the filter, or make the first one). */
export function ListEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </>
  );
}

/** The words of a document list's filter bar, as the page's messages name them. */
export interface DocumentFilterTexts {
  searchLabel: string;
  searchPlaceholder: string;
  statusLabel: string;
  statusAll: string;
  dateFrom: string;
  dateTo: string;
}

/** The filter of a document list: a status ('all' for none) and the period of the document date. */
export type DocumentListFilter = ListFilterBase & { status: string; dateFrom: string; dateTo: string };

/**
 * The filter bar of a document list (orders, receipts, transfers, shipments): the search, the status, the page's own
 * filters (`children`: a supplier, a warehouse), the period, and 'Скинути фільтри'; `onReset` clears what only the page
 * keeps (the chosen pickers' names).
 */
export function DocumentFilterBar<F extends DocumentListFilter>({
  id,
  list,
  texts,
  statuses,
  onReset,
  children,
}: {
  id: string;
  list: ListState<F>;
  texts: DocumentFilterTexts;
  statuses: readonly { value: string; label: string }[];
  onReset?: () => void;
  children?: ReactNode;
}) {
  const change = (change: Partial<DocumentListFilter>) =>
    list.changeFilter(change as Partial<Omit<F, 'page' | 'limit'>>);
  return (
    <ListFilterBar id={id} list={list} texts={texts} onReset={onReset}>
      <ChoiceFilter
        label={texts.statusLabel}
        allLabel={texts.statusAll}
        options={statuses}
        value={list.filter.status}
        onChange={(status) => change({ status })}
      />
      {children}
      <PeriodFilter
        id={`${id}-date`}
        from={list.filter.dateFrom}
        to={list.filter.dateTo}
        labels={{ from: texts.dateFrom, to: texts.dateTo }}
        onChange={change}
      />
    </ListFilterBar>
  );
}

/** The words of a paged list's card, as the page's messages name them. */
export interface PagedListTexts {
  title: string;
  loading: string;
  loadError: string;
  retry: string;
  empty: string;
  /** Under 'nothing found' while filtered (or for one who may not create). */
  emptyHint: string;
  /** Under 'nothing found' when there is nothing yet and the user may make the first. */
  emptyStart: string;
}

/**
 * The card of a list from usePagedList: its states, the table of the page's rows sorted by the list's sort, the
 * empty message, and the pages.
 */
export function PagedListCard<T, K extends string | number, F extends ListFilterBase>({
  list,
  query,
  texts,
  emptySummary,
  canCreate,
  table,
  footer,
}: {
  list: ListState<F>;
  query: {
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    data: ListPage<T> | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  texts: PagedListTexts;
  /** What the pages say of no rows ('0 замовлень'). */
  emptySummary: string;
  canCreate: boolean;
  table: Omit<DataTableProps<T, K>, 'label' | 'rows' | 'sort' | 'onSort' | 'empty'>;
  /** Under the table, above the pages: the filter's totals. */
  footer?: ReactNode;
}) {
  return (
    <ListCard
      query={query}
      footer={footer}
      page={list.filter.page}
      limit={list.filter.limit}
      total={query.data?.total ?? 0}
      capped={query.data?.capped ?? false}
      onPage={list.setPage}
      texts={{ loading: texts.loading, loadError: texts.loadError, retry: texts.retry, emptySummary }}
      table={{
        ...table,
        label: texts.title,
        rows: query.data?.items ?? [],
        sort: list.filter.sort,
        onSort: list.toggleSort,
        empty: (
          <ListEmpty title={texts.empty} hint={list.filtered || !canCreate ? texts.emptyHint : texts.emptyStart} />
        ),
      }}
    />
  );
}

/** The list card: a spinner first, the load error with a retry, then the table and its pages. */
export function ListCard<T, K extends string | number>({
  query,
  page,
  limit,
  total,
  capped = false,
  onPage,
  texts,
  table,
  footer,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    isPlaceholderData?: boolean;
    data: unknown;
    error: unknown;
    refetch: () => unknown;
  };
  page: number;
  limit: number;
  total: number;
  /** The total is a lower bound (ListPage.capped). */
  capped?: boolean;
  onPage: (page: number) => void;
  texts: { loading: string; loadError: string; retry: string; emptySummary: string };
  table: DataTableProps<T, K>;
  footer?: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm">
      <ListStates query={query} loadingText={texts.loading} loadErrorText={texts.loadError} retryText={texts.retry}>
        <DataTable {...table} busy={table.busy ?? query.isPlaceholderData} />
        {footer}
        <ListPagination
          page={page}
          pageSize={limit}
          total={total}
          capped={capped}
          emptySummary={texts.emptySummary}
          nextDisabled={query.isPlaceholderData}
          onPageChange={onPage}
        />
      </ListStates>
    </div>
  );
}
