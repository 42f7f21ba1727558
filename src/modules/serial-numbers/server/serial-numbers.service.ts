// Serial numbers (sales.md §4): the list and the card with its timeline, generation from templates (one locked
// counter update per block, collisions with typed serials skipped), registration of units already in stock (within
// on hand, no ledger effect), the check of typed values, and the write-off through a posted ADJ of −1.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { listOrder } from '@/server/kernel/collation.ts';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, fixed, sub } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { pageWindow, parseSort } from '@/shared/list.ts';
import type { z } from '@/shared/zod-uk.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { users } from '@/modules/users/server/index.ts';
import { counterparties } from '@/resources/counterparties/counterparties.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  counterKey,
  MAX_REGISTER,
  normaliseSerial,
  parseSerialList,
  renderPattern,
  repeatedValues,
  serialMessages as msg,
  serialSortFields,
  serialStatuses,
  serialStatusLabels,
  type SerialCheckResult,
  type SerialDetail,
  type serialListQuerySchema,
  type SerialStats,
  type SerialStatus,
  type SerialSummary,
  type SerialWriteOffResult,
} from '../serial-numbers.contract.ts';
import { findSerials } from './serial-moves.ts';
import { serialEvents, serialNumbers } from './serial-numbers.table.ts';
import { resolveTemplate, takeCounterBlock } from './serial-templates.service.ts';
import { serialWriteOffs } from './serial-write-offs.ts';
import { containsPattern } from '@/server/kernel/like.ts';

const ENTITY = 'serial_numbers';
const DEFAULT_WARRANTY_MONTHS = 12;

// ---- reading ---------------------------------------------------------------------------------------------------

/** soldAt's Kyiv calendar date plus the warranty months ('YYYY-MM-DD'); the day is kept within the month's end. */
export function warrantyUntil(soldAt: Date | null, months: number): string | null {
  if (!soldAt) return null;
  const [y, m, d] = kyivToday(soldAt).split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const summaryColumns = {
  id: serialNumbers.id,
  itemId: serialNumbers.itemId,
  sku: items.sku,
  itemName: items.name,
  serial: serialNumbers.serial,
  status: serialNumbers.status,
  warehouseId: serialNumbers.warehouseId,
  warehouseName: warehouses.name,
  moId: serialNumbers.moId,
  receiptId: serialNumbers.receiptId,
  shipmentId: serialNumbers.shipmentId,
  clientId: serialNumbers.clientId,
  clientName: counterparties.name,
  soldAt: serialNumbers.soldAt,
  warrantyMonths: items.warrantyMonths,
  notes: serialNumbers.notes,
  createdAt: serialNumbers.createdAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: unknown };

const joined = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as typeof summaryColumns)
    .from(serialNumbers)
    .innerJoin(items, eq(items.id, serialNumbers.itemId))
    .leftJoin(warehouses, eq(warehouses.id, serialNumbers.warehouseId))
    .leftJoin(counterparties, eq(counterparties.id, serialNumbers.clientId));

function toSummary(r: SummaryRow): SerialSummary {
  const months = (r.warrantyMonths as number | null) ?? DEFAULT_WARRANTY_MONTHS;
  const soldAt = r.soldAt as Date | null;
  return {
    id: r.id as number,
    itemId: r.itemId as number,
    sku: r.sku as string,
    itemName: r.itemName as string,
    serial: r.serial as string,
    status: r.status as SerialStatus,
    warehouseId: r.warehouseId as number | null,
    warehouseName: (r.warehouseName as string | null) ?? null,
    moId: r.moId as number | null,
    receiptId: r.receiptId as number | null,
    shipmentId: r.shipmentId as number | null,
    clientId: r.clientId as number | null,
    clientName: (r.clientName as string | null) ?? null,
    soldAt: soldAt ? soldAt.toISOString() : null,
    warrantyMonths: months,
    warrantyUntil: warrantyUntil(soldAt, months),
    notes: r.notes as string | null,
    createdAt: (r.createdAt as Date).toISOString(),
  };
}

