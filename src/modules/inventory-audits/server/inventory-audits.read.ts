// Inventory audits (warehouse.md §8), reading: the list, one audit with its progress and variance totals, its lines
// (stored variances once posted, else previewed against on hand now).
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, mul, neg, round, sub } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { itemCosts, stockBalances, stockMovements } from '@/modules/stock/server/stock.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import {
  auditMessages,
  auditSortFields,
  type Audit,
  type AuditLine,
  type auditListQuerySchema,
  type AuditSummary,
  type LineFilter,
  type VarianceTotals,
} from '../inventory-audits.contract.ts';
import { inventoryAuditLines, inventoryAudits } from './inventory-audits.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { lineSerialInfo } from './inventory-audits.serials.ts';

export const ENTITY = 'inventory_audits';
export const LINE_ENTITY = 'inventory_audit_lines';
export const QTY = 4;
const MONEY = 2;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null | undefined) ?? null));

// ---- reading ---------------------------------------------------------------------------------------------------

/** The net variance value of an audit: stored when posted, else previewed against the current on hand. */
const netVarianceSql = sql<string>`coalesce((
  select sum(case when ${inventoryAuditLines.variance} is not null then ${inventoryAuditLines.varianceValue}
    else round((${inventoryAuditLines.countedQty} - coalesce(b.on_hand, 0))
      * coalesce(c.avg_cost, ${inventoryAuditLines.unitCost}, 0), 2) end)
  from ${inventoryAuditLines}
  left join stock_balances b on b.item_id = ${inventoryAuditLines.itemId} and b.warehouse_id = ${inventoryAudits.warehouseId}
  left join item_costs c on c.item_id = ${inventoryAuditLines.itemId}
  where ${inventoryAuditLines.auditId} = ${inventoryAudits.id} and ${inventoryAuditLines.countedQty} is not null
), 0)::numeric(18,2)::text`;

