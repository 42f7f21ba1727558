// A report's figure against the period before (reports-admin §4, §5): the label, the value as the page writes it, and
// the change in percent — green up, red down, '—' with 'немає бази для порівняння' when the previous figure is 0.
import type { ReactNode } from 'react';
import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from 'lucide-react';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { uiMessages } from '@/web/lib/ui.messages.ts';
import { cn } from '@/web/lib/utils.ts';

const m = uiMessages.change;

export function ChangeCard({
  label,
  value,
  changePercent,
  note,
}: {
  label: string;
  /** The figure as written ('1 250,00 грн', '—'). */
  value: string;
  /** The change in percent, a decimal string; null: no base to compare with. */
  changePercent: string | null;
  /** A line under the change (a filter that does not apply to the figure). */
  note?: ReactNode;
}) {
  const up = changePercent !== null && !changePercent.startsWith('-') && changePercent !== '0.00';
  const down = changePercent !== null && changePercent.startsWith('-');
  const Icon = up ? ArrowUpRightIcon : down ? ArrowDownRightIcon : MinusIcon;
  return (
    <div className="grid min-w-0 content-start gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
      <span className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</span>
      <span
        className={cn(
          'flex items-center gap-1 text-xs',
          up
            ? 'text-emerald-700 dark:text-emerald-300'
            : down
              ? 'text-red-700 dark:text-red-300'
              : 'text-muted-foreground',
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {changePercent === null ? m.noBase : m.percent(formatDecimalUk(changePercent, 2))}
      </span>
      {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
    </div>
  );
}
