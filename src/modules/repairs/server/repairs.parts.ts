// A repair's parts (production.md §7): draft lines (item, qty, price for the client) kept by PUT, posted as one RPP
// document through the ledger (out at the average, inside withPostingRetry), and an RPP cancelled by reversing its
// movements — its lines become drafts again. Every change is audited; the repair's stored costs follow.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { checkVersion } from '@/server/kernel/documents.ts';
import { withPostingRetry } from '@/server/kernel/posting-retry.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { add, dec, fixed, neg } from '@/shared/decimal.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import type { z } from '@/shared/zod-uk.ts';
import { audit, type AuditContext } from '@/modules/system-logs/server/index.ts';
import { nextNumber, postToLedger, reverseInLedger, type LedgerDocument } from '@/modules/stock/server/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { warehouses } from '@/resources/warehouses/warehouses.table.ts';
import {
  repairMessages,
  type RepairPartLine,
  type RepairPartsState,
  type RepairPosting,
  type repairPartsPostSchema,
  type repairPartsPutSchema,
} from '../repairs.contract.ts';
import { repairParts, repairPartsPostingLines, repairPartsPostings, repairs } from './repairs.table.ts';
import { isoOf, MONEY, POSTING_ENTITY, ENTITY } from './repairs.common.ts';
import { loadRepair, storeCosts } from './repairs.write.ts';

type PutBody = z.output<typeof repairPartsPutSchema>;
type PostBody = z.output<typeof repairPartsPostSchema>;

/** Part lines may change until the repair is ready. */
const PARTS_OPEN = ['received', 'diagnosed', 'in_repair'];

export async function repairPartsState(db: DbOrTx, repairId: number): Promise<RepairPartsState> {
  const repair = await loadRepair(db, repairId);
  const lines = rowsOf<{
    id: number;
    item_id: number;
    sku: string;
    item_name: string;
    unit: string | null;
    qty: string;
    price: string;
    amount: string;
    posting_id: number | null;
  }>(
    await db.execute(sql`select p.id, p.item_id, i.sku, i.name as item_name, u.short_name as unit, p.qty::text as qty,
        p.price_for_client::text as price, round(p.qty * p.price_for_client, 2)::numeric(18,2)::text as amount,
        p.posting_id
      from repair_parts p join items i on i.id = p.item_id left join units u on u.id = i.unit_id
      where p.repair_id = ${repairId} order by p.sort_order, p.id`),
  );
  const toLine = (l: (typeof lines)[number]): RepairPartLine => ({
    id: Number(l.id),
    itemId: Number(l.item_id),
    sku: l.sku,
    itemName: l.item_name,
    unitShortName: l.unit,
    qty: l.qty,
    priceForClient: l.price,
    amount: l.amount,
    postingId: l.posting_id == null ? null : Number(l.posting_id),
  });
  const postings = rowsOf<{
    id: number;
    number: string;
    document_date: string;
    status: 'posted' | 'cancelled';
    warehouse_id: number;
    warehouse_name: string;
    value: string;
    cancelled_at: string | null;
    lines: unknown;
  }>(
    await db.execute(sql`select d.id, d.number, d.document_date::text as document_date, d.status, d.warehouse_id,
        w.name as warehouse_name, d.value::text as value, (to_json(d.cancelled_at) #>> '{}') as cancelled_at,
        coalesce((select json_agg(json_build_object('itemId', l.item_id, 'sku', i.sku, 'itemName', i.name,
            'qty', l.qty::text, 'unitCost', l.unit_cost::text, 'value', l.value::text) order by l.id)
          from repair_parts_posting_lines l join items i on i.id = l.item_id where l.posting_id = d.id), '[]'::json)
          as lines
      from repair_parts_postings d join warehouses w on w.id = d.warehouse_id
      where d.repair_id = ${repairId} order by d.id`),
  );
  return {
    repairId,
    version: repair.version,
    lines: lines.filter((l) => l.posting_id == null).map(toLine),
    postedLines: lines.filter((l) => l.posting_id != null).map(toLine),
    postings: postings.map((p): RepairPosting => ({
      id: Number(p.id),
      number: p.number,
      documentDate: p.document_date,
      status: p.status,
      warehouseId: Number(p.warehouse_id),
      warehouseName: p.warehouse_name,
      value: p.value,
      lines: ((typeof p.lines === 'string' ? JSON.parse(p.lines) : p.lines) as RepairPosting['lines']).map((l) => ({
        ...l,
        itemId: Number(l.itemId),
      })),
      cancelledAt: isoOf(p.cancelled_at),
    })),
  };
}

