// The smaller dialogs of a user row: set a temporary password, confirm deactivation, confirm deletion.
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { setPasswordSchema, type User } from '@/modules/users/users.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
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
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { generatePassword } from './generate-password.ts';
import { rolesQueryKey, usersApi, usersQueryKey } from './users.api.ts';
import { usersMessages } from './users.messages.ts';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';

function failureToast(error: unknown, fallback: string) {
  toast({
    variant: 'destructive',
    title: usersMessages.toast.errorTitle,
    description: serverMessageOf(error) ?? fallback,
  });
}

type SetPasswordValues = z.infer<typeof setPasswordSchema>;

export function SetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const formId = useId();
  const inputId = `${formId}-password`;
  const form = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '' },
  });
  const error = form.formState.errors.password?.message;
  const setPassword = useMutation({
    mutationFn: (values: SetPasswordValues) => usersApi.setPassword(user.id, values.password),
    onSuccess: (answer) => {
      toast({ title: usersMessages.toast.passwordSet, description: answer.message });
      onClose();
    },
    onError: (err) => {
      if (!applyServerFieldErrors(err, form.setError, ['password']))
        failureToast(err, usersMessages.toast.passwordFailed);
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !setPassword.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{usersMessages.setPassword.title}</DialogTitle>
          <DialogDescription>{usersMessages.setPassword.description(user.username)}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid gap-2"
          onSubmit={form.handleSubmit((values) => setPassword.mutate(values))}
        >
          <Label htmlFor={inputId}>{usersMessages.setPassword.password}</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              type="text"
              autoComplete="new-password"
              autoCapitalize="none"
              spellCheck={false}
              className="font-mono"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-message`}
              {...form.register('password')}
            />
            <Button
              type="button"
              variant="outline"
              onClick={() => form.setValue('password', generatePassword(), { shouldValidate: true })}
            >
              <KeyRoundIcon aria-hidden="true" />
              {usersMessages.form.generate}
            </Button>
          </div>
          <FieldMessage id={`${inputId}-message`} error={error} />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={setPassword.isPending}>
            {usersMessages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={setPassword.isPending}>
            {setPassword.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {usersMessages.setPassword.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DeactivateUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const queryClient = useQueryClient();
  const deactivate = useMutation({
    mutationFn: () => usersApi.deactivate(user.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      toast({ title: usersMessages.toast.deactivated, description: user.username });
    },
    onError: (error) => failureToast(error, usersMessages.toast.statusFailed),
    onSettled: onClose,
  });
  return (
    <ConfirmDialog
      cancelLabel={usersMessages.cancel}
      destructive
      title={usersMessages.deactivate.title}
      description={usersMessages.deactivate.description(user.username)}
      confirmLabel={usersMessages.deactivate.confirm}
      pending={deactivate.isPending}
      onConfirm={() => deactivate.mutate()}
      onClose={onClose}
    />
  );
}

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => usersApi.remove(user.id),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
      ]);
      toast({ title: usersMessages.toast.deleted, description: user.username });
    },
    // 409: the account has been used; the server's message suggests deactivating it instead.
    onError: (error) => failureToast(error, usersMessages.toast.deleteFailed),
    onSettled: onClose,
  });
  return (
    <ConfirmDialog
      cancelLabel={usersMessages.cancel}
      destructive
      title={usersMessages.remove.title}
      description={usersMessages.remove.description(user.username)}
      confirmLabel={usersMessages.remove.confirm}
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}
