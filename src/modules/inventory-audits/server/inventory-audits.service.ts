// Inventory audits (warehouse.md §8). A draft names the warehouse and the scope; 'Почати підрахунок' snapshots the
// on-hand figures of the items in scope; counters type or scan their counts; posting takes the variance against on
// hand AT POSTING (the warehouse need not stop), writes one ledger movement per counted line that differs — shortages
// out at the average, surpluses in at the average — first shrinking the newest reservations a shortage would leave
// uncovered. Cancelling a posted audit reverses its movements. Every change is one audited transaction.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, isZero, min, mul, neg, round, sub, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  nextNumber,
  postToLedger,
  reverseInLedger,
  type LedgerDocument,
  type LedgerIntent,
} from '@/modules/stock/server/index.ts';
import { itemCosts, stockBalances, stockMovements, stockReservations } from '@/modules/stock/server/stock.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { categories } from '@/resources/categories/categories.table.ts';
import { items, itemSuppliers } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import type { z } from '@/shared/zod-uk.ts';
import {
  auditMessages,
  auditSortFields,
  type Audit,
  type AuditCreateBody,
  type AuditLine,
  type auditListQuerySchema,
  type AuditStatus,
  type AuditSummary,
  type AuditUpdateBody,
  type LineFilter,
  type LineUpdateBody,
  type ScanResult,
  type UncountedPolicy,
  type VarianceTotals,
} from '../inventory-audits.contract.ts';
import { inventoryAuditLines, inventoryAudits } from './inventory-audits.table.ts';

const ENTITY = 'inventory_audits';
const LINE_ENTITY = 'inventory_audit_lines';
const QTY = 4;
const MONEY = 2;

import { kyivToday } from '@/shared/kyiv-date.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
export { kyivToday };

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
    const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
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
      .orderBy(isDesc ? desc(sortColumn) : asc(sortColumn), isDesc ? desc(inventoryAudits.id) : asc(inventoryAudits.id))
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

async function lineRows(db: DbOrTx, auditId: number, where?: SQL): Promise<LineRow[]> {
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

const toLine = (row: LineRow): AuditLine => {
  const { snapshotMovementId: _s, ...rest } = row;
  return { ...rest, ...previewOf(row), countedAt: iso(row.countedAt) };
};

export async function listLines(
  db: DbOrTx,
  auditId: number,
  q: { filter?: LineFilter; search?: string },
): Promise<AuditLine[]> {
  await loadHeader(db, auditId);
  const where: SQL[] = [];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    where.push(or(ilike(items.sku, like), ilike(items.name, like), ilike(items.barcode, like))!);
  }
  if (q.filter === 'uncounted') where.push(sql`${inventoryAuditLines.countedQty} is null`);
  const lines = (await lineRows(db, auditId, where.length ? and(...where) : undefined)).map(toLine);
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

async function loadHeader(db: DbOrTx, id: number, lock?: 'update' | 'share') {
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

// ---- the header ------------------------------------------------------------------------------------------------

async function checkReferences(
  tx: DbOrTx,
  h: { warehouseId: number; categoryIds: number[]; itemIds: number[]; counterIds: number[] },
) {
  const fields: Record<string, string> = {};
  const [warehouse] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, h.warehouseId));
  if (!warehouse) fields.warehouseId = auditMessages.reference;
  const found = async (table: typeof categories | typeof items | typeof workers, list: number[]) =>
    list.length
      ? (await tx.select({ id: table.id }).from(table).where(inArray(table.id, list))).length === new Set(list).size
      : true;
  if (!(await found(categories, h.categoryIds))) fields.categoryIds = auditMessages.reference;
  if (h.itemIds.length) {
    const rows = await tx.select({ id: items.id, kind: items.kind }).from(items).where(inArray(items.id, h.itemIds));
    if (rows.length !== new Set(h.itemIds).size || rows.some((r) => r.kind === 'service'))
      fields.itemIds = auditMessages.notStocked;
  }
  if (!(await found(workers, h.counterIds))) fields.counterIds = auditMessages.reference;
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
}

const unique = (list: readonly number[]) => [...new Set(list)];

