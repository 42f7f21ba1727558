// The calls of /currency-rates and of the NBU card (reports-admin.md §15, §18), typed by the module's contract.
import type { BodyInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { currencyRatesEndpoints as api } from '../currency-rates.endpoints.ts';

export const CURRENCY_RATES_ROUTE = '/currency-rates';

/** The page's filter in the address ('' means every currency). */
export interface RatesFilter {
  [key: string]: string | number | null;
  from: string;
  to: string;
  currency: string;
}

export const ratesKey = (f: RatesFilter) =>
  endpointKey(api.list, { query: { from: f.from, to: f.to, ...(f.currency ? { currency: f.currency } : {}) } });
export const ratesListPrefix = endpointKey(api.list)[0];
export const convertKey = (q: { amount: string; from: string; to: string; date: string }) =>
  endpointKey(api.convert, { query: q });
export const nbuKey = endpointKey(api.nbu);

export const currencyRatesApi = {
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  fetch: (body: BodyInput<typeof api.fetch>) => callEndpoint(api.fetch, { body }),
  saveNbu: (enabled: boolean) => callEndpoint(api.saveNbu, { body: { enabled } }),
  testNbu: () => callEndpoint(api.testNbu),
  runNbu: () => callEndpoint(api.runNbu),
};
