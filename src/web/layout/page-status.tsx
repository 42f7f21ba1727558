// Centred states of the content area: loading, and a message with an icon (guard, 404, placeholders).
import type { ReactNode } from 'react';
import { Loader2Icon, type LucideIcon } from 'lucide-react';
import { cn } from '@/web/lib/utils.ts';
import { layoutMessages } from './layout.messages.ts';

/** 'Завантаження...' (spec §2) or another waiting text, inside the shell. */
export function PageLoading({ text = layoutMessages.loading }: { text?: string }) {
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      {text}
    </div>
  );
}

export function PageMessage({
  icon: Icon,
  title,
  text,
  tone = 'default',
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  tone?: 'default' | 'warning' | 'danger';
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center py-12">
      <div className="flex max-w-md flex-col items-center text-center">
        <span
          className={cn(
            'mb-5 flex size-14 items-center justify-center rounded-2xl',
            tone === 'danger' && 'bg-destructive/10 text-destructive dark:bg-destructive/20 dark:text-red-300',
            tone === 'warning' && 'bg-amber-500/10 text-amber-600 dark:bg-amber-400/15 dark:text-amber-300',
            tone === 'default' && 'bg-primary/10 text-primary',
          )}
        >
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-balance text-muted-foreground">{text}</p>
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </div>
  );
}
