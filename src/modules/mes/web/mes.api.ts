// The calls of the shop-floor terminal (production.md §6). Actions carry an Idempotency-Key header, which the shared
// fetch helper cannot add, so they go through `sendAction` here; a failure to reach the server at all is told apart
// (NetworkError) so the page can retry the same tap with the same key.
import type {
  MesActionInput,
  MesActionResult,
  MesAction,
  MesContext,
  MesOperationDetail,
} from '@/modules/mes/mes.contract.ts';
import { IDEMPOTENCY_HEADER } from '@/modules/mes/mes.contract.ts';
import type { Query } from '@tanstack/react-query';
import { ApiError, callEndpoint, endpointKey, endpointListQueryFn, endpointUrl } from '@/web/lib/api.ts';
import { mesEndpoints as api } from '../mes.endpoints.ts';

export const DEPARTMENT_STORAGE_KEY = 'mes.departmentId';

export const mesContextQueryKey = endpointKey(api.context);
export const mesQueueQueryKey = (departmentId: number | null) =>
  endpointKey(api.queue, { query: { departmentId: departmentId ?? undefined } });
export const mesWorkersQueryKey = (departmentId: number | null) =>
  endpointKey(api.workers, { query: { departmentId: departmentId ?? undefined } });
export const mesOperationQueryKey = (id: number) => endpointKey(api.operation, { params: { id } });

export const mesQueueQueryFn = endpointListQueryFn(api.queue);
export const mesWorkersQueryFn = endpointListQueryFn(api.workers);

/** The first part of the key of everything the terminal reads (context, queue, workers, an operation). */
const mesKeyHeads = new Set<unknown>(
  [endpointKey(api.context), endpointKey(api.queue), endpointKey(api.workers), mesOperationQueryKey(0)].map(
    (key) => key[0],
  ),
);
/** Everything the terminal shows, after an action. */
export const isMesQuery = (query: Query) => mesKeyHeads.has(query.queryKey[0]);

export type { MesContext, MesOperationDetail };

/** The request never reached the server or its answer never came back (offline, timeout, dropped connection). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

export const mesApi = {
  identify: (badgeCode: string) => callEndpoint(api.identify, { body: { badgeCode } }),
};

/** Sends one terminal action with its Idempotency-Key. Throws NetworkError when there was no answer. */
export async function sendAction(
  operationId: number,
  action: MesAction,
  body: MesActionInput,
  idempotencyKey: string,
): Promise<MesActionResult> {
  let response: Response;
  try {
    response = await fetch(endpointUrl(api[action], { params: { id: operationId }, body }), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
      body: JSON.stringify(body),
      credentials: 'include',
      cache: 'no-store',
    });
  } catch (err) {
    throw new NetworkError(err);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    throw new NetworkError(err);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error =
      json && typeof json === 'object' && 'error' in json && typeof json.error === 'string' ? json.error : undefined;
    const fields =
      json && typeof json === 'object' && 'fields' in json && json.fields && typeof json.fields === 'object'
        ? (json.fields as Record<string, string>)
        : undefined;
    throw new ApiError(response.status, error ?? `${response.status}: ${text || response.statusText}`, {
      error,
      fields,
    });
  }
  return json as MesActionResult;
}
