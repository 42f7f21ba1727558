import type { ReactNode } from 'react';
import { FactoryIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card.tsx';
import { authMessages } from '@/modules/auth/auth.messages.ts';

/** The centred card every sign-in and recovery screen sits in, under the product's name. */
export function AuthLayout({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden px-4 py-10 sm:px-6">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-linear-to-b from-primary/15 to-transparent dark:from-primary/10"
      />
      <div className="w-full max-w-[26rem]">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-md shadow-primary/25">
            <FactoryIcon className="size-6" aria-hidden="true" />
          </span>
          <p className="text-lg font-semibold tracking-tight">{authMessages.appName}</p>
        </div>
        <Card className="gap-5 shadow-lg shadow-foreground/5">
          <CardHeader className="items-center text-center">
            {icon}
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

/** A round icon above a state view's title (sent, changed, invalid). */
export function StatusIcon({ tone, children }: { tone: 'success' | 'danger' | 'info'; children: ReactNode }) {
  const tones = {
    success: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
    danger: 'bg-destructive/15 text-destructive dark:text-red-400',
    info: 'bg-primary/15 text-primary',
  } as const;
  return (
    <span className={`mb-1 flex size-12 items-center justify-center rounded-full ${tones[tone]}`} aria-hidden="true">
      {children}
    </span>
  );
}