export async function createAudit(db: DbOrTx, ctx: AuditContext, input: AuditCreateBody): Promise<Audit> {
  return db.transaction(async (tx) => {
    const header = {
      documentDate: input.documentDate ?? kyivToday(),
      warehouseId: input.warehouseId,
      scope: input.scope,
      categoryIds: input.scope === 'categories' ? unique(input.categoryIds) : [],
      itemIds: input.scope === 'items' ? unique(input.itemIds) : [],
      blind: input.blind,
      counterIds: unique(input.counterIds),
      notes: input.notes ?? null,
    };
    await checkReferences(tx, header);
    const number = await nextNumber(tx, 'inventory_audit', header.documentDate);
    const [row] = await tx
      .insert(inventoryAudits)
      .values({ ...header, number, createdBy: ctx.userId })
      .returning({ id: inventoryAudits.id });
    const after = await getAudit(tx, row!.id);
    await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
    return after;
  });
}

function refuseState(status: string, allowed: AuditStatus, message: string): void {
  if (status === allowed) return;
  if (status === 'posted') throw new DomainError(409, auditMessages.posted);
  if (status === 'cancelled') throw new DomainError(409, auditMessages.cancelled);
  throw new DomainError(409, message);
}

function checkVersion(current: number, sent: number | undefined) {
  if (sent !== undefined && sent !== current) throw new DomainError(409, auditMessages.version);
}

export async function updateAudit(db: DbOrTx, ctx: AuditContext, id: number, change: AuditUpdateBody): Promise<Audit> {
  return db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'draft', auditMessages.notDraft);
    checkVersion(row.version, change.version);
    const before = await getAudit(tx, id);
    const scope = change.scope ?? row.scope;
    const header = {
      documentDate: change.documentDate ?? row.documentDate,
      warehouseId: change.warehouseId ?? row.warehouseId,
      scope,
      categoryIds: scope === 'categories' ? unique(change.categoryIds ?? row.categoryIds) : [],
      itemIds: scope === 'items' ? unique(change.itemIds ?? row.itemIds) : [],
      blind: change.blind ?? row.blind,
      counterIds: unique(change.counterIds ?? row.counterIds),
      notes: change.notes === undefined ? row.notes : change.notes,
    };
    if (scope === 'categories' && !header.categoryIds.length)
      throw new DomainError(400, auditMessages.noCategories, { categoryIds: auditMessages.noCategories });
    if (scope === 'items' && !header.itemIds.length)
      throw new DomainError(400, auditMessages.noItems, { itemIds: auditMessages.noItems });
    await checkReferences(tx, header);
    await tx
      .update(inventoryAudits)
      .set({ ...header, version: sql`${inventoryAudits.version} + 1`, updatedAt: sql`now()` })
      .where(eq(inventoryAudits.id, id));
    const after = await getAudit(tx, id);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

export async function deleteAudit(db: DbOrTx, ctx: AuditContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'draft', auditMessages.deleteDraft);
    const before = await getAudit(tx, id);
    await tx.delete(inventoryAudits).where(eq(inventoryAudits.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}

// ---- counting --------------------------------------------------------------------------------------------------

/** On hand and the last movement id of items in a warehouse, right now. */
async function snapshotOf(tx: DbOrTx, warehouseId: number, itemIds: number[]) {
  if (!itemIds.length) return new Map<number, { onHand: string; lastMovementId: number | null }>();
  const rows = rowsOf<{ item_id: number; on_hand: string | null; last_id: string | number | null }>(
    await tx.execute(sql`
      select i.id as item_id,
        (select b.on_hand from stock_balances b where b.item_id = i.id and b.warehouse_id = ${warehouseId}) as on_hand,
        (select max(m.id) from stock_movements m where m.item_id = i.id and m.warehouse_id = ${warehouseId}) as last_id
      from items i where i.id in (${sql.join(
        itemIds.map((i) => sql`${i}`),
        sql`, `,
      )})`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.item_id),
      { onHand: r.on_hand ?? '0', lastMovementId: r.last_id === null ? null : Number(r.last_id) },
    ]),
  );
}

