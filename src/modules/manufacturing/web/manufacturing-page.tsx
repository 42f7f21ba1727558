// 'Виробництво' (production.md §4 Page): stat cards (planned, released, in progress, completed this month, overdue),
// the filter bar (search, statuses, priority, item, department, due range, overdue), a server-paged sortable table
// (number, item, produced / planned with a bar, status and priority, due date red when overdue, source orders,
// responsible) — all from the list toolkit (ListToolbar, ListCard with a DataTable). The filters, the sort, the page and the open order live in the address, so a link reproduces the
// view: `?id=<id>` opens an order's drawer and `?search=<number>` (the notifications' link) opens the one it finds.
import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import {
  moPriorities,
  moPriorityLabels,
  moStatuses,
  moStatusLabels,
  type MoPriority,
  type MoStats,
  type MoStatus,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import {
  ChoiceFilter,
  ListCard,
  ListEmpty,
  ListToolbar,
  PeriodFilter,
  useSearchBox,
  StatusFilter,
  statusOptions,
} from '@/web/components/list-page.tsx';
import { RecordListHeader } from '@/web/components/record-list.tsx';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { MoDialog } from './mo-dialog.tsx';
import { MoDrawer } from './mo-drawer.tsx';
import { ProductionSettingsDialog } from './production-settings-dialog.tsx';
import { isMoQuery, moListQueryFn, moListQueryKey, moStatsQueryKey, type MoListFilter } from './manufacturing.api.ts';
import { moWebMessages as messages } from './manufacturing.messages.ts';
import { moColumns, StatCards } from './manufacturing-list.tsx';

export const MANUFACTURING_ROUTE = '/manufacturing';
export const MO_PAGE_SIZE = 20;
const ALL = 'all';
const DEFAULT_SORT = '-createdAt';

type FormState = { kind: 'create' } | { kind: 'edit'; id: number } | null;

const initialFilter: MoListFilter = {
  page: 1,
  limit: MO_PAGE_SIZE,
  search: '',
  sort: DEFAULT_SORT,
  status: '',
  priority: '',
  itemId: null,
  departmentId: null,
  dueFrom: '',
  dueTo: '',
  overdue: '',
};

const positiveInt = (text: string | null) => {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : null;
};
const isoDate = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '');

/** The list's filter and the open order, as the address says. */
export function readAddress(search: string): { filter: MoListFilter; openId: number | null } {
  const params = new URLSearchParams(search);
  const statuses = (params.get('status') ?? '')
    .split(',')
    .filter((s): s is MoStatus => (moStatuses as readonly string[]).includes(s));
  const priority = params.get('priority');
  return {
    filter: {
      ...initialFilter,
      page: positiveInt(params.get('page')) ?? 1,
      search: params.get('search')?.trim() ?? '',
      sort: params.get('sort')?.trim() || DEFAULT_SORT,
      status: moStatuses.filter((s) => statuses.includes(s)).join(','),
      priority: (moPriorities as readonly string[]).includes(priority ?? '') ? (priority as MoPriority) : '',
      itemId: positiveInt(params.get('itemId')),
      departmentId: positiveInt(params.get('departmentId')),
      dueFrom: isoDate(params.get('dueFrom')),
      dueTo: isoDate(params.get('dueTo')),
      overdue: params.get('overdue') === 'true' ? 'true' : '',
    },
    openId: positiveInt(params.get('id')) ?? positiveInt(params.get('open')),
  };
}

/** The address of a filter and an open order (defaults left out). */
export function writeAddress(filter: MoListFilter, openId: number | null): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.status) params.set('status', filter.status);
  if (filter.priority) params.set('priority', filter.priority);
  if (filter.itemId) params.set('itemId', String(filter.itemId));
  if (filter.departmentId) params.set('departmentId', String(filter.departmentId));
  if (filter.dueFrom) params.set('dueFrom', filter.dueFrom);
  if (filter.dueTo) params.set('dueTo', filter.dueTo);
  if (filter.overdue) params.set('overdue', 'true');
  if (filter.sort !== DEFAULT_SORT) params.set('sort', filter.sort);
  if (filter.page > 1) params.set('page', String(filter.page));
  if (openId) params.set('id', String(openId));
  return params.toString();
}

