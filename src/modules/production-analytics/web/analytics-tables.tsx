// The tables of the workload page (production.md §14): workers, departments and the operations that deviate from
// their plan (tabs), each with the download of its rows carrying the page's filters.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  DepartmentLoad,
  DepartmentsAnswer,
  OperationDeviation,
  WorkerLoad,
} from '../production-analytics.contract.ts';
import { formatChartPercent, formatChartValue } from '@/web/components/charts/index.ts';
import { ListStates } from '@/web/components/data-list.tsx';
import { DataTable, type DataColumn } from '@/web/components/data-table.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ListEmpty } from '@/web/components/list-page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { analyticsExportUrl, analyticsKey, type AnalyticsFilter } from './production-analytics.api.ts';
import { productionAnalyticsWebMessages as m } from './production-analytics-web.messages.ts';

type Tab = 'workers' | 'departments' | 'operations';
const col = m.columns;

const numeric = <T,>(id: string, header: string, cell: (row: T) => string): DataColumn<T> => ({
  id,
  header,
  numeric: true,
  cell,
});
const hours = (v: string) => formatChartValue(v, 2);

type Load = WorkerLoad | DepartmentLoad;
function loadColumns<T extends Load>(): DataColumn<T>[] {
  return [
    numeric<T>('worked', col.worked, (r) => hours(r.workedHours)),
    numeric<T>('available', col.available, (r) => hours(r.availableHours)),
    numeric<T>('utilisation', col.utilisation, (r) => formatChartPercent(r.utilisationPercent)),
    numeric<T>('earned', col.earned, (r) => hours(r.earnedMinutes)),
    numeric<T>('operationMinutes', col.operationMinutes, (r) => hours(r.operationMinutes)),
    numeric<T>('efficiency', col.efficiency, (r) => formatChartPercent(r.efficiencyPercent)),
    numeric<T>('scrapRate', col.scrapRate, (r) => formatChartPercent(r.scrapRatePercent)),
  ];
}

const workerColumns: DataColumn<WorkerLoad>[] = [
  { id: 'worker', header: col.worker, primary: true, className: 'min-w-44', cell: (r) => r.name },
  { id: 'department', header: col.department, cell: (r) => r.departmentName ?? m.noDepartment },
  ...loadColumns<WorkerLoad>(),
];

const departmentColumns: DataColumn<DepartmentLoad>[] = [
  { id: 'department', header: col.department, primary: true, className: 'min-w-44', cell: (r) => r.name },
  numeric<DepartmentLoad>('workers', col.workers, (r) => String(r.workers)),
  ...loadColumns<DepartmentLoad>(),
];

/** More minutes than planned: a positive deviation (the API's exact text, compared by its digits). */
const overPlan = (percent: string | null) => percent !== null && !percent.startsWith('-') && /[1-9]/.test(percent);

const operationColumns: DataColumn<OperationDeviation>[] = [
  { id: 'mo', header: col.mo, primary: true, className: 'font-mono', cell: (r) => r.moNumber },
  { id: 'operation', header: col.operation, cell: (r) => `${r.seq} ${r.name}` },
  { id: 'department', header: col.department, cell: (r) => r.departmentName ?? m.noDepartment },
  numeric<OperationDeviation>('planned', col.planned, (r) => hours(r.plannedMinutes)),
  numeric<OperationDeviation>('actual', col.actual, (r) => hours(r.actualMinutes)),
  {
    id: 'deviation',
    header: col.deviation,
    numeric: true,
    cell: (r) =>
      overPlan(r.deviationPercent) ? (
        <span className="font-medium text-red-700 dark:text-red-400">+{formatChartPercent(r.deviationPercent)}</span>
      ) : (
        formatChartPercent(r.deviationPercent)
      ),
  },
];

export function AnalyticsTables({
  filter,
  workers,
  departments,
}: {
  filter: AnalyticsFilter;
  workers: readonly WorkerLoad[];
  departments: DepartmentsAnswer;
}) {
  const [tab, setTab] = useState<Tab>('workers');
  const operations = useQuery<{ total: number; operations: OperationDeviation[] }>({
    queryKey: analyticsKey('operations', filter),
    enabled: tab === 'operations',
  });
  const empty = <ListEmpty title={m.tableEmpty} hint={m.emptyHint} />;
  return (
    <section className="min-w-0 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={m.tabs.label}>
            {(['workers', 'departments', 'operations'] as const).map((t) => (
              <TabsTrigger key={t} value={t}>
                {m.tabs[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <ExportMenu urlOf={(format) => analyticsExportUrl(tab, filter, format)} />
        </div>
        <TabsContent value="workers" className="min-w-0">
          <DataTable<WorkerLoad, number>
            id="production-analytics-workers"
            label={m.tableLabel.workers}
            columns={workerColumns}
            rows={workers}
            rowKey={(r) => r.workerId}
            empty={empty}
            minWidthRem={64}
          />
        </TabsContent>
        <TabsContent value="departments" className="min-w-0">
          <DataTable<DepartmentLoad, number>
            id="production-analytics-departments"
            label={m.tableLabel.departments}
            columns={departmentColumns}
            rows={departments.departments}
            rowKey={(r) => r.departmentId ?? 0}
            empty={empty}
            minWidthRem={64}
          />
        </TabsContent>
        <TabsContent value="operations" className="min-w-0">
          {tab === 'operations' ? (
            <ListStates query={operations} loadingText={m.loading} loadErrorText={m.loadError} retryText={m.retry}>
              <DataTable<OperationDeviation, number>
                id="production-analytics-operations"
                label={m.tableLabel.operations}
                columns={operationColumns}
                rows={operations.data?.operations ?? []}
                rowKey={(r) => r.operationId}
                empty={empty}
                busy={operations.isFetching}
                minWidthRem={56}
              />
              {operations.data && operations.data.total > operations.data.operations.length ? (
                <p className="px-2 pt-2 text-sm text-muted-foreground">
                  {m.operationsMore(operations.data.operations.length, operations.data.total)}
                </p>
              ) : null}
            </ListStates>
          ) : null}
        </TabsContent>
      </Tabs>
    </section>
  );
}
