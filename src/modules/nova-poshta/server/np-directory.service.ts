// The Nova Poshta directory cache (sales.md §3): the refresh reads Address.getCities and Address.getWarehouses in
// pages of 500 — all of it first, outside any transaction — then upserts in batches in one transaction and marks
// every entry the service no longer lists inactive. The pickers search the cache, never the service.
import { and, count, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import type { z } from '@/shared/zod-uk.ts';
import {
  npSettingsMessages,
  type NpRefreshResult,
  type NpSettlement,
  type NpWarehouse,
  type npWarehouseQuerySchema,
} from '../nova-poshta.contract.ts';
import { npCall } from './np-client.ts';
import { npSettlements, npWarehouses } from './np-directory.table.ts';
import { writeNpJobs } from './np-settings.ts';
import { containsPattern } from '@/server/kernel/like.ts';

const PAGE = 500;
const BATCH = 500;
/** A guard against a runaway pager: 200 pages of 500 is far more than Nova Poshta has. */
const MAX_PAGES = 200;

interface NpCity {
  Ref: string;
  Description: string;
  AreaDescription?: string;
  RegionsDescription?: string;
  SettlementTypeDescription?: string;
}
interface NpBranch {
  Ref: string;
  CityRef: string;
  Number?: string;
  Description: string;
  ShortAddress?: string;
  CategoryOfWarehouse?: string;
  TotalMaxWeightAllowed?: string | number;
  PlaceMaxWeightAllowed?: string | number;
  WarehouseStatus?: string;
}

async function allPages<T>(apiUrl: string, apiKey: string, method: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await npCall<T>(apiUrl, apiKey, 'Address', method, { Page: String(page), Limit: String(PAGE) });
    if (!result.ok) throw new DomainError(502, result.error);
    rows.push(...result.data);
    if (result.data.length < PAGE) break;
  }
  return rows;
}

const emptyToNull = (v: unknown) => {
  const text = v === undefined || v === null ? '' : String(v).trim();
  return text === '' ? null : text;
};
const weightOf = (v: unknown) => {
  const text = String(v ?? '').trim();
  return /^\d+(\.\d+)?$/.test(text) && /[1-9]/.test(text) ? text : null;
};

/** `POST /api/integrations/nova-poshta/refresh-directory` and the daily job. */
export async function refreshDirectory(db: DbOrTx, apiUrl: string, apiKey: string): Promise<NpRefreshResult> {
  const cities = (await allPages<NpCity>(apiUrl, apiKey, 'getCities')).filter((c) => c.Ref && c.Description);
  const branches = (await allPages<NpBranch>(apiUrl, apiKey, 'getWarehouses')).filter(
    (w) => w.Ref && w.CityRef && w.Description,
  );
  // An empty answer is a failure of the service, not a country without post offices: keep the cache.
  if (!cities.length || !branches.length) throw new DomainError(502, npSettingsMessages.refreshEmpty);
  const runAt = new Date();
  return db.transaction(async (tx) => {
    // One refresh at a time (README §10): a second one waits for this one and then finds fresh data.
    await tx.execute(sql`select pg_advisory_xact_lock(7263540031)`);
    for (let i = 0; i < cities.length; i += BATCH) {
      const rows = cities.slice(i, i + BATCH).map((c) => ({
        ref: c.Ref,
        name: c.Description.trim(),
        area: emptyToNull(c.AreaDescription),
        region: emptyToNull(c.RegionsDescription),
        type: emptyToNull(c.SettlementTypeDescription),
        isActive: true,
        updatedAt: runAt,
      }));
      await tx
        .insert(npSettlements)
        .values(rows)
        .onConflictDoUpdate({
          target: npSettlements.ref,
          set: {
            name: sql`excluded.name`,
            area: sql`excluded.area`,
            region: sql`excluded.region`,
            type: sql`excluded.type`,
            isActive: true,
            updatedAt: runAt,
          },
        });
    }
    for (let i = 0; i < branches.length; i += BATCH) {
      const rows = branches.slice(i, i + BATCH).map((w) => ({
        ref: w.Ref,
        cityRef: w.CityRef,
        number: emptyToNull(w.Number),
        description: w.Description.trim(),
        shortAddress: emptyToNull(w.ShortAddress),
        category: emptyToNull(w.CategoryOfWarehouse),
        maxWeightKg: weightOf(w.TotalMaxWeightAllowed) ?? weightOf(w.PlaceMaxWeightAllowed),
        isActive: !w.WarehouseStatus || w.WarehouseStatus === 'Working',
        updatedAt: runAt,
      }));
      await tx
        .insert(npWarehouses)
        .values(rows)
        .onConflictDoUpdate({
          target: npWarehouses.ref,
          set: {
            cityRef: sql`excluded.city_ref`,
            number: sql`excluded.number`,
            description: sql`excluded.description`,
            shortAddress: sql`excluded.short_address`,
            category: sql`excluded.category`,
            maxWeightKg: sql`excluded.max_weight_kg`,
            isActive: sql`excluded.is_active`,
            updatedAt: runAt,
          },
        });
    }
    const goneCities = await tx
      .update(npSettlements)
      .set({ isActive: false })
      .where(and(lt(npSettlements.updatedAt, runAt), eq(npSettlements.isActive, true)))
      .returning({ ref: npSettlements.ref });
    const goneBranches = await tx
      .update(npWarehouses)
      .set({ isActive: false })
      .where(and(lt(npWarehouses.updatedAt, runAt), eq(npWarehouses.isActive, true)))
      .returning({ ref: npWarehouses.ref });
    await writeNpJobs(tx, { lastDirectoryRefreshAt: runAt.toISOString(), lastDirectoryRefreshOn: kyivToday(runAt) });
    return {
      settlements: cities.length,
      warehouses: branches.length,
      deactivatedSettlements: goneCities.length,
      deactivatedWarehouses: goneBranches.length,
      message: npSettingsMessages.refreshed(cities.length, branches.length),
    };
  });
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => '\\' + c);

