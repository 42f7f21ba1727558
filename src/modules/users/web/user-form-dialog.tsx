// Create or edit a user (reports-admin.md §10): login, e-mail, names, roles, active; on create also how the
// user gets in — a temporary password or an invitation e-mail.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { createUserSchema, setPasswordSchema, type User } from '@/modules/users/users.contract.ts';
import type { Role } from '@/modules/roles/roles.contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { generatePassword } from './generate-password.ts';
import { rolesQueryKey, usersApi, usersQueryKey } from './users.api.ts';
import { usersMessages } from './users.messages.ts';

const messages = usersMessages.form;

const accessModes = ['password', 'invite', 'none'] as const;

// The contract's rules for the shared fields; `access` picks between a temporary password and an invitation.
const userFormSchema = createUserSchema
  .pick({ username: true, email: true, firstName: true, lastName: true, roleIds: true, workerId: true })
  .extend({ isActive: z.boolean(), access: z.enum(accessModes), password: z.string() })
  .superRefine((values, ctx) => {
    if (values.access !== 'password') return;
    const result = setPasswordSchema.shape.password.safeParse(values.password);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: result.error.issues[0]?.message ?? '' });
    }
  });
type UserFormInput = z.input<typeof userFormSchema>;
type UserFormValues = z.output<typeof userFormSchema>;

const formFields: readonly Path<UserFormInput>[] = [
  'username',
  'email',
  'firstName',
  'lastName',
  'workerId',
  'roleIds',
  'isActive',
  'password',
];

function defaultsOf(user: User | undefined): UserFormInput {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    roleIds: user?.roles.map((role) => role.id) ?? [],
    workerId: user?.workerId ?? null,
    isActive: user?.isActive ?? true,
    access: user ? 'none' : 'password',
    password: '',
  };
}

interface UserFormDialogProps {
  /** Absent when creating. */
  user?: User;
  /** The signed-in user's id: nobody deactivates themself. */
  currentUserId?: number;
  roles: Role[] | undefined;
  rolesState: 'pending' | 'error' | 'success';
  onClose: () => void;
}

