// The calls of the tech cards page, typed by the module's contract and named by its endpoints (production.md §2,
// decision 0016).
import type { Query } from '@tanstack/react-query';
import type { TechCardStatus } from '@/modules/tech-cards/tech-cards.contract.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { techCardsEndpoints as api } from '../tech-cards.endpoints.ts';

/**
 * The list's filter as the page keeps it: the list endpoint's query, with the page, its size and the fields the
 * controls show always set ('all', null and '' are left out of the URL).
 */
export type TechCardListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: TechCardStatus | 'all';
  kind: 'base' | 'modification' | 'all';
  itemId: number | null;
  departmentId: number | null;
};

/** The first part of every key of the module: the lists and each card. */
const TECH_CARDS_KEY = endpointKey(api.list)[0];

export const techCardListQueryKey = (filter: TechCardListFilter) => endpointKey(api.list, { query: filter });
/** One card: the key is also its URL. */
export const techCardQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
/** Time and cost for quantity Q. */
export const techCardSummaryQueryKey = (id: number, qty: string) =>
  endpointKey(api.summary, { params: { id }, query: { qty } });

/** Every list of this page (not an open card, whose editor holds its own copy). */
export const isTechCardListQuery = (query: Query) =>
  query.queryKey[0] === TECH_CARDS_KEY && typeof query.queryKey[1] === 'object';

export const techCardListQueryFn = endpointListQueryFn(api.list);

/** 'Технологічна карта' for quantity Q as a PDF the browser opens in a new tab. */
export const techCardPrintUrl = (id: number, qty: string) => endpointUrl(api.print, { params: { id }, query: { qty } });

export const techCardsApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  makeDefault: (id: number) => callEndpoint(api.makeDefault, { params: { id } }),
  copy: (id: number) => callEndpoint(api.copy, { params: { id }, body: {} }),
  createModification: (id: number, body: BodyInput<typeof api.createModification>) =>
    callEndpoint(api.createModification, { params: { id }, body }),
};
