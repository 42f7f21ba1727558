// The parts of the 'Виробництво' list (production.md §4 Page): the stat cards (planned, released, in progress,
// completed this month, overdue — each one a filter) and the table's columns.
import { Link } from 'wouter';
import { AlertTriangleIcon, CalendarClockIcon, CheckCircle2Icon, PlayIcon, RocketIcon } from 'lucide-react';
import { type MoListRow, type MoStats, type MoStatus } from '@/modules/manufacturing/manufacturing.contract.ts';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import { DueDate, MoStatusBadge, PriorityBadge, ProducedProgress } from './manufacturing-parts.tsx';
import type { MoListFilter } from './manufacturing.api.ts';
import { moWebMessages as messages } from './manufacturing.messages.ts';

/** The list's columns; the number opens the order's drawer, like the row. */
export function moColumns(onOpen: (row: MoListRow) => void): DataColumn<MoListRow>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({ header: c.number, number: (row) => row.number, openLabel: messages.openOrder, onOpen }),
    {
      id: 'item',
      header: c.item,
      sortField: 'itemName',
      className: 'max-w-72 min-w-44 whitespace-normal',
      cell: (row) => (
        <>
          <span className="line-clamp-2">{row.itemName}</span>
          <span className="block text-xs text-muted-foreground">{row.sku}</span>
        </>
      ),
    },
    {
      id: 'progress',
      header: c.progress,
      sortField: 'qty',
      cell: (row) => (
        <ProducedProgress
          number={row.number}
          produced={row.producedQty}
          qty={row.qty}
          progress={row.progress}
          unit={row.unitShortName}
        />
      ),
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (row) => (
        <div className="flex flex-col items-start gap-1">
          <MoStatusBadge status={row.status} />
          <PriorityBadge priority={row.priority} />
        </div>
      ),
    },
    {
      id: 'dueDate',
      header: c.dueDate,
      sortField: 'dueDate',
      cell: (row) => <DueDate date={row.dueDate} overdue={row.isOverdue} />,
    },
    {
      id: 'orders',
      header: c.orders,
      className: 'max-w-48 whitespace-normal',
      cell: (row) =>
        row.orders.length ? (
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
        ),
    },
    {
      id: 'responsible',
      header: c.responsible,
      className: 'max-w-48 whitespace-normal',
      cell: (row) => row.responsibleName ?? <span className="text-muted-foreground">{messages.none}</span>,
    },
  ];
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
