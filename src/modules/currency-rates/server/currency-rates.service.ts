// Exchange rates (reports-admin.md §18): the table by currency and day, manual rates (audited, kept by NBU fetches
// unless asked), fetching NBU days, `rateOn(code, date)` (the latest rate on or before the day, fetched on demand)
// and the converter, exact to the kopeck.
import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { DomainError } from '@/shared/api-error.ts';
import { dec, div, fixed, mul } from '@/shared/decimal.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { currencies } from '@/resources/currencies/currencies.table.ts';
import type {
  ConvertQuery,
  ConvertResult,
  Rate,
  RateFetchResult,
  RateList,
  RateListQuery,
} from '../currency-rates.contract.ts';
import { currencyRatesMessages as m } from '../currency-rates.messages.ts';
import { currencyRates } from './currency-rates.table.ts';
import { fetchNbuDay } from './nbu-client.ts';

/** The base currency of every amount (UAH: NBU rates are UAH per unit). */
export const BASE_CURRENCY = 'UAH';

const present = (r: typeof currencyRates.$inferSelect): Rate => ({
  id: r.id,
  currencyCode: r.currencyCode,
  date: r.date,
  rate: r.rate,
  source: r.source,
  fetchedAt: r.fetchedAt ? r.fetchedAt.toISOString() : null,
  version: r.version,
});

async function foreignCurrencies(db: DbOrTx) {
  return db
    .select({ code: currencies.code, name: currencies.name, autoRates: currencies.autoRates })
    .from(currencies)
    .where(and(ne(currencies.code, BASE_CURRENCY), eq(currencies.isActive, true)))
    .orderBy(asc(currencies.code));
}

/** The codes NBU is asked for: the active foreign currencies marked 'Курс НБУ щодня'. */
export async function autoRateCodes(db: DbOrTx): Promise<string[]> {
  return (await foreignCurrencies(db)).filter((c) => c.autoRates).map((c) => c.code);
}

export async function listRates(db: DbOrTx, q: RateListQuery, today = kyivToday()): Promise<RateList> {
  const to = q.to ?? (q.from && addDays(q.from, 30) < today ? addDays(q.from, 30) : today);
  const from = q.from ?? addDays(to, -30);
  const rows = await db
    .select()
    .from(currencyRates)
    .where(
      and(
        gte(currencyRates.date, from),
        lte(currencyRates.date, to),
        q.currency ? eq(currencyRates.currencyCode, q.currency) : undefined,
      ),
    )
    .orderBy(desc(currencyRates.date), asc(currencyRates.currencyCode));
  const all = await foreignCurrencies(db);
  return {
    from,
    to,
    currencies: q.currency ? all.filter((c) => c.code === q.currency) : all,
    rates: rows.map(present),
  };
}

async function checkCurrency(db: DbOrTx, code: string) {
  if (code === BASE_CURRENCY) throw new DomainError(400, m.baseCurrency, { currencyCode: m.baseCurrency });
  const [found] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
  if (!found) throw new DomainError(400, m.unknownCurrency(code), { currencyCode: m.unknownCurrency(code) });
}

export async function createRate(
  db: Db,
  ctx: AuditContext,
  input: { currencyCode: string; date: string; rate: string },
): Promise<Rate> {
  return db.transaction(async (tx) => {
    await checkCurrency(tx, input.currencyCode);
    const [row] = await tx
      .insert(currencyRates)
      .values({ ...input, rate: fixed(dec(input.rate), 6), source: 'manual' })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new DomainError(409, m.exists(input.currencyCode, input.date), {
        date: m.exists(input.currencyCode, input.date),
      });
    const after = present(row);
    await audit(tx, ctx, { action: 'create', entityType: 'currency_rates', entityId: row.id, after });
    return after;
  });
}

/** A person's change of a rate makes it manual: the daily fetch keeps it from then on. */
export async function updateRate(
  db: Db,
  ctx: AuditContext,
  id: number,
  input: { rate: string; version: number },
): Promise<Rate> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(currencyRates).where(eq(currencyRates.id, id)).for('update');
    if (!row) throw new DomainError(404, m.notFound);
    if (row.version !== input.version) throw new DomainError(409, m.version);
    const [updated] = await tx
      .update(currencyRates)
      .set({ rate: fixed(dec(input.rate), 6), source: 'manual', version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(currencyRates.id, id))
      .returning();
    const after = present(updated!);
    await audit(tx, ctx, { action: 'update', entityType: 'currency_rates', entityId: id, before: present(row), after });
    return after;
  });
}

/**
 * Fetches NBU's rates of each day from `from` to `to` for the auto-rate currencies and stores them (one row per
 * currency and day: a second fetch of a day changes nothing). A day whose every currency is already stored is not
 * asked again unless `overwriteManual`; a manual rate is replaced only then.
 */
