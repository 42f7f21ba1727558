// The heatmap of /production-planning (production.md §11): departments × ISO weeks, each cell its hours (load with
// unplanned, of capacity) and utilisation, amber at 85–100 % and red with 'Перевантаження' over 100 % — the state is
// always said in words too, never by colour alone. The overdue column shows what the current week carries from the
// past. The table scrolls inside its card, never the page.
import type { PlanningAnswer, PlanningCell, PlanningDepartment } from '../production-planning.contract.ts';
import { add, cmp, dec, fixed } from '@/shared/decimal.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { useIsMobile } from '@/web/components/ui/sidebar.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import { productionPlanningWebMessages as m } from './production-planning-web.messages.ts';

export type CellState = 'ok' | 'high' | 'over' | 'none';

export function cellState(utilisation: string | null): CellState {
  if (utilisation === null) return 'none';
  if (cmp(dec(utilisation), dec(100)) > 0) return 'over';
  return cmp(dec(utilisation), dec(85)) >= 0 ? 'high' : 'ok';
}

export const stateClasses: Record<CellState, string> = {
  ok: 'border-border bg-card',
  high: 'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-500/60 dark:bg-amber-500/15 dark:text-amber-100',
  over: 'border-red-400 bg-red-50 text-red-950 dark:border-red-500/60 dark:bg-red-500/15 dark:text-red-100',
  none: 'border-dashed border-border bg-muted/40 text-muted-foreground',
};

export const hoursText = (value: string) => formatDecimalUk(value, 0);
export const percentText = (value: string) => `${formatDecimalUk(value, 0)} %`;
export const weekText = (week: string) => formatDateUk(week).slice(0, 5);

export function Legend() {
  return (
    <ul aria-label={m.legend.label} className="flex flex-wrap gap-2 text-xs">
      {(['ok', 'high', 'over'] as const).map((state) => (
        <li key={state} className={cn('rounded-md border px-2 py-1', stateClasses[state])}>
          {m.legend[state]}
        </li>
      ))}
    </ul>
  );
}

/** The cell's button: its visible figures, read out after the department and the week (said only to screen readers). */
function CellButton({
  department,
  cell,
  onOpen,
  wide = false,
}: {
  department: PlanningDepartment;
  cell: PlanningCell;
  onOpen: () => void;
  /** A phone's row: the week shown, figures side by side. */
  wide?: boolean;
}) {
  const state = cellState(cell.utilisation);
  const work = fixed(add(dec(cell.loadHours), dec(cell.unplannedHours)), 2);
  const unplanned = cmp(dec(cell.unplannedHours), dec(0)) > 0;
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        'w-full rounded-md border px-2 py-1.5 text-left text-xs outline-none hover:ring-2 hover:ring-ring/40 focus-visible:ring-2 focus-visible:ring-ring',
        wide ? 'flex flex-wrap items-baseline gap-x-3 gap-y-0.5' : 'grid gap-0.5',
        stateClasses[state],
      )}
    >
      <span className="sr-only">{`${department.name}, `}</span>
      {wide ? (
        <span className="min-w-24 font-medium">{m.weekHeader(formatDateUk(cell.week))}</span>
      ) : (
        <span className="sr-only">{m.weekOf(formatDateUk(cell.week))}</span>
      )}
      <span className="sr-only">: </span>
      <span className="text-sm font-semibold tabular-nums">
        {cell.utilisation === null ? '—' : percentText(cell.utilisation)}
      </span>
      <span className="sr-only">, </span>
      <span className="tabular-nums">{m.hoursOf(hoursText(work), hoursText(cell.capacityHours))}</span>
      {unplanned ? (
        <>
          <span className="sr-only">, </span>
          <span className="tabular-nums">{m.unplannedPart(hoursText(cell.unplannedHours))}</span>
        </>
      ) : null}
      <span className="sr-only">, </span>
      {state === 'ok' ? (
        <span className="sr-only">{m.states.ok}</span>
      ) : (
        <span className="font-medium">{m.states[state]}</span>
      )}
      <span className="sr-only">{`. ${m.showOrders}`}</span>
    </button>
  );
}

function overdueOf(department: PlanningDepartment) {
  const overdue = fixed(add(dec(department.overdue.loadHours), dec(department.overdue.unplannedHours)), 2);
  return cmp(dec(overdue), dec(0)) > 0 ? (
    <span className="font-medium text-red-700 dark:text-red-400">
      {m.overdueHours(hoursText(overdue))}
      <span className="sr-only">{`. ${m.overdueHint}`}</span>
    </span>
  ) : null;
}

/** A phone: one card per department, its weeks one under another. */
function PlanningList({ answer, onOpen }: PlanningGridProps) {
  return (
    <div className="grid gap-3">
      {answer.departments.map((department) => (
        <section key={department.id} aria-label={department.name} className="grid gap-2 rounded-xl border bg-card p-3">
          <div>
            <h2 className="font-medium">{department.name}</h2>
            <p className="text-xs text-muted-foreground">
              {m.workers(department.workers)}
              {overdueOf(department) ? <> · {overdueOf(department)}</> : null}
            </p>
          </div>
          <ul className="grid gap-1.5">
            {department.cells.map((cell) => (
              <li key={cell.week}>
                <CellButton department={department} cell={cell} wide onOpen={() => onOpen(department, cell.week)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

interface PlanningGridProps {
  answer: PlanningAnswer;
  onOpen: (department: PlanningDepartment, week: string) => void;
}

/** Departments × weeks: a table on a wide screen (8 weeks fit at 1280 px), a list of cards on a phone. */
export function PlanningGrid(props: PlanningGridProps) {
  const mobile = useIsMobile();
  if (mobile) return <PlanningList {...props} />;
  const { answer, onOpen } = props;
  return (
    <div className="min-w-0 overflow-x-auto rounded-xl border bg-card">
      <table aria-label={m.gridLabel} className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="sticky left-0 z-10 bg-card px-3 py-2 font-medium">
              {m.departmentHeader}
            </th>
            <th scope="col" className="px-1 py-2 font-medium" title={m.overdueHint}>
              {m.overdueHeader}
            </th>
            {answer.weeks.map((week) => (
              <th key={week} scope="col" className="px-1 py-2 font-medium whitespace-nowrap">
                <span className="sr-only">{m.weekHeader(formatDateUk(week))}</span>
                <span aria-hidden="true">{weekText(week)}</span>
                {week === answer.currentWeek ? <span className="block font-normal">{m.current}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.departments.map((department) => (
            <tr key={department.id} className="border-b last:border-b-0">
              <th scope="row" className="sticky left-0 z-10 bg-card px-3 py-2 text-left align-top font-medium">
                <span className="block max-w-36 truncate" title={department.name}>
                  {department.name}
                </span>
                <span className="block text-xs font-normal text-muted-foreground">{m.workers(department.workers)}</span>
              </th>
              <td className="px-1 py-2 align-top text-xs tabular-nums text-muted-foreground">
                {overdueOf(department) ?? '—'}
              </td>
              {department.cells.map((cell) => (
                <td key={cell.week} className="p-0.5 align-top">
                  <CellButton department={department} cell={cell} onOpen={() => onOpen(department, cell.week)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
