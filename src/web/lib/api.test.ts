import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, stubFetch, textResponse } from '@/web/testing/fetch-mock.ts';
import type { z } from 'zod';
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import {
  ApiError,
  apiRequest,
  callEndpoint,
  endpointKey,
  endpointUrl,
  getListQueryFn,
  getQueryFn,
  queryKeyToUrl,
} from './api.ts';

function runQuery<T>(queryFn: ReturnType<typeof getQueryFn<T>>, queryKey: readonly unknown[]) {
  return queryFn({ queryKey, signal: new AbortController().signal, meta: undefined } as never);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('sends credentials, bypasses the cache and sends JSON with its content type', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ user: { id: 1 } }));
    const answer = await apiRequest('POST', '/api/auth/simple-login', { username: 'admin', password: 'x' });

    expect(answer).toEqual({ user: { id: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/simple-login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', cache: 'no-store' });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe(JSON.stringify({ username: 'admin', password: 'x' }));
  });

  it('sends form data as it is, without a JSON content type', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const form = new FormData();
    form.append('file', 'content');
    await apiRequest('POST', '/api/import', form);

    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({});
  });

  it('sends a blob as it is, with its own content type', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const image = new Blob(['png'], { type: 'image/png' });
    await apiRequest('POST', '/api/profile/photo', image);

    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(image);
    expect(init.headers).toEqual({ 'Content-Type': 'image/png' });
  });

  it('adds no-cache headers to integration URLs', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await apiRequest('GET', '/api/integrations/nova-poshta');

    expect(fetchMock.mock.calls[0]![1]!.headers).toEqual({
      'Cache-Control': 'no-cache, no-store, must-revalidate',
      Pragma: 'no-cache',
    });
  });

  it("takes the message of a failure from the JSON body's error field and keeps the status", async () => {
    stubFetch(() => jsonResponse({ error: 'Невірний логін або пароль' }, 401));
    const error = await apiRequest('POST', '/api/auth/simple-login', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Невірний логін або пароль');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Невірний логін або пароль');
  });

  it('uses "<status>: <text>" when the failure is not JSON', async () => {
    stubFetch(() => textResponse('Щось зламалося', 500, 'Internal Server Error'));
    await expect(apiRequest('GET', '/api/orders')).rejects.toThrow('500: Щось зламалося');
  });

  it('falls back to the status text when a failure has no body', async () => {
    stubFetch(() => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('GET', '/api/orders').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('502: Bad Gateway');
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).serverMessage).toBeUndefined();
  });

  it('uses the body text when a JSON failure has no error field', async () => {
    stubFetch(() => jsonResponse({ message: 'ні' }, 409));
    await expect(apiRequest('GET', '/api/orders')).rejects.toThrow('409: {"message":"ні"}');
  });

  it('answers {} for a successful answer that is not JSON', async () => {
    stubFetch(() => textResponse('OK'));
    await expect(apiRequest('GET', '/api/logout')).resolves.toEqual({});
  });

  it('lets a network failure through as the TypeError fetch raised', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('GET', '/api/orders')).rejects.toBeInstanceOf(TypeError);
  });
});

describe('queryKeyToUrl', () => {
  it('joins path parts and turns objects into query parameters, skipping empty and "all"', () => {
    expect(queryKeyToUrl(['/api/orders', 5])).toBe('/api/orders/5');
    expect(
      queryKeyToUrl([
        '/api/notifications',
        { page: 1, limit: 50, type: 'all', priority: '', status: undefined, searchQuery: 'рахунок' },
      ]),
    ).toBe('/api/notifications?page=1&limit=50&searchQuery=%D1%80%D0%B0%D1%85%D1%83%D0%BD%D0%BE%D0%BA');
  });

  it('appends a _t timestamp to positions and manufacturing-orders URLs only', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    expect(queryKeyToUrl(['/api/positions'])).toBe('/api/positions?_t=1700000000000');
    expect(queryKeyToUrl(['/api/manufacturing-orders', { status: 'open' }])).toBe(
      '/api/manufacturing-orders?status=open&_t=1700000000000',
    );
    expect(queryKeyToUrl(['/api/products'])).toBe('/api/products');
  });
});