/** Settlements by name: the exact name first, then those starting with it, then those containing it; active only. */
export async function searchSettlements(db: DbOrTx, search: string | undefined, limit = 20): Promise<NpSettlement[]> {
  const text = (search ?? '').trim().toLowerCase();
  const columns = {
    ref: npSettlements.ref,
    name: npSettlements.name,
    area: npSettlements.area,
    region: npSettlements.region,
    type: npSettlements.type,
  };
  if (!text) {
    return db
      .select(columns)
      .from(npSettlements)
      .where(eq(npSettlements.isActive, true))
      .orderBy(ukOrder(npSettlements.name))
      .limit(limit);
  }
  const like = likeEscape(text);
  const name = sql`lower(${npSettlements.name})`;
  return db
    .select(columns)
    .from(npSettlements)
    .where(and(eq(npSettlements.isActive, true), sql`${name} like ${`%${like}%`}`))
    .orderBy(
      sql`case when ${name} = ${text} then 0 when ${name} like ${`${like}%`} then 1 else 2 end`,
      ukOrder(npSettlements.name),
      ukOrder(npSettlements.area),
    )
    .limit(limit);
}

const categoryOf = { branch: 'Branch', postomat: 'Postomat', cargo: 'Cargo' } as const;

/** The active branches of a city from the cache: by number, or any words of the description. */
export async function searchWarehouses(
  db: DbOrTx,
  q: z.output<typeof npWarehouseQuerySchema>,
): Promise<{ rows: NpWarehouse[]; total: number }> {
  const where: SQL[] = [eq(npWarehouses.cityRef, q.cityRef), eq(npWarehouses.isActive, true)];
  if (q.type) where.push(eq(npWarehouses.category, categoryOf[q.type]));
  const text = (q.search ?? '').trim();
  if (text) {
    const like = containsPattern(text);
    where.push(or(eq(npWarehouses.number, text.replace(/^№\s*/, '')), ilike(npWarehouses.description, like))!);
  }
  const condition = and(...where);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ref: npWarehouses.ref,
        cityRef: npWarehouses.cityRef,
        number: npWarehouses.number,
        description: npWarehouses.description,
        shortAddress: npWarehouses.shortAddress,
        category: npWarehouses.category,
        maxWeightKg: npWarehouses.maxWeightKg,
      })
      .from(npWarehouses)
      .where(condition)
      .orderBy(
        sql`case when ${npWarehouses.number} ~ '^[0-9]+$' then ${npWarehouses.number}::int end nulls last`,
        ukOrder(npWarehouses.description),
      )
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(npWarehouses).where(condition),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
