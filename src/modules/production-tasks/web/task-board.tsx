// The three columns of the kanban (production.md §5): 'До виконання' (planned, released), 'В роботі' (in progress),
// 'Виконано' (completed in the window). Cards move by native drag and drop, by the keyboard (a focused card: → to the
// next column, ← to the previous one, Enter to open) and by each card's actions menu (which also serves touch
// screens). The board only asks; the server decides and its refusal comes back as a toast while the card stays put.
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import {
  AlertTriangleIcon,
  CalendarIcon,
  CheckCircle2Icon,
  ExternalLinkIcon,
  Loader2Icon,
  MoreVerticalIcon,
  PencilIcon,
  PlayIcon,
  UserIcon,
} from 'lucide-react';
import {
  moPriorityLabels,
  moStatusLabels,
  taskColumnLabels,
  taskStatuses,
  type MoPriority,
  type ProductionTask,
  type TaskStatus,
} from '@/modules/production-tasks/production-tasks.contract.ts';
import { Button } from '@/web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { formatDateUk, formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { ReadyToCompleteBadge, ShortMaterialsBadge } from '@/modules/manufacturing/web/index.ts';
import { moPageUrl } from './production-tasks.api.ts';
import { tasksWebMessages as messages } from './production-tasks.messages.ts';

const priorityStyles: Record<MoPriority, string> = {
  low: 'border-transparent bg-muted text-muted-foreground',
  normal: 'border-border text-foreground',
  high: 'border-transparent bg-orange-500/15 text-orange-800 dark:text-orange-300',
  urgent: 'border-transparent bg-red-500/15 text-red-800 dark:text-red-300',
};

const columnAccent: Record<TaskStatus, string> = {
  planned: 'bg-amber-500',
  'in-progress': 'bg-sky-500',
  completed: 'bg-emerald-500',
};

export function PriorityBadge({ priority }: { priority: MoPriority }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        priorityStyles[priority],
      )}
    >
      <span className="sr-only">{messages.priority}: </span>
      {moPriorityLabels[priority]}
    </span>
  );
}

const next: Record<TaskStatus, TaskStatus | null> = {
  planned: 'in-progress',
  'in-progress': 'completed',
  completed: null,
};
const previous: Record<TaskStatus, TaskStatus | null> = {
  planned: null,
  'in-progress': 'planned',
  completed: 'in-progress',
};

export interface TaskBoardProps {
  tasks: ProductionTask[];
  canChange: boolean;
  /** The card whose move is under way. */
  pendingId: number | null;
  /** A card dropped or sent to another column (the page asks the server or opens the completion dialog). */
  onMove: (task: ProductionTask, to: TaskStatus) => void;
  onOpen: (task: ProductionTask) => void;
}

