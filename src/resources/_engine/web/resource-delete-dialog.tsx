// Deleting a record (reference-data §0): only a record nothing refers to can go; otherwise the server answers
// 409 with the reason, shown here, and a resource with an active flag offers to deactivate it instead.
import { useMemo, type MouseEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import type { ResourceDef } from '@/resources/_engine/define-resource.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { lookupBase, resourceApi, resourceBase, type ResourceRow } from './resource-api.ts';
import { resourcePageMessages } from './resource.messages.ts';
import { displayOf } from './resource-values.ts';

const messages = resourcePageMessages.deleteDialog;

export function ResourceDeleteDialog({
  def,
  row,
  onClose,
}: {
  def: ResourceDef;
  row: ResourceRow;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const api = useMemo(() => resourceApi(def), [def]);
  const display = displayOf(def, row);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [resourceBase(def)] }),
      queryClient.invalidateQueries({ queryKey: [lookupBase(def.route)] }),
    ]);

  const remove = useMutation({
    mutationFn: () => api.remove(row.id),
    onSuccess: async () => {
      await refresh();
      toast({ title: resourcePageMessages.toast.deleted, description: display });
      onClose();
    },
    onError: (error) => {
      // A 409 stays in the dialog, next to the way out; anything else is also announced as a toast.
      if (error instanceof ApiError && error.status === 409) return;
      toast({
        variant: 'destructive',
        title: resourcePageMessages.toast.error,
        description: serverMessageOf(error) ?? resourcePageMessages.toast.deleteFailed,
      });
    },
  });

  const deactivate = useMutation({
    mutationFn: () => api.deactivate(row.id),
    onSuccess: async () => {
      await refresh();
      toast({ title: resourcePageMessages.toast.saved, description: resourcePageMessages.toast.deactivated(display) });
      onClose();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: resourcePageMessages.toast.error,
        description: serverMessageOf(error) ?? resourcePageMessages.toast.saveFailed,
      }),
  });

  const pending = remove.isPending || deactivate.isPending;
  const conflict = remove.error instanceof ApiError && remove.error.status === 409;
  const failure = remove.error ? (serverMessageOf(remove.error) ?? resourcePageMessages.toast.deleteFailed) : null;
  const offerDeactivate = conflict && def.hasActiveFlag && row.isActive !== false;

  return (
    <AlertDialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{messages.title(def.oneLabel, display)}</AlertDialogTitle>
          <AlertDialogDescription>{messages.description}</AlertDialogDescription>
        </AlertDialogHeader>
        {failure ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
          >
            {failure}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{resourcePageMessages.cancel}</AlertDialogCancel>
          {offerDeactivate ? (
            // autoFocus: it takes the place of the delete button, which had the focus.
            <Button autoFocus disabled={pending} onClick={() => deactivate.mutate()}>
              {deactivate.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {messages.deactivate}
            </Button>
          ) : null}
          {conflict ? null : (
            <AlertDialogAction
              variant="destructive"
              disabled={pending}
              onClick={(event: MouseEvent) => {
                event.preventDefault(); // stay open until the server answers
                remove.mutate();
              }}
            >
              {remove.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {messages.confirm}
            </AlertDialogAction>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
