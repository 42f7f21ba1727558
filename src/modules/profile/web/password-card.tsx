// Change one's own password (reports-admin.md §19): the current one, the new one twice. The server ends the
// user's other sessions.
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Loader2Icon } from 'lucide-react';
import { changePasswordSchema } from '@/modules/profile/profile.contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { activityQueryKey, profileApi, sessionsQueryKey } from './profile.api.ts';
import { profileMessages } from './profile.messages.ts';

const messages = profileMessages.password;

const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.mismatch,
  });
type PasswordFormValues = z.infer<typeof passwordFormSchema>;

const emptyForm: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard() {
  const queryClient = useQueryClient();
  const formId = useId();
  const form = useForm<PasswordFormValues>({ resolver: zodResolver(passwordFormSchema), defaultValues: emptyForm });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordFormValues) =>
      profileApi.changePassword({ currentPassword, newPassword }),
    onSuccess: async (answer) => {
      form.reset(emptyForm);
      toast({ title: messages.changed, description: answer.message });
      // The server ended the other sessions and wrote an audit record.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]);
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword'])) return;
      // A wrong current password is a 400 with a message and no fields: it belongs under that input.
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
        form.setError('currentPassword', { type: 'server', message: error.serverMessage }, { shouldFocus: true });
        return;
      }
      toast({
        variant: 'destructive',
        title: profileMessages.errorTitle,
        description: serverMessageOf(error) ?? messages.failed,
      });
    },
  });

  const field = (name: keyof PasswordFormValues, label: string, autoComplete: string) => {
    const id = `${formId}-${name}`;
    return (
      <div className="grid content-start gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="password"
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
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{messages.title}</h2>
        </CardTitle>
        <CardDescription>{messages.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => change.mutate(values))}>
          {field('currentPassword', messages.current, 'current-password')}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('newPassword', messages.next, 'new-password')}
            {field('confirmPassword', messages.confirm, 'new-password')}
          </div>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {change.isPending ? messages.submitting : messages.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