/** The items a scope covers in a warehouse: on hand ≠ 0 (and, for a chosen list, those items even at zero). */
async function itemsInScope(tx: DbOrTx, row: typeof inventoryAudits.$inferSelect): Promise<number[]> {
  const w = row.warehouseId;
  let result: Array<{ id: number }>;
  if (row.scope === 'items') {
    if (!row.itemIds.length) return [];
    return unique(row.itemIds);
  } else if (row.scope === 'categories') {
    if (!row.categoryIds.length) return [];
    // A category includes its subcategories.
    result = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with recursive tree(id) as (
          select id from categories where id in (${sql.join(
            row.categoryIds.map((c) => sql`${c}`),
            sql`, `,
          )})
          union select c.id from categories c join tree t on c.parent_id = t.id
        )
        select b.item_id as id from stock_balances b join items i on i.id = b.item_id
        where b.warehouse_id = ${w} and b.on_hand <> 0 and i.category_id in (select id from tree)
        order by b.item_id`),
    );
  } else {
    result = rowsOf<{ id: number }>(
      await tx.execute(
        sql`select item_id as id from stock_balances where warehouse_id = ${w} and on_hand <> 0 order by item_id`,
      ),
    );
  }
  return result.map((r) => Number(r.id));
}

export async function startAudit(db: DbOrTx, ctx: AuditContext, id: number, version?: number): Promise<Audit> {
  return db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'draft', auditMessages.startDraft);
    checkVersion(row.version, version);
    const before = await getAudit(tx, id);
    const itemIds = await itemsInScope(tx, row);
    const snapshot = await snapshotOf(tx, row.warehouseId, itemIds);
    const values = itemIds.map((itemId) => ({
      auditId: id,
      itemId,
      snapshotQty: snapshot.get(itemId)?.onHand ?? '0',
      snapshotMovementId: snapshot.get(itemId)?.lastMovementId ?? null,
    }));
    for (let i = 0; i < values.length; i += 500) {
      await tx.insert(inventoryAuditLines).values(values.slice(i, i + 500));
    }
    await tx
      .update(inventoryAudits)
      .set({
        status: 'counting',
        startedAt: sql`now()`,
        startedBy: ctx.userId,
        version: sql`${inventoryAudits.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(inventoryAudits.id, id));
    const after = await getAudit(tx, id);
    await audit(tx, ctx, { action: 'status_change', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

/** The audit row, shared-locked (posting takes it exclusively), refused unless it is being counted. */
async function countingHeader(tx: DbOrTx, id: number) {
  const row = await loadHeader(tx, id, 'share');
  refuseState(row.status, 'counting', auditMessages.notCounting);
  return row;
}

async function oneLine(tx: DbOrTx, auditId: number, lineId: number): Promise<AuditLine> {
  const [row] = await lineRows(tx, auditId, eq(inventoryAuditLines.id, lineId));
  if (!row) throw new DomainError(404, auditMessages.lineNotFound);
  return toLine(row);
}

export async function updateLine(
  db: DbOrTx,
  ctx: AuditContext,
  auditId: number,
  lineId: number,
  change: LineUpdateBody,
): Promise<AuditLine> {
  return db.transaction(async (tx) => {
    await countingHeader(tx, auditId);
    const [locked] = await tx
      .select({ id: inventoryAuditLines.id })
      .from(inventoryAuditLines)
      .where(and(eq(inventoryAuditLines.id, lineId), eq(inventoryAuditLines.auditId, auditId)))
      .for('update');
    if (!locked) throw new DomainError(404, auditMessages.lineNotFound);
    const before = await oneLine(tx, auditId, lineId);
    const set: Partial<typeof inventoryAuditLines.$inferInsert> = {};
    if (change.countedQty !== undefined) {
      set.countedQty = change.countedQty === null ? null : fixed(dec(change.countedQty), QTY);
      set.countedBy = change.countedQty === null ? null : ctx.userId;
      set.countedAt = change.countedQty === null ? null : new Date();
    }
    if (change.reason !== undefined) set.reason = change.reason;
    if (change.unitCost !== undefined) set.unitCost = change.unitCost;
    if (Object.keys(set).length) {
      await tx.update(inventoryAuditLines).set(set).where(eq(inventoryAuditLines.id, lineId));
    }
    const after = await oneLine(tx, auditId, lineId);
    await audit(tx, ctx, { action: 'update', entityType: LINE_ENTITY, entityId: lineId, before, after });
    return after;
  });
}

async function stockedItem(tx: DbOrTx, itemId: number) {
  const [item] = await tx
    .select({ id: items.id, kind: items.kind, sku: items.sku, name: items.name })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item || item.kind === 'service')
    throw new DomainError(400, auditMessages.notStocked, { itemId: auditMessages.notStocked });
  return item;
}

/** Inserts a line for an item found on the shelf (snapshot = its on hand now); answers its id, old or new. */
async function ensureLine(tx: DbOrTx, auditId: number, warehouseId: number, itemId: number) {
  const snapshot = (await snapshotOf(tx, warehouseId, [itemId])).get(itemId);
  const inserted = await tx
    .insert(inventoryAuditLines)
    .values({
      auditId,
      itemId,
      snapshotQty: snapshot?.onHand ?? '0',
      snapshotMovementId: snapshot?.lastMovementId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: inventoryAuditLines.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await tx
    .select({ id: inventoryAuditLines.id })
    .from(inventoryAuditLines)
    .where(and(eq(inventoryAuditLines.auditId, auditId), eq(inventoryAuditLines.itemId, itemId)));
  return { id: existing!.id, created: false };
}

export async function addLine(db: DbOrTx, ctx: AuditContext, auditId: number, itemId: number): Promise<AuditLine> {
  return db.transaction(async (tx) => {
    const row = await countingHeader(tx, auditId);
    await stockedItem(tx, itemId);
    const { id, created } = await ensureLine(tx, auditId, row.warehouseId, itemId);
    if (!created) throw new DomainError(409, auditMessages.duplicateLine, { itemId: auditMessages.duplicateLine });
    const after = await oneLine(tx, auditId, id);
    await audit(tx, ctx, { action: 'create', entityType: LINE_ENTITY, entityId: id, after });
    return after;
  });
}

/** The item a scanned code names: its barcode, else its SKU (any case), else a supplier's code for it. */
export async function findItemByCode(db: DbOrTx, code: string) {
  const columns = { id: items.id, sku: items.sku, name: items.name, kind: items.kind };
  const [byBarcode] = await db.select(columns).from(items).where(eq(items.barcode, code)).limit(1);
  if (byBarcode) return byBarcode;
  const [bySku] = await db
    .select(columns)
    .from(items)
    .where(sql`lower(btrim(${items.sku})) = lower(${code})`)
    .limit(1);
  if (bySku) return bySku;
  const [bySupplier] = await db
    .select(columns)
    .from(itemSuppliers)
    .innerJoin(items, eq(items.id, itemSuppliers.itemId))
    .where(sql`lower(btrim(${itemSuppliers.supplierSku})) = lower(${code})`)
    .orderBy(asc(itemSuppliers.id))
    .limit(1);
  return bySupplier ?? null;
}

/** A scan: +1 to the item's count (adding its line when the item is not in the audit yet). */
export async function scanCode(db: DbOrTx, ctx: AuditContext, auditId: number, code: string): Promise<ScanResult> {
  return db.transaction(async (tx) => {
    const row = await countingHeader(tx, auditId);
    const item = await findItemByCode(tx, code.trim());
    if (!item || item.kind === 'service') throw new DomainError(404, auditMessages.nothingFound);
    const { id: lineId } = await ensureLine(tx, auditId, row.warehouseId, item.id);
    const [updated] = await tx
      .update(inventoryAuditLines)
      .set({
        countedQty: sql`coalesce(${inventoryAuditLines.countedQty}, 0) + 1`,
        countedBy: ctx.userId,
        countedAt: new Date(),
      })
      .where(eq(inventoryAuditLines.id, lineId))
      .returning({ qty: inventoryAuditLines.countedQty });
    const result = { lineId, itemId: item.id, sku: item.sku, name: item.name, qty: updated!.qty! };
    // Cheap but recorded: the code and the new count, no whole rows.
    await audit(tx, ctx, {
      action: 'update',
      entityType: LINE_ENTITY,
      entityId: lineId,
      after: { scan: code, ...result },
    });
    return result;
  });
}

// ---- posting ---------------------------------------------------------------------------------------------------

const ledgerDoc = (
  row: { id: number; number: string; documentDate: string },
  userId: number | null,
): LedgerDocument => ({
  type: 'inventory_audit',
  id: row.id,
  number: row.number,
  date: row.documentDate,
  userId,
});

/**
 * Shrinks the newest reservations of an item in a warehouse until they fit `limit` (the on hand a shortage leaves),
 * keeping stock_balances.reserved equal to their sum. The balance row is already locked by the caller.
 */
async function shrinkReservations(tx: DbOrTx, itemId: number, warehouseId: number, reserved: Dec, limit: Dec) {
  let excess = sub(reserved, limit);
  const changes: Array<{ reservationId: number; sourceType: string; sourceId: number; from: string; to: string }> = [];
  if (cmp(excess, dec(0)) <= 0) return changes;
  const rows = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.itemId, itemId), eq(stockReservations.warehouseId, warehouseId)))
    .orderBy(desc(stockReservations.createdAt), desc(stockReservations.id))
    .for('update');
  for (const r of rows) {
    if (cmp(excess, dec(0)) <= 0) break;
    const take = min(dec(r.qty), excess);
    const rest = sub(dec(r.qty), take);
    if (isZero(rest)) await tx.delete(stockReservations).where(eq(stockReservations.id, r.id));
    else
      await tx
        .update(stockReservations)
        .set({ qty: fixed(rest, QTY) })
        .where(eq(stockReservations.id, r.id));
    excess = sub(excess, take);
    changes.push({
      reservationId: r.id,
      sourceType: r.sourceType,
      sourceId: r.sourceId,
      from: r.qty,
      to: fixed(rest, QTY),
    });
  }
  const shrunk = changes.reduce((s, c) => add(s, sub(dec(c.from), dec(c.to))), dec(0));
  await tx
    .update(stockBalances)
    .set({ reserved: fixed(sub(reserved, shrunk), QTY), updatedAt: sql`now()` })
    .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, warehouseId)));
  return changes;
}

