// The recipe dialog (production.md §3 'Page'): loads the recipe (or starts a new one), keeps the list fresh after every
// change, asks before unsaved changes are dropped, and holds the form (recipe-editor.tsx).
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, StarIcon } from 'lucide-react';
import { recipeStatusLabels, type Recipe, type RecipeStatus } from '@/modules/recipes/recipes.contract.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ConfirmDialog, StatusBadge } from '@/web/components/document-parts.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { isRecipeListQuery, recipeQueryKey, recipesApi } from './recipes.api.ts';
import { recipesWebMessages } from './recipes.messages.ts';
import { RecipeEditor } from './recipe-editor.tsx';

const m = recipesWebMessages.dialog;
const t = recipesWebMessages.toast;
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
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<Recipe | undefined>();
  const [reloads, setReloads] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const query = useQuery<Recipe>({
    queryKey: recipeQueryKey(recipeId ?? 0),
    enabled: recipeId !== undefined,
    gcTime: 0,
    staleTime: 0,
  });
  const recipe = latest ?? (recipeId !== undefined ? query.data : undefined);
  const loading = recipeId !== undefined && !recipe;

  function changed(next: Recipe) {
    setLatest(next);
    void queryClient.invalidateQueries({ predicate: isRecipeListQuery });
  }

  async function reload(id: number) {
    try {
      setLatest(await recipesApi.get(id));
      setReloads((n) => n + 1);
    } catch (error) {
      toast({ variant: 'destructive', title: t.actionFailed, description: serverMessageOf(error) });
    }
  }

  const requestClose = () => (dirty ? setConfirmClose(true) : onClose());

  let body: ReactNode;
  if (loading && query.isError) {
    body = (
      <StateMessage>
        <ListLoadError
          error={query.error}
          message={m.loadError}
          retryText={recipesWebMessages.retry}
          onRetry={query.refetch}
        />
      </StateMessage>
    );
  } else if (loading) {
    body = (
      <StateMessage>
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span role="status">{m.loading}</span>
      </StateMessage>
    );
  } else {
    body = (
      <RecipeEditor
        key={`${recipe?.id ?? 'new'}-${recipe?.version ?? 0}-${reloads}`}
        recipe={recipe}
        canChange={canChange}
        initialItem={initialItem ?? null}
        onSaved={changed}
        onDirtyChange={setDirty}
        onReload={recipe ? () => void reload(recipe.id) : undefined}
        onDeleted={() => {
          void queryClient.invalidateQueries({ predicate: isRecipeListQuery });
          onClose();
        }}
        onClose={requestClose}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent className="gap-5 p-4 sm:max-w-6xl sm:p-6">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {recipe ? m.title(recipe.name) : recipeId !== undefined ? m.untitled : m.createTitle}
            {recipe ? <RecipeStatusBadge status={recipe.status} /> : null}
            {recipe?.isDefault ? (
              <span className="inline-flex items-center gap-1 text-xs font-normal text-amber-700 dark:text-amber-300">
                <StarIcon className="size-3.5 fill-current" aria-hidden="true" />
                {m.isDefault}
              </span>
            ) : null}
          </DialogTitle>
          <DialogDescription>{loading ? m.loading : recipe ? m.description : m.createDescription}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
      {confirmClose ? (
        <ConfirmDialog
          title={recipesWebMessages.confirmClose.title}
          description={recipesWebMessages.confirmClose.description}
          confirmLabel={recipesWebMessages.confirmClose.confirm}
          cancelLabel={recipesWebMessages.confirmClose.cancel}
          destructive
          onConfirm={onClose}
          onClose={() => setConfirmClose(false)}
        />
      ) : null}
    </Dialog>
  );
}
