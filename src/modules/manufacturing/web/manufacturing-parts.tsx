// Small parts of the manufacturing page: the status and priority badges, the due date that turns red when overdue,
// the produced / planned progress bar, and the shared confirmation and failure parts.
import { AlertTriangleIcon } from 'lucide-react';
import {
  moOperationStatusLabels,
  moPriorityLabels,
  moStatusLabels,
  type MoOperationStatus,
  type MoPriority,
  type MoStatus,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import { StatusBadge, type StatusTone } from '@/web/components/document-parts.tsx';
import { formatDateUk, formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { moWebMessages as messages } from './manufacturing.messages.ts';

export {
  decimalInput,
  formatDateUk,
  formatMoney,
  formatQty,
  formatTimestampUk,
  todayIso,
} from '@/web/lib/document-format.ts';
export { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';

const statusTones: Record<MoStatus, StatusTone> = {
  planned: 'amber',
  released: 'indigo',
  in_progress: 'sky',
  completed: 'emerald',
  cancelled: 'struck',
};

const operationTones: Record<MoOperationStatus, StatusTone> = {
  pending: 'neutral',
  ready: 'indigo',
  in_progress: 'sky',
  paused: 'amber',
  done: 'emerald',
  skipped: 'struck',
};

const priorityStyles: Record<MoPriority, string> = {
  low: 'border-transparent bg-muted text-muted-foreground',
  normal: 'border-border text-foreground',
  high: 'border-transparent bg-orange-500/15 text-orange-800 dark:text-orange-300',
  urgent: 'border-transparent bg-red-500/15 text-red-800 dark:text-red-300',
};

export function MoStatusBadge({ status, className }: { status: MoStatus; className?: string }) {
  return <StatusBadge label={moStatusLabels[status]} tone={statusTones[status]} className={className} />;
}

export function OperationStatusBadge({ status }: { status: MoOperationStatus }) {
  return <StatusBadge label={moOperationStatusLabels[status]} tone={operationTones[status]} />;
}

export function PriorityBadge({ priority, className }: { priority: MoPriority; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        priorityStyles[priority],
        className,
      )}
      title={messages.priorityLabel}
    >
      {moPriorityLabels[priority]}
    </span>
  );
}

/** The due date; red with a mark when the order is overdue. */
export function DueDate({ date, overdue }: { date: string | null; overdue: boolean }) {
  if (!date) return <span className="text-muted-foreground">{messages.none}</span>;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 tabular-nums',
        overdue && 'font-medium text-red-700 dark:text-red-400',
      )}
      title={overdue ? messages.overdue : undefined}
    >
      {overdue ? <AlertTriangleIcon className="size-3.5" aria-hidden="true" /> : null}
      {formatDateUk(date)}
      {overdue ? <span className="sr-only">{` (${messages.overdue})`}</span> : null}
    </span>
  );
}

/** Produced of planned, as figures and a bar (0–100). */
export function ProducedProgress({
  number,
  produced,
  qty,
  progress,
  unit,
}: {
  number: string;
  produced: string;
  qty: string;
  progress: number;
  unit?: string | null;
}) {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <div className="grid min-w-28 gap-1">
      <span className="text-sm whitespace-nowrap tabular-nums">
        {messages.producedOf(formatQty(produced), formatQty(qty))}
        {unit ? <span className="text-xs text-muted-foreground"> {unit}</span> : null}
      </span>
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-label={messages.progressOf(number)}
      >
        <div className={cn('h-full', value >= 100 ? 'bg-emerald-500' : 'bg-sky-500')} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** A figure that is a problem when positive (a shortage): red and bold. */
export function WarnQty({ value }: { value: string }) {
  const positive = /[1-9]/.test(value) && !value.trim().startsWith('-');
  return (
    <span className={cn('tabular-nums', positive && 'font-medium text-red-700 dark:text-red-400')}>
      {formatQty(value)}
    </span>
  );
}
