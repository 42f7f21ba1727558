// Adjustments (ADJ, warehouse.md §1), reading, and where the service is mounted: /inventory (products, semi-finished)
// and /component-stock (components, materials); each mount sees and changes only documents of its kinds.
import { checkVersion } from '@/server/kernel/documents.ts';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { valueList } from '@/server/kernel/sql-arrays.ts';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { documentSerials } from '@/modules/serial-numbers/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  adjustmentMessages as msg,
  adjustmentSortFields,
  type Adjustment,
  type adjustmentListQuerySchema,
  type AdjustmentSummary,
} from '../adjustments.contract.ts';
import { stockAdjustmentLines, stockAdjustments } from './adjustments.table.ts';
import { containsPattern } from '@/server/kernel/like.ts';

/** Where the service is mounted: the page's route, its title and the kinds of items it keeps. */
export interface AdjustmentMount {
  route: '/inventory' | '/component-stock';
  title: string;
  kinds: readonly string[];
}

export const adjustmentMounts = {
  inventory: { route: '/inventory', title: 'Запаси товарів', kinds: ['product', 'semi_finished'] },
  components: { route: '/component-stock', title: 'Запаси компонентів', kinds: ['component', 'material'] },
} as const satisfies Record<string, AdjustmentMount>;

/** The mount whose page keeps an item of this kind. */
export const mountOfKind = (kind: string): AdjustmentMount =>
  (adjustmentMounts.components.kinds as readonly string[]).includes(kind)
    ? adjustmentMounts.components
    : adjustmentMounts.inventory;

export const ENTITY = 'stock_adjustments';
/** The document type the serials' timeline names (the ledger's). */
export const SERIAL_DOCUMENT = 'adjustment';
/** The events an adjustment writes on a serial: + lines' new serials, and − lines' written-off ones. */
export const SERIAL_IN_EVENTS = ['received', 'generated'] as const;

/** The documents of a mount: those with a line of its kinds. */
const ofMount = (mount: AdjustmentMount) =>
  sql`exists (select 1 from ${stockAdjustmentLines} l join ${items} i on i.id = l.item_id
              where l.adjustment_id = ${stockAdjustments.id} and i.kind in (${valueList(mount.kinds)}))`;

// ---- reading ---------------------------------------------------------------------------------------------------

/** The unit a line was entered in, when not the stock unit. */
const enteredUnits = alias(units, 'entered_units');

const summaryColumns = {
  id: stockAdjustments.id,
  number: stockAdjustments.number,
  documentDate: stockAdjustments.documentDate,
  status: stockAdjustments.status,
  warehouseId: stockAdjustments.warehouseId,
  warehouseName: warehouses.name,
  reason: stockAdjustments.reason,
  comment: stockAdjustments.comment,
  lineCount: sql<number>`(select count(*)::int from ${stockAdjustmentLines} where ${stockAdjustmentLines.adjustmentId} = ${stockAdjustments.id})`,
};

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(stockAdjustments)
    .innerJoin(warehouses, eq(warehouses.id, stockAdjustments.warehouseId));

