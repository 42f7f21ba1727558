// The one fetch helper of the client (DESIGN §1.6, spec §7 and §8). Every request goes through `send`.
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ApiErrorBody } from '@/shared/api-error.ts';
import {
  fillPath,
  queryString,
  type CallInput,
  type Endpoint,
  type NeedsNoInput,
  type ResponseOf,
  type RowOf,
} from '@/shared/endpoint.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-OK answer. `message` is the body's `error` field, else `"<status>: <text or statusText>"`. */
export class ApiError extends Error {
  readonly status: number;
  /** The `error` field of a JSON body, when the server sent one. */
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, body?: Partial<ApiErrorBody>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = body?.error;
    this.fields = body?.fields;
  }
}

/** The server's own words (the JSON `error` field) from a failed request, if there were any. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

// Spec §7: integration URLs also forbid caching through headers.
const NO_CACHE_HEADERS = { 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache' } as const;
// Spec §7: these lists change often; a timestamp defeats any intermediate cache.
const TIMESTAMPED_URL = /positions|manufacturing-orders/;
// Notification and list filters with these values are omitted (spec §5).
const OMITTED_PARAM_VALUES = new Set<unknown>([undefined, null, '', 'all']);

function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('content-type') ?? '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorBodyOf(value: unknown): Partial<ApiErrorBody> | undefined {
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const { error, fields } = value as { error: unknown; fields?: unknown };
  if (typeof error !== 'string') return undefined;
  const validFields = typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : undefined;
  return { error, fields: validFields };
}

async function send(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body instanceof Blob) {
    // A file or image goes as it is, typed by its own content type (the profile photo upload).
    if (body.type) headers['Content-Type'] = body.type;
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (url.includes('integrations')) Object.assign(headers, NO_CACHE_HEADERS);
  return fetch(url, { method, headers, body: payload, credentials: 'include', cache: 'no-store' });
}

/** Reads an answer: parsed JSON, `{}` for any other content; throws ApiError when it is not OK. */
async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  const json = isJson(response) ? parseJson(text) : undefined;
  if (!response.ok) {
    const errorBody = errorBodyOf(json);
    const message = errorBody?.error ?? `${response.status}: ${text || response.statusText}`;
    throw new ApiError(response.status, message, errorBody);
  }
  return json ?? {};
}

/** Sends one request; resolves with the parsed JSON answer (`{}` when it is not JSON). */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return (await readAnswer(await send(method, url, body))) as T;
}

/**
 * The URL of a query key: string and number parts are joined with '/', object parts become query
 * parameters (undefined, null, '' and 'all' are skipped), positions and manufacturing-orders get `_t`.
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const pathParts: string[] = [];
  const params = new URLSearchParams();
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') {
      pathParts.push(String(part));
    } else if (typeof part === 'object' && part !== null) {
      for (const [name, value] of Object.entries(part as Record<string, unknown>)) {
        const values = Array.isArray(value) ? value : [value];
        for (const item of values) {
          if (!OMITTED_PARAM_VALUES.has(item)) params.append(name, String(item));
        }
      }
    }
  }
  let url = pathParts.join('/');
  if (TIMESTAMPED_URL.test(url)) params.append('_t', String(Date.now()));
  const search = params.toString();
  if (search) url += (url.includes('?') ? '&' : '?') + search;
  return url;
}

// Domain README §10: a list is a bare array with its total in this header. The same name as
// TOTAL_COUNT_HEADER and TOTAL_CAPPED_HEADER of src/shared/list.ts, repeated so the login bundle does not pull zod in.
const TOTAL_COUNT_HEADER = 'x-total-count';
const TOTAL_CAPPED_HEADER = 'x-total-capped';

/** One page of a list and the total of rows matching the filter. */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The list stopped counting at `total` (decision 0031): more rows match, shown as 'понад …'. */
  capped?: boolean;
}

/**
 * The query function of paged lists: a GET on the key's URL answering a bare array, with the total read
 * from X-Total-Count (the array's length when the header is missing).
 */
export function getListQueryFn<T>(): QueryFunction<ListPage<T>> {
  return async ({ queryKey }) => {
    const response = await send('GET', queryKeyToUrl(queryKey));
    const answer = await readAnswer(response);
    const items = Array.isArray(answer) ? (answer as T[]) : [];
    const header = response.headers.get(TOTAL_COUNT_HEADER);
    const total = header === null ? Number.NaN : Number(header);
    const capped = response.headers.get(TOTAL_CAPPED_HEADER) === '1';
    return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length, capped };
  };
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query function: a GET on the key's URL; on 401 either `null` or an ApiError. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await send('GET', queryKeyToUrl(queryKey));
    if (on401 === 'returnNull' && response.status === 401) return null;
    return (await readAnswer(response)) as T;
  };
}

// ---- endpoints (decision 0016) ---------------------------------------------------------------------------------------

type InputArg<E> = NeedsNoInput<E> extends true ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The URL of a call: the path with its values, and the query (a link to a file, a print form, an export). */
export function endpointUrl<E extends Endpoint>(endpoint: E, ...[input]: InputArg<E>): string {
  const i = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  return fillPath(endpoint.path, i.params) + queryString(i.query);
}

/** Calls an endpoint with the one fetch helper; answers its JSON, typed by the contract's response schema. */
export function callEndpoint<E extends Endpoint>(endpoint: E, ...[input]: InputArg<E>): Promise<ResponseOf<E>> {
  const i = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return apiRequest<ResponseOf<E>>(endpoint.method, fillPath(endpoint.path, i.params) + queryString(i.query), i.body);
}

/**
 * The query key of a GET endpoint: the path up to its first `:value` as one string, then each later segment (a path
 * value as given — a number stays a number — or a word), then the query object: `/api/orders` + filter →
 * ['/api/orders', {…}], `/api/orders/:id/payments` → ['/api/orders', 12, 'payments'], `/api/orders/stats` →
 * ['/api/orders/stats']. Invalidating ['/api/orders'] refreshes the lists and every order, not the stats. The default
 * query function turns a key back into its URL (queryKeyToUrl).
 */
export function endpointKey<E extends Endpoint>(endpoint: E, ...[input]: InputArg<E>): QueryKey {
  const i = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  const segments = endpoint.path.split('/').slice(1);
  const firstValue = segments.findIndex((segment) => segment.startsWith(':'));
  const head = firstValue === -1 ? segments : segments.slice(0, firstValue);
  const key: unknown[] = [`/${head.join('/')}`];
  for (const segment of firstValue === -1 ? [] : segments.slice(firstValue)) {
    if (!segment.startsWith(':')) key.push(segment);
    else {
      const value = i.params?.[segment.slice(1)];
      if (value === undefined || value === '') {
        throw new Error(`Не задано параметр шляху «${segment}» для ${endpoint.path}`);
      }
      key.push(typeof value === 'number' ? value : encodeURIComponent(value));
    }
  }
  if (i.query) key.push(i.query);
  return key;
}

/** The query function of a list endpoint (`list: true`): its rows and the total of X-Total-Count. */
export function endpointListQueryFn<E extends Endpoint>(_endpoint: E): QueryFunction<ListPage<RowOf<E>>> {
  return getListQueryFn<RowOf<E>>();
}
