// A heatmap cell's side sheet (production.md §11): its MOs (links to /manufacturing) with their operations in the
// department and its unplanned items (→ /ordered-products). An MO moves to another week by dragging it onto one of
// the week targets, or — for the keyboard — with its 'Перенести на тиждень' select; both send the same PATCH, toast,
// and refresh the heatmap.
import { useState, type DragEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { GripVerticalIcon } from 'lucide-react';
import type { CellAnswer, CellMo, PlanningDepartment } from '../production-planning.contract.ts';
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { cellKey, moveMo, planningBaseKey, startInWeek } from './production-planning.api.ts';
import { productionPlanningWebMessages as m } from './production-planning-web.messages.ts';
import { cellState, hoursText, percentText, stateClasses, weekText } from './planning-grid.tsx';

const s = m.sheet;
const DRAG_TYPE = 'application/x-erp-mo';

function MoCard({
  mo,
  weeks,
  current,
  canMove,
  busy,
  onMove,
}: {
  mo: CellMo;
  weeks: readonly string[];
  current: string;
  canMove: boolean;
  busy: boolean;
  onMove: (mo: CellMo, week: string) => void;
}) {
  const selectId = `move-${mo.id}`;
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, String(mo.id));
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3" draggable={canMove && !busy} onDragStart={onDragStart}>
      <div className="flex items-start gap-2">
        {canMove ? (
          <GripVerticalIcon aria-label={s.dragHandle(mo.number)} className="mt-0.5 size-4 shrink-0 cursor-grab" />
        ) : null}
        <div className="grid min-w-0 flex-1 gap-0.5">
          <Link href={`/manufacturing?search=${encodeURIComponent(mo.number)}`} className="font-medium underline">
            {mo.number}
          </Link>
          <span className="truncate text-sm">{`${mo.itemName} × ${formatQtyUk(mo.qty)}`}</span>
          <span className="text-xs text-muted-foreground">
            {[
              m.status[mo.status] ?? mo.status,
              mo.plannedStart ? s.plannedStart(formatDateUk(mo.plannedStart)) : null,
              mo.dueDate ? s.dueDate(formatDateUk(mo.dueDate)) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {mo.weekSource === 'dueDate' ? <span className="text-xs text-muted-foreground">{s.fromDue}</span> : null}
          {mo.weekSource === 'none' ? <span className="text-xs text-muted-foreground">{s.noDate}</span> : null}
          {mo.overdue ? <span className="text-xs font-medium text-red-700 dark:text-red-400">{s.overdue}</span> : null}
        </div>
        <span className="shrink-0 text-sm font-semibold tabular-nums">{s.hours(hoursText(mo.hours))}</span>
      </div>
      <ul className="grid gap-0.5 text-xs text-muted-foreground">
        {mo.operations.map((op) => (
          <li key={op.seq} className="flex justify-between gap-2">
            <span className="truncate">{`${op.seq} ${op.name}${op.status ? ` — ${m.opStatus[op.status] ?? op.status}` : ''}`}</span>
            <span className="tabular-nums">{s.minutes(formatQtyUk(op.minutes))}</span>
          </li>
        ))}
      </ul>
      {canMove ? (
        <div className="grid gap-1">
          <label htmlFor={selectId} className="text-xs font-medium">
            {s.move}
          </label>
          <select
            id={selectId}
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value=""
            disabled={busy}
            onChange={(event) => {
              if (event.target.value) onMove(mo, event.target.value);
            }}
          >
            <option value="">{s.moveNone}</option>
            {weeks
              .filter((week) => week !== current)
              .map((week) => (
                <option key={week} value={week}>
                  {m.weekHeader(formatDateUk(week))}
                </option>
              ))}
          </select>
        </div>
      ) : null}
    </li>
  );
}

function DropTargets({
  department,
  current,
  onDropMo,
}: {
  department: PlanningDepartment;
  current: string;
  onDropMo: (moId: number, week: string) => void;
}) {
  const [over, setOver] = useState<string | null>(null);
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium">{s.dropZones}</h3>
      <p className="text-xs text-muted-foreground">{s.dropHint}</p>
      <div className="flex flex-wrap gap-1 pb-1">
        {department.cells
          .filter((cell) => cell.week !== current)
          .map((cell) => {
            const state = cellState(cell.utilisation);
            return (
              <div
                key={cell.week}
                data-week={cell.week}
                onDragOver={(event) => {
                  if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                  event.preventDefault();
                  setOver(cell.week);
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(event) => {
                  event.preventDefault();
                  setOver(null);
                  const id = Number(event.dataTransfer.getData(DRAG_TYPE));
                  if (id) onDropMo(id, cell.week);
                }}
                className={cn(
                  'grid min-w-16 shrink-0 justify-items-center rounded-md border px-2 py-1 text-xs',
                  stateClasses[state],
                  over === cell.week && 'ring-2 ring-ring',
                )}
              >
                <span className="font-medium">{weekText(cell.week)}</span>
                <span className="tabular-nums">{cell.utilisation === null ? '—' : percentText(cell.utilisation)}</span>
              </div>
            );
          })}
      </div>
    </section>
  );
}

export function PlanningCellSheet({
  department,
  week,
  canMove,
  onClose,
}: {
  department: PlanningDepartment;
  week: string;
  canMove: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const cell = useQuery<CellAnswer>({ queryKey: cellKey(department.id, week) });
  const weeks = department.cells.map((c) => c.week);
  const move = useMutation({
    mutationFn: ({ mo, target }: { mo: CellMo; target: string }) =>
      moveMo(mo.id, startInWeek(target, mo.plannedStart), mo.version),
    onSuccess: async (moved, { target }) => {
      toast({ title: s.moved(moved.number, formatDateUk(target)) });
      await queryClient.invalidateQueries({ queryKey: planningBaseKey });
    },
    onError: async (error) => {
      toast({ variant: 'destructive', title: s.moveFailed, description: serverMessageOf(error) });
      await queryClient.invalidateQueries({ queryKey: planningBaseKey });
    },
  });
  const onMove = (mo: CellMo, target: string) => move.mutate({ mo, target });
  const data = cell.data;

  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto p-4 sm:max-w-lg">
        <SheetHeader className="p-0">
          <SheetTitle className="pr-8">{s.title(department.name, formatDateUk(week))}</SheetTitle>
          <SheetDescription>{s.description}</SheetDescription>
        </SheetHeader>
        {cell.isError ? (
          <ListLoadError error={cell.error} message={s.loadError} retryText={m.retry} onRetry={() => cell.refetch()} />
        ) : !data ? (
          <StateMessage>{s.loading}</StateMessage>
        ) : !data.mos.length && !data.unplanned.length ? (
          <p className="text-sm text-muted-foreground">{s.none}</p>
        ) : (
          <>
            {data.mos.length ? (
              <section className="grid gap-2">
                <h3 className="text-sm font-medium">{s.mos}</h3>
                {canMove ? (
                  <DropTargets
                    department={department}
                    current={week}
                    onDropMo={(id, target) => {
                      const mo = data.mos.find((candidate) => candidate.id === id);
                      if (mo) onMove(mo, target);
                    }}
                  />
                ) : (
                  <p className="text-xs text-muted-foreground">{s.readOnly}</p>
                )}
                <ul className="grid gap-2">
                  {data.mos.map((mo) => (
                    <MoCard
                      key={mo.id}
                      mo={mo}
                      weeks={weeks}
                      current={week}
                      canMove={canMove}
                      busy={move.isPending}
                      onMove={onMove}
                    />
                  ))}
                </ul>
              </section>
            ) : null}
            {data.unplanned.length ? (
              <section className="grid gap-2">
                <h3 className="text-sm font-medium">{s.unplanned}</h3>
                <p className="text-xs text-muted-foreground">{s.unplannedHint}</p>
                <ul className="grid gap-1">
                  {data.unplanned.map((u) => (
                    <li key={u.itemId} className="flex justify-between gap-2 rounded-md border p-2 text-sm">
                      <span className="min-w-0">
                        <span className="block truncate">{`${u.sku} ${u.itemName}`}</span>
                        <span className="block text-xs text-muted-foreground">
                          {[
                            s.toProduce(formatQtyUk(u.toProduce)),
                            u.earliestDue ? s.dueDate(formatDateUk(u.earliestDue)) : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                      <span className="shrink-0 font-semibold tabular-nums">{s.hours(hoursText(u.hours))}</span>
                    </li>
                  ))}
                </ul>
                <Link href="/ordered-products" className="text-sm underline">
                  {s.toOrdered}
                </Link>
              </section>
            ) : null}
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
