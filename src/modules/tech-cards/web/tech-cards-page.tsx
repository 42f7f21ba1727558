// 'Технологічні карти' (production.md §2): a server-paged, sortable, filtered list of the cards — name, item,
// base/modification badge, number of operations, minutes for one unit, status — and the card editor in a dialog.
// Deep links: `?itemId=` filters by the item, `?open=<id>` opens a card.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { PlusIcon, SearchIcon, StarIcon, XIcon } from 'lucide-react';
import {
  techCardKindLabels,
  techCardStatuses,
  techCardStatusLabels,
  type TechCardStatus,
  type TechCardSummary,
} from '@/modules/tech-cards/tech-cards.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListPagination, ListStates, SortableHead } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { useDebouncedAction } from '@/web/lib/use-debounced-action.ts';
import { cn } from '@/web/lib/utils.ts';
import { TechCardDialog, TechCardStatusBadge } from './tech-card-dialog.tsx';
import { techCardListQueryFn, techCardListQueryKey, type TechCardListFilter } from './tech-cards.api.ts';
import { techCardsWebMessages as messages } from './tech-cards.messages.ts';

export const TECH_CARDS_ROUTE = '/tech-cards';
export const TECH_CARDS_PAGE_SIZE = 20;
const ALL = 'all';

type SortField = 'name' | 'itemName' | 'status';
type DialogState = { kind: 'create' } | { kind: 'open'; id: number } | null;

const positiveParam = (search: string, name: string) => {
  const value = Number(new URLSearchParams(search).get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
};

export function TechCardsPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const initialFilter: TechCardListFilter = {
    page: 1,
    limit: TECH_CARDS_PAGE_SIZE,
    search: '',
    sort: 'name',
    status: ALL,
    kind: ALL,
    itemId: null,
    departmentId: null,
  };
  const [filter, setFilter] = useState<TechCardListFilter>(() => ({
    ...initialFilter,
    itemId: positiveParam(search, 'itemId'),
  }));
  const [searchText, setSearchText] = useState('');
  const [labels, setLabels] = useState<{ item: string | null; department: string | null }>({
    item: null,
    department: null,
  });
  const [dialog, setDialog] = useState<DialogState>(() => {
    const open = positiveParam(search, 'open');
    return open ? { kind: 'open', id: open } : null;
  });
  const { canAccess } = usePermission(TECH_CARDS_ROUTE);
  const debounce = useDebouncedAction(300);

  const listQuery = useQuery({
    queryKey: techCardListQueryKey(filter),
    queryFn: techCardListQueryFn,
    placeholderData: keepPreviousData,
  });
  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }

  const filtered =
    filter.search !== '' ||
    filter.status !== ALL ||
    filter.kind !== ALL ||
    filter.itemId !== null ||
    filter.departmentId !== null;

  function changeFilter(change: Partial<Omit<TechCardListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }

  function closeDialog() {
    setDialog(null);
    if (new URLSearchParams(search).has('open')) navigate(location, { replace: true });
  }

  function resetFilters() {
    setSearchText('');
    setLabels({ item: null, department: null });
    setFilter((current) => ({ ...initialFilter, sort: current.sort }));
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
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon aria-hidden="true" />
            {messages.newCard}
          </Button>
        ) : null}
      </div>

      <div className="grid gap-3" role="search">
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem_13rem]">
          <div className="relative">
            <Label htmlFor="tech-cards-search" className="sr-only">
              {messages.searchLabel}
            </Label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="tech-cards-search"
              type="search"
              className="pl-9"
              placeholder={messages.searchPlaceholder}
              value={searchText}
              onChange={(event) => {
                const text = event.target.value;
                setSearchText(text);
                debounce(() => changeFilter({ search: text.trim() }));
              }}
            />
          </div>
          <Select
            value={filter.status}
            onValueChange={(status) => changeFilter({ status: status as TechCardStatus | typeof ALL })}
          >
            <SelectTrigger aria-label={messages.statusLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
              {techCardStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {techCardStatusLabels[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={filter.kind}
            onValueChange={(kind) => changeFilter({ kind: kind as TechCardListFilter['kind'] })}
          >
            <SelectTrigger aria-label={messages.kindLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.kindAll}</SelectItem>
              <SelectItem value="base">{techCardKindLabels.base}</SelectItem>
              <SelectItem value="modification">{techCardKindLabels.modification}</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
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
          <div className="min-w-0 overflow-x-auto">
            <Table
              className="min-w-[52rem]"
              aria-label={messages.title}
              aria-busy={listQuery.isFetching ? true : undefined}
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <SortableHead field="name" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.name}
                  </SortableHead>
                  <SortableHead field="itemName" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.item}
                  </SortableHead>
                  <TableHead>{messages.columns.kind}</TableHead>
                  <TableHead className="text-right">{messages.columns.operations}</TableHead>
                  <TableHead className="text-right">{messages.columns.minutes}</TableHead>
                  <SortableHead field="status" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.status}
                  </SortableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={cn(listQuery.isPlaceholderData && 'opacity-60')}>
                {rows.length === 0 ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={6} className="py-12 text-center">
                      <p className="font-medium">{messages.empty}</p>
                      <p className="text-sm text-muted-foreground">
                        {filtered || !canAccess ? messages.emptyHint : messages.emptyStart}
                      </p>
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((card) => (
                    <CardRow key={card.id} card={card} onOpen={() => setDialog({ kind: 'open', id: card.id })} />
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalCards(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {dialog ? (
        <TechCardDialog
          key={dialog.kind === 'open' ? dialog.id : 'new'}
          cardId={dialog.kind === 'open' ? dialog.id : undefined}
          canChange={canAccess}
          initialItem={filter.itemId ? { id: filter.itemId, label: labels.item } : null}
          onOpenCard={(id) => setDialog({ kind: 'open', id })}
          onClose={closeDialog}
        />
      ) : null}
    </div>
  );

  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }
}

function CardRow({ card, onOpen }: { card: TechCardSummary; onOpen: () => void }) {
  const modification = card.baseTechCardId !== null;
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="max-w-72 font-medium">
        <span className="flex items-center gap-1.5">
          {card.isDefault ? (
            <StarIcon
              className="size-4 shrink-0 fill-amber-400 text-amber-500"
              aria-label={messages.defaultMark}
              role="img"
            />
          ) : null}
          <button
            type="button"
            className="-mx-1 rounded-sm px-1 text-left outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label={messages.openCard(card.name)}
            onClick={(event) => {
              event.stopPropagation();
              onOpen();
            }}
          >
            {card.name}
          </button>
        </span>
      </TableCell>
      <TableCell className="max-w-64">
        <span className="block font-mono text-xs text-muted-foreground">{card.itemSku}</span>
        <span className="line-clamp-2">{card.itemName}</span>
      </TableCell>
      <TableCell>
        <span
          className={cn(
            'inline-flex rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            modification ? 'border-sky-500/40 text-sky-800 dark:text-sky-300' : 'text-foreground',
          )}
        >
          {modification ? techCardKindLabels.modification : techCardKindLabels.base}
        </span>
        {modification && card.baseName ? (
          <span className="mt-1 block text-xs text-muted-foreground">{messages.modificationOf(card.baseName)}</span>
        ) : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">{card.operationCount}</TableCell>
      <TableCell className="text-right tabular-nums">{formatQty(card.totalMinutes)}</TableCell>
      <TableCell>
        <TechCardStatusBadge status={card.status} />
      </TableCell>
    </TableRow>
  );
}
