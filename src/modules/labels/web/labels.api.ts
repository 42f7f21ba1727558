// The calls of the labels dialog (warehouse.md §10): the preview data and the PDF.
import type { LabelItemsAnswer, LabelRenderInput } from '@/modules/labels/labels.contract.ts';
import { ApiError, apiRequest } from '@/web/lib/api.ts';

export const LABEL_ITEMS_URL = '/api/labels/items';
export const LABEL_RENDER_URL = '/api/labels/render';

export const labelItemsQueryKey = (ids: readonly number[]) => [LABEL_ITEMS_URL, { ids: ids.join(',') }] as const;
export const fetchLabelItems = (ids: readonly number[]) =>
  apiRequest<LabelItemsAnswer>('GET', `${LABEL_ITEMS_URL}?ids=${ids.join(',')}`);

/** POSTs the render request and answers the PDF as a Blob; a refusal is an ApiError with the server's words. */
export async function renderLabelsPdf(body: LabelRenderInput): Promise<Blob> {
  const response = await fetch(LABEL_RENDER_URL, {
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
    const message = parsed?.error ?? `${response.status}: ${text || response.statusText}`;
    throw new ApiError(
      response.status,
      message,
      parsed?.error ? { error: parsed.error, fields: parsed.fields } : undefined,
    );
  }
  return response.blob();
}
