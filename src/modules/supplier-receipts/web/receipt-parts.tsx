// Small parts of the receipts page and its document dialog: the status badge, a failure banner and a confirmation.
import type { MouseEvent, ReactNode } from 'react';
import { Loader2Icon } from 'lucide-react';
import { receiptStatusLabels, type ReceiptStatus } from '@/modules/supplier-receipts/supplier-receipts.contract.ts';
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

const statusStyles: Record<ReceiptStatus, { badge: string; dot: string }> = {
  draft: { badge: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  posted: { badge: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400', dot: 'bg-emerald-500' },
  cancelled: { badge: 'bg-muted text-muted-foreground line-through decoration-1', dot: 'bg-muted-foreground' },
};

export function ReceiptStatusBadge({ status, className }: { status: ReceiptStatus; className?: string }) {
  const style = statusStyles[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        style.badge,
        className,
      )}
    >
      <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden="true" />
      {receiptStatusLabels[status]}
    </span>
  );
}

/** A failure of the whole form (not of one input), announced. */
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