export function UserFormDialog({ user, currentUserId, roles, rolesState, onClose }: UserFormDialogProps) {
  const queryClient = useQueryClient();
  const formId = useId();
  const isEdit = user !== undefined;
  const form = useForm<UserFormInput, unknown, UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: defaultsOf(user),
  });
  const { errors } = form.formState;
  const access = useWatch({ control: form.control, name: 'access' });
  const [workerLabel, setWorkerLabel] = useState<string | null>(user?.workerName ?? null);

  const save = useMutation({
    mutationFn: async (values: UserFormValues) => {
      const { access: mode, password, ...fields } = values;
      if (user) return usersApi.update(user.id, fields);
      return usersApi.create(mode === 'invite' ? { ...fields, sendInvite: true } : { ...fields, password });
    },
    onSuccess: async (saved, values) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
      ]);
      if (isEdit) toast({ title: usersMessages.toast.updated });
      else if (values.access === 'invite')
        toast({ title: usersMessages.toast.created, description: usersMessages.toast.createdInvite(saved.email) });
      else toast({ title: usersMessages.toast.created });
      onClose();
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, formFields)) return;
      toast({
        variant: 'destructive',
        title: usersMessages.toast.errorTitle,
        description: serverMessageOf(error) ?? usersMessages.toast.saveFailed,
      });
    },
  });

  const ids = {
    username: `${formId}-username`,
    email: `${formId}-email`,
    firstName: `${formId}-first-name`,
    lastName: `${formId}-last-name`,
    worker: `${formId}-worker`,
    isActive: `${formId}-active`,
    password: `${formId}-password`,
  };
  const describedBy = (field: string) => `${field}-message`;
  const isSelf = isEdit && user.id === currentUserId;

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? messages.editTitle : messages.createTitle}</DialogTitle>
          <DialogDescription>
            {isEdit ? messages.editDescription(user.username) : messages.createDescription}
          </DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.username}>{messages.username}</Label>
              <Input
                id={ids.username}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={describedBy(ids.username)}
                {...form.register('username')}
              />
              <FieldMessage
                id={describedBy(ids.username)}
                error={errors.username?.message}
                hint={messages.usernameHint}
              />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.email}>{messages.email}</Label>
              <Input
                id={ids.email}
                type="email"
                autoComplete="off"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy(ids.email)}
                {...form.register('email')}
              />
              <FieldMessage id={describedBy(ids.email)} error={errors.email?.message} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.firstName}>{messages.firstName}</Label>
              <Input
                id={ids.firstName}
                autoComplete="off"
                aria-invalid={errors.firstName ? true : undefined}
                aria-describedby={describedBy(ids.firstName)}
                {...form.register('firstName')}
              />
              <FieldMessage id={describedBy(ids.firstName)} error={errors.firstName?.message} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.lastName}>{messages.lastName}</Label>
              <Input
                id={ids.lastName}
                autoComplete="off"
                aria-invalid={errors.lastName ? true : undefined}
                aria-describedby={describedBy(ids.lastName)}
                {...form.register('lastName')}
              />
              <FieldMessage id={describedBy(ids.lastName)} error={errors.lastName?.message} />
            </div>
          </div>

          <div className="grid content-start gap-2">
            <Label htmlFor={ids.worker}>{messages.worker}</Label>
            <Controller
              control={form.control}
              name="workerId"
              render={({ field }) => (
                <ReferencePicker
                  ref={field.ref}
                  id={ids.worker}
                  route="/workers"
                  value={field.value ?? null}
                  valueLabel={workerLabel}
                  clearLabel={messages.noWorker}
                  aria-invalid={errors.workerId ? true : undefined}
                  aria-describedby={describedBy(ids.worker)}
                  onChange={(next, label) => {
                    setWorkerLabel(label);
                    field.onChange(next);
                  }}
                  onBlur={field.onBlur}
                />
              )}
            />
            <FieldMessage id={describedBy(ids.worker)} error={errors.workerId?.message} hint={messages.workerHint} />
          </div>

          <fieldset className="grid gap-2" aria-describedby={`${formId}-roles-message`}>
            <legend className="mb-2 text-sm font-medium">{messages.roles}</legend>
            {rolesState === 'pending' ? (
              <p className="text-sm text-muted-foreground">{messages.rolesLoading}</p>
            ) : rolesState === 'error' ? (
              <p className="text-sm text-destructive dark:text-red-400">{messages.rolesError}</p>
            ) : (
              <Controller
                control={form.control}
                name="roleIds"
                render={({ field }) => (
                  <div className="grid gap-2 rounded-md border p-3 sm:grid-cols-2">
                    {(roles ?? []).map((role) => {
                      const checkboxId = `${formId}-role-${role.id}`;
                      const checked = field.value.includes(role.id);
                      return (
                        <div key={role.id} className="flex items-center gap-2">
                          <Checkbox
                            id={checkboxId}
                            checked={checked}
                            onBlur={field.onBlur}
                            onCheckedChange={(next) =>
                              field.onChange(
                                next === true
                                  ? [...field.value, role.id]
                                  : field.value.filter((roleId) => roleId !== role.id),
                              )
                            }
                          />
                          <Label htmlFor={checkboxId} className="font-normal">
                            {role.name}
                          </Label>
                        </div>
                      );
                    })}
                  </div>
                )}
              />
            )}
            <FieldMessage id={`${formId}-roles-message`} error={errors.roleIds?.message} />
          </fieldset>

          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <Switch
                  id={ids.isActive}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={isSelf}
                  aria-describedby={describedBy(ids.isActive)}
                />
              )}
            />
            <div className="grid gap-1">
              <Label htmlFor={ids.isActive}>{messages.isActive}</Label>
              <FieldMessage
                id={describedBy(ids.isActive)}
                error={errors.isActive?.message}
                hint={messages.isActiveHint}
              />
            </div>
          </div>

          {isEdit ? null : (
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">{messages.access}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['password', 'invite'] as const).map((mode) => (
                  <label
                    key={mode}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                      access === mode && 'border-primary bg-primary/5',
                    )}
                  >
                    <input
                      type="radio"
                      value={mode}
                      className="mt-0.5 size-4 accent-primary"
                      {...form.register('access')}
                    />
                    <span className="grid gap-1">
                      <span className="font-medium">
                        {mode === 'password' ? messages.accessPassword : messages.accessInvite}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {mode === 'password' ? messages.accessPasswordHint : messages.accessInviteHint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              {access === 'password' ? (
                <div className="grid gap-2">
                  <Label htmlFor={ids.password}>{messages.password}</Label>
                  <div className="flex gap-2">
                    <Input
                      id={ids.password}
                      type="text"
                      autoComplete="new-password"
                      autoCapitalize="none"
                      spellCheck={false}
                      className="font-mono"
                      aria-invalid={errors.password ? true : undefined}
                      aria-describedby={describedBy(ids.password)}
                      {...form.register('password')}
                    />
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() =>
                        form.setValue('password', generatePassword(), { shouldValidate: true, shouldDirty: true })
                      }
                    >
                      <KeyRoundIcon aria-hidden="true" />
                      {messages.generate}
                    </Button>
                  </div>
                  <FieldMessage id={describedBy(ids.password)} error={errors.password?.message} />
                </div>
              ) : null}
            </fieldset>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            {messages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? messages.saving : isEdit ? messages.save : messages.create}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
