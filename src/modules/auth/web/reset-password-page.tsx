import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, KeyRoundIcon, Link2OffIcon, Loader2Icon, LogInIcon } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/web/components/ui/button.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { MIN_PASSWORD_LENGTH } from '@/modules/auth/auth.constants.ts';
import { authMessages } from '@/modules/auth/auth.messages.ts';
import { authApi, validateResetTokenQueryKey, type ValidateResetTokenAnswer } from './auth.api.ts';
import { AuthLayout, StatusIcon } from './auth-layout.tsx';
import { PasswordInput } from './password-input.tsx';

const messages = authMessages.reset;

// Spec §9: back to the login page 2 s after a missing token, 3 s after an invalid one.
export const MISSING_TOKEN_REDIRECT_MS = 2000;
export const INVALID_TOKEN_REDIRECT_MS = 3000;

export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  if (!token) return <InvalidLinkView message={messages.missingToken} redirectAfterMs={MISSING_TOKEN_REDIRECT_MS} />;
  return <TokenCheck token={token} />;
}

function TokenCheck({ token }: { token: string }) {
  const validation = useQuery<ValidateResetTokenAnswer>({ queryKey: validateResetTokenQueryKey(token) });
  if (validation.isPending) {
    return (
      <AuthLayout title={messages.title}>
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          {messages.checking}
        </p>
      </AuthLayout>
    );
  }
  if (!validation.data?.valid) {
    return <InvalidLinkView message={messages.invalidToken} redirectAfterMs={INVALID_TOKEN_REDIRECT_MS} />;
  }
  return <ResetForm token={token} />;
}

function InvalidLinkView({ message, redirectAfterMs }: { message: string; redirectAfterMs: number }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({ variant: 'destructive', title: messages.errorTitle, description: message });
    const timer = setTimeout(() => navigate('/', { replace: true }), redirectAfterMs);
    return () => clearTimeout(timer);
  }, [message, redirectAfterMs, navigate]);

  return (
    <AuthLayout
      title={messages.invalidTitle}
      icon={
        <StatusIcon tone="danger">
          <Link2OffIcon className="size-6" />
        </StatusIcon>
      }
    >
      <div className="grid gap-3 text-center">
        <p className="text-sm">{message}</p>
        <p className="text-sm text-muted-foreground">{messages.redirecting}</p>
      </div>
    </AuthLayout>
  );
}

function ResetForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const resetPassword = useMutation({
    mutationFn: (newPassword: string) => authApi.resetPassword(token, newPassword),
    onSuccess: () => {
      toast({ title: messages.successTitle, description: messages.successText });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: messages.errorTitle,
        description: serverMessageOf(error) ?? messages.failureDefault,
      });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resetPassword.isPending) return;
    const problem =
      password !== confirmation
        ? messages.mismatch
        : password.length < MIN_PASSWORD_LENGTH
          ? messages.tooShort
          : undefined;
    if (problem) {
      toast({ variant: 'destructive', title: messages.errorTitle, description: problem });
      return;
    }
    resetPassword.mutate(password);
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthLayout
        title={messages.changedTitle}
        icon={
          <StatusIcon tone="success">
            <CircleCheckIcon className="size-6" />
          </StatusIcon>
        }
      >
        <div className="grid gap-5 text-center">
          <p className="text-sm text-muted-foreground">{messages.changedText}</p>
          <Button asChild size="lg" className="w-full">
            <Link href="/">
              <LogInIcon aria-hidden="true" />
              {messages.signIn}
            </Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={messages.title}
      description={messages.subtitle}
      icon={
        <StatusIcon tone="info">
          <KeyRoundIcon className="size-6" />
        </StatusIcon>
      }
    >
      <form className="grid gap-5" onSubmit={handleSubmit}>
        <div className="grid gap-2">
          <Label htmlFor="reset-password">{messages.passwordLabel}</Label>
          <PasswordInput
            id="reset-password"
            name="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reset-confirmation">{messages.confirmLabel}</Label>
          <PasswordInput
            id="reset-confirmation"
            name="confirmPassword"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {resetPassword.isPending ? messages.submitting : messages.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}
