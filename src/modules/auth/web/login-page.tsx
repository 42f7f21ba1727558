import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, LogInIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { navigateWithPageLoad } from '@/web/lib/navigation.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { authMessages } from '@/modules/auth/auth.messages.ts';
import { authApi, authUserQueryKey, type AuthUserQueryData } from './auth.api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordInput } from './password-input.tsx';

const messages = authMessages.login;

// Spec §8: the server's message, else the default; a request that never reached the server (fetch
// rejects with a TypeError) asks to try again.
function loginFailureText(error: unknown): string {
  if (error instanceof TypeError) return messages.networkFailure;
  return serverMessageOf(error) ?? messages.failureDefault;
}

export function LoginPage() {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<AuthUserQueryData>(authUserQueryKey, user);
      navigateWithPageLoad('/');
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: messages.failureTitle, description: loginFailureText(error) });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const trimmedUsername = username.trim();
    const trimmedPassword = password.trim();
    if (!trimmedUsername || !trimmedPassword) {
      toast({ variant: 'destructive', title: messages.emptyTitle, description: messages.emptyText });
      return;
    }
    login.mutate({ username: trimmedUsername, password: trimmedPassword, rememberMe });
  }

  return (
    <AuthLayout title={messages.title}>
      <form className="grid gap-5" onSubmit={handleSubmit} noValidate>
        <div className="grid gap-2">
          <Label htmlFor="login-username">{messages.usernameLabel}</Label>
          <Input
            id="login-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={messages.usernamePlaceholder}
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="login-password">{messages.passwordLabel}</Label>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            placeholder={messages.passwordPlaceholder}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <div className="flex items-center gap-2">
            {/* A native checkbox, not the Radix one of the forms: the login page's JS budget (DESIGN §9). */}
            <input
              type="checkbox"
              id="login-remember"
              name="rememberMe"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
              className="size-4 shrink-0 cursor-pointer rounded-[4px] accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
            <Label htmlFor="login-remember" className="font-normal">
              {messages.remember}
            </Label>
          </div>
          <Link
            href="/forgot-password"
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {messages.forgot}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <LogInIcon aria-hidden="true" />
          )}
          {login.isPending ? messages.submitting : messages.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}