export async function listSerials(
  db: DbOrTx,
  q: z.output<typeof serialListQuerySchema>,
): Promise<{ rows: SerialSummary[]; total: number }> {
  const where: SQL[] = [];
  if (q.itemId) where.push(eq(serialNumbers.itemId, q.itemId));
  if (q.status) where.push(eq(serialNumbers.status, q.status));
  if (q.warehouseId) where.push(eq(serialNumbers.warehouseId, q.warehouseId));
  if (q.clientId) where.push(eq(serialNumbers.clientId, q.clientId));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(serialNumbers.serial, like),
        ilike(items.sku, like),
        ilike(items.name, like),
        ilike(counterparties.name, like),
        // The shipment it left with and that shipment's order (sales.md §4: search covers order and shipment).
        sql`exists (select 1 from shipments s join orders o on o.id = s.order_id
                    where s.id = ${serialNumbers.shipmentId}
                      and (s.number ilike ${like} or o.order_number ilike ${like}))`,
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const { field, desc: isDesc } = parseSort(q.sort ?? '-createdAt', serialSortFields, 'createdAt');
  const sortColumn = {
    serial: serialNumbers.serial,
    itemName: items.name,
    sku: items.sku,
    status: serialNumbers.status,
    warehouseName: warehouses.name,
    clientName: counterparties.name,
    soldAt: serialNumbers.soldAt,
    createdAt: serialNumbers.createdAt,
  }[field];
  const { limit, offset } = pageWindow(q);
  const order = listOrder(sortColumn, field, isDesc, 'last');
  const [rows, [counted]] = await Promise.all([
    joined(db, summaryColumns)
      .where(condition)
      .orderBy(order, isDesc ? desc(serialNumbers.id) : asc(serialNumbers.id))
      .limit(limit)
      .offset(offset),
    joined(db, { total: count() }).where(condition) as unknown as Promise<[{ total: number }]>,
  ]);
  return { rows: rows.map((r) => toSummary(r as SummaryRow)), total: Number(counted.total) };
}

async function summariesOf(db: DbOrTx, ids: readonly number[]): Promise<SerialSummary[]> {
  if (!ids.length) return [];
  const rows = await joined(db, summaryColumns)
    .where(inArray(serialNumbers.id, [...ids]))
    .orderBy(asc(serialNumbers.id));
  return rows.map((r) => toSummary(r as SummaryRow));
}

