// The Nova Poshta API 2.0 adapter (sales.md §3): `POST {NOVA_POSHTA_API_URL}` with {apiKey, modelName,
// calledMethod, methodProperties}; a failure is `success: false` with `errors[]`, turned into Ukrainian here.
// A failure is `transient` when the outcome is unknown (no answer, a timeout, a 5xx, an unreadable answer): a
// waybill asked for then may or may not exist, which the shipments module reconciles.

export interface NpResponse<T = unknown> {
  success: boolean;
  data: T[];
  errors: string[];
  warnings: string[];
  errorCodes?: string[];
}

export type NpResult<T> = { ok: true; data: T[] } | { ok: false; error: string; transient?: boolean };

const TIMEOUT_MS = 15_000;

export const npMessages = {
  unreachable: 'Нова пошта недоступна — спробуйте пізніше',
  badAnswer: 'Нова пошта повернула незрозумілу відповідь',
  keyInvalid: 'Нова пошта: ключ API недійсний',
  keyExpired: 'Нова пошта: термін дії ключа API минув',
  failed: (errors: string) => `Нова пошта: ${errors}`,
  keyValid: 'Ключ дійсний',
  noPdf: 'Нова пошта не надала друковану форму — спробуйте пізніше',
} as const;

/** Known English errors of the service in Ukrainian; others are shown as the service wrote them. */
export function npErrorText(errors: readonly string[]): string {
  const joined = errors.join('; ');
  if (/expired/i.test(joined)) return npMessages.keyExpired;
  if (/api ?key/i.test(joined)) return npMessages.keyInvalid;
  return npMessages.failed(joined || 'невідома помилка');
}

export interface NpCallOptions {
  /** Milliseconds before the call is given up as unanswered (default 15 s). */
  timeoutMs?: number;
}

export async function npCall<T = unknown>(
  apiUrl: string,
  apiKey: string,
  modelName: string,
  calledMethod: string,
  methodProperties: Record<string, unknown> = {},
  options: NpCallOptions = {},
): Promise<NpResult<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey, modelName, calledMethod, methodProperties }),
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
  } catch {
    return { ok: false, error: npMessages.unreachable, transient: true };
  }
  if (response.status >= 500) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, error: npMessages.unreachable, transient: true };
  }
  let body: NpResponse<T>;
  try {
    body = (await response.json()) as NpResponse<T>;
  } catch {
    return { ok: false, error: npMessages.badAnswer, transient: true };
  }
  if (typeof body !== 'object' || body === null || typeof body.success !== 'boolean') {
    return { ok: false, error: npMessages.badAnswer, transient: true };
  }
  if (!body.success) return { ok: false, error: npErrorText(Array.isArray(body.errors) ? body.errors : []) };
  return { ok: true, data: Array.isArray(body.data) ? body.data : [] };
}

// ---- print forms (my.novaposhta.ua) --------------------------------------------------------------------------------

export const npLabelFormats = ['100x100', '85x85', 'a4'] as const;
export type NpLabelFormat = (typeof npLabelFormats)[number];

/**
 * The base of Nova Poshta's print pages: my.novaposhta.ua for the real API, the same origin for a stand-in (tests
 * and the browser tests point NOVA_POSHTA_API_URL at a local server that serves both).
 */
export function npPrintBase(apiUrl: string): string {
  const url = new URL(apiUrl);
  return url.hostname === 'api.novaposhta.ua' ? 'https://my.novaposhta.ua' : url.origin;
}

/** The print page of a waybill: the marking 100×100 (zebra), 85×85, or the A4 express waybill. Holds the key. */
export function npPrintUrl(apiUrl: string, apiKey: string, ref: string, format: NpLabelFormat): string {
  const base = `${npPrintBase(apiUrl)}/orders`;
  const key = encodeURIComponent(apiKey);
  const doc = encodeURIComponent(ref);
  if (format === '85x85') return `${base}/printMarking85x85/orders[]/${doc}/type/pdf8/apiKey/${key}`;
  if (format === 'a4') return `${base}/printDocument/orders[]/${doc}/type/pdf/apiKey/${key}`;
  return `${base}/printMarking100x100/orders[]/${doc}/type/pdf/apiKey/${key}/zebra`;
}

/** Fetches a print page; answers the PDF, or null when the service sent anything else (an error page). */
export async function npFetchPdf(url: string, options: NpCallOptions = {}): Promise<Buffer | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return null;
    }
    const pdf = Buffer.from(await response.arrayBuffer());
    return pdf.subarray(0, 5).toString('latin1') === '%PDF-' ? pdf : null;
  } catch {
    return null;
  }
}

// ---- dates ----------------------------------------------------------------------------------------------------------

/** 'YYYY-MM-DD' → 'dd.mm.yyyy' (the service's date format). */
export function npDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** A date the service wrote ('dd.mm.yyyy[ hh:mm:ss]' or 'yyyy-mm-dd[ hh:mm:ss…]') as 'YYYY-MM-DD', else null. */
export function isoFromNp(value: unknown): string | null {
  const text = String(value ?? '').trim();
  const ua = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(text);
  if (ua) return `${ua[3]}-${ua[2]}-${ua[1]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return iso && iso[1] !== '0001' ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
}

/** A phone as the service wants it: 380XXXXXXXXX. */
export function npPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 && digits.startsWith('0')) return `38${digits}`;
  return digits;
}
