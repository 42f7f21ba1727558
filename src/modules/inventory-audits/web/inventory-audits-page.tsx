// 'Інвентаризація' (warehouse.md §8): a server-paged, sortable, filtered list of the audits — status, warehouse, scope,
// progress and net variance value — and the create dialog; a row opens the counting screen /inventory-audits/{id}.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  auditScopeLabels,
  auditScopes,
  auditStatuses,
  auditStatusLabels,
  type AuditScope,
  type AuditSummary,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';
import { formatDateUk, formatMoney } from './audit-format.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { documentNumberColumn, type DataColumn } from '@/web/components/data-table.tsx';
import {
  ChoiceFilter,
  DocumentFilterBar,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { RecordListHeader } from '@/web/components/record-list.tsx';
import { cn } from '@/web/lib/utils.ts';
import { AuditCreateDialog } from './audit-create-dialog.tsx';
import { AuditProgress, AuditStatusBadge } from './audit-parts.tsx';
import { auditListQueryFn, auditListQueryKey, isAuditListQuery, type AuditListFilter } from './inventory-audits.api.ts';
import { auditsWebMessages as messages } from './inventory-audits.messages.ts';

export const AUDITS_ROUTE = '/inventory-audits';
export const AUDITS_PAGE_SIZE = 20;
const ALL = 'all';

const initialFilter: AuditListFilter = {
  page: 1,
  limit: AUDITS_PAGE_SIZE,
  search: '',
  sort: '-documentDate',
  status: ALL,
  scope: ALL,
  warehouseId: null,
  dateFrom: '',
  dateTo: '',
};

export function InventoryAuditsPage() {
  const { list, query: listQuery } = usePagedList(initialFilter, {
    key: auditListQueryKey,
    queryFn: auditListQueryFn,
  });
  const { filter, changeFilter } = list;
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { canAccess } = usePermission(AUDITS_ROUTE);
  const open = (audit: { id: number }) => navigate(`${AUDITS_ROUTE}/${audit.id}`);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        createLabel={messages.newAudit}
        canCreate={canAccess}
        onCreate={() => setCreating(true)}
      />

      <DocumentFilterBar
        id="audits"
        list={list}
        texts={messages}
        statuses={statusOptions(auditStatuses, auditStatusLabels)}
      >
        <ChoiceFilter
          label={messages.scopeLabel}
          showLabel
          allLabel={messages.scopeAll}
          allValue={ALL}
          options={statusOptions(auditScopes, auditScopeLabels)}
          value={filter.scope}
          onChange={(scope) => changeFilter({ scope: scope as AuditScope | typeof ALL })}
        />
        <ReferenceFilter
          route="/warehouses"
          label={messages.warehouseFilter}
          value={filter.warehouseId}
          allLabel={messages.all}
          onChange={(warehouseId) => changeFilter({ warehouseId })}
        />
      </DocumentFilterBar>

      <PagedListCard
        list={list}
        query={listQuery}
        texts={messages}
        emptySummary={messages.total(0)}
        canCreate={canAccess}
        table={{
          id: 'inventory-audits',
          columns: auditColumns(open),
          rowKey: (audit) => audit.id,
          rowLabel: (audit) => audit.number,
          onRowClick: open,
          minWidthRem: 52,
        }}
      />

      {creating ? (
        <AuditCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(audit) => {
            void queryClient.invalidateQueries({ predicate: isAuditListQuery });
            setCreating(false);
            open(audit);
          }}
        />
      ) : null}
    </div>
  );
}

/** The list's columns; the number opens the audit's counting screen, like the row. */
function auditColumns(onOpen: (audit: AuditSummary) => void): DataColumn<AuditSummary>[] {
  const c = messages.columns;
  return [
    documentNumberColumn({ header: c.number, number: (audit) => audit.number, openLabel: messages.open, onOpen }),
    {
      id: 'documentDate',
      header: c.documentDate,
      sortField: 'documentDate',
      className: 'tabular-nums',
      cell: (audit) => formatDateUk(audit.documentDate),
    },
    {
      id: 'warehouse',
      header: c.warehouse,
      sortField: 'warehouseName',
      className: 'max-w-64 whitespace-normal',
      cell: (audit) => audit.warehouseName,
    },
    {
      id: 'scope',
      header: c.scope,
      cell: (audit) => (
        <>
          {auditScopeLabels[audit.scope]}
          {audit.blind ? <span className="ml-1 text-xs text-muted-foreground">({messages.blind})</span> : null}
        </>
      ),
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (audit) => <AuditStatusBadge status={audit.status} />,
    },
    {
      id: 'progress',
      header: c.progress,
      cell: (audit) => <AuditProgress counted={audit.countedCount} total={audit.lineCount} />,
    },
    {
      id: 'netValue',
      header: c.netValue,
      sortField: 'netVarianceValue',
      numeric: true,
      cell: (audit) => <VarianceValue value={audit.netVarianceValue} />,
    },
  ];
}

/** The net variance in hryvnias: a shortage in red, a surplus in green, none plain. */
function VarianceValue({ value }: { value: string }) {
  return (
    <span
      className={cn(
        value.startsWith('-') && 'text-destructive dark:text-red-400',
        /^[1-9]|^0\.\d*[1-9]/.test(value) && 'text-emerald-700 dark:text-emerald-400',
      )}
    >
      {formatMoney(value)}
    </span>
  );
}