const summaryColumns = {
  id: inventoryAudits.id,
  number: inventoryAudits.number,
  documentDate: inventoryAudits.documentDate,
  status: inventoryAudits.status,
  warehouseId: inventoryAudits.warehouseId,
  warehouseName: warehouses.name,
  scope: inventoryAudits.scope,
  blind: inventoryAudits.blind,
  lineCount: sql<number>`(select count(*)::int from ${inventoryAuditLines} where ${inventoryAuditLines.auditId} = ${inventoryAudits.id})`,
  countedCount: sql<number>`(select count(${inventoryAuditLines.countedQty})::int from ${inventoryAuditLines} where ${inventoryAuditLines.auditId} = ${inventoryAudits.id})`,
  netVarianceValue: netVarianceSql,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(inventoryAudits)
    .innerJoin(warehouses, eq(warehouses.id, inventoryAudits.warehouseId));

export async function listAudits(
  db: DbOrTx,
  q: z.output<typeof auditListQuerySchema>,
): Promise<{ rows: AuditSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(inventoryAudits.status, q.status));
  if (q.warehouseId) where.push(eq(inventoryAudits.warehouseId, q.warehouseId));
  if (q.scope) where.push(eq(inventoryAudits.scope, q.scope));
  if (q.dateFrom) where.push(gte(inventoryAudits.documentDate, q.dateFrom));
  if (q.dateTo) where.push(lte(inventoryAudits.documentDate, q.dateTo));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(ilike(inventoryAudits.number, like), ilike(warehouses.name, like), ilike(inventoryAudits.notes, like))!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-documentDate', auditSortFields, 'documentDate');
  const sortColumn = {
    number: inventoryAudits.number,
    documentDate: inventoryAudits.documentDate,
    warehouseName: warehouses.name,
    status: inventoryAudits.status,
    netVarianceValue: sql`(${netVarianceSql})::numeric`,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(inventoryAudits.id) : asc(inventoryAudits.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows as AuditSummary[], total: Number(total) };
}

interface LineRow {
  id: number;
  itemId: number;
  sku: string;
  name: string;
  unitShortName: string | null;
  barcode: string | null;
  snapshotQty: string;
  snapshotMovementId: number | null;
  countedQty: string | null;
  enteredQty: string | null;
  enteredUnitId: number | null;
  enteredUnitShortName: string | null;
  onHand: string;
  expectedQty: string | null;
  variance: string | null;
  varianceValue: string | null;
  avgCost: string | null;
  unitCost: string | null;
  reason: string | null;
  countedAt: Date | string | null;
  countedByName: string | null;
  movedSinceSnapshot: boolean;
}

/** A line's variance: the stored one once posted, else counted − on hand now at the average (or its typed cost). */
function previewOf(
  line: Pick<LineRow, 'variance' | 'varianceValue' | 'countedQty' | 'onHand' | 'avgCost' | 'unitCost'>,
) {
  if (line.variance !== null) return { variance: line.variance, varianceValue: line.varianceValue };
  if (line.countedQty === null) return { variance: null, varianceValue: null };
  const variance = sub(dec(line.countedQty), dec(line.onHand));
  const cost = line.avgCost ?? line.unitCost ?? '0';
  return { variance: fixed(variance, QTY), varianceValue: fixed(round(mul(variance, dec(cost)), MONEY), MONEY) };
}

/** The unit a line's count was typed in, when not the stock unit. */
const enteredUnits = alias(units, 'entered_units');

export async function lineRows(db: DbOrTx, auditId: number, where?: SQL): Promise<LineRow[]> {
  const l = inventoryAuditLines;
  const rows = await db
    .select({
      id: l.id,
      itemId: l.itemId,
      sku: items.sku,
      name: items.name,
      unitShortName: units.shortName,
      barcode: items.barcode,
      snapshotQty: l.snapshotQty,
      snapshotMovementId: l.snapshotMovementId,
      countedQty: l.countedQty,
      enteredQty: l.enteredQty,
      enteredUnitId: l.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
      onHand: sql<string>`coalesce(${stockBalances.onHand}, 0)::numeric(18,4)::text`,
      expectedQty: l.expectedQty,
      variance: l.variance,
      varianceValue: l.varianceValue,
      avgCost: itemCosts.avgCost,
      unitCost: l.unitCost,
      reason: l.reason,
      countedAt: l.countedAt,
      countedByName: sql<string | null>`nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
      movedSinceSnapshot: sql<boolean>`exists (
        select 1 from ${stockMovements} m
        where m.item_id = ${l.itemId} and m.warehouse_id = ${inventoryAudits.warehouseId}
          and m.id > coalesce(${l.snapshotMovementId}, 0)
          and not (m.document_type = 'inventory_audit' and m.document_id = ${inventoryAudits.id}))`,
    })
    .from(l)
    .innerJoin(inventoryAudits, eq(inventoryAudits.id, l.auditId))
    .innerJoin(items, eq(items.id, l.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(enteredUnits, eq(enteredUnits.id, l.enteredUnitId))
    .leftJoin(
      stockBalances,
      and(eq(stockBalances.itemId, l.itemId), eq(stockBalances.warehouseId, inventoryAudits.warehouseId)),
    )
    .leftJoin(itemCosts, eq(itemCosts.itemId, l.itemId))
    .leftJoin(users, eq(users.id, l.countedBy))
    .where(and(eq(l.auditId, auditId), where))
    .orderBy(asc(items.sku), asc(l.id));
  return rows as LineRow[];
}

export const toLine = (row: LineRow): AuditLine => {
  const { snapshotMovementId: _s, ...rest } = row;
  return {
    ...rest,
    ...previewOf(row),
    countedAt: iso(row.countedAt),
    serialTracking: false,
    serials: [],
    missingSerials: [],
    extraSerials: [],
  };
};

/** The lines with their serials (serial-tracked items: counted, missing and extra ones). */
export async function withSerials(db: DbOrTx, auditId: number, lines: AuditLine[]): Promise<AuditLine[]> {
  const header = await loadHeader(db, auditId);
  const info = await lineSerialInfo(db, header, lines);
  return lines.map((line) => ({ ...line, ...info.get(line.id) }));
}

export async function listLines(
  db: DbOrTx,
  auditId: number,
  q: { filter?: LineFilter; search?: string },
): Promise<AuditLine[]> {
  await loadHeader(db, auditId);
  const where: SQL[] = [];
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(or(ilike(items.sku, like), ilike(items.name, like), ilike(items.barcode, like))!);
  }
  if (q.filter === 'uncounted') where.push(sql`${inventoryAuditLines.countedQty} is null`);
  const rows = await lineRows(db, auditId, where.length ? and(...where) : undefined);
  const lines = await withSerials(db, auditId, rows.map(toLine));
  if (q.filter === 'variance') return lines.filter((l) => l.variance !== null && !isZero(dec(l.variance)));
  if (q.filter === 'moved') return lines.filter((l) => l.movedSinceSnapshot);
  return lines;
}

export function varianceTotals(lines: ReadonlyArray<Pick<AuditLine, 'variance' | 'varianceValue'>>): VarianceTotals {
  let surplusQty = dec(0);
  let surplusValue = dec(0);
  let shortageQty = dec(0);
  let shortageValue = dec(0);
  for (const line of lines) {
    if (line.variance === null) continue;
    const v = dec(line.variance);
    const value = dec(line.varianceValue ?? '0');
    if (cmp(v, dec(0)) > 0) {
      surplusQty = add(surplusQty, v);
      surplusValue = add(surplusValue, value);
    } else if (cmp(v, dec(0)) < 0) {
      shortageQty = add(shortageQty, neg(v));
      shortageValue = add(shortageValue, neg(value));
    }
  }
  return {
    surplusQty: fixed(surplusQty, QTY),
    surplusValue: fixed(surplusValue, MONEY),
    shortageQty: fixed(shortageQty, QTY),
    shortageValue: fixed(shortageValue, MONEY),
    netQty: fixed(sub(surplusQty, shortageQty), QTY),
    netValue: fixed(sub(surplusValue, shortageValue), MONEY),
  };
}

export async function loadHeader(db: DbOrTx, id: number, lock?: 'update' | 'share') {
  const query = db.select().from(inventoryAudits).where(eq(inventoryAudits.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new DomainError(404, auditMessages.notFound);
  return row;
}

export async function getAudit(db: DbOrTx, id: number): Promise<Audit> {
  const [header] = await joined(db, {
    ...summaryColumns,
    categoryIds: inventoryAudits.categoryIds,
    itemIds: inventoryAudits.itemIds,
    counterIds: inventoryAudits.counterIds,
    notes: inventoryAudits.notes,
    version: inventoryAudits.version,
    uncountedPolicy: inventoryAudits.uncountedPolicy,
    startedAt: inventoryAudits.startedAt,
    postedAt: inventoryAudits.postedAt,
    cancelledAt: inventoryAudits.cancelledAt,
    cancelReason: inventoryAudits.cancelReason,
    createdAt: inventoryAudits.createdAt,
  }).where(eq(inventoryAudits.id, id));
  if (!header) throw new DomainError(404, auditMessages.notFound);
  const h = header as unknown as Audit & Record<string, unknown>;
  let scopeNames: string[] = [];
  if (h.scope === 'categories' && h.categoryIds.length) {
    const rows = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, h.categoryIds));
    scopeNames = h.categoryIds.map((cid) => rows.find((r) => r.id === cid)?.name ?? String(cid));
  } else if (h.scope === 'items' && h.itemIds.length) {
    const rows = await db.select({ id: items.id, sku: items.sku }).from(items).where(inArray(items.id, h.itemIds));
    scopeNames = h.itemIds.map((iid) => rows.find((r) => r.id === iid)?.sku ?? String(iid));
  }
  let counterNames: string[] = [];
  if (h.counterIds.length) {
    const rows = await db
      .select({
        id: workers.id,
        name: sql<string>`concat_ws(' ', ${workers.lastName}, ${workers.firstName})`,
      })
      .from(workers)
      .where(inArray(workers.id, h.counterIds));
    counterNames = h.counterIds.map((wid) => rows.find((r) => r.id === wid)?.name ?? String(wid));
  }
  const lines = (await lineRows(db, id)).map(toLine);
  return {
    ...h,
    scopeNames,
    counterNames,
    startedAt: iso(h.startedAt),
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    totals: varianceTotals(lines),
  } as Audit;
}
