// Shared look of the terminal: big, high-contrast touch buttons (≥ 64 px high) and small labels.
import type { ComponentProps } from 'react';
import { RotateCcwIcon, WifiOffIcon } from 'lucide-react';
import { moOperationStatusLabels, moPriorityLabels } from '@/modules/manufacturing/manufacturing.contract.ts';
import { mesTexts, type MesQueueRow } from '@/modules/mes/mes.contract.ts';
import { formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';

export const tones = {
  start: 'bg-green-700 text-white hover:bg-green-800 active:bg-green-900',
  pause: 'bg-amber-400 text-black hover:bg-amber-500 active:bg-amber-600',
  report: 'bg-blue-700 text-white hover:bg-blue-800 active:bg-blue-900',
  finish: 'bg-slate-900 text-white hover:bg-black dark:bg-white dark:text-slate-950 dark:hover:bg-slate-200',
  danger: 'bg-red-700 text-white hover:bg-red-800 active:bg-red-900',
  neutral:
    'border-2 border-slate-500 bg-white text-slate-950 hover:bg-slate-100 dark:border-slate-400 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800',
  selected: 'border-2 border-blue-700 bg-blue-700 text-white ring-4 ring-blue-300 dark:ring-blue-900',
} as const;

export type Tone = keyof typeof tones;

/** A touch button: at least 64 px high, large bold text. */
export function BigButton({ tone = 'neutral', className, ...props }: ComponentProps<'button'> & { tone?: Tone }) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex min-h-16 items-center justify-center gap-3 rounded-lg px-5 py-3 text-xl font-bold select-none',
        'outline-none focus-visible:ring-4 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:opacity-50',
        '[&_svg]:size-7 [&_svg]:shrink-0',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

const statusTone: Record<MesQueueRow['status'], string> = {
  pending: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  ready: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  in_progress: 'bg-green-700 text-white',
  paused: 'bg-amber-400 text-black',
  done: 'bg-slate-900 text-white dark:bg-white dark:text-slate-900',
  skipped: 'bg-slate-200 text-slate-600',
};

export function StatusPill({ status }: { status: MesQueueRow['status'] }) {
  return (
    <span className={cn('rounded-md px-2.5 py-1 text-sm font-bold whitespace-nowrap', statusTone[status])}>
      {moOperationStatusLabels[status]}
    </span>
  );
}

export function PriorityPill({ priority }: { priority: MesQueueRow['priority'] }) {
  if (priority === 'normal' || priority === 'low') return null;
  return (
    <span
      className={cn(
        'rounded-md px-2.5 py-1 text-sm font-bold whitespace-nowrap',
        priority === 'urgent' ? 'bg-red-700 text-white' : 'bg-orange-200 text-orange-950',
      )}
    >
      {moPriorityLabels[priority]}
    </span>
  );
}

/** '10' or '2,5' (no padding zeros). */
export const qtyText = (value: string) => formatQty(value);

/** A tap that got no answer: 'Повторити' sends it again with the same Idempotency-Key. */
export function OfflineBanner({ busy, onRetry }: { busy: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl bg-amber-300 p-4 text-black sm:flex-row sm:items-center"
    >
      <WifiOffIcon className="size-8 shrink-0" aria-hidden="true" />
      <p className="flex-1 text-lg font-semibold">{mesTexts.offline}</p>
      <BigButton tone="finish" disabled={busy} onClick={onRetry}>
        <RotateCcwIcon aria-hidden="true" />
        {mesTexts.retry}
      </BigButton>
    </div>
  );
}
