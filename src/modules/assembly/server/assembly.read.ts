// Reading assembly documents (production.md §8): the list (period, status, type, search, sort, page), one document
// with its lines (drafts with the warehouse's available stock, posted ones with the cost each moved at and the
// serials) and the pre-fill of the lines from the kit's specification.
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listOrder } from '@/server/kernel/collation.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { containsPattern } from '@/server/kernel/like.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, dec, fixed, mul, type Dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import { getBom } from '@/modules/bom/server/index.ts';
import { effectivePerUnit, resolveProductionSpec } from '@/modules/production/server/index.ts';
import { documentSerials } from '@/modules/serial-numbers/server/index.ts';
import { stockBalances, stockMovements } from '@/modules/stock/server/stock.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  assemblyMessages as msg,
  assemblySortFields,
  type Assembly,
  type assemblyListQuerySchema,
  type AssemblyPrefill,
  type AssemblySummary,
} from '../assembly.contract.ts';
import { assemblies, assemblyLines } from './assembly.table.ts';

export const ENTITY = 'assemblies';
/** The serial timeline's events of serials a document registered (they become void when it is cancelled). */
export const SERIAL_IN_EVENTS = ['received', 'generated'] as const;

const a = assemblies;
const l = assemblyLines;
const kitUnits = alias(units, 'kit_units');

/** The kit's movement of a posted document: the one without a line (the components' carry their line's id). */
const kitMovement = (column: 'value' | 'unit_cost') =>
  sql<string | null>`(select abs(m.${sql.raw(column)})::text from ${stockMovements} m
    where m.document_type = ${a.type} and m.document_id = ${a.id} and m.document_line_id is null
    and m.reverses_movement_id is null order by m.id limit 1)`;
const lineCount = sql<number>`(select count(*)::int from ${l} where ${l.assemblyId} = ${a.id})`;

const summaryColumns = {
  id: a.id,
  number: a.number,
  type: a.type,
  documentDate: a.documentDate,
  status: a.status,
  itemId: a.itemId,
  sku: items.sku,
  itemName: items.name,
  unitShortName: kitUnits.shortName,
  qty: a.qty,
  warehouseId: a.warehouseId,
  warehouseName: warehouses.name,
  notes: a.notes,
  lineCount,
  value: kitMovement('value'),
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(a)
    .innerJoin(items, eq(items.id, a.itemId))
    .leftJoin(kitUnits, eq(kitUnits.id, items.unitId))
    .innerJoin(warehouses, eq(warehouses.id, a.warehouseId));

export async function listAssemblies(
  db: DbOrTx,
  q: z.output<typeof assemblyListQuerySchema>,
): Promise<{ rows: AssemblySummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(a.status, q.status));
  if (q.type) where.push(eq(a.type, q.type));
  if (q.warehouseId) where.push(eq(a.warehouseId, q.warehouseId));
  if (q.dateFrom) where.push(gte(a.documentDate, q.dateFrom));
  if (q.dateTo) where.push(lte(a.documentDate, q.dateTo));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      sql`(${a.number} ilike ${like} or ${a.notes} ilike ${like} or ${items.sku} ilike ${like}
        or ${items.name} ilike ${like} or exists (
        select 1 from ${l} join ${items} li on li.id = ${l.itemId}
        where ${l.assemblyId} = ${a.id} and (li.sku ilike ${like} or li.name ilike ${like})))`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-documentDate', assemblySortFields, 'documentDate');
  const sortColumn = {
    number: a.number,
    documentDate: a.documentDate,
    type: a.type,
    itemName: items.name,
    qty: a.qty,
    status: a.status,
    value: sql`coalesce(${kitMovement('value')}::numeric, 0)`,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(a.id) : asc(a.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows as AssemblySummary[], total: Number(total) };
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null) ?? null));
const available = sql<string>`(coalesce(${stockBalances.onHand}, 0) - coalesce(${stockBalances.reserved}, 0))::numeric(18,4)::text`;
const tracked = sql<boolean>`(${items.serialTracking} and ${items.kind} <> 'service')`;

