// 'Прогнозування виробництва' (production.md §12): a server-paged, sortable list of the forecasts — name, scope,
// method, period, status, the expected (backtest) and the realised accuracy — searched by name and filtered by status
// (the archive too), and 'Новий прогноз'; a row opens /production-forecasts/{id}.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  ChoiceFilter,
  ListFilterBar,
  PagedListCard,
  statusOptions,
  usePagedList,
} from '@/web/components/list-page.tsx';
import { RecordListHeader } from '@/web/components/record-list.tsx';
import type { DataColumn } from '@/web/components/data-table.tsx';
import { usePermission } from '@/web/lib/use-permission.ts';
import { forecastStatuses, type ForecastRow, type ForecastStatus } from '../production-forecasts.contract.ts';
import {
  forecastGranularityLabels,
  forecastMethodLabels,
  forecastStatusLabels,
} from '../production-forecasts.messages.ts';
import { ForecastCreateDialog } from './forecast-create-dialog.tsx';
import { ForecastStatusBadge, formatPercent } from './forecast-parts.tsx';
import {
  FORECASTS_ROUTE,
  forecastListQueryFn,
  forecastListQueryKey,
  isForecastListQuery,
  type ForecastListFilter,
} from './production-forecasts.api.ts';
import { productionForecastsWebMessages as m } from './production-forecasts-web.messages.ts';

export const FORECASTS_PAGE_SIZE = 20;
const ALL = 'all';

const initialFilter: ForecastListFilter = {
  page: 1,
  limit: FORECASTS_PAGE_SIZE,
  search: '',
  sort: '-updatedAt',
  status: ALL,
};

export function ProductionForecastsPage() {
  const { list, query } = usePagedList(initialFilter, { key: forecastListQueryKey, queryFn: forecastListQueryFn });
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { canAccess } = usePermission(FORECASTS_ROUTE);
  const open = (forecast: { id: number }) => navigate(`${FORECASTS_ROUTE}/${forecast.id}`);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <RecordListHeader
        title={m.title}
        subtitle={m.subtitle}
        createLabel={m.newForecast}
        canCreate={canAccess}
        onCreate={() => setCreating(true)}
      />
      <ListFilterBar id="production-forecasts" list={list} texts={m}>
        <ChoiceFilter
          label={m.statusLabel}
          allLabel={m.statusAll}
          allValue={ALL}
          options={statusOptions(forecastStatuses, forecastStatusLabels)}
          value={list.filter.status}
          onChange={(status) => list.changeFilter({ status: status as ForecastStatus | typeof ALL })}
        />
      </ListFilterBar>
      <PagedListCard
        list={list}
        query={query}
        texts={m}
        emptySummary={m.total(0)}
        canCreate={canAccess}
        table={{
          id: 'production-forecasts',
          columns,
          rowKey: (forecast) => forecast.id,
          rowLabel: (forecast) => forecast.name,
          onRowClick: open,
          minWidthRem: 60,
        }}
      />
      {creating ? (
        <ForecastCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(forecast) => {
            void queryClient.invalidateQueries({ predicate: isForecastListQuery });
            setCreating(false);
            open(forecast);
          }}
        />
      ) : null}
    </div>
  );
}

const c = m.columns;
const columns: DataColumn<ForecastRow>[] = [
  {
    id: 'name',
    header: c.name,
    sortField: 'name',
    primary: true,
    className: 'max-w-72 font-medium whitespace-normal',
    cell: (forecast) => forecast.name,
  },
  { id: 'scope', header: c.scope, className: 'max-w-56 whitespace-normal', cell: (forecast) => forecast.scopeLabel },
  { id: 'method', header: c.method, sortField: 'method', cell: (forecast) => forecastMethodLabels[forecast.method] },
  {
    id: 'granularity',
    header: c.granularity,
    sortField: 'granularity',
    cell: (forecast) => forecastGranularityLabels[forecast.granularity],
  },
  {
    id: 'status',
    header: c.status,
    sortField: 'status',
    cell: (forecast) => <ForecastStatusBadge status={forecast.status} />,
  },
  {
    id: 'expected',
    header: c.expected,
    sortField: 'backtestAccuracy',
    numeric: true,
    cell: (forecast) => formatPercent(forecast.backtestAccuracy),
  },
  {
    id: 'realised',
    header: c.realised,
    numeric: true,
    cell: (forecast) => formatPercent(forecast.realisedAccuracy),
  },
];
