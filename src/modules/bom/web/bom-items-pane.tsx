// The left pane of /bom: items (products and semi-finished by default) with a 'має специфікацію' marker; filters
// kind, category and with/without a BOM; search; sorting by SKU or name; server-paged.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ArrowDownAZIcon, ArrowUpAZIcon, ListTreeIcon, SearchIcon, XIcon } from 'lucide-react';
import { bomItemKindFilters, type BomItemKindFilter } from '@/modules/bom/bom.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ListPagination, ListStates } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { cn } from '@/web/lib/utils.ts';
import { BomStatusBadge } from './bom-tabs.tsx';
import { bomItemsQueryFn, bomItemsQueryKey, type BomItemsFilter } from './bom.api.ts';
import { bomWebMessages } from './bom.messages.ts';

const m = bomWebMessages.items;
export const BOM_ITEMS_PAGE_SIZE = 30;

export const initialItemsFilter: BomItemsFilter = {
  page: 1,
  limit: BOM_ITEMS_PAGE_SIZE,
  search: '',
  kind: 'made',
  categoryId: null,
  hasBom: 'all',
};

type Sort = 'name' | '-name' | 'sku' | '-sku';

export function BomItemsPane({
  selectedId,
  onSelect,
  className,
}: {
  selectedId: number | null;
  onSelect: (itemId: number) => void;
  className?: string;
}) {
  const [filter, setFilter] = useState<BomItemsFilter>(initialItemsFilter);
  const [sort, setSort] = useState<Sort>('name');
  const query = useQuery({
    queryKey: bomItemsQueryKey({ ...filter, sort }),
    queryFn: bomItemsQueryFn,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered =
    filter.search !== '' || filter.kind !== 'made' || filter.categoryId !== null || filter.hasBom !== 'all';
  const change = (next: Partial<BomItemsFilter>) => setFilter((f) => ({ ...f, ...next, page: 1 }));
  const search = useSearchBox('', (text) => change({ search: text }));
  const categoryRoute =
    filter.kind === 'component' || filter.kind === 'material' ? '/categories' : '/product-categories';
  const sortField = sort.replace('-', '') as 'name' | 'sku';
  const SortIcon = sort.startsWith('-') ? ArrowUpAZIcon : ArrowDownAZIcon;

  return (
    <section
      aria-label={m.title}
      className={cn('grid min-w-0 content-start gap-3 rounded-xl border bg-card p-3 shadow-sm', className)}
    >
      <div role="search" className="grid gap-2">
        <Label htmlFor="bom-items-search" className="sr-only">
          {m.searchLabel}
        </Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="bom-items-search"
            type="search"
            className="pl-9"
            placeholder={m.searchPlaceholder}
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Select
            value={filter.kind}
            onValueChange={(kind) => {
              change({ kind: kind as BomItemKindFilter, categoryId: null });
            }}
          >
            <SelectTrigger aria-label={m.kindLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {bomItemKindFilters
                .filter((k) => k !== 'all')
                .map((k) => (
                  <SelectItem key={k} value={k}>
                    {m.kinds[k]}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>
          <Select
            value={filter.hasBom}
            onValueChange={(hasBom) => change({ hasBom: hasBom as BomItemsFilter['hasBom'] })}
          >
            <SelectTrigger aria-label={m.bomFilterLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['all', 'true', 'false'] as const).map((v) => (
                <SelectItem key={v} value={v}>
                  {m.bomFilter[v]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <ReferenceFilter
            className="col-span-2"
            route={categoryRoute}
            label={m.categoryLabel}
            value={filter.categoryId}
            allLabel={m.all}
            onChange={(categoryId) => change({ categoryId })}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Сортування: ${sortField === 'sku' ? 'артикул' : 'назва'}`}
            onClick={() => setSort((s) => ({ name: '-name', '-name': 'sku', sku: '-sku', '-sku': 'name' })[s] as Sort)}
          >
            <SortIcon aria-hidden="true" />
            {sortField === 'sku' ? 'Артикул' : 'Назва'}
          </Button>
          {filtered ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                search.clear();
                setFilter(initialItemsFilter);
              }}
            >
              <XIcon aria-hidden="true" />
              {m.reset}
            </Button>
          ) : null}
        </div>
      </div>
      <ListStates query={query} loadingText={m.loading} loadErrorText={m.loadError} retryText={m.retry}>
        {rows.length === 0 ? (
          <div className="px-2 py-10 text-center">
            <p className="font-medium">{m.empty}</p>
            <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
          </div>
        ) : (
          <ul
            className={cn('grid gap-1', query.isPlaceholderData && 'opacity-60')}
            aria-busy={query.isFetching || undefined}
          >
            {rows.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  aria-current={row.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(row.id)}
                  className={cn(
                    'grid w-full gap-0.5 rounded-lg px-3 py-2 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    row.id === selectedId && 'bg-accent',
                  )}
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="line-clamp-2 text-sm font-medium">{row.name}</span>
                    {row.hasBom ? (
                      <span
                        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs text-emerald-700 dark:text-emerald-400"
                        title={m.hasBom}
                      >
                        <ListTreeIcon className="size-3" aria-hidden="true" />
                        <span className="sr-only">{m.hasBom}</span>
                        <span aria-hidden="true">{m.bomCount(row.bomCount)}</span>
                      </span>
                    ) : null}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <span className="font-mono">{row.sku}</span>
                    {row.defaultBomStatus && row.defaultBomStatus !== 'active' ? (
                      <BomStatusBadge status={row.defaultBomStatus} />
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <ListPagination
          page={filter.page}
          pageSize={filter.limit}
          total={total}
          emptySummary={m.total(0)}
          nextDisabled={query.isPlaceholderData}
          onPageChange={(page) => setFilter((f) => ({ ...f, page }))}
        />
      </ListStates>
    </section>
  );
}
