// The NBU's exchange-rate directory (reports-admin.md §15, §18): one GET per day for every currency,
// `…/NBUStatService/v1/statdirectory/exchange?date=YYYYMMDD&json`, answering `[{r030, txt, rate, cc, exchangedate}]`.
// The rate arrives as a JSON number; it is kept as the decimal text it was written with (never float arithmetic),
// which JSON's shortest round-trip printing gives back exactly for the NBU's ≤ 6 decimals.
import { dec, fixed, round } from '@/shared/decimal.ts';
import { currencyRatesMessages as m } from '../currency-rates.messages.ts';

const TIMEOUT_MS = 15_000;

export interface NbuRate {
  code: string;
  /** The day the rate is set for (NBU's `exchangedate`), YYYY-MM-DD. */
  date: string;
  /** UAH per 1 unit, 6 decimals. */
  rate: string;
}

export type NbuAnswer = { ok: true; rates: NbuRate[] } | { ok: false; error: string };

/** 'dd.mm.yyyy' → 'yyyy-mm-dd' (null when it is not a date). */
function isoOf(text: unknown): string | null {
  const match = typeof text === 'string' ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

function rateOf(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isFinite(value) && value > 0 ? String(value) : null;
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return null;
  return fixed(round(dec(text), 6), 6);
}

/** The rates NBU set for `date` (YYYY-MM-DD); an empty list when it has none for that day (yet). */
export async function fetchNbuDay(apiUrl: string, date: string, timeoutMs = TIMEOUT_MS): Promise<NbuAnswer> {
  const url = new URL(apiUrl);
  url.searchParams.set('date', date.replaceAll('-', ''));
  url.searchParams.set('json', '');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const detail =
      error instanceof Error && error.name === 'TimeoutError' ? 'час очікування вичерпано' : 'немає з’єднання';
    return { ok: false, error: m.nbuUnreachable(detail) };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, error: m.nbuUnreachable(`HTTP ${response.status}`) };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, error: m.nbuBadAnswer };
  }
  if (!Array.isArray(body)) return { ok: false, error: m.nbuBadAnswer };
  const rates: NbuRate[] = [];
  for (const row of body as Array<Record<string, unknown>>) {
    const code = typeof row?.cc === 'string' ? row.cc.trim().toUpperCase() : '';
    const rate = rateOf(row?.rate);
    if (!/^[A-Z]{3}$/.test(code) || !rate) continue;
    rates.push({ code, rate, date: isoOf(row.exchangedate) ?? date });
  }
  if (body.length > 0 && rates.length === 0) return { ok: false, error: m.nbuBadAnswer };
  return { ok: true, rates };
}