export async function getSerial(db: DbOrTx, id: number): Promise<SerialDetail> {
  const [row] = await joined(db, {
    ...summaryColumns,
    shipmentNumber: sql<string | null>`(select s.number from shipments s where s.id = ${serialNumbers.shipmentId})`,
    orderNumber: sql<string | null>`(select o.order_number from shipments s join orders o on o.id = s.order_id
      where s.id = ${serialNumbers.shipmentId})`,
  }).where(eq(serialNumbers.id, id));
  if (!row) throw new DomainError(404, msg.notFound);
  const events = await db
    .select({
      id: serialEvents.id,
      event: serialEvents.event,
      documentType: serialEvents.documentType,
      documentId: serialEvents.documentId,
      documentNumber: serialEvents.documentNumber,
      clientName: sql<string | null>`case when ${serialEvents.documentType} = 'shipment' then
        (select c.name from shipments s join orders o on o.id = s.order_id join counterparties c on c.id = o.client_id
          where s.id = ${serialEvents.documentId}) end`,
      at: serialEvents.at,
      userId: serialEvents.userId,
      userName: sql<string | null>`nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      note: serialEvents.note,
    })
    .from(serialEvents)
    .leftJoin(users, eq(users.id, serialEvents.userId))
    .where(eq(serialEvents.serialId, id))
    .orderBy(asc(serialEvents.at), asc(serialEvents.id));
  const extra = row as unknown as { shipmentNumber: string | null; orderNumber: string | null };
  return {
    ...toSummary(row as SummaryRow),
    shipmentNumber: extra.shipmentNumber ?? null,
    orderNumber: extra.orderNumber ?? null,
    events: events.map((e) => ({ ...e, userName: e.userName ?? null, at: e.at.toISOString() })),
  };
}

/** How many serials are in each status (the page's cards). */
export async function serialStats(db: DbOrTx): Promise<SerialStats> {
  const rows = await db
    .select({ status: serialNumbers.status, n: sql<number>`count(*)::int` })
    .from(serialNumbers)
    .groupBy(serialNumbers.status);
  const stats = Object.fromEntries(serialStatuses.map((s) => [s, 0])) as SerialStats;
  for (const r of rows) if (r.status in stats) stats[r.status] = Number(r.n);
  return stats;
}

/** Each typed value of an item (normalised, in the order given, once): whether it exists, and its status. */
export async function checkSerials(
  db: DbOrTx,
  itemId: number,
  serials: readonly string[],
): Promise<SerialCheckResult[]> {
  const wanted = [...new Set(serials.map(normaliseSerial).filter(Boolean))];
  const found = new Map((await findSerials(db, itemId, wanted)).map((s) => [s.serial, s]));
  return wanted.map((serial) => {
    const hit = found.get(serial);
    return {
      serial,
      exists: hit !== undefined,
      id: hit?.id ?? null,
      status: hit?.status ?? null,
      warehouseId: hit?.warehouseId ?? null,
    };
  });
}

// ---- writing ---------------------------------------------------------------------------------------------------

interface TrackedItem {
  id: number;
  sku: string;
  kind: string;
  categoryId: number | null;
  serialTemplateId: number | null;
}

async function trackedItem(tx: DbOrTx, itemId: number): Promise<TrackedItem> {
  const [item] = await tx
    .select({
      id: items.id,
      sku: items.sku,
      kind: items.kind,
      categoryId: items.categoryId,
      serialTemplateId: items.serialTemplateId,
      serialTracking: items.serialTracking,
    })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item) throw new DomainError(404, msg.itemNotFound, { itemId: msg.itemNotFound });
  if (!item.serialTracking || item.kind === 'service') {
    const message = msg.notTracked(item.sku);
    throw new DomainError(409, message, { itemId: message });
  }
  return item;
}

/**
 * How many more serials warehouse W may take for the item: onHand(W) minus the serials already available or reserved
 * there (the invariant of sales.md §4). Locks the balance row, the ledger's own lock, so a posting cannot change
 * on hand between the check and the insert.
 */
async function checkRoom(tx: DbOrTx, itemId: number, warehouseId: number, asked: number) {
  const [warehouse] = await tx
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, warehouseId));
  if (!warehouse) throw new DomainError(404, msg.warehouseNotFound, { warehouseId: msg.warehouseNotFound });
  const [balance] = await tx
    .select({ onHand: stockBalances.onHand })
    .from(stockBalances)
    .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, warehouseId)))
    .for('update');
  const [{ n }] = (await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(serialNumbers)
    .where(
      and(
        eq(serialNumbers.itemId, itemId),
        eq(serialNumbers.warehouseId, warehouseId),
        inArray(serialNumbers.status, ['available', 'reserved']),
      ),
    )) as [{ n: number }];
  const onHand = dec(balance?.onHand ?? '0');
  const existing = Number(n);
  if (cmp(add(dec(existing), dec(asked)), onHand) > 0) {
    const free = sub(onHand, dec(existing));
    const freeText = cmp(free, dec(0)) > 0 ? fixed(free, 4).replace(/\.?0+$/, '') : '0';
    const message = msg.overStock(
      warehouse.name,
      fixed(onHand, 4).replace(/\.?0+$/, '') || '0',
      existing,
      freeText,
      asked,
    );
    throw new DomainError(409, message, { warehouseId: message });
  }
}

/** Refuses values the item already has, each named with its status. */
async function refuseExisting(tx: DbOrTx, item: TrackedItem, values: readonly string[]) {
  const existing: Array<{ serial: string; status: SerialStatus }> = [];
  for (let i = 0; i < values.length; i += 1000) {
    existing.push(...(await findSerials(tx, item.id, values.slice(i, i + 1000))));
  }
  if (!existing.length) return;
  const order = new Map(values.map((v, i) => [v, i]));
  existing.sort((a, b) => order.get(a.serial)! - order.get(b.serial)!);
  const named = existing.map((s) => `${s.serial} (${serialStatusLabels[s.status]})`);
  const message = msg.duplicates(item.sku, named);
  throw new DomainError(409, message, { serials: message });
}

export interface GenerateInput {
  itemId: number;
  count: number;
  templateId?: number | null;
  moId?: number | null;
  warehouseId?: number | null;
  /** The date the serials carry and whose period the counter takes (Kyiv today by default). */
  date?: string;
  /** The MO document to name on the timeline (number known to the caller). */
  moNumber?: string | null;
  /** A stock document the serials arrive with (an opening balance, a receipt): named on the timeline as 'generated'. */
  document?: { type: string; id: number; number: string } | null;
  receiptId?: number | null;
}

/**
 * Generates `count` serials of an item in the caller's transaction: the template is the one asked, else the item's,
 * its category's or the default; each block of values comes from one locked counter update; a value the item already
 * has (typed by hand) is skipped and another taken. Without a warehouse the serials are 'allocated' (for labels, or
 * for the MO given); with one they are 'available' there, within its on hand like a registration.
 */
export async function generateSerialsIn(tx: DbOrTx, ctx: AuditContext, input: GenerateInput): Promise<SerialSummary[]> {
  const item = await trackedItem(tx, input.itemId);
  const template = await resolveTemplate(tx, item, input.templateId);
  const warehouseId = input.warehouseId ?? null;
  if (warehouseId !== null) await checkRoom(tx, item.id, warehouseId, input.count);
  const date = input.date ?? kyivToday();
  const key = counterKey(template.id, template.resetPeriod, date);
  const status: SerialStatus = warehouseId === null ? 'allocated' : 'available';
  const created: Array<{ id: number; serial: string }> = [];
  const skipped: string[] = [];
  for (let round = 0; created.length < input.count; round++) {
    if (round >= 100) throw new DomainError(409, msg.generateExhausted);
    const need = input.count - created.length;
    const first = await takeCounterBlock(tx, key, need);
    const rendered = Array.from({ length: need }, (_, i) =>
      renderPattern(template.pattern, { date, sku: item.sku, n: first + i }),
    );
    const taken = new Set((await findSerials(tx, item.id, rendered)).map((s) => s.serial));
    const fresh = [...new Set(rendered)].filter((s) => !taken.has(s));
    skipped.push(...rendered.filter((s) => taken.has(s)));
    if (!fresh.length) continue;
    // A serial typed meanwhile by someone else is skipped the same way (the unique index answers nothing).
    const inserted = await tx
      .insert(serialNumbers)
      .values(
        fresh.map((serial) => ({
          itemId: item.id,
          serial,
          status,
          warehouseId,
          moId: input.moId ?? null,
          receiptId: input.receiptId ?? null,
          createdBy: ctx.userId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: serialNumbers.id, serial: serialNumbers.serial });
    created.push(...inserted);
  }
  const ids = created.map((c) => c.id);
  await tx.insert(serialEvents).values(
    ids.map((serialId) => ({
      serialId,
      event: input.moId
        ? 'allocated'
        : input.document
          ? 'generated'
          : warehouseId !== null
            ? 'registered'
            : 'generated',
      documentType: input.moId ? 'manufacturing_order' : (input.document?.type ?? null),
      documentId: input.moId ?? input.document?.id ?? null,
      documentNumber: input.moId ? (input.moNumber ?? null) : (input.document?.number ?? null),
      userId: ctx.userId,
      note: `Шаблон «${template.name}»`,
    })),
  );
  const after = await summariesOf(tx, ids);
  await audit(tx, ctx, {
    action: 'create',
    entityType: ENTITY,
    entityId: ids[0] ?? null,
    after: {
      itemId: item.id,
      templateId: template.id,
      counterKey: key,
      status,
      warehouseId,
      moId: input.moId ?? null,
      serials: after.map((s) => s.serial),
      skipped,
    },
  });
  return after;
}

export async function generateSerials(db: DbOrTx, ctx: AuditContext, input: GenerateInput): Promise<SerialSummary[]> {
  return db.transaction((tx) => generateSerialsIn(tx, ctx, input));
}

export interface RegisterInput {
  itemId: number;
  warehouseId: number;
  serials?: readonly string[];
  ranges?: string;
}

/** The values of a registration: single values as they are, then the typed text with its ranges. */
export function registerValues(input: Pick<RegisterInput, 'serials' | 'ranges'>): string[] {
  const parsed = parseSerialList(input.ranges ?? '');
  if (parsed.errors.length) {
    const message = parsed.errors.join('; ');
    throw new DomainError(400, message, { ranges: message });
  }
  const values = [...(input.serials ?? []).map(normaliseSerial).filter(Boolean), ...parsed.values];
  if (!values.length) throw new DomainError(400, msg.noSerials, { ranges: msg.noSerials });
  if (values.length > MAX_REGISTER)
    throw new DomainError(400, msg.tooMany(values.length), { ranges: msg.tooMany(values.length) });
  const repeated = repeatedValues(values);
  if (repeated.length) {
    const message = msg.repeated(repeated);
    throw new DomainError(400, message, { ranges: message });
  }
  return values;
}

/**
 * 'Зареєструвати наявні': serials for units already on hand in a warehouse, 'available' at once, with no ledger
 * effect — at most onHand(W) minus the serials already available or reserved there. Values the item already has
 * refuse the whole registration, each named.
 */
export async function registerSerials(db: DbOrTx, ctx: AuditContext, input: RegisterInput): Promise<SerialSummary[]> {
  const values = registerValues(input);
  return db.transaction(async (tx) => {
    const item = await trackedItem(tx, input.itemId);
    await refuseExisting(tx, item, values);
    await checkRoom(tx, item.id, input.warehouseId, values.length);
    const inserted: Array<{ id: number; serial: string }> = [];
    for (let i = 0; i < values.length; i += 1000) {
      inserted.push(
        ...(await tx
          .insert(serialNumbers)
          .values(
            values.slice(i, i + 1000).map((serial) => ({
              itemId: item.id,
              serial,
              status: 'available' as const,
              warehouseId: input.warehouseId,
              createdBy: ctx.userId,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: serialNumbers.id, serial: serialNumbers.serial })),
      );
    }
    // Typed by someone else between the check and the insert: named like any other duplicate.
    if (inserted.length !== values.length) {
      const mine = new Set(inserted.map((r) => r.serial));
      const message = msg.duplicates(
        item.sku,
        values.filter((v) => !mine.has(v)),
      );
      throw new DomainError(409, message, { serials: message });
    }
    const ids = inserted.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 1000) {
      await tx
        .insert(serialEvents)
        .values(ids.slice(i, i + 1000).map((serialId) => ({ serialId, event: 'registered', userId: ctx.userId })));
    }
    const after = await summariesOf(tx, ids);
    await audit(tx, ctx, {
      action: 'create',
      entityType: ENTITY,
      entityId: ids[0] ?? null,
      after: { itemId: item.id, warehouseId: input.warehouseId, status: 'available', serials: values },
    });
    return after;
  });
}

/**
 * 'Списати': an ADJ of −1 for the serial's warehouse, created and posted by the stock module (the SerialWriteOffs
 * port), then the serial becomes defective — all in one transaction, so the invariant count(available + reserved) =
 * onHand holds. The ledger's locks come first and the serial's row last, the order every posting that moves serials
 * uses.
 */
export async function writeOffSerial(
  db: DbOrTx,
  ctx: AuditContext,
  id: number,
  reason: string,
): Promise<SerialWriteOffResult> {
  return db.transaction(async (tx) => {
    const before = await getSerial(tx, id);
    if (before.status !== 'available' || before.warehouseId === null) {
      throw new DomainError(409, msg.writeOffStatus(before.serial, serialStatusLabels[before.status]));
    }
    const [item] = await tx.select({ kind: items.kind }).from(items).where(eq(items.id, before.itemId));
    // The ADJ's − line names the serial: posting it makes the serial defective (event 'written_off', this reason).
    const adjustment = await serialWriteOffs().writeOff(tx, ctx, {
      itemId: before.itemId,
      itemKind: item!.kind,
      warehouseId: before.warehouseId,
      serial: before.serial,
      comment: `Списання серійного номера ${before.serial}: ${reason}`.slice(0, 1000),
      lineNote: `С/Н ${before.serial}`,
      serialNote: reason,
    });
    const after = await getSerial(tx, id);
    await audit(tx, ctx, { action: 'status_change', entityType: ENTITY, entityId: id, before, after });
    return { serial: after, adjustmentId: adjustment.id, adjustmentNumber: adjustment.number };
  });
}
