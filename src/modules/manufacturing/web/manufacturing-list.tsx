// The parts of the 'Виробництво' list (production.md §4 Page): the stat cards (planned, released, in progress,
// completed this month, overdue — each one a filter), a due-date filter box and a row of the table.
import { Link } from 'wouter';
import { AlertTriangleIcon, CalendarClockIcon, CheckCircle2Icon, PlayIcon, RocketIcon } from 'lucide-react';
import { type MoListRow, type MoStats, type MoStatus } from '@/modules/manufacturing/manufacturing.contract.ts';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { TableCell, TableRow } from '@/web/components/ui/table.tsx';
import { DueDate, MoStatusBadge, PriorityBadge, ProducedProgress } from './manufacturing-parts.tsx';
import type { MoListFilter } from './manufacturing.api.ts';
import { moWebMessages as messages } from './manufacturing.messages.ts';

export function DateFilter({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <Label
        htmlFor={id}
        className="pointer-events-none absolute -top-2 left-2 bg-background px-1 text-xs font-normal text-muted-foreground"
      >
        {label}
      </Label>
      <Input id={id} type="date" value={value} min={min} max={max} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function MoRow({ row, onOpen }: { row: MoListRow; onOpen: () => void }) {
  return (
    <TableRow className="cursor-pointer" onClick={onOpen}>
      <TableCell className="font-medium whitespace-nowrap">
        {/* The row is clickable; the number is its keyboard way in. */}
        <button
          type="button"
          className="-mx-1 rounded-sm px-1 font-mono outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={messages.openOrder(row.number)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {row.number}
        </button>
      </TableCell>
      <TableCell className="max-w-72 min-w-44">
        <span className="line-clamp-2">{row.itemName}</span>
        <span className="block text-xs text-muted-foreground">{row.sku}</span>
      </TableCell>
      <TableCell>
        <ProducedProgress
          number={row.number}
          produced={row.producedQty}
          qty={row.qty}
          progress={row.progress}
          unit={row.unitShortName}
        />
      </TableCell>
      <TableCell>
        <div className="flex flex-col items-start gap-1">
          <MoStatusBadge status={row.status} />
          <PriorityBadge priority={row.priority} />
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <DueDate date={row.dueDate} overdue={row.isOverdue} />
      </TableCell>
      <TableCell className="max-w-48">
        {row.orders.length ? (
          <ul className="flex flex-wrap gap-x-2 gap-y-0.5">
            {row.orders.map((order) => (
              <li key={order.orderId}>
                <Link
                  href={`/orders?search=${encodeURIComponent(order.orderNumber)}`}
                  className="font-mono text-sm hover:underline"
                  onClick={(event) => event.stopPropagation()}
                >
                  {order.orderNumber}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-muted-foreground">{messages.none}</span>
        )}
      </TableCell>
      <TableCell className="max-w-48">
        {row.responsibleName ?? <span className="text-muted-foreground">{messages.none}</span>}
      </TableCell>
    </TableRow>
  );
}

export function StatCards({
  stats,
  filter,
  onStatus,
  onOverdue,
}: {
  stats: MoStats | undefined;
  filter: MoListFilter;
  onStatus: (status: MoStatus) => void;
  onOverdue: () => void;
}) {
  const m = messages.stats;
  const value = (n: number | undefined) => (n === undefined ? messages.none : String(n));
  const cards: {
    label: string;
    hint: string;
    icon: typeof PlayIcon;
    tone: string;
    figure: number | undefined;
    status?: MoStatus;
  }[] = [
    {
      label: m.planned,
      hint: m.plannedHint,
      icon: CalendarClockIcon,
      tone: statTones.amber,
      figure: stats?.planned,
      status: 'planned',
    },
    {
      label: m.released,
      hint: m.releasedHint,
      icon: RocketIcon,
      tone: statTones.primary,
      figure: stats?.released,
      status: 'released',
    },
    {
      label: m.inProgress,
      hint: m.inProgressHint,
      icon: PlayIcon,
      tone: statTones.sky,
      figure: stats?.inProgress,
      status: 'in_progress',
    },
    {
      label: m.completed,
      hint: m.completedHint,
      icon: CheckCircle2Icon,
      tone: statTones.green,
      figure: stats?.completedThisMonth,
      status: 'completed',
    },
  ];
  return (
    <section aria-label={m.label}>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5 xl:gap-4">
        {cards.map((card) => {
          const pressed = card.status !== undefined && filter.status === card.status && !filter.overdue;
          return (
            <li key={card.label} className="min-w-0">
              <StatCard
                label={card.label}
                hint={pressed ? m.pressedHint : card.hint}
                icon={card.icon}
                tone={card.tone}
                value={value(card.figure)}
                pressed={pressed}
                onClick={() => card.status && onStatus(card.status)}
              />
            </li>
          );
        })}
        <li className="min-w-0">
          <StatCard
            label={m.overdue}
            hint={filter.overdue ? m.pressedHint : m.overdueHint}
            icon={AlertTriangleIcon}
            tone={statTones.red}
            value={value(stats?.overdue)}
            pressed={filter.overdue === 'true'}
            onClick={onOverdue}
          />
        </li>
      </ul>
    </section>
  );
}
