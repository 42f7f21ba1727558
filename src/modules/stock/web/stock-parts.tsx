// Small parts the stock pages share: the search box, a labelled filter select, the status badge, the export menu and
// a confirmation.
import { SearchIcon } from 'lucide-react';
import { stockStatusLabels, type StockStatus } from '@/modules/stock/stock.contract.ts';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip.tsx';
import { cn } from '@/web/lib/utils.ts';
import { stockMessages as messages } from './stock.messages.ts';

export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative h-fit min-w-0', className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

/** A select that says what it filters ('Статус: Усі статуси'); its accessible name is the filter's name. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className={cn('w-full', className)}>
        <span className="flex min-w-0 items-center gap-1 truncate">
          <span className="text-muted-foreground">{label}:</span>
          <SelectValue />
        </span>
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const statusLooks: Record<StockStatus, { badge: string; dot: string }> = {
  'in-stock': { badge: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400', dot: 'bg-emerald-500' },
  'low-stock': { badge: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  'out-of-stock': { badge: 'bg-red-500/15 text-red-700 dark:text-red-400', dot: 'bg-red-500' },
};

/**
 * The one status rule's badge (warehouse.md §0): green, amber or red. An item without stock control shows its status
 * greyed out, and says why in a tooltip (reachable with the keyboard) and to screen readers.
 */
export function StockStatusBadge({ status, stockControl }: { status: StockStatus; stockControl: boolean }) {
  const look = statusLooks[status];
  const badge = (
    <span
      data-status={status}
      data-stock-control={stockControl}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        stockControl ? look.badge : 'bg-muted text-muted-foreground opacity-80',
      )}
    >
      <span
        className={cn('size-1.5 rounded-full', stockControl ? look.dot : 'bg-muted-foreground')}
        aria-hidden="true"
      />
      {stockStatusLabels[status]}
      {stockControl ? null : <span className="sr-only">({messages.list.noStockControl})</span>}
    </span>
  );
  if (stockControl) return badge;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {badge}
        </span>
      </TooltipTrigger>
      <TooltipContent>{messages.list.noStockControl}</TooltipContent>
    </Tooltip>
  );
}