const bump = (tx: DbOrTx, id: number, version: number) =>
  tx
    .update(repairs)
    .set({ version: version + 1, updatedAt: new Date() })
    .where(eq(repairs.id, id));

/** Replaces the draft lines (posted lines stay as they are). */
export async function saveRepairParts(tx: DbOrTx, ctx: AuditContext, id: number, body: PutBody) {
  const repair = await loadRepair(tx, id, true);
  checkVersion(body.version, repair.version, repairMessages.version);
  if (!PARTS_OPEN.includes(repair.status)) throw new DomainError(409, repairMessages.partsLocked);
  const itemIds = [...new Set(body.lines.map((l) => l.itemId))];
  if (itemIds.length) {
    const found = await tx.select({ id: items.id, kind: items.kind }).from(items).where(inArray(items.id, itemIds));
    if (found.length !== itemIds.length || found.some((i) => i.kind === 'service')) {
      throw new DomainError(400, repairMessages.reference);
    }
  }
  const before = await tx
    .delete(repairParts)
    .where(and(eq(repairParts.repairId, id), isNull(repairParts.postingId)))
    .returning();
  if (body.lines.length) {
    await tx.insert(repairParts).values(
      body.lines.map((l, i) => ({
        repairId: id,
        itemId: l.itemId,
        qty: l.qty,
        priceForClient: l.priceForClient ?? '0',
        sortOrder: i + 1,
      })),
    );
  }
  await bump(tx, id, repair.version);
  await audit(tx, ctx, {
    action: 'update',
    entityType: 'repair_parts',
    entityId: id,
    before: before.map(({ itemId, qty, priceForClient }) => ({ itemId, qty, priceForClient })),
    after: body.lines,
  });
  return repairPartsState(tx, id);
}

/** The given warehouse, else the active one that covers the most draft lines (the default first on a tie). */
async function partsWarehouse(tx: DbOrTx, warehouseId: number | undefined, repairId: number): Promise<number> {
  if (warehouseId) {
    const [w] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId));
    if (!w) throw new DomainError(400, repairMessages.noWarehouse, { warehouseId: repairMessages.noWarehouse });
    return w.id;
  }
  const [w] = rowsOf<{ id: number }>(
    await tx.execute(sql`select w.id from warehouses w where w.is_active
      order by (select count(*) from repair_parts p join stock_balances b on b.item_id = p.item_id and b.warehouse_id = w.id
          where p.repair_id = ${repairId} and p.posting_id is null and b.on_hand - b.reserved >= p.qty) desc,
        w.is_default desc, w.id limit 1`),
  );
  if (!w) throw new DomainError(400, repairMessages.noWarehouse, { warehouseId: repairMessages.noWarehouse });
  return Number(w.id);
}

