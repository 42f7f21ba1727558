// Adjustments (ADJ, warehouse.md §1): signed lines posted through the ledger — − lines leave at the average, + lines
// enter at the average (or at the typed cost when the item has none yet), opening-balance lines enter at their own
// cost so the average becomes the file's. A counted quantity is turned into the change against the warehouse's
// on hand when the line is written; an absolute quantity is never stored as stock. The service is mounted on
// /inventory (products, semi-finished) and /component-stock (components, materials); each mount sees and changes
// only documents of its kinds. Every step is one audited transaction.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { cmp, dec, fixed, isZero, neg, round, sub } from '@/shared/decimal.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import {
  createLineSerials,
  documentSerialMessages,
  documentSerials,
  generateSerialsIn,
  lineSerialValues,
  moveSerials,
  pickLineSerials,
  serialTrackedItems,
} from '@/modules/serial-numbers/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { units } from '@/resources/units/units.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import type { Sheet } from '@/resources/_engine/server/tabular.ts';
import {
  adjustmentMessages as msg,
  adjustmentSortFields,
  type Adjustment,
  type AdjustmentLineSerials,
  type AdjustmentReason,
  type adjustmentCreateSchema,
  type adjustmentListQuerySchema,
  type AdjustmentSummary,
  type adjustmentUpdateSchema,
} from '../adjustments.contract.ts';
import { stockAdjustmentLines, stockAdjustments } from './adjustments.table.ts';
import { postToLedger, reverseInLedger, type LedgerDocument, type LedgerIntent } from './ledger.ts';
import { nextNumber } from './numbering.ts';
import { stockBalances } from './stock.table.ts';

type CreateInput = z.output<typeof adjustmentCreateSchema>;
type UpdateInput = z.output<typeof adjustmentUpdateSchema>;
type LineInput = CreateInput['lines'][number];

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

const ENTITY = 'stock_adjustments';
/** The document type the serials' timeline names (the ledger's). */
const SERIAL_DOCUMENT = 'adjustment';
/** The events an adjustment writes on a serial: + lines' new serials, and − lines' written-off ones. */
const SERIAL_IN_EVENTS = ['received', 'generated'] as const;

import { kyivToday } from '@/shared/kyiv-date.ts';
export { kyivToday };

const kindList = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** The documents of a mount: those with a line of its kinds. */
const ofMount = (mount: AdjustmentMount) =>
  sql`exists (select 1 from ${stockAdjustmentLines} l join ${items} i on i.id = l.item_id
              where l.adjustment_id = ${stockAdjustments.id} and i.kind in (${kindList(mount.kinds)}))`;

// ---- reading ---------------------------------------------------------------------------------------------------

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
    const like = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
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
      .orderBy(
        isDesc ? desc(sortColumn) : asc(sortColumn),
        isDesc ? desc(stockAdjustments.id) : asc(stockAdjustments.id),
      )
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
      unitCost: stockAdjustmentLines.unitCost,
      notes: stockAdjustmentLines.notes,
      serialTracking: sql<boolean>`(${items.serialTracking} and ${items.kind} <> 'service')`,
    })
    .from(stockAdjustmentLines)
    .innerJoin(items, eq(items.id, stockAdjustmentLines.itemId))
    .leftJoin(units, eq(units.id, items.unitId))
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

// ---- writing ---------------------------------------------------------------------------------------------------

interface LineRow {
  itemId: number;
  deltaQty: string;
  countedQty: string | null;
  unitCost: string | null;
  notes: string | null;
}

/**
 * Checks the lines against the items (stocked, of the allowed kinds) and turns counted quantities into changes
 * against the warehouse's on hand. Every problem is reported under its field (`lines.0.countedQty`).
 */
