// 'Планування (Kanban)' (production.md §5): manufacturing orders as cards in three columns. Dragging (or the keyboard,
// or a card's menu) asks the server to move a card; dropping onto 'Виконано' opens the completion dialog; a refused
// move shows the server's words as a toast and the card stays. 'Нове завдання', 'З замовлень', the edit dialog on a
// card, and filters by assignee, item, department and priority.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardListIcon, PlusIcon, RefreshCwIcon, SearchIcon, XIcon } from 'lucide-react';
import {
  moPriorities,
  moPriorityLabels,
  taskColumnLabels,
  type MoPriority,
  type ProductionTask,
  type TaskStatus,
} from '@/modules/production-tasks/production-tasks.contract.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListStates, StateMessage } from '@/web/components/data-list.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { useSearchBox } from '@/web/components/use-search-box.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { CompleteDialog } from './complete-dialog.tsx';
import { FromOrdersDialog } from './from-orders-dialog.tsx';
import { OptionPicker } from './option-picker.tsx';
import {
  boardQueryKey,
  emptyBoardFilter,
  isTasksQuery,
  tasksApi,
  type TaskBoardFilter,
} from './production-tasks.api.ts';
import { tasksWebMessages as messages } from './production-tasks.messages.ts';
import { TaskBoard } from './task-board.tsx';
import { TaskDialog } from './task-dialog.tsx';

export const PRODUCTION_ROUTE = '/production';
const ALL = 'all';

type DialogState =
  | { kind: 'create' }
  | { kind: 'open'; id: number }
  | { kind: 'complete'; task: ProductionTask }
  | { kind: 'from-orders' }
  | null;

type Labels = { assignee: string | null; item: string | null; department: string | null };

export function ProductionPage() {
  const queryClient = useQueryClient();
  const { canAccess } = usePermission(PRODUCTION_ROUTE);
  const [filter, setFilter] = useState<TaskBoardFilter>(emptyBoardFilter);
  const [labels, setLabels] = useState<Labels>({ assignee: null, item: null, department: null });
  const [dialog, setDialog] = useState<DialogState>(null);

  const board = useQuery<ProductionTask[]>({ queryKey: boardQueryKey(filter) });
  const tasks = board.data ?? [];

  const move = useMutation({
    mutationFn: ({ task, to }: { task: ProductionTask; to: TaskStatus }) => tasksApi.move(task.id, to),
    onSuccess: async (moved) => {
      toast({ title: messages.moved(moved.moNumber, taskColumnLabels[moved.status]) });
      await queryClient.invalidateQueries({ predicate: isTasksQuery });
    },
    onError: (error) => {
      // The server's refusal ('Завдання вже в роботі'); the card stays where it was.
      toast({ variant: 'destructive', title: serverMessageOf(error) ?? messages.moveFailed });
    },
  });

  function onMove(task: ProductionTask, to: TaskStatus) {
    if (!canAccess || task.status === to || move.isPending) return;
    if (task.status === 'in-progress' && to === 'completed') {
      setDialog({ kind: 'complete', task });
      return;
    }
    move.mutate({ task, to });
  }

  const filtered =
    filter.search !== '' ||
    filter.assigneeWorkerId !== null ||
    filter.itemId !== null ||
    filter.departmentId !== null ||
    filter.priority !== ALL;

  function changeFilter(change: Partial<TaskBoardFilter>) {
    setFilter((current) => ({ ...current, ...change }));
  }
  const search = useSearchBox('', (text) => changeFilter({ search: text }));

  function resetFilters() {
    search.clear();
    setLabels({ assignee: null, item: null, department: null });
    setFilter(emptyBoardFilter);
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
          <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={messages.refresh}
            disabled={board.isFetching}
            onClick={() => void board.refetch()}
          >
            <RefreshCwIcon className={board.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          </Button>
          {canAccess ? (
            <>
              <Button variant="outline" onClick={() => setDialog({ kind: 'from-orders' })}>
                <ClipboardListIcon aria-hidden="true" />
                {messages.fromOrders}
              </Button>
              <Button onClick={() => setDialog({ kind: 'create' })}>
                <PlusIcon aria-hidden="true" />
                {messages.newTask}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      <div className="grid gap-3" role="search" aria-label={messages.filters}>
        <div className="relative">
          <Label htmlFor="tasks-search" className="sr-only">
            {messages.searchLabel}
          </Label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="tasks-search"
            type="search"
            className="pl-9"
            placeholder={messages.searchPlaceholder}
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
          />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
          <OptionPicker
            list="workers"
            value={filter.assigneeWorkerId}
            valueLabel={labels.assignee}
            clearLabel={messages.all}
            prefix={messages.assignee}
            aria-label={messages.assignee}
            onChange={(assigneeWorkerId, label) => {
              setLabels((current) => ({ ...current, assignee: label }));
              changeFilter({ assigneeWorkerId });
            }}
          />
          <OptionPicker
            list="items"
            value={filter.itemId}
            valueLabel={labels.item}
            clearLabel={messages.all}
            prefix={messages.item}
            aria-label={messages.item}
            onChange={(itemId, label) => {
              setLabels((current) => ({ ...current, item: label }));
              changeFilter({ itemId });
            }}
          />
          <ReferenceFilter
            route="/departments"
            // A cell of the filter grid, as wide as its neighbours (the filter's own width spilled over the next one).
            className="w-full min-w-0"
            label={messages.department}
            value={filter.departmentId}
            allLabel={messages.all}
            onChange={(departmentId) => changeFilter({ departmentId })}
          />
          <Select
            value={filter.priority}
            onValueChange={(priority) => changeFilter({ priority: priority as MoPriority | typeof ALL })}
          >
            <SelectTrigger aria-label={messages.priority}>
              <span className="truncate">
                <span className="text-muted-foreground">{messages.priority}: </span>
                <SelectValue />
              </span>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{messages.all}</SelectItem>
              {moPriorities.map((priority) => (
                <SelectItem key={priority} value={priority}>
                  {moPriorityLabels[priority]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {filtered ? (
            <Button variant="ghost" className="justify-self-start" onClick={resetFilters}>
              <XIcon aria-hidden="true" />
              {messages.resetFilters}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="min-w-0" aria-busy={board.isFetching ? true : undefined}>
        <ListStates
          query={board}
          loadingText={messages.loading}
          loadErrorText={messages.loadError}
          retryText={messages.retry}
        >
          {tasks.length === 0 ? (
            <div className="mb-4 rounded-xl border bg-card">
              <StateMessage>
                <p className="font-medium text-foreground">{filtered ? messages.emptyFiltered : messages.emptyBoard}</p>
                {!filtered && canAccess ? <p>{messages.emptyBoardHint}</p> : null}
              </StateMessage>
            </div>
          ) : null}
          <TaskBoard
            tasks={tasks}
            canChange={canAccess}
            pendingId={move.isPending ? (move.variables?.task.id ?? null) : null}
            onMove={onMove}
            onOpen={(task) => setDialog({ kind: 'open', id: task.id })}
          />
        </ListStates>
      </div>

      {dialog?.kind === 'create' ? <TaskDialog canChange={canAccess} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'open' ? (
        <TaskDialog key={dialog.id} taskId={dialog.id} canChange={canAccess} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'complete' ? <CompleteDialog task={dialog.task} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'from-orders' ? <FromOrdersDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
