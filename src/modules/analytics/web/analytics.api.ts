// The calls of /analytics (reports-admin.md §4), typed by the module's contract (decision 0016).
import { endpointKey } from '@/web/lib/api.ts';
import { analyticsEndpoints as api } from '../analytics.endpoints.ts';

export type AnalyticsFilter = {
  from: string;
  to: string;
  preset: string;
  companyId: number | null;
  clientId: number | null;
};

const dimensions = (filter: AnalyticsFilter) => ({
  ...(filter.companyId !== null ? { companyId: filter.companyId } : {}),
  ...(filter.clientId !== null ? { clientId: filter.clientId } : {}),
});

export const overviewKey = (filter: AnalyticsFilter) =>
  endpointKey(api.overview, { query: { from: filter.from, to: filter.to, ...dimensions(filter) } });
export const trendsKey = (filter: AnalyticsFilter) =>
  endpointKey(api.trends, { query: { months: 12, ...dimensions(filter) } });