/** One document; `lock` takes its row for the caller's transaction first (`for update`). */
export async function getAssembly(db: DbOrTx, id: number, lock = false): Promise<Assembly> {
  if (lock) await db.select({ id: a.id }).from(a).where(eq(a.id, id)).for('update');
  const [header] = await joined(db, {
    ...summaryColumns,
    version: a.version,
    serialTracking: tracked,
    available: sql<
      string | null
    >`case when ${a.status} = 'draft' then (select (b.on_hand - b.reserved)::numeric(18,4)::text
      from ${stockBalances} b where b.item_id = ${a.itemId} and b.warehouse_id = ${a.warehouseId}) end`,
    unitCost: kitMovement('unit_cost'),
    postedAt: a.postedAt,
    cancelledAt: a.cancelledAt,
    cancelReason: a.cancelReason,
    createdAt: a.createdAt,
  }).where(eq(a.id, id));
  if (!header) throw new DomainError(404, msg.notFound);
  const h = header as unknown as Assembly & { postedAt: unknown; cancelledAt: unknown; createdAt: unknown };
  const draft = h.status === 'draft';
  const lineMovement = (column: 'value' | 'unit_cost') =>
    draft
      ? sql<null>`null`
      : sql<string | null>`(select abs(m.${sql.raw(column)})::text from ${stockMovements} m
          where m.document_type = ${h.type} and m.document_id = ${id} and m.document_line_id = ${l.id}
          and m.reverses_movement_id is null order by m.id limit 1)`;
  const lines = await db
    .select({
      id: l.id,
      lineNo: l.lineNo,
      itemId: l.itemId,
      sku: items.sku,
      itemName: items.name,
      unitShortName: units.shortName,
      qty: l.qty,
      available: draft ? available : sql<null>`null`,
      unitCost: lineMovement('unit_cost'),
      value: lineMovement('value'),
      serialTracking: tracked,
    })
    .from(l)
    .innerJoin(items, eq(items.id, l.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(stockBalances, and(eq(stockBalances.itemId, l.itemId), eq(stockBalances.warehouseId, h.warehouseId)))
    .where(eq(l.assemblyId, id))
    .orderBy(asc(l.lineNo));
  const moved = draft ? [] : await documentSerials(db, h.type, id);
  return {
    ...h,
    serialTracking: Boolean(h.serialTracking),
    available: draft ? (h.available ?? '0.0000') : null,
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    serials: moved.filter((s) => s.itemId === h.itemId).map((s) => s.serial),
    lines: lines.map((line) => ({
      ...line,
      serialTracking: Boolean(line.serialTracking),
      serials: moved.filter((s) => s.itemId === line.itemId).map((s) => s.serial),
    })),
  };
}

/**
 * The lines of `qty` kits from the item's specification (production.md §0: a default recipe's BOM, else the default
 * active BOM): one level, each line's quantity per kit without scrap × qty, to 4 decimals. 409 without one.
 */
export async function prefillLines(db: DbOrTx, itemId: number, qty: string): Promise<AssemblyPrefill> {
  const spec = await resolveProductionSpec(db, itemId);
  if (!spec) throw new DomainError(409, msg.noSpec);
  const bom = await getBom(db, spec.bom.id);
  // A component on two BOM lines becomes one document line (an item once per document).
  const lines = new Map<number, AssemblyPrefill['lines'][number] & { total: Dec }>();
  for (const line of bom.lines) {
    const need = mul(dec(effectivePerUnit(line.qty, '0', bom.outputQty)), dec(qty));
    const seen = lines.get(line.componentItemId);
    const total = seen ? add(seen.total, need) : need;
    lines.set(line.componentItemId, {
      itemId: line.componentItemId,
      sku: line.sku,
      name: line.name,
      unitShortName: line.unitShortName,
      qty: fixed(total, 4),
      total,
    });
  }
  return {
    itemId,
    bomId: bom.id,
    bomName: bom.name,
    lines: [...lines.values()].map(({ total: _total, ...line }) => line),
  };
}
