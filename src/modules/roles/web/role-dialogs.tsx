// Dialogs of the roles page: create or rename a role, confirm its deletion, confirm leaving unsaved changes.
import { useId, type MouseEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Loader2Icon } from 'lucide-react';
import { roleInputSchema, type Role, type RoleDetail } from '@/modules/roles/roles.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { roleQueryKey, rolesApi, rolesQueryKey } from './roles.api.ts';
import { rolesMessages } from './roles.messages.ts';

type RoleFormInput = z.input<typeof roleInputSchema>;
type RoleFormValues = z.output<typeof roleInputSchema>;

function failureToast(error: unknown, fallback: string) {
  toast({
    variant: 'destructive',
    title: rolesMessages.toast.errorTitle,
    description: serverMessageOf(error) ?? fallback,
  });
}

/** Creates a role (without `role`) or renames one; reports the saved role so the page can select it. */
export function RoleFormDialog({
  role,
  onSaved,
  onClose,
}: {
  role?: Role;
  onSaved: (saved: RoleDetail) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const messages = rolesMessages.form;
  const form = useForm<RoleFormInput, unknown, RoleFormValues>({
    resolver: zodResolver(roleInputSchema),
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '' },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: RoleFormValues) => (role ? rolesApi.update(role.id, values) : rolesApi.create(values)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: rolesQueryKey });
      toast({ title: role ? rolesMessages.toast.renamed : rolesMessages.toast.created, description: saved.name });
      onSaved(saved);
      onClose();
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.name || fields?.description) {
        if (fields.name) form.setError('name', { type: 'server', message: fields.name }, { shouldFocus: true });
        if (fields.description) form.setError('description', { type: 'server', message: fields.description });
        return;
      }
      failureToast(error, rolesMessages.toast.saveFailed);
    },
  });

  const nameId = `${formId}-name`;
  const descriptionId = `${formId}-description`;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{role ? messages.renameTitle : messages.createTitle}</DialogTitle>
          <DialogDescription>
            {role ? messages.renameDescription(role.name) : messages.createDescription}
          </DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <div className="grid gap-2">
            <Label htmlFor={nameId}>{messages.name}</Label>
            <Input
              id={nameId}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={`${nameId}-message`}
              {...form.register('name')}
            />
            {errors.name ? (
              <p id={`${nameId}-message`} role="alert" className="text-sm text-destructive dark:text-red-400">
                {errors.name.message}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>{messages.description}</Label>
            <Textarea
              id={descriptionId}
              rows={3}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={`${descriptionId}-message`}
              {...form.register('description')}
            />
            {errors.description ? (
              <p id={`${descriptionId}-message`} role="alert" className="text-sm text-destructive dark:text-red-400">
                {errors.description.message}
              </p>
            ) : null}
          </div>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            {messages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {role ? messages.save : messages.create}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteRoleDialog({
  role,
  onDeleted,
  onClose,
}: {
  role: Role;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => rolesApi.remove(role.id),
    onSuccess: async () => {
      onDeleted();
      queryClient.removeQueries({ queryKey: roleQueryKey(role.id) });
      await queryClient.invalidateQueries({ queryKey: rolesQueryKey });
      toast({ title: rolesMessages.toast.deleted, description: role.name });
    },
    // 409: the role still has users, or it is the system role; the server says which.
    onError: (error) => failureToast(error, rolesMessages.toast.deleteFailed),
    onSettled: onClose,
  });
  const messages = rolesMessages.remove;
  return (
    <AlertDialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{messages.title}</AlertDialogTitle>
          <AlertDialogDescription>{messages.description(role.name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{messages.cancel}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event: MouseEvent) => {
              event.preventDefault(); // stay open until the server answers
              remove.mutate();
            }}
          >
            {remove.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {messages.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function LeaveUnsavedDialog({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const messages = rolesMessages.leave;
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{messages.title}</AlertDialogTitle>
          <AlertDialogDescription>{messages.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{messages.cancel}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {messages.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