async function resolveLines(
  tx: DbOrTx,
  allowedKinds: readonly string[],
  warehouseId: number,
  reason: AdjustmentReason,
  lines: readonly LineInput[],
): Promise<LineRow[]> {
  const fields: Record<string, string> = {};
  const [warehouse] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId));
  if (!warehouse) fields.warehouseId = msg.reference;
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = await tx
    .select({ id: items.id, sku: items.sku, kind: items.kind })
    .from(items)
    .where(inArray(items.id, ids));
  const info = new Map(found.map((i) => [i.id, i]));
  const counted = lines.some((l) => l.countedQty !== undefined);
  const onHand = new Map<number, string>();
  if (counted && warehouse) {
    const rows = await tx
      .select({ itemId: stockBalances.itemId, onHand: stockBalances.onHand })
      .from(stockBalances)
      .where(and(eq(stockBalances.warehouseId, warehouseId), inArray(stockBalances.itemId, ids)));
    for (const r of rows) onHand.set(r.itemId, r.onHand);
  }
  const result: LineRow[] = [];
  lines.forEach((line, i) => {
    const item = info.get(line.itemId);
    if (!item) {
      fields[`lines.${i}.itemId`] = msg.reference;
      return;
    }
    if (item.kind === 'service') {
      fields[`lines.${i}.itemId`] = msg.rowService(item.sku);
      return;
    }
    if (!allowedKinds.includes(item.kind)) {
      fields[`lines.${i}.itemId`] = msg.wrongKind(mountOfKind(item.kind).title);
      return;
    }
    let delta: string;
    if (line.countedQty !== undefined) {
      const current = dec(onHand.get(line.itemId) ?? '0');
      const change = sub(dec(line.countedQty), current);
      if (isZero(change)) {
        fields[`lines.${i}.countedQty`] = msg.nothingToChange(item.sku, fixed(current, 4).replace(/\.?0+$/, '') || '0');
        return;
      }
      delta = fixed(change, 4);
    } else {
      delta = fixed(dec(line.deltaQty!), 4);
    }
    if (reason === 'opening') {
      if (cmp(dec(delta), dec(0)) <= 0) fields[`lines.${i}.deltaQty`] = msg.openingPositive;
      if (line.unitCost == null) fields[`lines.${i}.unitCost`] = msg.openingCost;
    }
    result.push({
      itemId: line.itemId,
      deltaQty: delta,
      countedQty: line.countedQty === undefined ? null : fixed(dec(line.countedQty), 4),
      unitCost: line.unitCost == null ? null : fixed(dec(line.unitCost), 6),
      notes: line.notes ?? null,
    });
  });
  if (Object.keys(fields).length) throw new DomainError(400, Object.values(fields)[0]!, fields);
  return result;
}

async function writeLines(tx: DbOrTx, adjustmentId: number, lines: readonly LineRow[]) {
  await tx.delete(stockAdjustmentLines).where(eq(stockAdjustmentLines.adjustmentId, adjustmentId));
  await tx.insert(stockAdjustmentLines).values(lines.map((l, i) => ({ ...l, adjustmentId, lineNo: i + 1 })));
}

async function insertDraft(
  tx: DbOrTx,
  ctx: AuditContext,
  header: { warehouseId: number; reason: AdjustmentReason; comment: string | null; documentDate: string },
  lines: readonly LineRow[],
): Promise<number> {
  const number = await nextNumber(tx, 'adjustment', header.documentDate);
  const [row] = await tx
    .insert(stockAdjustments)
    .values({ ...header, number, createdBy: ctx.userId })
    .returning({ id: stockAdjustments.id });
  await writeLines(tx, row!.id, lines);
  const after = await getAdjustment(tx, null, row!.id);
  await audit(tx, ctx, { action: 'create', entityType: ENTITY, entityId: row!.id, after });
  return row!.id;
}

