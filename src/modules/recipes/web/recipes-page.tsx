// 'Рецепти' (production.md §3): a server-paged, sortable, filtered list of the production variants — name, item,
// BOM, tech card, batch size, cost per unit at the batch size, the default star — and the recipe form in a dialog.
// Deep links: `?itemId=` filters by the item, `?open=<id>` opens a recipe.
import { PlusIcon } from 'lucide-react';
import { recipeStatuses, recipeStatusLabels, type RecipeSummary } from '@/modules/recipes/recipes.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import type { DataColumn } from '@/web/components/data-table.tsx';
import {
  ChoiceFilter,
  ListHeader,
  ListFilterBar,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { DefaultStar, itemColumn, nameColumn, useRecordDialogTarget } from '@/web/components/record-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { RecipeDialog, RecipeStatusBadge } from './recipe-dialog.tsx';
import { formatUnitCost, recipeListQueryFn, recipeListQueryKey, type RecipeListFilter } from './recipes.api.ts';
import { recipesWebMessages as messages } from './recipes.messages.ts';

export const RECIPES_ROUTE = '/recipes';
export const RECIPES_PAGE_SIZE = 20;
const ALL = 'all';

const initialFilter: RecipeListFilter = {
  page: 1,
  limit: RECIPES_PAGE_SIZE,
  search: '',
  sort: 'itemName',
  status: ALL,
  itemId: null,
};

export function RecipesPage() {
  const dialog = useRecordDialogTarget();
  const { list, query: listQuery } = usePagedList(
    initialFilter,
    { key: recipeListQueryKey, queryFn: recipeListQueryFn },
    { itemId: dialog.param('itemId') },
  );
  const { filter, changeFilter } = list;
  const { canAccess } = usePermission(RECIPES_ROUTE);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          canAccess ? (
            <Button onClick={dialog.create}>
              <PlusIcon aria-hidden="true" />
              {messages.newRecipe}
            </Button>
          ) : null
        }
      />

      <ListFilterBar id="recipes" list={list} texts={messages}>
        <ReferenceFilter
          route="/products"
          label={messages.itemFilter}
          value={filter.itemId}
          allLabel={messages.all}
          onChange={(itemId) => changeFilter({ itemId })}
        />
        <ChoiceFilter
          label={messages.statusLabel}
          allLabel={messages.statusAll}
          allValue={ALL}
          options={statusOptions(recipeStatuses, recipeStatusLabels)}
          value={filter.status}
          onChange={(status) => changeFilter({ status: status as RecipeListFilter['status'] })}
          className="w-44"
        />
      </ListFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalRecipes(0)}
        canCreate={canAccess}
        table={{
          id: 'recipes',
          columns: recipeColumns((recipe) => dialog.open(recipe.id)),
          rowKey: (recipe) => recipe.id,
          rowLabel: (recipe) => recipe.name,
          onRowClick: (recipe) => dialog.open(recipe.id),
          minWidthRem: 60,
        }}
      />

      {dialog.target ? (
        <RecipeDialog
          key={dialog.target.kind === 'open' ? dialog.target.id : 'new'}
          recipeId={dialog.target.kind === 'open' ? dialog.target.id : undefined}
          canChange={canAccess}
          initialItem={filter.itemId ? { id: filter.itemId, label: null } : null}
          onClose={dialog.close}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the name opens the recipe, like the row. */
function recipeColumns(onOpen: (recipe: RecipeSummary) => void): DataColumn<RecipeSummary>[] {
  const c = messages.columns;
  return [
    {
      id: 'isDefault',
      header: c.isDefault,
      cell: (recipe) => (recipe.isDefault ? <DefaultStar label={messages.defaultMark} /> : null),
    },
    nameColumn({
      header: c.name,
      name: (recipe) => recipe.name,
      openLabel: messages.openRecipe,
      onOpen,
      className: 'max-w-64',
    }),
    itemColumn({ header: c.item, sku: (recipe) => recipe.itemSku, name: (recipe) => recipe.itemName }),
    { id: 'bom', header: c.bom, cell: (recipe) => recipe.bomName },
    {
      id: 'techCard',
      header: c.techCard,
      className: 'max-w-56 whitespace-normal',
      cell: (recipe) => <span className="line-clamp-2">{recipe.techCardName ?? '—'}</span>,
    },
    {
      id: 'batchSize',
      header: c.batchSize,
      sortField: 'batchSize',
      numeric: true,
      cell: (recipe) => formatQty(recipe.batchSize),
    },
    {
      id: 'costPerUnit',
      header: c.costPerUnit,
      numeric: true,
      cell: (recipe) => (recipe.costPerUnit ? formatUnitCost(recipe.costPerUnit) : messages.noCost),
    },
    { id: 'status', header: c.status, cell: (recipe) => <RecipeStatusBadge status={recipe.status} /> },
  ];
}
