// 'Журнал дій' (reports-admin.md §16): the audit records, newest first, filtered by period, user, action, entity type
// and id and a search; a row opens into its before/after diff. Built from the list toolkit (usePagedList,
// ListFilterBar, PagedListCard with a DataTable: remembered columns, cards on a phone).
import { useState } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import type { AuditRow } from '@/modules/system-logs/system-logs.contract.ts';
import {
  auditActionLabels,
  auditEntityLabels,
  formatLogTime,
  labelOf,
} from '@/modules/system-logs/system-logs.messages.ts';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import { ChoiceFilter, ListFilterBar, PagedListCard, PeriodFilter, usePagedList } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { cn } from '@/web/lib/utils.ts';
import { AuditDiff } from './audit-diff.tsx';
import { auditExportUrl, auditListQueryFn, auditListQueryKey, type AuditFilter } from './system-logs.api.ts';
import { systemLogsWebMessages as messages } from './system-logs.messages.ts';

const m = messages.audit;
const ALL = 'all';

const initialFilter: AuditFilter = {
  page: 1,
  limit: 50,
  search: '',
  sort: '-at',
  userId: null,
  action: ALL,
  entityType: '',
  entityId: '',
  dateFrom: '',
  dateTo: '',
};

const actionOptions = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));

const tone: Readonly<Record<string, string>> = {
  delete: 'bg-destructive/15 text-destructive dark:text-red-400',
  login_failed: 'bg-destructive/15 text-destructive dark:text-red-400',
  cancel: 'bg-destructive/15 text-destructive dark:text-red-400',
  create: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400',
  post: 'bg-primary/10 text-primary',
};

/** The start of the filter from the address (`?entityType=orders&entityId=12`: one record's life). */
export function auditStartFromUrl(search: string): Partial<AuditFilter> {
  const params = new URLSearchParams(search);
  const start: Partial<AuditFilter> = {};
  for (const key of ['entityType', 'entityId', 'action'] as const) {
    const value = params.get(key)?.trim();
    if (value) start[key] = value.slice(0, 80);
  }
  return start;
}

export function AuditTab({ start }: { start?: Partial<AuditFilter> }) {
  const { list, query } = usePagedList(initialFilter, { key: auditListQueryKey, queryFn: auditListQueryFn }, start);
  const { filter, changeFilter } = list;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="grid min-w-0 gap-4">
      <ListFilterBar id="audit" list={list} texts={m}>
        <ReferenceFilter
          route="/users"
          label={m.user}
          value={filter.userId}
          allLabel={messages.all}
          onChange={(userId) => changeFilter({ userId })}
        />
        <ChoiceFilter
          label={m.action}
          allLabel={m.actionAll}
          allValue={ALL}
          showLabel
          options={actionOptions}
          value={filter.action}
          onChange={(action) => changeFilter({ action })}
        />
        <div className="flex items-center gap-2">
          <Label htmlFor="audit-entity-type" className="sr-only">
            {m.entityType}
          </Label>
          <Input
            id="audit-entity-type"
            className="w-44"
            placeholder={m.entityTypePlaceholder}
            value={filter.entityType}
            onChange={(event) => changeFilter({ entityType: event.target.value.trim() })}
          />
          <Label htmlFor="audit-entity-id" className="sr-only">
            {m.entityId}
          </Label>
          <Input
            id="audit-entity-id"
            className="w-24"
            placeholder={m.entityIdPlaceholder}
            value={filter.entityId}
            onChange={(event) => changeFilter({ entityId: event.target.value.trim() })}
          />
        </div>
        <PeriodFilter
          id="audit-date"
          from={filter.dateFrom}
          to={filter.dateTo}
          labels={{ from: m.dateFrom, to: m.dateTo }}
          onChange={changeFilter}
        />
        <ExportMenu urlOf={(format) => auditExportUrl(filter, format)} />
      </ListFilterBar>

      <PagedListCard
        list={list}
        query={query}
        texts={{ ...m, title: messages.tabs.audit, retry: messages.retry }}
        emptySummary={m.total(0)}
        canCreate={false}
        table={{
          id: 'system-logs-audit',
          columns: auditColumns(open, toggle),
          rowKey: (row) => row.id,
          rowLabel: (row) => `${labelOf(auditActionLabels, row.action)} ${formatLogTime(row.at)}`,
          onRowClick: (row) => toggle(row.id),
          rowTabStop: false,
          rowDetail: (row) => (open.has(row.id) ? <AuditDiff id={row.id} /> : null),
          minWidthRem: 56,
        }}
      />
    </div>
  );
}

function who(row: AuditRow): string {
  if (row.userName) return row.userName;
  if (row.actor === 'anonymous') return m.anonymous;
  return row.actor ?? m.system;
}

function auditColumns(open: ReadonlySet<number>, toggle: (id: number) => void): DataColumn<AuditRow>[] {
  const c = m.columns;
  return [
    {
      id: 'at',
      header: c.at,
      primary: true,
      className: 'tabular-nums',
      cell: (row) => (
        <span className="inline-flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-expanded={open.has(row.id)}
            aria-label={`${m.open}: ${formatLogTime(row.at)}`}
            onClick={(event) => {
              event.stopPropagation();
              toggle(row.id);
            }}
          >
            {open.has(row.id) ? <ChevronDownIcon aria-hidden="true" /> : <ChevronRightIcon aria-hidden="true" />}
          </Button>
          <time dateTime={row.at}>{formatLogTime(row.at)}</time>
        </span>
      ),
    },
    { id: 'user', header: c.user, className: 'max-w-56 truncate', cell: who },
    {
      id: 'action',
      header: c.action,
      cell: (row) => (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            tone[row.action] ?? 'bg-secondary text-secondary-foreground',
          )}
        >
          {labelOf(auditActionLabels, row.action)}
        </span>
      ),
    },
    {
      id: 'entity',
      header: c.entity,
      className: 'max-w-72 whitespace-normal break-words',
      cell: (row) => `${labelOf(auditEntityLabels, row.entityType)}${row.entityId ? ` #${row.entityId}` : ''}`,
    },
    { id: 'ip', header: c.ip, className: 'font-mono text-xs', cell: (row) => row.ip ?? '—' },
  ];
}
