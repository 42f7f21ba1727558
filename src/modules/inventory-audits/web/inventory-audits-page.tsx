// 'Інвентаризація' (warehouse.md §8): a server-paged, sortable, filtered list of the audits — status, warehouse, scope,
// progress and net variance value — and the create dialog; a row opens the counting screen /inventory-audits/{id}.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, SearchIcon, XIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import {
  auditScopeLabels,
  auditScopes,
  auditStatuses,
  auditStatusLabels,
  type AuditScope,
  type AuditStatus,
  type AuditSummary,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { formatDateUk, formatMoney } from './audit-format.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { AuditCreateDialog } from './audit-create-dialog.tsx';
import { AuditProgress, AuditStatusBadge } from './audit-parts.tsx';
import { auditListQueryFn, auditListQueryKey, isAuditListQuery, type AuditListFilter } from './inventory-audits.api.ts';
import { auditsWebMessages as messages } from './inventory-audits.messages.ts';

export const AUDITS_ROUTE = '/inventory-audits';
export const AUDITS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ALL = 'all';

type SortField = 'number' | 'documentDate' | 'warehouseName' | 'status' | 'netVarianceValue';

const initialFilter: AuditListFilter = {
  page: 1,
  limit: AUDITS_PAGE_SIZE,
  search: '',
  sort: '-documentDate',
  status: ALL,
  scope: ALL,
  warehouseId: null,
};

export function InventoryAuditsPage() {
  const [filter, setFilter] = useState<AuditListFilter>(initialFilter);
  const [searchText, setSearchText] = useState('');
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { canAccess } = usePermission(AUDITS_ROUTE);
  const debounce = useDebouncedAction(SEARCH_DELAY_MS);

  const listQuery = useQuery({
    queryKey: auditListQueryKey(filter),
    queryFn: auditListQueryFn,
    placeholderData: keepPreviousData,
  });
  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered = filter.search !== '' || filter.status !== ALL || filter.scope !== ALL || filter.warehouseId !== null;

  function changeFilter(change: Partial<Omit<AuditListFilter, 'page' | 'limit'>>) {
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
  const open = (id: number) => navigate(`${AUDITS_ROUTE}/${id}`);

  const rows = listQuery.data?.items ?? [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        {canAccess ? (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            {messages.newAudit}
          </Button>
        ) : null}
      </div>

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem_11rem_minmax(0,14rem)_auto]" role="search">
        <div className="relative">
          <Label htmlFor="audits-search" className="sr-only">
            {messages.searchLabel}
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="audits-search"
            type="search"
            className="pl-9"
            placeholder={messages.searchPlaceholder}
            value={searchText}
            onChange={(event) => changeSearch(event.target.value)}
          />
        </div>
        <Select
          value={filter.status}
          onValueChange={(status) => changeFilter({ status: status as AuditStatus | typeof ALL })}
        >
          <SelectTrigger aria-label={messages.statusLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
            {auditStatuses.map((status) => (
              <SelectItem key={status} value={status}>
                {auditStatusLabels[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filter.scope}
          onValueChange={(scope) => changeFilter({ scope: scope as AuditScope | typeof ALL })}
        >
          <SelectTrigger aria-label={messages.scopeLabel}>
            <span className="flex min-w-0 items-center gap-1 truncate">
              <span className="text-muted-foreground">{messages.scopeLabel}:</span>
              <SelectValue />
            </span>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{messages.scopeAll}</SelectItem>
            {auditScopes.map((scope) => (
              <SelectItem key={scope} value={scope}>
                {auditScopeLabels[scope]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ReferenceFilter
          route="/warehouses"
          label={messages.warehouseFilter}
          value={filter.warehouseId}
          allLabel={messages.all}
          onChange={(warehouseId) => changeFilter({ warehouseId })}
        />
        {filtered ? (
          <Button variant="ghost" className="justify-self-start" onClick={resetFilters}>
            <XIcon aria-hidden="true" />
            {messages.resetFilters}
          </Button>
        ) : null}
      </div>

      <div className="min-w-0 overflow-x-auto rounded-xl border bg-card text-card-foreground shadow-sm">
        <ListStates
          query={listQuery}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={messages.retry}
        >
          <Table
            className="min-w-[52rem]"
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
                <SortableHead field="warehouseName" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.warehouse}
                </SortableHead>
                <TableHead>{messages.columns.scope}</TableHead>
                <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                  {messages.columns.status}
                </SortableHead>
                <TableHead>{messages.columns.progress}</TableHead>
                <SortableHead field="netVarianceValue" sort={filter.sort} onSort={toggleSort} numeric>
                  {messages.columns.netValue}
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
                rows.map((audit) => <AuditRow key={audit.id} audit={audit} onOpen={() => open(audit.id)} />)
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

      {creating ? (
        <AuditCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(audit) => {
            void queryClient.invalidateQueries({ predicate: isAuditListQuery });
            setCreating(false);
            open(audit.id);
          }}
        />
      ) : null}
    </div>
  );
}

function AuditRow({ audit, onOpen }: { audit: AuditSummary; onOpen: () => void }) {
  const value = audit.netVarianceValue;
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.open(audit.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {audit.number}
        </button>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateUk(audit.documentDate)}</TableCell>
      <TableCell>{audit.warehouseName}</TableCell>
      <TableCell className="whitespace-nowrap">
        {auditScopeLabels[audit.scope]}
        {audit.blind ? <span className="ml-1 text-xs text-muted-foreground">({messages.blind})</span> : null}
      </TableCell>
      <TableCell>
        <AuditStatusBadge status={audit.status} />
      </TableCell>
      <TableCell>
        <AuditProgress counted={audit.countedCount} total={audit.lineCount} />
      </TableCell>
      <TableCell
        className={cn(
          'text-right whitespace-nowrap tabular-nums',
          value.startsWith('-') && 'text-destructive dark:text-red-400',
          /^[1-9]|^0\.\d*[1-9]/.test(value) && 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {formatMoney(value)}
      </TableCell>
    </TableRow>
  );
}