export function TaskBoard({ tasks, canChange, pendingId, onMove, onOpen }: TaskBoardProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<TaskStatus | null>(null);

  function drop(event: DragEvent, column: TaskStatus) {
    event.preventDefault();
    const id = dragging ?? Number(event.dataTransfer?.getData('text/plain'));
    setDragging(null);
    setOver(null);
    const task = tasks.find((t) => t.id === id);
    if (task && task.status !== column) onMove(task, column);
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-3" aria-label={messages.boardLabel} role="group">
      {taskStatuses.map((column) => {
        const cards = tasks.filter((t) => t.status === column);
        const headingId = `kanban-column-${column}`;
        return (
          <section
            key={column}
            aria-labelledby={headingId}
            data-column={column}
            className={cn(
              'flex min-w-0 flex-col gap-3 rounded-xl border bg-muted/40 p-3 transition-colors',
              over === column && 'border-primary bg-primary/5 ring-1 ring-primary',
            )}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
              if (over !== column) setOver(column);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
            }}
            onDrop={(event) => drop(event, column)}
          >
            <header className="flex items-center justify-between gap-2 px-1">
              <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
                <span className={cn('size-2 rounded-full', columnAccent[column])} aria-hidden="true" />
                {taskColumnLabels[column]}
              </h2>
              <span
                className="rounded-full bg-background px-2 py-0.5 text-xs font-medium tabular-nums"
                aria-label={messages.columnCount(cards.length)}
                data-testid={`count-${column}`}
              >
                {cards.length}
              </span>
            </header>
            {cards.length === 0 ? (
              <p className="rounded-lg border border-dashed px-3 py-8 text-center text-sm text-muted-foreground">
                {dragging !== null ? messages.dropHere : messages.emptyColumn}
              </p>
            ) : (
              <ul className="grid gap-2" aria-labelledby={headingId}>
                {cards.map((task) => (
                  <li key={task.id}>
                    <TaskCard
                      task={task}
                      canChange={canChange}
                      pending={pendingId === task.id}
                      dragging={dragging === task.id}
                      onDragStart={() => setDragging(task.id)}
                      onDragEnd={() => {
                        setDragging(null);
                        setOver(null);
                      }}
                      onMove={(to) => onMove(task, to)}
                      onOpen={() => onOpen(task)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function TaskCard({
  task,
  canChange,
  pending,
  dragging,
  onDragStart,
  onDragEnd,
  onMove,
  onOpen,
}: {
  task: ProductionTask;
  canChange: boolean;
  pending: boolean;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMove: (to: TaskStatus) => void;
  onOpen: () => void;
}) {
  const titleId = `task-${task.id}-title`;
  const hintId = `task-${task.id}-hint`;
  const movable = canChange && !pending && task.status !== 'completed';

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Only the card itself: its buttons and link keep their own keys.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen();
      return;
    }
    if (!canChange || pending) return;
    const to =
      event.key === 'ArrowRight' ? next[task.status] : event.key === 'ArrowLeft' ? previous[task.status] : null;
    if (to) {
      event.preventDefault();
      onMove(to);
    }
  }

  const unit = task.unit ?? '';
  return (
    <article
      tabIndex={0}
      aria-labelledby={titleId}
      aria-describedby={canChange ? hintId : undefined}
      aria-keyshortcuts={canChange ? 'ArrowRight ArrowLeft Enter' : 'Enter'}
      aria-busy={pending ? true : undefined}
      data-task-id={task.id}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer?.setData('text/plain', String(task.id));
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the card's empty space opens it; its own controls handle their clicks.
        if ((event.target as HTMLElement).closest('button, a, [role="menuitem"]')) return;
        onOpen();
      }}
      className={cn(
        'grid cursor-pointer gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-[border-color,box-shadow,opacity] outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        movable && 'active:cursor-grabbing',
        dragging && 'opacity-50',
        pending && 'opacity-60',
        task.isOverdue && 'border-red-500/60',
      )}
    >
      <span id={hintId} className="sr-only">
        {messages.cardHint}
      </span>
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <Link
            href={moPageUrl(task.id)}
            className="w-fit rounded-sm font-mono text-xs text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            title={messages.openMo}
          >
            {task.moNumber}
          </Link>
          <h3 id={titleId} className="text-sm leading-snug font-medium break-words">
            <span className="sr-only">{messages.openTask(task.moNumber)}: </span>
            {task.title}
          </h3>
          <span className="font-mono text-xs text-muted-foreground">{task.sku}</span>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {pending ? (
            <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-label={messages.moving} />
          ) : null}
          <CardMenu task={task} canChange={canChange && !pending} onMove={onMove} onOpen={onOpen} />
        </div>
      </div>

      <div className="grid gap-1">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="tabular-nums">
            {messages.produced(formatQty(task.producedQuantity), formatQty(task.quantity), unit)}
          </span>
          <span className="text-muted-foreground tabular-nums">{task.progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={messages.progress(task.progress)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={task.progress}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', task.status === 'completed' ? 'bg-emerald-500' : 'bg-primary')}
            style={{ width: `${task.progress}%` }}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <PriorityBadge priority={task.priority} />
        <span className="text-muted-foreground">{moStatusLabels[task.moStatus]}</span>
        {task.readyToComplete ? <ReadyToCompleteBadge /> : null}
        {task.status !== 'completed' ? <ShortMaterialsBadge short={task.materialsShort} /> : null}
      </div>
      {task.readyToComplete && canChange ? (
        <Button
          size="sm"
          className="w-full"
          disabled={pending}
          aria-label={messages.completeTask(task.moNumber)}
          onClick={() => onMove('completed')}
        >
          <CheckCircle2Icon aria-hidden="true" />
          {messages.complete}
        </Button>
      ) : null}

      <div className="grid gap-1 text-xs">
        <span
          className={cn(
            'inline-flex items-center gap-1 tabular-nums',
            task.isOverdue ? 'font-medium text-red-700 dark:text-red-400' : 'text-muted-foreground',
          )}
        >
          {task.isOverdue ? (
            <AlertTriangleIcon className="size-3.5" aria-hidden="true" />
          ) : (
            <CalendarIcon className="size-3.5" aria-hidden="true" />
          )}
          <span className="sr-only">{messages.due}: </span>
          {task.dueDate ? formatDateUk(task.dueDate) : messages.noDue}
          {task.isOverdue ? <span className="ml-1">{messages.overdue}</span> : null}
        </span>
        {task.orderNumbers.length ? (
          <span className="break-words text-muted-foreground">
            {messages.orders}: <span className="font-mono">{task.orderNumbers.join(', ')}</span>
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <UserIcon className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{messages.assignee}: </span>
          {task.assignee?.name ?? messages.noAssignee}
        </span>
      </div>
    </article>
  );
}

function CardMenu({
  task,
  canChange,
  onMove,
  onOpen,
}: {
  task: ProductionTask;
  canChange: boolean;
  onMove: (to: TaskStatus) => void;
  onOpen: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7" aria-label={messages.moveMenu(task.moNumber)}>
          <MoreVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canChange && task.status === 'planned' ? (
          <DropdownMenuItem onSelect={() => onMove('in-progress')}>
            <PlayIcon aria-hidden="true" />
            {messages.takeIntoWork}
          </DropdownMenuItem>
        ) : null}
        {canChange && task.status === 'in-progress' ? (
          <DropdownMenuItem onSelect={() => onMove('completed')}>
            <CheckCircle2Icon aria-hidden="true" />
            {messages.finish}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={onOpen}>
          <PencilIcon aria-hidden="true" />
          {messages.edit}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={moPageUrl(task.id)}>
            <ExternalLinkIcon aria-hidden="true" />
            {messages.openMo}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
