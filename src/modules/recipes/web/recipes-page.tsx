// 'Рецепти' (production.md §3): a server-paged, sortable, filtered list of the production variants — name, item,
// BOM, tech card, batch size, cost per unit at the batch size, the default star — and the recipe form in a dialog.
// Deep links: `?itemId=` filters by the item, `?open=<id>` opens a recipe.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { PlusIcon, SearchIcon, StarIcon, XIcon } from 'lucide-react';
import {
  recipeStatuses,
  recipeStatusLabels,
  type RecipeStatus,
  type RecipeSummary,
} from '@/modules/recipes/recipes.contract.ts';
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
import { RecipeDialog, RecipeStatusBadge } from './recipe-dialog.tsx';
import { formatUnitCost, recipeListQueryFn, recipeListQueryKey, type RecipeListFilter } from './recipes.api.ts';
import { recipesWebMessages as messages } from './recipes.messages.ts';

export const RECIPES_ROUTE = '/recipes';
export const RECIPES_PAGE_SIZE = 20;
const ALL = 'all';

type SortField = 'name' | 'itemName' | 'batchSize';
type DialogState = { kind: 'create' } | { kind: 'open'; id: number } | null;

const positiveParam = (search: string, name: string) => {
  const value = Number(new URLSearchParams(search).get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
};

const initialFilter: RecipeListFilter = {
  page: 1,
  limit: RECIPES_PAGE_SIZE,
  search: '',
  sort: 'itemName',
  status: ALL,
  itemId: null,
};

export function RecipesPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [filter, setFilter] = useState<RecipeListFilter>(() => ({
    ...initialFilter,
    itemId: positiveParam(search, 'itemId'),
  }));
  const [searchText, setSearchText] = useState('');
  const [itemLabel, setItemLabel] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(() => {
    const open = positiveParam(search, 'open');
    return open ? { kind: 'open', id: open } : null;
  });
  const { canAccess } = usePermission(RECIPES_ROUTE);
  const debounce = useDebouncedAction(300);

  const listQuery = useQuery({
    queryKey: recipeListQueryKey(filter),
    queryFn: recipeListQueryFn,
    placeholderData: keepPreviousData,
  });
  const total = listQuery.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.limit));
  if (listQuery.data && !listQuery.isPlaceholderData && total > 0 && filter.page > pageCount) {
    setFilter({ ...filter, page: pageCount });
  }
  const filtered = filter.search !== '' || filter.status !== ALL || filter.itemId !== null;

  function changeFilter(change: Partial<Omit<RecipeListFilter, 'page' | 'limit'>>) {
    setFilter((current) => ({ ...current, ...change, page: 1 }));
  }
  function toggleSort(field: SortField) {
    changeFilter({ sort: filter.sort === field ? `-${field}` : field });
  }
  function closeDialog() {
    setDialog(null);
    if (new URLSearchParams(search).has('open')) navigate(location, { replace: true });
  }
  function resetFilters() {
    setSearchText('');
    setItemLabel(null);
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
            {messages.newRecipe}
          </Button>
        ) : null}
      </div>

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_auto]" role="search">
        <div className="relative">
          <Label htmlFor="recipes-search" className="sr-only">
            {messages.searchLabel}
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="recipes-search"
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
        <ReferenceFilter
          route="/products"
          label={messages.itemFilter}
          value={filter.itemId}
          allLabel={messages.all}
          onChange={(itemId) => changeFilter({ itemId })}
        />
        <Select
          value={filter.status}
          onValueChange={(status) => changeFilter({ status: status as RecipeStatus | typeof ALL })}
        >
          <SelectTrigger aria-label={messages.statusLabel}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{messages.statusAll}</SelectItem>
            {recipeStatuses.map((status) => (
              <SelectItem key={status} value={status}>
                {recipeStatusLabels[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {filtered ? (
          <Button variant="ghost" className="justify-self-start" onClick={resetFilters}>
            <XIcon aria-hidden="true" />
            {messages.resetFilters}
          </Button>
        ) : null}
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
              className="min-w-[60rem]"
              aria-label={messages.title}
              aria-busy={listQuery.isFetching ? true : undefined}
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-10">
                    <span className="sr-only">{messages.columns.isDefault}</span>
                  </TableHead>
                  <SortableHead field="name" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.name}
                  </SortableHead>
                  <SortableHead field="itemName" sort={filter.sort} onSort={toggleSort}>
                    {messages.columns.item}
                  </SortableHead>
                  <TableHead>{messages.columns.bom}</TableHead>
                  <TableHead>{messages.columns.techCard}</TableHead>
                  <SortableHead field="batchSize" sort={filter.sort} onSort={toggleSort} numeric>
                    {messages.columns.batchSize}
                  </SortableHead>
                  <TableHead className="text-right">{messages.columns.costPerUnit}</TableHead>
                  <TableHead>{messages.columns.status}</TableHead>
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
                  rows.map((recipe) => (
                    <RecipeRow
                      key={recipe.id}
                      recipe={recipe}
                      onOpen={() => setDialog({ kind: 'open', id: recipe.id })}
                    />
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          <ListPagination
            page={filter.page}
            pageSize={filter.limit}
            total={total}
            emptySummary={messages.totalRecipes(0)}
            nextDisabled={listQuery.isPlaceholderData}
            onPageChange={(page) => setFilter({ ...filter, page })}
          />
        </ListStates>
      </div>

      {dialog ? (
        <RecipeDialog
          key={dialog.kind === 'open' ? dialog.id : 'new'}
          recipeId={dialog.kind === 'open' ? dialog.id : undefined}
          canChange={canAccess}
          initialItem={filter.itemId ? { id: filter.itemId, label: itemLabel } : null}
          onClose={closeDialog}
        />
      ) : null}
    </div>
  );
}

function RecipeRow({ recipe, onOpen }: { recipe: RecipeSummary; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell>
        {recipe.isDefault ? (
          <StarIcon className="size-4 fill-amber-400 text-amber-500" role="img" aria-label={messages.defaultMark} />
        ) : null}
      </TableCell>
      <TableCell className="max-w-64 font-medium">
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 text-left outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openRecipe(recipe.name)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {recipe.name}
        </button>
      </TableCell>
      <TableCell className="max-w-64">
        <span className="block font-mono text-xs text-muted-foreground">{recipe.itemSku}</span>
        <span className="line-clamp-2">{recipe.itemName}</span>
      </TableCell>
      <TableCell>{recipe.bomName}</TableCell>
      <TableCell className="max-w-56">
        <span className="line-clamp-2">{recipe.techCardName ?? '—'}</span>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatQty(recipe.batchSize)}</TableCell>
      <TableCell className="text-right tabular-nums">
        {recipe.costPerUnit ? formatUnitCost(recipe.costPerUnit) : messages.noCost}
      </TableCell>
      <TableCell>
        <RecipeStatusBadge status={recipe.status} />
      </TableCell>
    </TableRow>
  );
}