export function ManufacturingPage() {
  const queryClient = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { filter, openId } = useMemo(() => readAddress(search), [search]);
  const searchBox = useSearchBox(filter.search, (text) => {
    // The address may have moved on meanwhile (a filter, an open order): read it afresh.
    const current = readAddress(latestSearch.current);
    go({ ...current.filter, search: text, page: 1 }, current.openId);
  });
  const [shownSearch, setShownSearch] = useState(filter.search);
  // The address changed the search by itself (a link, the back button): the box follows it.
  if (filter.search !== shownSearch) {
    setShownSearch(filter.search);
    if (searchBox.text.trim() !== filter.search) searchBox.show(filter.search);
  }
  const [form, setForm] = useState<FormState>(null);
  const { canAccess } = usePermission(MANUFACTURING_ROUTE);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const listQuery = useQuery({
    queryKey: moListQueryKey(filter),
    queryFn: moListQueryFn,
    placeholderData: keepPreviousData,
  });
  const statsQuery = useQuery<MoStats>({ queryKey: moStatsQueryKey });

  // The newest address, for the debounced search that fires after later renders.
  const latestSearch = useRef(search);
  useEffect(() => {
    latestSearch.current = search;
  }, [search]);

  function go(nextFilter: MoListFilter, nextOpen: number | null) {
    const query = writeAddress(nextFilter, nextOpen);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  }

  // `?search=<number>` from a notification: the order it finds is opened once, as soon as the list answers.
  const autoOpen = useRef(filter.search !== '' && openId === null);
  const rowsLoaded = listQuery.data && !listQuery.isPlaceholderData ? listQuery.data.items : null;
  useEffect(() => {
    if (!autoOpen.current || !rowsLoaded) return;
    autoOpen.current = false;
    const wanted = filter.search.toLowerCase();
    const exact = rowsLoaded.filter((row) => row.number.toLowerCase() === wanted);
    const found = exact.length === 1 ? exact[0] : rowsLoaded.length === 1 ? rowsLoaded[0] : undefined;
    if (found) go(filter, found.id);
    // go() reads the current address; the effect runs only for the first answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowsLoaded]);

  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  // A page emptied by a deletion or a filter: step back to the last page that has rows.
  useEffect(() => {
    if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
      go({ ...filter, page: pageCount }, openId);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listQuery.data, listQuery.isPlaceholderData, total, filter.page, pageCount]);

  const filtered =
    filter.search !== '' ||
    filter.status !== '' ||
    filter.priority !== '' ||
    filter.itemId !== null ||
    filter.departmentId !== null ||
    filter.dueFrom !== '' ||
    filter.dueTo !== '' ||
    filter.overdue !== '';

  /** Any filter change starts again from page 1. */
  function changeFilter(change: Partial<Omit<MoListFilter, 'page' | 'limit'>>) {
    go({ ...filter, ...change, page: 1 }, openId);
  }
  function toggleSort(field: string) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }
  function resetFilters() {
    searchBox.clear();
    go({ ...initialFilter, sort: filter.sort }, openId);
  }

  const openRow = (row: { id: number }) => go(filter, row.id);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        createLabel={messages.newOrder}
        canCreate={canAccess}
        onCreate={() => setForm({ kind: 'create' })}
        settings={{ label: messages.settings, onOpen: () => setSettingsOpen(true) }}
      />

      <StatCards
        stats={statsQuery.data}
        filter={filter}
        onStatus={(status) =>
          changeFilter({ status: filter.status === status && !filter.overdue ? '' : status, overdue: '' })
        }
        onOverdue={() => changeFilter({ overdue: filter.overdue ? '' : 'true', status: '' })}
      />
      {statsQuery.isError ? <p className="text-sm text-destructive">{messages.stats.loadError}</p> : null}

      <ListToolbar
        id="mo"
        searchLabel={messages.searchLabel}
        searchPlaceholder={messages.searchPlaceholder}
        searchText={searchBox.text}
        onSearch={searchBox.change}
        filtered={filtered}
        onReset={resetFilters}
      >
        <StatusFilter
          label={messages.statusLabel}
          statuses={moStatuses}
          labels={moStatusLabels}
          value={filter.status}
          onChange={(status) => changeFilter({ status })}
        />
        <ChoiceFilter
          label={messages.priorityLabel}
          allLabel={messages.priorityAll}
          allValue={ALL}
          options={statusOptions(moPriorities, moPriorityLabels)}
          value={filter.priority || ALL}
          onChange={(value) => changeFilter({ priority: value === ALL ? '' : (value as MoPriority) })}
        />
        <ReferenceFilter
          route="/products"
          label={messages.itemFilter}
          value={filter.itemId}
          allLabel={messages.all}
          onChange={(itemId) => changeFilter({ itemId })}
        />
        <ReferenceFilter
          route="/departments"
          label={messages.departmentFilter}
          value={filter.departmentId}
          allLabel={messages.all}
          onChange={(departmentId) => changeFilter({ departmentId })}
        />
        <PeriodFilter
          id="mo-due"
          from={filter.dueFrom}
          to={filter.dueTo}
          labels={{ from: messages.dueFrom, to: messages.dueTo }}
          onChange={({ dateFrom, dateTo }) => changeFilter({ dueFrom: dateFrom, dueTo: dateTo })}
        />
        <div className="flex items-center gap-2">
          <Checkbox
            id="mo-overdue"
            checked={filter.overdue === 'true'}
            onCheckedChange={(checked) => changeFilter({ overdue: checked === true ? 'true' : '' })}
          />
          <Label htmlFor="mo-overdue" className="font-normal">
            {messages.overdueOnly}
          </Label>
        </div>
      </ListToolbar>

      <ListCard
        query={listQuery}
        page={filter.page}
        limit={filter.limit}
        total={total}
        onPage={(page) => go({ ...filter, page }, openId)}
        texts={{
          loading: messages.loading,
          loadError: messages.loadError,
          retry: messages.retry,
          emptySummary: messages.totalOrders(0),
        }}
        table={{
          id: 'manufacturing-orders',
          label: messages.title,
          columns: moColumns(openRow),
          rows: listQuery.data?.items ?? [],
          rowKey: (row) => row.id,
          rowLabel: (row) => row.number,
          sort: filter.sort,
          onSort: toggleSort,
          onRowClick: openRow,
          empty: (
            <ListEmpty
              title={messages.empty}
              hint={filtered || !canAccess ? messages.emptyHint : messages.emptyStart}
            />
          ),
          minWidthRem: 60,
        }}
      />

      {openId !== null ? (
        <MoDrawer
          key={openId}
          moId={openId}
          canChange={canAccess}
          onEdit={(id) => setForm({ kind: 'edit', id })}
          onOpen={(id) => go(filter, id)}
          onClose={() => go(filter, null)}
        />
      ) : null}
      {form ? (
        <MoDialog
          moId={form.kind === 'edit' ? form.id : undefined}
          onClose={() => setForm(null)}
          onSaved={(id) => {
            setForm(null);
            void queryClient.invalidateQueries({ predicate: isMoQuery });
            go(filter, id);
          }}
        />
      ) : null}
      {settingsOpen ? <ProductionSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}
