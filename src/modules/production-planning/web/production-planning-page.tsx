// 'Планування потужностей' (production.md §11): the weeks (4, 8 or 12) and department filters, the 'Незаплановане'
// link to /ordered-products, the legend and the heatmap; a cell opens its MOs in a side sheet, where an MO moves to
// another week by drag and drop or by its select. Every figure is the server's: nothing is computed here.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { PlanningAnswer, PlanningDepartment } from '../production-planning.contract.ts';
import { WEEK_CHOICES } from '../production-planning.constants.ts';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import { ToggleGroup } from '@/web/components/report-period.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { Legend, PlanningGrid } from './planning-grid.tsx';
import { PlanningCellSheet } from './planning-cell-sheet.tsx';
import { gridKey } from './production-planning.api.ts';
import { productionPlanningWebMessages as m } from './production-planning-web.messages.ts';

type Weeks = `${(typeof WEEK_CHOICES)[number]}`;
const weekOptions = WEEK_CHOICES.map((n) => ({ value: String(n) as Weeks, label: m.weeks.option(n) }));

export function ProductionPlanningPage() {
  const [weeks, setWeeks] = useState<Weeks>('8');
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [open, setOpen] = useState<{ departmentId: number; week: string } | null>(null);
  const { canAccess } = usePermission('/production-planning');
  const grid = useQuery<PlanningAnswer>({ queryKey: gridKey(Number(weeks), departmentId) });
  const openDepartment: PlanningDepartment | undefined = open
    ? grid.data?.departments.find((d) => d.id === open.departmentId)
    : undefined;

  let body: ReactNode;
  if (grid.isError) {
    body = (
      <div className="grid justify-items-start gap-3 rounded-xl border bg-card p-6">
        <ListLoadError error={grid.error} message={m.loadError} retryText={m.retry} onRetry={() => grid.refetch()} />
      </div>
    );
  } else if (!grid.data) {
    body = <StateMessage>{m.loading}</StateMessage>;
  } else if (!grid.data.departments.length) {
    body = (
      <div className="rounded-xl border bg-card p-6 text-center" role="status">
        <p className="font-medium">{m.empty}</p>
        <p className="text-sm text-muted-foreground">{m.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Legend />
          <p className="text-xs text-muted-foreground">
            {m.utilisationHint(formatDecimalUk(grid.data.plannedUtilisation, 2))}
          </p>
        </div>
        <PlanningGrid answer={grid.data} onOpen={(d, week) => setOpen({ departmentId: d.id, week })} />
      </>
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <div className="flex flex-wrap items-center gap-3">
        <ToggleGroup label={m.weeks.label} options={weekOptions} value={weeks} onChange={setWeeks} />
        <ReferenceFilter
          route="/departments"
          label={m.department}
          value={departmentId}
          allLabel={m.departmentAll}
          onChange={setDepartmentId}
        />
        {grid.data ? (
          <Link href="/ordered-products" className="text-sm font-medium underline">
            {grid.data.unplannedItems ? m.unplanned(grid.data.unplannedItems) : m.unplannedNone}
          </Link>
        ) : null}
      </div>
      {body}
      {open && openDepartment ? (
        <PlanningCellSheet
          department={openDepartment}
          week={open.week}
          canMove={canAccess}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