/** Posts every draft line as one RPP: out of the warehouse at the average cost. */
export async function postRepairParts(db: DbOrTx, ctx: AuditContext, id: number, body: PostBody) {
  return withPostingRetry(db, async (tx) => {
    const repair = await loadRepair(tx, id, true);
    if (!PARTS_OPEN.includes(repair.status)) throw new DomainError(409, repairMessages.partsLocked);
    const drafts = await tx
      .select()
      .from(repairParts)
      .where(and(eq(repairParts.repairId, id), isNull(repairParts.postingId)))
      .orderBy(asc(repairParts.sortOrder), asc(repairParts.id));
    if (!drafts.length) throw new DomainError(409, repairMessages.noPartsToPost);
    const warehouseId = await partsWarehouse(tx, body?.warehouseId, id);
    const documentDate = body?.documentDate ?? kyivToday();
    const [posting] = await tx
      .insert(repairPartsPostings)
      .values({
        number: await nextNumber(tx, 'repair_parts', documentDate),
        documentDate,
        status: 'posted',
        repairId: id,
        warehouseId,
        postedAt: new Date(),
        postedBy: ctx.userId,
        createdBy: ctx.userId,
      })
      .returning();
    const doc: LedgerDocument = {
      type: 'repair_parts',
      id: posting!.id,
      number: posting!.number,
      date: documentDate,
      userId: ctx.userId,
    };
    const moved = await postToLedger(
      tx,
      doc,
      drafts.map((d) => ({ kind: 'out' as const, itemId: d.itemId, qty: d.qty, warehouseId, lineId: d.id })),
    );
    let total = dec(0);
    const lines = drafts.map((d, i) => {
      const m = moved[i]!;
      // An outgoing movement is negative; the RPP keeps what left stock as positive.
      const value = dec(m.value).units < 0n ? neg(dec(m.value)) : dec(m.value);
      total = add(total, value);
      return {
        postingId: posting!.id,
        partId: d.id,
        itemId: d.itemId,
        qty: d.qty,
        unitCost: m.unitCost,
        value: fixed(value, MONEY),
      };
    });
    await tx.insert(repairPartsPostingLines).values(lines);
    await tx
      .update(repairPartsPostings)
      .set({ value: fixed(total, MONEY) })
      .where(eq(repairPartsPostings.id, posting!.id));
    await tx
      .update(repairParts)
      .set({ postingId: posting!.id })
      .where(
        inArray(
          repairParts.id,
          drafts.map((d) => d.id),
        ),
      );
    await bump(tx, id, repair.version);
    await storeCosts(tx, id);
    await audit(tx, ctx, {
      action: 'post',
      entityType: POSTING_ENTITY,
      entityId: posting!.id,
      after: { number: posting!.number, repairId: id, warehouseId, lines, value: fixed(total, MONEY) },
    });
    return repairPartsState(tx, id);
  });
}

/** Cancels an RPP: its movements reversed (stock back at the same value), its lines drafts again. */
export async function cancelRepairPosting(db: DbOrTx, ctx: AuditContext, postingId: number, reason: string | null) {
  return withPostingRetry(db, async (tx) => {
    const [posting] = await tx
      .select()
      .from(repairPartsPostings)
      .where(eq(repairPartsPostings.id, postingId))
      .for('update');
    if (!posting) throw new DomainError(404, repairMessages.postingNotFound);
    const repair = await loadRepair(tx, posting.repairId, true);
    if (posting.status !== 'posted') throw new DomainError(409, repairMessages.postingCancelled);
    if (!PARTS_OPEN.includes(repair.status)) throw new DomainError(409, repairMessages.partsLocked);
    await reverseInLedger(tx, {
      type: 'repair_parts',
      id: posting.id,
      number: posting.number,
      date: kyivToday(),
      userId: ctx.userId,
    });
    await tx
      .update(repairPartsPostings)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelledBy: ctx.userId,
        cancelReason: reason,
        version: posting.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(repairPartsPostings.id, postingId));
    await tx.update(repairParts).set({ postingId: null }).where(eq(repairParts.postingId, postingId));
    await bump(tx, repair.id, repair.version);
    await storeCosts(tx, repair.id);
    await audit(tx, ctx, {
      action: 'cancel',
      entityType: POSTING_ENTITY,
      entityId: postingId,
      before: { status: 'posted', repairId: repair.id },
      after: { status: 'cancelled', reason, entity: ENTITY },
    });
    return repairPartsState(tx, repair.id);
  });
}
