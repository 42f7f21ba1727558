// Parts every document page shares (receipts, supplier orders, transfers, counts): the status badge, a failure
// banner for a whole form or action, and a confirmation that stays open until the server answers.
import type { MouseEvent, ReactNode } from 'react';
import { Loader2Icon } from 'lucide-react';
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
import { cn } from '@/web/lib/utils.ts';

/** The colour of a status: drafts amber, in progress sky/indigo/teal, done emerald, closed neutral, cancelled struck. */
export type StatusTone = 'amber' | 'sky' | 'indigo' | 'teal' | 'emerald' | 'neutral' | 'struck';

const tones: Record<StatusTone, { badge: string; dot: string }> = {
  amber: { badge: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  sky: { badge: 'bg-sky-500/15 text-sky-800 dark:text-sky-300', dot: 'bg-sky-500' },
  indigo: { badge: 'bg-indigo-500/15 text-indigo-800 dark:text-indigo-300', dot: 'bg-indigo-500' },
  teal: { badge: 'bg-teal-500/15 text-teal-800 dark:text-teal-300', dot: 'bg-teal-500' },
  emerald: { badge: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400', dot: 'bg-emerald-500' },
  neutral: { badge: 'bg-muted text-foreground', dot: 'bg-foreground/60' },
  struck: { badge: 'bg-muted text-muted-foreground line-through decoration-1', dot: 'bg-muted-foreground' },
};

export function StatusBadge({ label, tone, className }: { label: string; tone: StatusTone; className?: string }) {
  const style = tones[tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        style.badge,
        className,
      )}
    >
      <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden="true" />
      {label}
    </span>
  );
}

/** A failure of a whole form or action (not of one input), announced. */
export function FormFailure({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
    >
      {children}
    </div>
  );
}

/** A confirmation whose action runs a request and stays open until the server answers. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending = false,
  destructive = false,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  destructive?: boolean;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            onClick={(event: MouseEvent) => {
              event.preventDefault(); // stay open until the server answers
              onConfirm();
            }}
          >
            {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