export async function listAdjustments(
  db: DbOrTx,
  mount: AdjustmentMount,
  q: z.output<typeof adjustmentListQuerySchema>,
): Promise<{ rows: AdjustmentSummary[]; total: number }> {
  const where: SQL[] = [ofMount(mount)];
  if (q.status) where.push(eq(stockAdjustments.status, q.status));
  if (q.reason) where.push(eq(stockAdjustments.reason, q.reason));
  if (q.warehouseId) where.push(eq(stockAdjustments.warehouseId, q.warehouseId));
  if (q.dateFrom) where.push(gte(stockAdjustments.documentDate, q.dateFrom));
  if (q.dateTo) where.push(lte(stockAdjustments.documentDate, q.dateTo));
  if (q.itemId) {
    where.push(
      sql`exists (select 1 from ${stockAdjustmentLines} l where l.adjustment_id = ${stockAdjustments.id} and l.item_id = ${q.itemId})`,
    );
  }
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(stockAdjustments.number, like),
        ilike(stockAdjustments.comment, like),
        sql`exists (select 1 from ${stockAdjustmentLines} l join ${items} i on i.id = l.item_id
                    where l.adjustment_id = ${stockAdjustments.id} and (i.sku ilike ${like} or i.name ilike ${like}))`,
      )!,
    );
  }
  const condition = and(...where);
  const { field, desc: isDesc } = parseSort(q.sort ?? '-documentDate', adjustmentSortFields, 'documentDate');
  const sortColumn = {
    number: stockAdjustments.number,
    documentDate: stockAdjustments.documentDate,
    status: stockAdjustments.status,
    warehouseName: warehouses.name,
  }[field];
  const { limit, offset } = pageWindow(q);
  const [rows, [counted]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(listOrder(sortColumn, field, isDesc), isDesc ? desc(stockAdjustments.id) : asc(stockAdjustments.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows as AdjustmentSummary[], total: Number(counted?.total ?? 0) };
}

export async function getAdjustment(
  db: DbOrTx,
  mount: AdjustmentMount | null,
  id: number,
  lock = false,
): Promise<Adjustment> {
  if (lock)
    await db
      .select({ id: stockAdjustments.id })
      .from(stockAdjustments)
      .where(eq(stockAdjustments.id, id))
      .for('update');
  const [header] = await joined(db, {
    ...summaryColumns,
    version: stockAdjustments.version,
    postedAt: stockAdjustments.postedAt,
    cancelledAt: stockAdjustments.cancelledAt,
    cancelReason: stockAdjustments.cancelReason,
    createdAt: stockAdjustments.createdAt,
  }).where(eq(stockAdjustments.id, id));
  if (!header) throw new DomainError(404, msg.notFound);
  const lines = await db
    .select({
      id: stockAdjustmentLines.id,
      lineNo: stockAdjustmentLines.lineNo,
      itemId: stockAdjustmentLines.itemId,
      sku: items.sku,
      itemName: items.name,
      kind: items.kind,
      unitShortName: units.shortName,
      deltaQty: stockAdjustmentLines.deltaQty,
      countedQty: stockAdjustmentLines.countedQty,
      enteredQty: sql<string>`coalesce(${stockAdjustmentLines.enteredQty}, ${stockAdjustmentLines.countedQty},
        ${stockAdjustmentLines.deltaQty})::text`,
      enteredUnitId: stockAdjustmentLines.enteredUnitId,
      enteredUnitShortName: enteredUnits.shortName,
      unitCost: stockAdjustmentLines.unitCost,
      notes: stockAdjustmentLines.notes,
      serialTracking: sql<boolean>`(${items.serialTracking} and ${items.kind} <> 'service')`,
    })
    .from(stockAdjustmentLines)
    .innerJoin(items, eq(items.id, stockAdjustmentLines.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
    .leftJoin(enteredUnits, eq(enteredUnits.id, stockAdjustmentLines.enteredUnitId))
    .where(eq(stockAdjustmentLines.adjustmentId, id))
    .orderBy(asc(stockAdjustmentLines.lineNo));
  // Another page's document does not exist for this one.
  if (mount && !lines.some((l) => mount.kinds.includes(l.kind))) throw new DomainError(404, msg.notFound);
  const h = header as unknown as Record<string, unknown>;
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null) ?? null));
  const touched = h.status === 'draft' ? [] : await documentSerials(db, SERIAL_DOCUMENT, id);
  return {
    ...(header as unknown as Adjustment),
    postedAt: iso(h.postedAt),
    cancelledAt: iso(h.cancelledAt),
    createdAt: iso(h.createdAt)!,
    lines: lines.map(({ kind: _kind, ...line }) => {
      const out = cmp(dec(line.deltaQty), dec(0)) < 0;
      return {
        ...line,
        serialTracking: Boolean(line.serialTracking),
        // A serial-tracked item is once in + and once in − at most in practice; the serials follow the line's sign.
        serials: touched
          .filter((x) => x.itemId === line.itemId && (x.event === 'written_off') === out)
          .map((x) => x.serial),
      };
    }),
  };
}

export async function lockDraft(tx: DbOrTx, mount: AdjustmentMount, id: number, version: number | undefined) {
  const before = await getAdjustment(tx, mount, id, true);
  if (before.status !== 'draft') throw new DomainError(409, before.status === 'posted' ? msg.posted : msg.notDraft);
  checkVersion(version, before.version, msg.version);
  return before;
}
