// 'Ремонти' (production.md §7 Page): the stat cards (in work, ready to return, older than the setting, the warranty
// share this month), the filter bar (status, warranty, period, search by number, serial or client), a server-paged
// table; a row opens the repair's drawer (`?open=<id>` links too), and 'Прийняти в ремонт' opens the intake dialog.
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { ClockAlertIcon, PackageCheckIcon, ShieldCheckIcon, WrenchIcon } from 'lucide-react';
import { repairStatuses, repairStatusLabels, type RepairSummary } from '@/modules/repairs/repairs.contract.ts';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import {
  ChoiceFilter,
  DocumentFilterBar,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { RecordListHeader, useOpenParam } from '@/web/components/record-list.tsx';
import { formatDateUk } from '@/web/lib/document-format.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { RepairIntakeDialog } from './repair-intake-dialog.tsx';
import { RepairDrawer } from './repair-drawer.tsx';
import { RepairSettingsDialog } from './repair-settings-dialog.tsx';
import { RepairStatusBadge, WarrantyBadge } from './repair-badges.tsx';
import {
  repairListQueryFn,
  repairListQueryKey,
  repairStatsQueryKey,
  type RepairListFilter,
  type RepairStats,
} from './repairs.api.ts';
import { repairsWebMessages as messages } from './repairs-web.messages.ts';

export const REPAIRS_ROUTE = '/repairs';
export const REPAIRS_PAGE_SIZE = 20;
const ALL = 'all';

const initialFilter: RepairListFilter = {
  page: 1,
  limit: REPAIRS_PAGE_SIZE,
  search: '',
  sort: '-intakeDate',
  status: ALL,
  warranty: ALL,
  dateFrom: '',
  dateTo: '',
};

const warrantyOptions = [
  { value: 'true', label: messages.warranty },
  { value: 'false', label: messages.paid },
];

export function RepairsPage() {
  const search = useSearch();
  // `?search=` (a link from a notification or another page) fills the search box.
  const { list, query: listQuery } = usePagedList(
    initialFilter,
    { key: repairListQueryKey, queryFn: repairListQueryFn },
    { search: new URLSearchParams(search).get('search')?.trim() ?? '' },
  );
  const { filter, changeFilter } = list;
  const [creating, setCreating] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [viewing, setViewing] = useOpenParam();
  // The server checks every change; the page offers changes only to those who may make them.
  const { canAccess } = usePermission(REPAIRS_ROUTE);
  const statsQuery = useQuery<RepairStats>({ queryKey: repairStatsQueryKey });
  const stats = statsQuery.data;
  const s = messages.stats;
  const toggleStatus = (status: string) => changeFilter({ status: filter.status === status ? ALL : status });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        createLabel={messages.newRepair}
        canCreate={canAccess}
        onCreate={() => setCreating(true)}
        settings={{ label: messages.settings.button, onOpen: () => setSettingsOpen(true) }}
      />

      <section aria-label={s.label}>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          <li className="min-w-0">
            <StatCard
              label={s.inWork}
              hint={s.inWorkHint}
              icon={WrenchIcon}
              tone={statTones.sky}
              value={stats ? stats.inWork : messages.none}
            />
          </li>
          <li className="min-w-0">
            <StatCard
              label={s.ready}
              hint={filter.status === 'ready' ? s.readyActive : s.readyHint}
              icon={PackageCheckIcon}
              tone={statTones.green}
              value={stats ? stats.ready : messages.none}
              pressed={filter.status === 'ready'}
              onClick={() => toggleStatus('ready')}
            />
          </li>
          <li className="min-w-0">
            <StatCard
              label={s.overdue(stats?.overdueDays ?? 14)}
              hint={s.overdueHint}
              icon={ClockAlertIcon}
              tone={statTones.amber}
              value={stats ? stats.overdue : messages.none}
            />
          </li>
          <li className="min-w-0">
            <StatCard
              label={s.warrantyShare}
              hint={stats ? s.warrantyShareHint(stats.warrantyThisMonth, stats.receivedThisMonth) : ''}
              icon={ShieldCheckIcon}
              tone={statTones.primary}
              value={stats ? stats.warrantySharePercent : messages.none}
              unit={stats ? '%' : undefined}
            />
          </li>
        </ul>
        {statsQuery.isError && !stats ? (
          <InlineQueryStatus query={statsQuery} loadingText="" errorText={s.loadError} retryText={messages.retry} />
        ) : null}
      </section>

      <DocumentFilterBar
        id="repairs"
        list={list}
        texts={messages}
        statuses={statusOptions(repairStatuses, repairStatusLabels)}
      >
        <ChoiceFilter
          label={messages.warrantyLabel}
          allLabel={messages.warrantyAll}
          options={warrantyOptions}
          value={filter.warranty}
          onChange={(warranty) => changeFilter({ warranty: warranty as RepairListFilter['warranty'] })}
        />
      </DocumentFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.totalRepairs(0)}
        canCreate={canAccess}
        table={{
          id: 'repairs',
          columns: repairColumns((repair) => setViewing(repair.id)),
          rowKey: (repair) => repair.id,
          rowLabel: (repair) => repair.number,
          onRowClick: (repair) => setViewing(repair.id),
          minWidthRem: 56,
        }}
      />

      {viewing !== null ? (
        <RepairDrawer key={viewing} repairId={viewing} canChange={canAccess} onClose={() => setViewing(null)} />
      ) : null}
      {settingsOpen && canAccess ? <RepairSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
      {creating && canAccess ? (
        <RepairIntakeDialog
          onCreated={(repair) => {
            setCreating(false);
            setViewing(repair.id);
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the number opens the repair's drawer, like the row. */
function repairColumns(onOpen: (repair: RepairSummary) => void): DataColumn<RepairSummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({
      header: c.number,
      number: (repair) => repair.number,
      openLabel: messages.openRepair,
      onOpen,
    }),
    {
      id: 'intakeDate',
      header: c.intakeDate,
      sortField: 'intakeDate',
      className: 'tabular-nums',
      cell: (repair) => formatDateUk(repair.intakeDate),
    },
    {
      id: 'item',
      header: c.item,
      sortField: 'itemName',
      className: 'min-w-48 whitespace-normal',
      cell: (repair) => repair.itemName,
    },
    {
      id: 'serial',
      header: c.serial,
      cell: (repair) => (repair.serial ? <span className="font-mono text-xs">{repair.serial}</span> : messages.none),
    },
    {
      id: 'client',
      header: c.client,
      sortField: 'clientName',
      className: 'min-w-40 whitespace-normal',
      cell: (repair) => repair.clientName,
    },
    {
      id: 'warranty',
      header: c.warranty,
      cell: (repair) => <WarrantyBadge warranty={repair.isWarranty} />,
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (repair) => <RepairStatusBadge status={repair.status} />,
    },
    {
      id: 'worker',
      header: c.worker,
      cell: (repair) => repair.assignedWorkerName ?? messages.none,
    },
    {
      id: 'days',
      header: c.days,
      numeric: true,
      cell: (repair) => repair.daysInRepair,
    },
  ];
}