export async function fetchRates(
  db: Db,
  apiUrl: string,
  input: { from: string; to: string; overwriteManual: boolean },
  ctx: AuditContext | null,
): Promise<RateFetchResult> {
  const codes = await autoRateCodes(db);
  const days: string[] = [];
  for (let d = input.from; d <= input.to; d = addDays(d, 1)) days.push(d);
  const have = new Map<string, number>();
  if (!input.overwriteManual && codes.length) {
    const rows = await db
      .select({ date: currencyRates.date, n: sql<number>`count(*)::int` })
      .from(currencyRates)
      .where(
        and(
          gte(currencyRates.date, input.from),
          lte(currencyRates.date, input.to),
          inArray(currencyRates.currencyCode, codes),
        ),
      )
      .groupBy(currencyRates.date);
    for (const r of rows) have.set(r.date, Number(r.n));
  }
  const wanted = days.filter((d) => (have.get(d) ?? 0) < codes.length);
  let stored = 0;
  let keptManual = 0;
  const failedDays: string[] = [];
  let lastError = '';
  // A few days at a time: a year is 366 requests.
  for (let i = 0; i < wanted.length; i += 4) {
    const answers = await Promise.all(
      wanted.slice(i, i + 4).map(async (day) => [day, await fetchNbuDay(apiUrl, day)] as const),
    );
    for (const [day, answer] of answers) {
      if (!answer.ok) {
        failedDays.push(day);
        lastError = answer.error;
        continue;
      }
      const rows = answer.rates.filter((r) => codes.includes(r.code));
      if (!rows.length) continue;
      const written = await db.transaction(async (tx) => {
        const result = await tx
          .insert(currencyRates)
          .values(
            rows.map((r) => ({
              currencyCode: r.code,
              date: r.date,
              rate: r.rate,
              source: 'nbu' as const,
              fetchedAt: new Date(),
            })),
          )
          .onConflictDoUpdate({
            target: [currencyRates.currencyCode, currencyRates.date],
            set: {
              rate: sql`excluded.rate`,
              source: sql`'nbu'`,
              fetchedAt: sql`excluded.fetched_at`,
              version: sql`${currencyRates.version} + 1`,
              updatedAt: sql`now()`,
            },
            setWhere: input.overwriteManual
              ? sql`${currencyRates.rate} <> excluded.rate or ${currencyRates.source} <> 'nbu'`
              : sql`${currencyRates.source} = 'nbu' and ${currencyRates.rate} <> excluded.rate`,
          })
          .returning({ id: currencyRates.id });
        return result.length;
      });
      stored += written;
      if (!input.overwriteManual) {
        const [manual] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(currencyRates)
          .where(
            and(
              eq(currencyRates.source, 'manual'),
              inArray(
                currencyRates.currencyCode,
                rows.map((r) => r.code),
              ),
              inArray(currencyRates.date, [...new Set(rows.map((r) => r.date))]),
            ),
          );
        keptManual += Number(manual?.n ?? 0);
      }
    }
  }
  const ok = failedDays.length === 0;
  const result: RateFetchResult = {
    ok,
    message: ok ? m.fetched(stored, wanted.length) : `${m.fetched(stored, wanted.length)}. ${lastError}`,
    days: wanted.length,
    stored,
    keptManual,
    failedDays,
  };
  if (ctx && stored > 0) {
    await audit(db, ctx, {
      action: 'import',
      entityType: 'currency_rates',
      entityId: 0,
      after: { from: input.from, to: input.to, stored, overwriteManual: input.overwriteManual },
    });
  }
  return result;
}

/** The stored rate of `code` with the latest date on or before `date`. */
async function storedRateOn(db: DbOrTx, code: string, date: string) {
  const [row] = await db
    .select({ rate: currencyRates.rate, date: currencyRates.date })
    .from(currencyRates)
    .where(and(eq(currencyRates.currencyCode, code), lte(currencyRates.date, date)))
    .orderBy(desc(currencyRates.date))
    .limit(1);
  return row ?? null;
}

/**
 * UAH per 1 `code` on `date` (§18 'Lookup'): the latest stored rate on or before the day; none stored → that day is
 * fetched from NBU; still none → 409 'Немає курсу {code} на {date}' (the user may type the rate on the document).
 */
export async function rateOn(
  db: Db,
  apiUrl: string,
  code: string,
  date: string,
): Promise<{ rate: string; date: string | null }> {
  if (code === BASE_CURRENCY) return { rate: '1.000000', date: null };
  const stored = await storedRateOn(db, code, date);
  if (stored) return stored;
  const codes = await autoRateCodes(db);
  if (codes.includes(code)) await fetchRates(db, apiUrl, { from: date, to: date, overwriteManual: false }, null);
  const fetched = await storedRateOn(db, code, date);
  if (fetched) return fetched;
  throw new DomainError(409, m.noRate(code, date));
}

export async function convert(db: Db, apiUrl: string, q: ConvertQuery): Promise<ConvertResult> {
  const from = await rateOn(db, apiUrl, q.from, q.date);
  const to = await rateOn(db, apiUrl, q.to, q.date);
  const result = div(mul(dec(q.amount), dec(from.rate)), dec(to.rate), 2);
  return {
    amount: fixed(dec(q.amount), 2),
    date: q.date,
    from: { code: q.from, ...from },
    to: { code: q.to, ...to },
    result: fixed(result, 2),
  };
}
