// The calls of the tech cards page, typed by the module's contract (production.md §2).
import type { Query } from '@tanstack/react-query';
import type {
  TechCard,
  TechCardCreateInput,
  TechCardModificationInput,
  TechCardStatus,
  TechCardSummary,
  TechCardUpdateInput,
} from '@/modules/tech-cards/tech-cards.contract.ts';
import { apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const TECH_CARDS_URL = '/api/tech-cards';

/** The list's filter; its entries become the query parameters ('all', null and '' are left out). */
export interface TechCardListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: TechCardStatus | 'all';
  kind: 'base' | 'modification' | 'all';
  itemId: number | null;
  departmentId: number | null;
}

export const techCardListQueryKey = (filter: TechCardListFilter) => [TECH_CARDS_URL, filter] as const;
/** One card: the key is also its URL (`/api/tech-cards/5`). */
export const techCardQueryKey = (id: number) => [TECH_CARDS_URL, id] as const;
/** Time and cost for quantity Q (`/api/tech-cards/5/summary?qty=10`). */
export const techCardSummaryQueryKey = (id: number, qty: string) => [TECH_CARDS_URL, id, 'summary', { qty }] as const;

/** Every list of this page (not an open card, whose editor holds its own copy). */
export const isTechCardListQuery = (query: Query) =>
  query.queryKey[0] === TECH_CARDS_URL && typeof query.queryKey[1] === 'object';

export const techCardListQueryFn = getListQueryFn<TechCardSummary>();

/** 'Технологічна карта' as a PDF the browser opens in a new tab. */
export const techCardPrintUrl = (id: number) => `${TECH_CARDS_URL}/${id}/print`;

export const techCardsApi = {
  get: (id: number) => apiRequest<TechCard>('GET', `${TECH_CARDS_URL}/${id}`),
  create: (body: TechCardCreateInput) => apiRequest<TechCard>('POST', TECH_CARDS_URL, body),
  update: (id: number, body: TechCardUpdateInput) => apiRequest<TechCard>('PATCH', `${TECH_CARDS_URL}/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${TECH_CARDS_URL}/${id}`),
  makeDefault: (id: number) => apiRequest<TechCard>('POST', `${TECH_CARDS_URL}/${id}/make-default`),
  copy: (id: number) => apiRequest<TechCard>('POST', `${TECH_CARDS_URL}/${id}/copy`, {}),
  createModification: (id: number, body: TechCardModificationInput) =>
    apiRequest<TechCard>('POST', `${TECH_CARDS_URL}/${id}/create-modification`, body),
};
