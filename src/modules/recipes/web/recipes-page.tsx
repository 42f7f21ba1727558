// 'Рецепти' (production.md §3): a server-paged, sortable, filtered list of the production variants — name, item,
// BOM, tech card, batch size, cost per unit at the batch size, the default star — and the recipe form in a dialog.
// Deep links: `?itemId=` filters by the item, `?open=<id>` opens a recipe.
import { recipeStatuses, recipeStatusLabels, type RecipeSummary } from '@/modules/recipes/recipes.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { ListFilterBar, PagedListCard } from '@/web/components/list-page.tsx';
import {
  DefaultStar,
  itemColumn,
  nameColumn,
  recordTable,
  RecordListHeader,
  StatusFilter,
  useRecordListPage,
} from '@/web/components/record-list.tsx';
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
  const {
    dialog,
    list,
    query: listQuery,
    canAccess,
    initialItem,
  } = useRecordListPage(RECIPES_ROUTE, initialFilter, { key: recipeListQueryKey, queryFn: recipeListQueryFn });
  const { filter, changeFilter } = list;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        createLabel={messages.newRecipe}
        canCreate={canAccess}
        onCreate={dialog.create}
      />

      <ListFilterBar id="recipes" list={list} texts={messages}>
        <ReferenceFilter
          route="/products"
          label={messages.itemFilter}
          value={filter.itemId}
          allLabel={messages.all}
          onChange={(itemId) => changeFilter({ itemId })}
        />
        <StatusFilter
          statuses={recipeStatuses}
          labels={recipeStatusLabels}
          texts={messages}
          value={filter.status}
          onChange={(status) => changeFilter({ status })}
        />
      </ListFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalRecipes(0)}
        canCreate={canAccess}
        table={recordTable({ id: 'recipes', columns: recipeColumns, onOpen: dialog.open, minWidthRem: 60 })}
      />

      {dialog.target ? (
        <RecipeDialog
          key={dialog.dialogKey}
          recipeId={dialog.openId}
          canChange={canAccess}
          initialItem={initialItem}
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
