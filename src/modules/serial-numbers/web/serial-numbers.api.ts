// The calls of the serial numbers page, typed by the module's contract (sales.md §4).
import type { Query } from '@tanstack/react-query';
import type {
  SerialDetail,
  SerialGenerateInput,
  SerialLabelsInput,
  SerialRegisterInput,
  SerialStatus,
  SerialSummary,
  SerialTemplate,
  SerialWriteOffResult,
  TemplateCreateInput,
  TemplateUpdateInput,
} from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { ApiError, apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const SERIALS_URL = '/api/serial-numbers';
export const TEMPLATES_URL = `${SERIALS_URL}/templates`;

/** The list's filter; its entries become the query parameters in this order ('all', null and '' are left out). */
export interface SerialListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: SerialStatus | 'all';
  itemId: number | null;
}

export const serialListQueryKey = (filter: SerialListFilter) => [SERIALS_URL, filter] as const;
export const serialStatsQueryKey = [SERIALS_URL, 'stats'] as const;
export const serialQueryKey = (id: number) => [SERIALS_URL, id] as const;
export const templatesQueryKey = [TEMPLATES_URL, { limit: 500 }] as const;
export const templatePreviewQueryKey = (id: number) => [TEMPLATES_URL, id, 'preview', { count: 3 }] as const;

/** Everything of this page (lists, stats, an open serial, templates) after a change. */
export const isSerialsQuery = (query: Query) =>
  typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(SERIALS_URL);

export const serialListQueryFn = getListQueryFn<SerialSummary>();
export const templateListQueryFn = getListQueryFn<SerialTemplate>();

/** POSTs the labels request and answers the PDF as a Blob; a refusal is an ApiError with the server's words. */
async function labelsPdf(body: SerialLabelsInput): Promise<Blob> {
  const response = await fetch(`${SERIALS_URL}/print-labels`, {
    method: 'POST',
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
  get: (id: number) => apiRequest<SerialDetail>('GET', `${SERIALS_URL}/${id}`),
  generate: (body: SerialGenerateInput) => apiRequest<SerialSummary[]>('POST', `${SERIALS_URL}/generate`, body),
  register: (body: SerialRegisterInput) => apiRequest<SerialSummary[]>('POST', `${SERIALS_URL}/register`, body),
  writeOff: (id: number, reason: string) =>
    apiRequest<SerialWriteOffResult>('POST', `${SERIALS_URL}/${id}/write-off`, { reason }),
  createTemplate: (body: TemplateCreateInput) => apiRequest<SerialTemplate>('POST', TEMPLATES_URL, body),
  updateTemplate: (id: number, body: TemplateUpdateInput) =>
    apiRequest<SerialTemplate>('PATCH', `${TEMPLATES_URL}/${id}`, body),
  removeTemplate: (id: number) => apiRequest<unknown>('DELETE', `${TEMPLATES_URL}/${id}`),
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
