// 'Системні події' (reports-admin.md §16): failed logins, integration, job, mail and server failures, newest first,
// filtered by period, level, category and a search. Built from the list toolkit like the journal.
import type { EventRow } from '@/modules/system-logs/system-logs.contract.ts';
import {
  eventCategories,
  eventCategoryLabels,
  eventLevelLabels,
  eventLevels,
  formatLogTime,
} from '@/modules/system-logs/system-logs.messages.ts';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { ExportMenu } from '@/web/components/export-menu.tsx';
import {
  ChoiceFilter,
  ListFilterBar,
  PagedListCard,
  PeriodFilter,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { cn } from '@/web/lib/utils.ts';
import { formatValue } from './audit-diff.tsx';
import { eventExportUrl, eventListQueryFn, eventListQueryKey, type EventFilter } from './system-logs.api.ts';
import { systemLogsWebMessages as messages } from './system-logs.messages.ts';

const m = messages.events;
const ALL = 'all';

export const initialEventFilter: EventFilter = {
  page: 1,
  limit: 50,
  search: '',
  sort: '-at',
  level: ALL,
  category: ALL,
  dateFrom: '',
  dateTo: '',
};

const levelTone: Record<EventRow['level'], string> = {
  info: 'bg-secondary text-secondary-foreground',
  warn: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  error: 'bg-destructive/15 text-destructive dark:text-red-400',
};

/** The event's details as 'key: value' pairs, secrets shown as hidden. */
function detailsText(details: unknown): string {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return formatValue(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${formatValue(v)}`)
    .join('; ');
}

export function EventsTab({ start }: { start?: Partial<EventFilter> }) {
  const { list, query } = usePagedList(
    initialEventFilter,
    { key: eventListQueryKey, queryFn: eventListQueryFn },
    start,
  );
  const { filter, changeFilter } = list;
  return (
    <div className="grid min-w-0 gap-4">
      <ListFilterBar id="events" list={list} texts={m}>
        <ChoiceFilter
          label={m.level}
          allLabel={m.levelAll}
          allValue={ALL}
          showLabel
          options={statusOptions(eventLevels, eventLevelLabels)}
          value={filter.level}
          onChange={(level) => changeFilter({ level: level as EventFilter['level'] })}
        />
        <ChoiceFilter
          label={m.category}
          allLabel={m.categoryAll}
          allValue={ALL}
          showLabel
          options={statusOptions(eventCategories, eventCategoryLabels)}
          value={filter.category}
          onChange={(category) => changeFilter({ category: category as EventFilter['category'] })}
        />
        <PeriodFilter
          id="events-date"
          from={filter.dateFrom}
          to={filter.dateTo}
          labels={{ from: m.dateFrom, to: m.dateTo }}
          onChange={changeFilter}
        />
        <ExportMenu urlOf={(format) => eventExportUrl(filter, format)} />
      </ListFilterBar>
      <PagedListCard
        list={list}
        query={query}
        texts={{ ...m, title: messages.tabs.events, retry: messages.retry }}
        emptySummary={m.total(0)}
        canCreate={false}
        table={{
          id: 'system-logs-events',
          columns: eventColumns(),
          rowKey: (row) => row.id,
          rowLabel: (row) => row.message,
          minWidthRem: 56,
        }}
      />
    </div>
  );
}

function eventColumns(): DataColumn<EventRow>[] {
  const c = m.columns;
  return [
    {
      id: 'at',
      header: c.at,
      className: 'tabular-nums',
      cell: (row) => <time dateTime={row.at}>{formatLogTime(row.at)}</time>,
    },
    {
      id: 'level',
      header: c.level,
      cell: (row) => (
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', levelTone[row.level])}>
          {eventLevelLabels[row.level]}
        </span>
      ),
    },
    { id: 'category', header: c.category, cell: (row) => eventCategoryLabels[row.category] },
    {
      id: 'message',
      header: c.message,
      primary: true,
      className: 'max-w-80 whitespace-normal break-words',
      cell: (row) => row.message,
    },
    {
      id: 'details',
      header: c.details,
      className: 'max-w-96 whitespace-normal break-all font-mono text-xs',
      cell: (row) => detailsText(row.details),
    },
  ];
}
