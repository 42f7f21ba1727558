// The figure cards above a list (stock, supplier orders, transfers): a label, an icon on its tone, the value (with a
// unit in small type) and a hint. With `onClick` a card is a toggle button that filters the list (aria-pressed).
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/web/lib/utils.ts';

export const statTones = {
  primary: 'bg-primary/10 text-primary',
  sky: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  green: 'bg-emerald-500/10 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300',
  amber: 'bg-amber-500/10 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300',
  red: 'bg-red-500/10 text-red-700 dark:bg-red-400/15 dark:text-red-300',
} as const;

const grouped = new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 2 });

export function StatCard({
  label,
  hint,
  icon: Icon,
  tone,
  value,
  unit,
  pressed,
  onClick,
}: {
  label: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
  /** A count or a figure as a number gets its digits grouped and a decimal comma ('40 000', '12,5'). */
  value: string | number;
  /** Written after the value in small type ('грн'); the line may break before it, never inside the number. */
  unit?: string;
  pressed?: boolean;
  onClick?: () => void;
}) {
  const body: ReactNode = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0 text-sm font-medium text-muted-foreground">{label}</span>
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', tone)} aria-hidden="true">
          <Icon className="size-4" />
        </span>
      </span>{' '}
      {/* The spaces keep the words apart in the button's accessible name; a grid ignores them on screen. A year's
          figure ('13 834 753 152,28 грн') is wider than half a phone and its grouped digits are joined by no-break
          spaces: it may break anywhere rather than push the page sideways. */}
      <span className="text-lg font-semibold tracking-tight tabular-nums [overflow-wrap:anywhere] sm:text-xl 2xl:text-2xl">
        {typeof value === 'number' ? grouped.format(value) : value}
        {unit ? <span className="text-sm font-medium text-muted-foreground"> {unit}</span> : null}
      </span>{' '}
      <span className="text-xs text-muted-foreground">{hint}</span>
    </>
  );
  const frame = 'grid h-full w-full content-start gap-1 rounded-xl border bg-card p-4 text-left shadow-xs';
  if (!onClick) return <div className={frame}>{body}</div>;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        frame,
        'transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        pressed && 'border-primary ring-1 ring-primary',
      )}
    >
      {body}
    </button>
  );
}
