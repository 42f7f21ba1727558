import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeftIcon, Loader2Icon, MailCheckIcon, SendIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { authMessages } from '@/modules/auth/auth.messages.ts';
import { authApi } from './auth.api.ts';
import { AuthLayout, StatusIcon } from './auth-layout.tsx';

const messages = authMessages.forgot;

function BackToLoginButton({ variant }: { variant: 'default' | 'ghost' }) {
  return (
    <Button asChild variant={variant} className="w-full">
      <Link href="/">
        <ArrowLeftIcon aria-hidden="true" />
        {messages.backToLogin}
      </Link>
    </Button>
  );
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const sendLink = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: () => {
      toast({ title: messages.successTitle, description: messages.successText });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: messages.failureTitle,
        description: serverMessageOf(error) ?? messages.failureDefault,
      });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendLink.isPending) return;
    sendLink.mutate(email.trim());
  }

  if (sendLink.isSuccess) {
    return (
      <AuthLayout
        title={messages.sentTitle}
        icon={
          <StatusIcon tone="success">
            <MailCheckIcon className="size-6" />
          </StatusIcon>
        }
      >
        <div className="grid gap-5 text-center">
          <p className="text-sm text-muted-foreground">
            {messages.sentText}
            <strong className="mt-1 block font-semibold break-words text-foreground">{sendLink.variables}</strong>
          </p>
          <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{messages.spamHint}</p>
          <BackToLoginButton variant="default" />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={messages.title} description={messages.subtitle}>
      <form className="grid gap-5" onSubmit={handleSubmit}>
        <div className="grid gap-2">
          <Label htmlFor="forgot-email">{messages.emailLabel}</Label>
          <Input
            id="forgot-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            autoFocus
            placeholder={messages.emailPlaceholder}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Button type="submit" size="lg" className="w-full" disabled={sendLink.isPending}>
            {sendLink.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SendIcon aria-hidden="true" />
            )}
            {sendLink.isPending ? messages.submitting : messages.submit}
          </Button>
          <BackToLoginButton variant="ghost" />
        </div>
      </form>
    </AuthLayout>
  );
}