/** A draft, or — with `post: true` (the quick dialog) — a draft posted in the same transaction. */
export async function createAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  input: CreateInput,
  options: PostOptions = {},
): Promise<Adjustment> {
  return db.transaction(async (tx) => {
    const { lines, post, ...header } = input;
    const rows = await resolveLines(tx, mount.kinds, header.warehouseId, header.reason, lines);
    const id = await insertDraft(
      tx,
      ctx,
      {
        warehouseId: header.warehouseId,
        reason: header.reason,
        comment: header.comment ?? null,
        documentDate: header.documentDate ?? kyivToday(),
      },
      rows,
    );
    if (post) {
      const serials = lines.flatMap((line, i) => (line.serials ? [{ lineNo: i + 1, serials: line.serials }] : []));
      return postLocked(tx, ctx, mount, id, undefined, serials, options);
    }
    return getAdjustment(tx, mount, id);
  });
}

async function lockDraft(tx: DbOrTx, mount: AdjustmentMount, id: number, version: number | undefined) {
  const before = await getAdjustment(tx, mount, id, true);
  if (before.status !== 'draft') throw new DomainError(409, before.status === 'posted' ? msg.posted : msg.notDraft);
  if (version !== undefined && version !== before.version) throw new DomainError(409, msg.version);
  return before;
}

