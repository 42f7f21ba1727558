// The recipe dialog (production.md §3 'Page'): loads the recipe (or starts a new one), keeps the list fresh after every
// change, asks before unsaved changes are dropped (record-dialog.tsx), and holds the form (recipe-editor.tsx).
import { recipeStatusLabels, type Recipe, type RecipeStatus } from '@/modules/recipes/recipes.contract.ts';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import {
  RecordDialog,
  recordDialogTexts,
  recordDialogTitle,
  useRecordDialog,
} from '@/web/components/record-dialog.tsx';
import { isRecipeListQuery, recipeQueryKey, recipesApi } from './recipes.api.ts';
import { recipesWebMessages } from './recipes.messages.ts';
import { RecipeEditor } from './recipe-editor.tsx';

const m = recipesWebMessages.dialog;

export function RecipeStatusBadge({ status }: { status: RecipeStatus }) {
  return <StatusBadge label={recipeStatusLabels[status]} tone={status === 'active' ? 'emerald' : 'struck'} />;
}

export function RecipeDialog({
  recipeId,
  canChange,
  initialItem,
  onClose,
}: {
  recipeId?: number;
  canChange: boolean;
  initialItem?: { id: number; label: string | null } | null;
  onClose: () => void;
}) {
  const state = useRecordDialog<Recipe>({
    id: recipeId,
    queryKey: recipeQueryKey(recipeId ?? 0),
    get: recipesApi.get,
    isListQuery: isRecipeListQuery,
    reloadFailed: recipesWebMessages.toast.actionFailed,
  });
  const recipe = state.record;

  return (
    <RecordDialog
      state={state}
      texts={recordDialogTexts(recipesWebMessages)}
      title={recordDialogTitle(recipe, recipeId, m)}
      status={recipe ? <RecipeStatusBadge status={recipe.status} /> : null}
      defaultLabel={recipe?.isDefault ? m.isDefault : null}
      description={recipe ? m.description : m.createDescription}
      onClose={onClose}
    >
      {(requestClose) => (
        <RecipeEditor
          key={state.editorKey}
          recipe={recipe}
          canChange={canChange}
          initialItem={initialItem ?? null}
          onSaved={state.saved}
          onDirtyChange={state.setDirty}
          onReload={state.reload}
          onDeleted={() => {
            state.refreshLists();
            onClose();
          }}
          onClose={requestClose}
        />
      )}
    </RecordDialog>
  );
}
