// The Nova Poshta API 2.0 adapter (sales.md §4): `POST {NOVA_POSHTA_API_URL}` with {apiKey, modelName,
// calledMethod, methodProperties}; a failure is `success: false` with `errors[]`, turned into Ukrainian here.

export interface NpResponse<T = unknown> {
  success: boolean;
  data: T[];
  errors: string[];
  warnings: string[];
  errorCodes?: string[];
}

export type NpResult<T> = { ok: true; data: T[] } | { ok: false; error: string };

const TIMEOUT_MS = 15_000;

export const npMessages = {
  unreachable: 'Нова пошта недоступна — спробуйте пізніше',
  badAnswer: 'Нова пошта повернула незрозумілу відповідь',
  keyInvalid: 'Нова пошта: ключ API недійсний',
  keyExpired: 'Нова пошта: термін дії ключа API минув',
  failed: (errors: string) => `Нова пошта: ${errors}`,
  keyValid: 'Ключ дійсний',
} as const;

/** Known English errors of the service in Ukrainian; others are shown as the service wrote them. */
export function npErrorText(errors: readonly string[]): string {
  const joined = errors.join('; ');
  if (/expired/i.test(joined)) return npMessages.keyExpired;
  if (/api ?key/i.test(joined)) return npMessages.keyInvalid;
  return npMessages.failed(joined || 'невідома помилка');
}

export async function npCall<T = unknown>(
  apiUrl: string,
  apiKey: string,
  modelName: string,
  calledMethod: string,
  methodProperties: Record<string, unknown> = {},
): Promise<NpResult<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey, modelName, calledMethod, methodProperties }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, error: npMessages.unreachable };
  }
  let body: NpResponse<T>;
  try {
    body = (await response.json()) as NpResponse<T>;
  } catch {
    return { ok: false, error: npMessages.badAnswer };
  }
  if (typeof body !== 'object' || body === null || typeof body.success !== 'boolean') {
    return { ok: false, error: npMessages.badAnswer };
  }
  if (!body.success) return { ok: false, error: npErrorText(Array.isArray(body.errors) ? body.errors : []) };
  return { ok: true, data: Array.isArray(body.data) ? body.data : [] };
}