export async function updateAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  change: UpdateInput,
): Promise<Adjustment> {
  return db.transaction(async (tx) => {
    const before = await lockDraft(tx, mount, id, change.version);
    const header = {
      warehouseId: change.warehouseId ?? before.warehouseId,
      reason: change.reason ?? before.reason,
      comment: change.comment === undefined ? before.comment : change.comment,
      documentDate: change.documentDate ?? before.documentDate,
    };
    // Lines kept as they are carry their change (a count is not re-read against today's stock).
    const lines: LineInput[] =
      change.lines ??
      before.lines.map((l) => ({ itemId: l.itemId, deltaQty: l.deltaQty, unitCost: l.unitCost, notes: l.notes }));
    const rows = await resolveLines(tx, mount.kinds, header.warehouseId, header.reason, lines);
    if (change.lines === undefined) {
      rows.forEach((row, i) => {
        row.countedQty = before.lines[i]!.countedQty;
      });
    }
    await tx
      .update(stockAdjustments)
      .set({ ...header, version: sql`${stockAdjustments.version} + 1`, updatedAt: sql`now()` })
      .where(eq(stockAdjustments.id, id));
    await writeLines(tx, id, rows);
    const after = await getAdjustment(tx, mount, id);
    await audit(tx, ctx, { action: 'update', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

export async function deleteAdjustment(db: DbOrTx, ctx: AuditContext, mount: AdjustmentMount, id: number) {
  await db.transaction(async (tx) => {
    const before = await lockDraft(tx, mount, id, undefined);
    await tx.delete(stockAdjustments).where(eq(stockAdjustments.id, id));
    await audit(tx, ctx, { action: 'delete', entityType: ENTITY, entityId: id, before });
  });
}

const ledgerDoc = (a: Adjustment, userId: number | null): LedgerDocument => ({
  type: 'adjustment',
  id: a.id,
  number: a.number,
  date: a.documentDate,
  userId,
});

/** The ledger's intents of an adjustment: − at the average, + at the average or (opening) at the typed cost. */
export function adjustmentIntents(a: Pick<Adjustment, 'reason' | 'warehouseId' | 'lines'>): LedgerIntent[] {
  return a.lines.map((l): LedgerIntent => {
    const delta = dec(l.deltaQty);
    const base = { itemId: l.itemId, warehouseId: a.warehouseId, lineId: l.id };
    if (cmp(delta, dec(0)) < 0) return { ...base, kind: 'out', qty: fixed(neg(delta), 4) };
    if (a.reason === 'opening') return { ...base, kind: 'in', qty: l.deltaQty, unitCost: l.unitCost ?? '0' };
    return {
      ...base,
      kind: 'in_at_average',
      qty: l.deltaQty,
      ...(l.unitCost === null ? {} : { unitCost: l.unitCost }),
    };
  });
}

export interface PostOptions {
  /** The note the serials' timeline gets (the document's comment by default), e.g. the reason of a write-off. */
  serialNote?: string | null;
}

/**
 * The serials of the lines of serial-tracked items, after the ledger (its locks first, the serials' rows last):
 * + lines register exactly Δ new serials as available in the warehouse (an opening-balance line given none gets
 * them from the item's template); − lines take exactly |Δ| serials on the shelf there, which become defective.
 */
async function postSerials(
  tx: DbOrTx,
  ctx: AuditContext,
  doc: Adjustment,
  given: readonly AdjustmentLineSerials[],
  options: PostOptions,
) {
  const tracked = await serialTrackedItems(
    tx,
    doc.lines.map((l) => l.itemId),
  );
  const byLine = new Map<number, string[]>();
  for (const entry of given) byLine.set(entry.lineNo, [...(byLine.get(entry.lineNo) ?? []), ...entry.serials]);
  for (const [lineNo, values] of byLine) {
    const line = doc.lines.find((l) => l.lineNo === lineNo);
    if (!line) throw new DomainError(400, msg.serialsNoLine(lineNo));
    if (!tracked.has(line.itemId) && values.length) {
      throw new DomainError(400, documentSerialMessages.notTracked(line.sku));
    }
  }
  const document = { type: SERIAL_DOCUMENT, id: doc.id, number: doc.number };
  const note = options.serialNote === undefined ? doc.comment : options.serialNote;
  for (const line of doc.lines) {
    const sku = tracked.get(line.itemId);
    if (!sku) continue;
    const delta = dec(line.deltaQty);
    const incoming = cmp(delta, dec(0)) > 0;
    const qty = fixed(incoming ? delta : neg(delta), 4);
    const values = byLine.get(line.lineNo) ?? [];
    if (incoming && doc.reason === 'opening' && !values.length) {
      if (cmp(round(dec(qty), 0), dec(qty)) !== 0) throw new DomainError(400, documentSerialMessages.fractional(sku));
      await generateSerialsIn(tx, ctx, {
        itemId: line.itemId,
        count: Number(fixed(dec(qty), 0)),
        warehouseId: doc.warehouseId,
        date: doc.documentDate,
        document,
      });
      continue;
    }
    const serials = lineSerialValues(sku, qty, values);
    if (incoming) {
      await createLineSerials(tx, {
        itemId: line.itemId,
        sku,
        warehouseId: doc.warehouseId,
        values: serials,
        event: 'received',
        document,
        userId: ctx.userId,
        note,
      });
    } else {
      const serialIds = await pickLineSerials(tx, {
        itemId: line.itemId,
        sku,
        warehouseId: doc.warehouseId,
        values: serials,
      });
      await moveSerials(tx, {
        serialIds,
        from: ['available'],
        to: 'defective',
        event: 'written_off',
        document,
        warehouseId: null,
        userId: ctx.userId,
        note,
      });
    }
  }
}

async function postLocked(
  tx: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  version: number | undefined,
  serials: readonly AdjustmentLineSerials[] = [],
  options: PostOptions = {},
): Promise<Adjustment> {
  const before = await lockDraft(tx, mount, id, version);
  await postToLedger(tx, ledgerDoc(before, ctx.userId), adjustmentIntents(before));
  await postSerials(tx, ctx, before, serials, options);
  await tx
    .update(stockAdjustments)
    .set({
      status: 'posted',
      postedAt: sql`now()`,
      postedBy: ctx.userId,
      version: sql`${stockAdjustments.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(stockAdjustments.id, id));
  const after = await getAdjustment(tx, mount, id);
  await audit(tx, ctx, { action: 'post', entityType: ENTITY, entityId: id, before, after });
  return after;
}

export async function postAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  version: number | undefined,
  serials: readonly AdjustmentLineSerials[] = [],
): Promise<Adjustment> {
  return db.transaction((tx) => postLocked(tx, ctx, mount, id, version, serials));
}

export async function cancelAdjustment(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  id: number,
  reason: string,
): Promise<Adjustment> {
  return db.transaction(async (tx) => {
    const before = await getAdjustment(tx, mount, id, true);
    if (before.status !== 'posted') throw new DomainError(409, msg.notPosted);
    // The serials it registered must still be on the shelf (they become void); those it wrote off come back.
    const touched = await documentSerials(tx, SERIAL_DOCUMENT, id);
    const registered = touched.filter((x) => (SERIAL_IN_EVENTS as readonly string[]).includes(x.event));
    const writtenOff = touched.filter((x) => x.event === 'written_off');
    const gone = registered.filter((x) => x.status !== 'available' || x.warehouseId !== before.warehouseId);
    if (gone.length) throw new DomainError(409, msg.serialsGone(gone.map((x) => x.serial)));
    await reverseInLedger(tx, ledgerDoc(before, ctx.userId));
    const document = { type: SERIAL_DOCUMENT, id, number: before.number };
    await moveSerials(tx, {
      serialIds: registered.map((x) => x.id),
      from: ['available'],
      to: 'void',
      event: 'voided',
      document,
      warehouseId: null,
      userId: ctx.userId,
      note: `Скасування: ${reason}`,
    });
    await moveSerials(tx, {
      serialIds: writtenOff.map((x) => x.id),
      from: ['defective'],
      to: 'available',
      event: 'returned',
      document,
      warehouseId: before.warehouseId,
      userId: ctx.userId,
      note: `Скасування: ${reason}`,
    });
    await tx
      .update(stockAdjustments)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: sql`${stockAdjustments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(stockAdjustments.id, id));
    const after = await getAdjustment(tx, mount, id);
    await audit(tx, ctx, { action: 'cancel', entityType: ENTITY, entityId: id, before, after });
    return after;
  });
}

// ---- opening balances ------------------------------------------------------------------------------------------

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[\s_.\-–—]+/g, '');
const columnAliases = {
  sku: { label: 'SKU', names: ['sku', 'артикул', 'код товару'] },
  warehouse: {
    label: 'Код складу',
    names: ['warehousecode', 'warehouse', 'кодскладу', 'склад', 'складкод'],
  },
  qty: { label: 'Кількість', names: ['qty', 'quantity', 'кількість', 'кть', 'к-сть'] },
  unitCost: {
    label: 'Ціна одиниці',
    names: ['unitcost', 'cost', 'ціна', 'ціна одиниці', 'собівартість', 'ціназаодиницю', 'цінаод'],
  },
} as const;

const cellText = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim());
const decimalCell = (cell: unknown, scale: number): string | null => {
  const text = cellText(cell).replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) || (text.split('.')[1]?.length ?? 0) > scale) return null;
  return text;
};

/**
 * Reads an opening-balance file (SKU, warehouse code, qty, unit cost; serials ignored for now) into one draft
 * `opening` adjustment per warehouse (and per stock page when the file mixes products and components). All or
 * nothing: any bad row refuses the file with every row's error.
 */
export async function importOpeningBalances(
  db: DbOrTx,
  ctx: AuditContext,
  mount: AdjustmentMount,
  sheet: Sheet,
  allowedKinds: readonly string[],
): Promise<Adjustment[]> {
  const index: Record<keyof typeof columnAliases, number> = { sku: -1, warehouse: -1, qty: -1, unitCost: -1 };
  const headers = sheet.headers.map(normaliseHeader);
  for (const [key, def] of Object.entries(columnAliases) as Array<
    [keyof typeof columnAliases, { label: string; names: readonly string[] }]
  >) {
    index[key] = headers.findIndex((h) => def.names.map(normaliseHeader).includes(h));
    if (index[key] < 0) throw new DomainError(400, msg.importColumn(def.label));
  }
  const rows = sheet.rows.filter((r) => r.some((c) => cellText(c) !== ''));
  if (!rows.length) throw new DomainError(400, msg.importEmpty);

  return db.transaction(async (tx) => {
    const skus = [...new Set(rows.map((r) => cellText(r[index.sku]).toLowerCase()).filter(Boolean))];
    const codes = [...new Set(rows.map((r) => cellText(r[index.warehouse]).toLowerCase()).filter(Boolean))];
    const itemRows = skus.length
      ? await tx
          .select({ id: items.id, sku: items.sku, kind: items.kind })
          .from(items)
          .where(
            sql`lower(btrim(${items.sku})) in (${sql.join(
              skus.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          )
      : [];
    const warehouseRows = codes.length
      ? await tx
          .select({ id: warehouses.id, code: warehouses.code })
          .from(warehouses)
          .where(
            sql`lower(btrim(${warehouses.code})) in (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )})`,
          )
      : [];
    const itemBySku = new Map(itemRows.map((i) => [i.sku.trim().toLowerCase(), i]));
    const warehouseByCode = new Map(warehouseRows.map((w) => [w.code.trim().toLowerCase(), w]));

    const errors: string[] = [];
    const seen = new Map<string, number>();
    /** Drafts by warehouse and page, in the file's order. */
    const groups = new Map<string, { warehouseId: number; lines: LineRow[] }>();
    rows.forEach((row) => {
      const rowNo = sheet.rows.indexOf(row) + 2; // the header is row 1
      const problems: string[] = [];
      const skuText = cellText(row[index.sku]);
      const codeText = cellText(row[index.warehouse]);
      const item = skuText ? itemBySku.get(skuText.toLowerCase()) : undefined;
      const warehouse = codeText ? warehouseByCode.get(codeText.toLowerCase()) : undefined;
      if (!skuText) problems.push(msg.rowSkuEmpty);
      else if (!item) problems.push(msg.rowSku(skuText));
      else if (item.kind === 'service') problems.push(msg.rowService(item.sku));
      else if (!allowedKinds.includes(item.kind)) problems.push(msg.rowKind(item.sku, mountOfKind(item.kind).title));
      if (!codeText) problems.push(msg.rowWarehouseEmpty);
      else if (!warehouse) problems.push(msg.rowWarehouse(codeText));
      const qty = decimalCell(row[index.qty], 4);
      if (qty === null || !/[1-9]/.test(qty)) problems.push(msg.rowQty);
      const unitCost = decimalCell(row[index.unitCost], 6);
      if (unitCost === null) problems.push(msg.rowCost);
      if (item && warehouse) {
        const key = `${item.id}:${warehouse.id}`;
        const first = seen.get(key);
        if (first !== undefined) problems.push(msg.rowDuplicate(item.sku, first));
        else seen.set(key, rowNo);
      }
      if (problems.length) {
        errors.push(msg.row(rowNo, problems.join('; ')));
        return;
      }
      const groupKey = `${warehouse!.id}:${mountOfKind(item!.kind).route}`;
      const group = groups.get(groupKey) ?? { warehouseId: warehouse!.id, lines: [] };
      group.lines.push({
        itemId: item!.id,
        deltaQty: fixed(dec(qty!), 4),
        countedQty: null,
        unitCost: fixed(dec(unitCost!), 6),
        notes: null,
      });
      groups.set(groupKey, group);
    });
    if (errors.length) {
      const fields = Object.fromEntries(errors.slice(0, 200).map((e, i) => [`rows.${i}`, e]));
      throw new DomainError(400, `${msg.importErrors(errors.length)}. ${errors.slice(0, 10).join(' ')}`, fields);
    }

    const documentDate = kyivToday();
    const created: Adjustment[] = [];
    for (const group of groups.values()) {
      const id = await insertDraft(
        tx,
        ctx,
        { warehouseId: group.warehouseId, reason: 'opening', comment: 'Введення залишків з файлу', documentDate },
        group.lines,
      );
      created.push(await getAdjustment(tx, null, id));
    }
    await audit(tx, ctx, {
      action: 'import',
      entityType: ENTITY,
      entityId: null,
      after: { page: mount.route, rows: rows.length, documents: created.map((a) => a.number) },
    });
    return created;
  });
}
