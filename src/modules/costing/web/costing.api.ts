// The calls of the costing page (production.md §9), typed by the module's contract.
import type { Query } from '@tanstack/react-query';
import type { BodyInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import type { ExportFormat } from '@/web/components/export-menu.tsx';
import { costingEndpoints as api } from '../costing.endpoints.ts';

export const COSTING_ROUTE = '/costing';
export const COSTING_PAGE_SIZE = 50;

/** The list's filter as the page keeps it ('' and null mean none). */
export interface CostingFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  categoryId: number | null;
  belowMarginPercent: string;
}

export const initialCostingFilter: CostingFilter = {
  page: 1,
  limit: COSTING_PAGE_SIZE,
  search: '',
  sort: 'name',
  categoryId: null,
  belowMarginPercent: '',
};

export const costingListQueryKey = (filter: CostingFilter) => endpointKey(api.list, { query: filter });
export const costingListQueryFn = endpointListQueryFn(api.list);
export const costingBreakdownKey = (itemId: number, query: { recipeId?: number; qty?: string } = {}) =>
  endpointKey(api.get, { params: { itemId }, query });
export const costingSnapshotsKey = (itemId: number) => endpointKey(api.snapshots, { params: { itemId } });
export const COSTING_SETTINGS_KEY = endpointKey(api.settings);

export function costingExportUrl(filter: CostingFilter, format: ExportFormat): string {
  const { page: _page, limit: _limit, ...query } = filter;
  return endpointUrl(api.export, { query: { ...query, format } });
}

const head = endpointKey(api.list)[0];
/** The rows and every breakdown and history (not the settings). */
export const isCostingQuery = (query: Query) => query.queryKey[0] === head;

export const costingApi = {
  saveSnapshot: (itemId: number, body: BodyInput<typeof api.createSnapshot>) =>
    callEndpoint(api.createSnapshot, { params: { itemId }, body }),
  applyPrice: (itemId: number, body: BodyInput<typeof api.applyPrice>) =>
    callEndpoint(api.applyPrice, { params: { itemId }, body }),
  saveSettings: (patch: BodyInput<typeof api.updateSettings>) => callEndpoint(api.updateSettings, { body: patch }),
};
