// Photo and personal data of the signed-in user (reports-admin.md §19).
import { useId, useRef, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { ImageUpIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import type { CurrentUser } from '@/modules/auth/auth.contract.ts';
import { updateProfileSchema } from '@/modules/profile/profile.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { PHOTO_ACCEPT, photoProblem, photoResizer } from './photo.ts';
import { activityQueryKey, currentUserQueryKey, profileApi } from './profile.api.ts';
import { profileMessages } from './profile.messages.ts';

const messages = profileMessages.personal;

type ProfileFormInput = z.input<typeof updateProfileSchema>;
type ProfileFormValues = z.output<typeof updateProfileSchema>;

function failureToast(error: unknown, fallback: string) {
  toast({ variant: 'destructive', title: profileMessages.errorTitle, description: serverMessageOf(error) ?? fallback });
}

function initialsOf(user: CurrentUser): string {
  const letters = [user.firstName, user.lastName].map((name) => name.trim().charAt(0)).join('');
  return (letters || user.username.charAt(0)).toUpperCase();
}

export function fullNameOf(user: CurrentUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

function useUserAnswer() {
  const queryClient = useQueryClient();
  return async (user: CurrentUser) => {
    queryClient.setQueryData(currentUserQueryKey, user);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: activityQueryKey }),
    ]);
  };
}

function PhotoBlock({ user }: { user: CurrentUser }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const applyUser = useUserAnswer();
  const photoMessages = profileMessages.photo;

  const upload = useMutation({
    mutationFn: async (file: File) => profileApi.uploadPhoto(await photoResizer.resize(file)),
    onSuccess: async (answer) => {
      await applyUser(answer);
      toast({ title: photoMessages.uploaded });
    },
    onError: (error) =>
      failureToast(error, error instanceof Error && error.message ? error.message : photoMessages.uploadFailed),
  });
  const remove = useMutation({
    mutationFn: profileApi.removePhoto,
    onSuccess: async (answer) => {
      await applyUser(answer);
      toast({ title: photoMessages.removed });
    },
    onError: (error) => failureToast(error, photoMessages.removeFailed),
  });

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <span className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 text-2xl font-semibold text-primary ring-1 ring-border">
        {user.profileImageUrl ? (
          <img
            src={user.profileImageUrl}
            alt={photoMessages.alt(fullNameOf(user))}
            className="size-full object-cover"
          />
        ) : (
          <span aria-hidden="true">{initialsOf(user)}</span>
        )}
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center bg-background/70">
            <Loader2Icon className="size-6 animate-spin" aria-hidden="true" />
          </span>
        ) : null}
      </span>
      <div className="grid gap-2 text-center sm:text-left">
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={photoMessages.upload}
            onChange={choose}
          />
          <Button variant="outline" size="sm" disabled={busy} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <ImageUpIcon aria-hidden="true" />
            )}
            {upload.isPending ? photoMessages.uploading : photoMessages.upload}
          </Button>
          {user.profileImageUrl ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive dark:text-red-400"
              disabled={busy}
              onClick={() => remove.mutate()}
            >
              <Trash2Icon aria-hidden="true" />
              {photoMessages.remove}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">{photoMessages.hint}</p>
      </div>
    </div>
  );
}

function PersonalForm({ user }: { user: CurrentUser }) {
  const formId = useId();
  const applyUser = useUserAnswer();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  });
  const { errors, isDirty } = form.formState;
  // Changing the e-mail asks for the password (the server refuses it without one).
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const emailChanged = (typedEmail ?? '').trim().toLowerCase() !== user.email.toLowerCase();
  const save = useMutation({
    mutationFn: profileApi.update,
    onSuccess: async (answer) => {
      form.reset({ firstName: answer.firstName, lastName: answer.lastName, email: answer.email, currentPassword: '' });
      await applyUser(answer);
      toast({ title: messages.saved });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, ['firstName', 'lastName', 'email', 'currentPassword'])) {
        failureToast(error, messages.failed);
      }
    },
  });

  const field = (name: keyof ProfileFormInput, label: string, type = 'text', autoComplete?: string) => {
    const id = `${formId}-${name}`;
    return (
      <div className="grid content-start gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type={type}
          autoComplete={autoComplete}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={`${id}-message`}
          {...form.register(name)}
        />
        <FieldMessage id={`${id}-message`} error={errors[name]?.message} />
      </div>
    );
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ currentPassword, ...values }) =>
        save.mutate(emailChanged ? { ...values, currentPassword } : values),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', messages.firstName, 'text', 'given-name')}
        {field('lastName', messages.lastName, 'text', 'family-name')}
      </div>
      {field('email', messages.email, 'email', 'email')}
      {emailChanged ? field('currentPassword', messages.currentPassword, 'password', 'current-password') : null}
      <p className="text-sm text-muted-foreground">
        {messages.username}: <span className="font-medium text-foreground">{user.username}</span>
      </p>
      <div>
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? messages.saving : messages.save}
        </Button>
      </div>
    </form>
  );
}

export function PersonalCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{messages.title}</h2>
        </CardTitle>
        <CardDescription>{messages.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PhotoBlock user={user} />
        <PersonalForm key={user.id} user={user} />
      </CardContent>
    </Card>
  );
}