export async function postAudit(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  uncounted: UncountedPolicy,
  version?: number,
): Promise<Audit> {
  return db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    refuseState(row.status, 'counting', auditMessages.notCounting);
    checkVersion(row.version, version);
    const before = await getAudit(tx, id);
    if (uncounted === 'zero') {
      await tx
        .update(inventoryAuditLines)
        .set({ countedQty: '0', countedBy: ctx.userId, countedAt: new Date() })
        .where(and(eq(inventoryAuditLines.auditId, id), sql`${inventoryAuditLines.countedQty} is null`));
    }
    const lines = await tx
      .select({
        id: inventoryAuditLines.id,
        itemId: inventoryAuditLines.itemId,
        countedQty: inventoryAuditLines.countedQty,
        unitCost: inventoryAuditLines.unitCost,
        sku: items.sku,
        name: items.name,
      })
      .from(inventoryAuditLines)
      .innerJoin(items, eq(items.id, inventoryAuditLines.itemId))
      .where(eq(inventoryAuditLines.auditId, id))
      .orderBy(asc(inventoryAuditLines.id));
    const w = row.warehouseId;
    // Lock what the ledger will lock, in its order (costs, then balances by item), so on hand cannot move under us.
    const itemIds = unique(lines.map((l) => l.itemId)).sort((a, b) => a - b);
    const costs = new Map<number, string | null>();
    const balances = new Map<number, { onHand: Dec; reserved: Dec }>();
    if (itemIds.length) {
      await tx
        .insert(itemCosts)
        .values(itemIds.map((itemId) => ({ itemId })))
        .onConflictDoNothing();
      await tx
        .insert(stockBalances)
        .values(itemIds.map((itemId) => ({ itemId, warehouseId: w })))
        .onConflictDoNothing();
      const costRows = await tx
        .select()
        .from(itemCosts)
        .where(inArray(itemCosts.itemId, itemIds))
        .orderBy(asc(itemCosts.itemId))
        .for('update');
      for (const c of costRows) costs.set(c.itemId, c.avgCost);
      const balanceRows = await tx
        .select()
        .from(stockBalances)
        .where(and(inArray(stockBalances.itemId, itemIds), eq(stockBalances.warehouseId, w)))
        .orderBy(asc(stockBalances.itemId), asc(stockBalances.warehouseId))
        .for('update');
      for (const b of balanceRows) balances.set(b.itemId, { onHand: dec(b.onHand), reserved: dec(b.reserved) });
    }

    const noCost: string[] = [];
    const intents: LedgerIntent[] = [];
    const shrunk: Array<Awaited<ReturnType<typeof shrinkReservations>>[number] & { itemId: number }> = [];
    const results = new Map<number, { expected: Dec; variance: Dec | null }>();
    for (const line of lines) {
      const balance = balances.get(line.itemId) ?? { onHand: dec(0), reserved: dec(0) };
      if (line.countedQty === null) {
        results.set(line.id, { expected: balance.onHand, variance: null });
        continue;
      }
      const variance = sub(dec(line.countedQty), balance.onHand);
      results.set(line.id, { expected: balance.onHand, variance });
      if (isZero(variance)) continue;
      if (cmp(variance, dec(0)) > 0) {
        if (costs.get(line.itemId) == null && line.unitCost === null) {
          noCost.push(`${line.sku} ${line.name}`);
          continue;
        }
        intents.push({
          kind: 'in_at_average',
          itemId: line.itemId,
          warehouseId: w,
          qty: fixed(variance, QTY),
          ...(line.unitCost === null ? {} : { unitCost: line.unitCost }),
          lineId: line.id,
        });
      } else {
        const left = dec(line.countedQty);
        if (cmp(left, balance.reserved) < 0) {
          const changes = await shrinkReservations(tx, line.itemId, w, balance.reserved, left);
          shrunk.push(...changes.map((c) => ({ ...c, itemId: line.itemId })));
        }
        intents.push({
          kind: 'out',
          itemId: line.itemId,
          warehouseId: w,
          qty: fixed(neg(variance), QTY),
          lineId: line.id,
        });
      }
    }
    if (noCost.length) {
      const message = noCost.map((name) => auditMessages.noCost(name)).join('; ');
      throw new DomainError(409, message);
    }
    await postToLedger(tx, ledgerDoc(row, ctx.userId), intents);
    // Each line's value is exactly its movement's (the one that empties an item takes the value left).
    const posted = await tx
      .select({ lineId: stockMovements.documentLineId, value: stockMovements.value })
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'inventory_audit'), eq(stockMovements.documentId, id)));
    const valueByLine = new Map(posted.map((m) => [m.lineId, m.value]));
    for (const line of lines) {
      const r = results.get(line.id)!;
      await tx
        .update(inventoryAuditLines)
        .set({
          expectedQty: fixed(r.expected, QTY),
          variance: r.variance === null ? null : fixed(r.variance, QTY),
          varianceValue: r.variance === null ? null : (valueByLine.get(line.id) ?? '0.00'),
        })
        .where(eq(inventoryAuditLines.id, line.id));
    }
    await tx
      .update(inventoryAudits)
      .set({
        status: 'posted',
        uncountedPolicy: uncounted,
        postedAt: sql`now()`,
        postedBy: ctx.userId,
        version: sql`${inventoryAudits.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(inventoryAudits.id, id));
    const after = await getAudit(tx, id);
    await audit(tx, ctx, {
      action: 'post',
      entityType: ENTITY,
      entityId: id,
      before,
      after: shrunk.length ? { ...after, shrunkReservations: shrunk } : after,
    });
    return after;
  });
}

export async function cancelAudit(db: DbOrTx, ctx: AuditContext, id: number, reason: string): Promise<Audit> {
  return db.transaction(async (tx) => {
    const row = await loadHeader(tx, id, 'update');
    if (row.status === 'cancelled') throw new DomainError(409, auditMessages.cancelled);
    if (row.status === 'draft') throw new DomainError(409, auditMessages.cancelDraft);
    const before = await getAudit(tx, id);
    if (row.status === 'posted') await reverseInLedger(tx, ledgerDoc(row, ctx.userId));
    await tx
      .update(inventoryAudits)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: sql`${inventoryAudits.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(inventoryAudits.id, id));
    const after = await getAudit(tx, id);
    await audit(tx, ctx, { action: 'cancel', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}
