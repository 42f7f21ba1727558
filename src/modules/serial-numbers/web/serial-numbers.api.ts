// The calls of the serial numbers page, typed by the module's contract (sales.md §4, decision 0016).
import type { Query } from '@tanstack/react-query';
import type {
  AvailableSerialsQuery,
  SerialGenerateInput,
  SerialLabelsInput,
  SerialRegisterInput,
  SerialStatus,
  TemplateCreateInput,
  TemplateUpdateInput,
} from '@/modules/serial-numbers/serial-numbers.contract.ts';
import type { QueryInput } from '@/shared/endpoint.ts';
import { ApiError, callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { serialNumbersEndpoints as api } from '../serial-numbers.endpoints.ts';

/**
 * The list's filter as the page keeps it: the contract's query, every value the page sets in its own UI type; its
 * entries become the query parameters in this order ('all', null and '' are left out).
 */
export type SerialListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: SerialStatus | 'all';
  itemId: number | null;
};

export const serialListQueryKey = (filter: SerialListFilter) => endpointKey(api.list, { query: filter });
export const serialStatsQueryKey = endpointKey(api.stats);
export const serialQueryKey = (id: number) => endpointKey(api.get, { params: { id } });
export const templatesQueryKey = endpointKey(api.templates, { query: { limit: 500 } });
/** The next three values of a template (for an item, whose SKU the pattern may name). */
export const templatePreviewQueryKey = (id: number, itemId?: number | null) =>
  endpointKey(api.previewTemplate, {
    params: { id },
    query: itemId === undefined ? { count: 3 } : { count: 3, itemId },
  });

const [root] = endpointKey(api.list);
/** Everything of this page (lists, stats, an open serial, templates) after a change. */
export const isSerialsQuery = (query: Query) =>
  typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(root as string);

/** The item's serials on hand in a warehouse, oldest first (a document's serial picker). */
export const availableSerialsQueryKey = (query: AvailableSerialsQuery) => endpointKey(api.available, { query });

export const serialListQueryFn = endpointListQueryFn(api.list);
export const templateListQueryFn = endpointListQueryFn(api.templates);

/** POSTs the labels request and answers the PDF as a Blob; a refusal is an ApiError with the server's words. */
async function labelsPdf(body: SerialLabelsInput): Promise<Blob> {
  const response = await fetch(endpointUrl(api.printLabels, { body }), {
    method: api.printLabels.method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    cache: 'no-store',
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: { error?: string; fields?: Record<string, string> } | undefined;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = undefined;
    }
    throw new ApiError(
      response.status,
      parsed?.error ?? `${response.status}: ${text || response.statusText}`,
      parsed?.error ? { error: parsed.error, fields: parsed.fields } : undefined,
    );
  }
  return response.blob();
}

export const serialsApi = {
  get: (id: number) => callEndpoint(api.get, { params: { id } }),
  available: (query: AvailableSerialsQuery) => callEndpoint(api.available, { query }),
  generate: (body: SerialGenerateInput) => callEndpoint(api.generate, { body }),
  register: (body: SerialRegisterInput) => callEndpoint(api.register, { body }),
  writeOff: (id: number, reason: string) => callEndpoint(api.writeOff, { params: { id }, body: { reason } }),
  createTemplate: (body: TemplateCreateInput) => callEndpoint(api.createTemplate, { body }),
  updateTemplate: (id: number, body: TemplateUpdateInput) => callEndpoint(api.updateTemplate, { params: { id }, body }),
  removeTemplate: (id: number) => callEndpoint(api.removeTemplate, { params: { id } }),
  /** Opens the labels' PDF in a new tab (the window is opened first, so no pop-up blocker stops it). */
  printLabels: async (ids: readonly number[]) => {
    const tab = window.open('', '_blank');
    try {
      const pdf = await labelsPdf({ ids: [...ids] });
      const url = URL.createObjectURL(pdf);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      throw error;
    }
  },
};
