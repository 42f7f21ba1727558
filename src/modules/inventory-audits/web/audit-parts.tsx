// Small parts of the inventory audit pages: the status badge, the progress bar and a picker of several references.
import type { MouseEvent, ReactNode } from 'react';
import { Loader2Icon, XIcon } from 'lucide-react';
import { auditStatusLabels, type AuditStatus } from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
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
import { auditsWebMessages as messages } from './inventory-audits.messages.ts';

const statusStyles: Record<AuditStatus, { badge: string; dot: string }> = {
  draft: { badge: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  counting: { badge: 'bg-sky-500/15 text-sky-800 dark:text-sky-300', dot: 'bg-sky-500' },
  posted: { badge: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400', dot: 'bg-emerald-500' },
  cancelled: { badge: 'bg-muted text-muted-foreground line-through decoration-1', dot: 'bg-muted-foreground' },
};

export function AuditStatusBadge({ status, className }: { status: AuditStatus; className?: string }) {
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
      {auditStatusLabels[status]}
    </span>
  );
}

/** 'counted / total' with a thin bar. */
export function AuditProgress({ counted, total, className }: { counted: number; total: number; className?: string }) {
  const percent = total === 0 ? 0 : Math.round((counted / total) * 100);
  return (
    <span className={cn('inline-grid min-w-20 gap-1', className)}>
      <span className="text-sm tabular-nums">{messages.progress(counted, total)}</span>
      <span
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={messages.columns.progress}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={counted}
      >
        <span className="block h-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

export interface Chosen {
  id: number;
  label: string;
}

/** Several references: each pick is added as a chip, a chip's cross removes it. */
export function MultiPicker({
  id,
  route,
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id?: string;
  route: string;
  label: string;
  value: readonly Chosen[];
  onChange: (value: Chosen[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <div className="grid gap-2">
      <ReferencePicker
        id={id}
        route={route}
        value={null}
        valueLabel={null}
        placeholder={messages.create.addPlaceholder}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(picked, pickedLabel) => {
          if (picked === null || value.some((v) => v.id === picked)) return;
          onChange([...value, { id: picked, label: pickedLabel ?? String(picked) }]);
        }}
      />
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {value.map((v) => (
            <li key={v.id} className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs">
              {v.label}
              <button
                type="button"
                className="rounded-full p-0.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring/50"
                aria-label={messages.create.remove(v.label)}
                onClick={() => onChange(value.filter((x) => x.id !== v.id))}
              >
                <XIcon className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A failure of a whole action (not of one input), announced. */
export function FormFailure({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
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
