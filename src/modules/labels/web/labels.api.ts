// The calls of the labels dialog (warehouse.md §10): the preview data and the PDF, typed by the module's contract
// (decision 0016).
import type { LabelRenderInput } from '@/modules/labels/labels.contract.ts';
import { ApiError, callEndpoint, endpointKey, endpointUrl } from '@/web/lib/api.ts';
import { labelsEndpoints as api } from '../labels.endpoints.ts';

const itemsQuery = (ids: readonly number[]) => ({ ids: ids.join(',') });

export const labelItemsQueryKey = (ids: readonly number[]) => endpointKey(api.items, { query: itemsQuery(ids) });
export const fetchLabelItems = (ids: readonly number[]) => callEndpoint(api.items, { query: itemsQuery(ids) });

/** POSTs the render request and answers the PDF as a Blob; a refusal is an ApiError with the server's words. */
export async function renderLabelsPdf(body: LabelRenderInput): Promise<Blob> {
  const response = await fetch(endpointUrl(api.render, { body }), {
    method: api.render.method,
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
    const message = parsed?.error ?? `${response.status}: ${text || response.statusText}`;
    throw new ApiError(
      response.status,
      message,
      parsed?.error ? { error: parsed.error, fields: parsed.fields } : undefined,
    );
  }
  return response.blob();
}