describe('getQueryFn', () => {
  it('does a GET on the key URL with a _t parameter for positions', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(42);
    const fetchMock = stubFetch(() => jsonResponse([{ id: 1, name: 'Технолог' }]));
    const rows = await runQuery(getQueryFn({ on401: 'throw' }), ['/api/positions']);

    expect(rows).toEqual([{ id: 1, name: 'Технолог' }]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/positions?_t=42');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include', cache: 'no-store' });
  });

  it('answers null on 401 when asked to, and throws the server message otherwise', async () => {
    stubFetch(() => jsonResponse({ error: 'Потрібно увійти в систему' }, 401));
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/auth/user'])).rejects.toThrow(
      'Потрібно увійти в систему',
    );
  });

  it('waits for the answer before resolving', async () => {
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    const pending = runQuery(getQueryFn({ on401: 'throw' }), ['/api/products']);
    answer.resolve(jsonResponse([]));
    await expect(pending).resolves.toEqual([]);
  });
});

describe('getListQueryFn', () => {
  it('reads the rows and the total from X-Total-Count', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), {
          headers: { 'content-type': 'application/json', 'X-Total-Count': '42' },
        }),
    );
    const page = await runQuery(getListQueryFn<{ id: number }>(), ['/api/users', { page: 2, status: 'all' }]);

    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 42, capped: false });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users?page=2');
  });

  it('says when the list stopped counting (X-Total-Capped, decision 0031)', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify([{ id: 1 }]), {
          headers: { 'content-type': 'application/json', 'X-Total-Count': '10000', 'X-Total-Capped': '1' },
        }),
    );
    await expect(runQuery(getListQueryFn(), ['/api/orders'])).resolves.toEqual({
      items: [{ id: 1 }],
      total: 10_000,
      capped: true,
    });
  });

  it('counts the rows when the header is missing, and throws the server message on failure', async () => {
    stubFetch(() => jsonResponse([{ id: 1 }]));
    await expect(runQuery(getListQueryFn(), ['/api/users'])).resolves.toEqual({
      items: [{ id: 1 }],
      total: 1,
      capped: false,
    });
    stubFetch(() => jsonResponse({ error: 'Доступ заборонено' }, 403));
    await expect(runQuery(getListQueryFn(), ['/api/users'])).rejects.toThrow('Доступ заборонено');
  });
});

describe('endpoints (decision 0016)', () => {
  const defs = defineEndpoints<{
    list: { query: z.ZodObject<{ status: z.ZodOptional<z.ZodString>; page: z.ZodOptional<z.ZodNumber> }> };
    get: Record<never, never>;
    lines: Record<never, never>;
    stats: Record<never, never>;
    update: { body: z.ZodObject<{ name: z.ZodString }> };
  }>()({
    list: { method: 'GET', path: '/api/things', access: access.session, list: true },
    get: { method: 'GET', path: '/api/things/:id', access: access.session },
    lines: { method: 'GET', path: '/api/things/:id/lines/:lineId', access: access.session },
    stats: { method: 'GET', path: '/api/things/stats', access: access.session },
    update: { method: 'PATCH', path: '/api/things/:id', access: access.session },
  });

  it('builds the URL from the path, its values and the query, leaving unset filters out', () => {
    expect(endpointUrl(defs.get, { params: { id: 12 } })).toBe('/api/things/12');
    expect(endpointUrl(defs.lines, { params: { id: 'a b', lineId: 3 } })).toBe('/api/things/a%20b/lines/3');
    expect(endpointUrl(defs.list, { query: { status: 'all', page: 2 } })).toBe('/api/things?page=2');
    expect(endpointUrl(defs.list, { query: { status: '' } })).toBe('/api/things');
    expect(() => endpointUrl(defs.get, { params: { id: '' } })).toThrow(/id/);
  });

  it('keys a query by the path up to its first value, so a module prefix refreshes lists and records only', () => {
    expect(endpointKey(defs.list, { query: { page: 1 } })).toEqual(['/api/things', { page: 1 }]);
    expect(endpointKey(defs.get, { params: { id: 12 } })).toEqual(['/api/things', 12]);
    expect(endpointKey(defs.lines, { params: { id: 12, lineId: 'x' } })).toEqual(['/api/things', 12, 'lines', 'x']);
    expect(endpointKey(defs.stats)).toEqual(['/api/things/stats']);
    // The default query function reads the same URL back from the key.
    expect(queryKeyToUrl(endpointKey(defs.lines, { params: { id: 12, lineId: 4 } }))).toBe('/api/things/12/lines/4');
    expect(queryKeyToUrl(endpointKey(defs.list, { query: { status: 'new', page: 2 } }))).toBe(
      '/api/things?status=new&page=2',
    );
  });

  it('calls with the endpoint’s method, path and JSON body', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 12 }));
    await callEndpoint(defs.update, { params: { id: 12 }, body: { name: 'Нова' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things/12');
    expect(init).toMatchObject({ method: 'PATCH', body: JSON.stringify({ name: 'Нова' }) });
  });
});
