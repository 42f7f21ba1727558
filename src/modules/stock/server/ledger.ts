// The stock ledger (domain README §3–4): the only way stock changes. A document posts intents inside its own
// transaction; the ledger locks item costs, then balances (always in that order, by id, so postings cannot
// deadlock), values each line at its own cost or at the moving average, refuses negative stock unless the audited
// setting allows it, updates balances and costs, and appends the movements. Cancelling appends the exact reversals;
// history is never edited. Every posting ends with the low-stock check of the items it touched (low-stock.ts).
import { formatQtyUk } from '@/shared/decimal-format.ts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { add, cmp, dec, div, fixed, isZero, min, mul, neg, round, sub, type Dec } from '@/shared/decimal.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { intArray } from '@/server/kernel/sql-arrays.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { items } from '@/resources/items/items.table.ts';
import { itemCosts, stockBalances, stockMovements, stockReservations } from './stock.table.ts';
import { checkLowStock } from './low-stock.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { ALLOW_NEGATIVE_STOCK } from './stock-settings-keys.ts';

export type LedgerDocumentType =
  | 'supplier_receipt'
  | 'shipment'
  | 'transfer'
  | 'inventory_audit'
  | 'mo_issue'
  | 'mo_output'
  | 'assembly'
  | 'disassembly'
  | 'repair_parts'
  | 'adjustment';

export interface LedgerDocument {
  type: LedgerDocumentType;
  id: number;
  number: string;
  /** The document date (YYYY-MM-DD): the movements' occurredOn. */
  date: string;
  userId: number | null;
}

interface Line {
  itemId: number;
  /** Positive, in the item's stock unit. */
  qty: string;
  lineId?: number | null;
}

export type LedgerIntent =
  /**
   * Incoming with its own cost (receipt, production output): updates the moving average. `value` (UAH, 2 decimals)
   * is the movement's exact value where the document fixed it (an assembly's Σ inputs, a disassembly's share), so
   * value in equals value out; without it the value is round2(qty × unitCost).
   */
  | (Line & { kind: 'in'; warehouseId: number; unitCost: string; value?: string })
  /** Incoming at the current average (surplus, adjustment in); `unitCost` only for an item without one yet. */
  | (Line & { kind: 'in_at_average'; warehouseId: number; unitCost?: string })
  /** Outgoing at the average; `consume` takes the stock a reservation holds for this source. */
  | (Line & { kind: 'out'; warehouseId: number; consume?: { sourceType: string; sourceId: number } })
  /** Out of one warehouse and into another at exactly the same value: the average never moves. */
  | (Line & { kind: 'transfer'; fromWarehouseId: number; toWarehouseId: number });

export interface PostedMovement {
  id: number;
  itemId: number;
  warehouseId: number;
  qty: string;
  unitCost: string;
  value: string;
}

export const ledgerMessages = {
  shortage: 'Недостатньо запасу',
  shortLine: (sku: string, warehouse: string, needed: string, available: string) =>
    `${sku} (${warehouse}): потрібно ${formatQtyUk(needed)}, доступно ${formatQtyUk(available)}`,
  service: (sku: string) => `«${sku}» — послуга, вона не має залишків`,
  noCost: (sku: string) => `Для «${sku}» ще немає собівартості — вкажіть ціну одиниці`,
  badQty: 'Кількість має бути більшою за нуль',
  unknownItem: 'Товар не знайдено',
  valueClamped:
    'Скасування документа залишило від’ємну вартість запасу при додатній кількості — вартість прирівняно до нуля',
} as const;

export { ALLOW_NEGATIVE_STOCK };

const QTY = 4;
const MONEY = 2;
const PRICE = 6;

interface CostState {
  qty: Dec;
  value: Dec;
  avg: Dec | null;
}
interface BalanceState {
  onHand: Dec;
  reserved: Dec;
}

const key = (itemId: number, warehouseId: number) => `${itemId}:${warehouseId}`;

const ledgerListeners = new Set<() => void>();

/**
 * Views computed from the ledger (the material shortage's memo and its critical check) subscribe here instead of the
 * ledger knowing them. Listeners must be cheap and synchronous: they run inside the posting's transaction and may
 * only mark something stale or schedule work for after it.
 */
export function onLedgerChanged(listener: () => void): () => void {
  ledgerListeners.add(listener);
  return () => ledgerListeners.delete(listener);
}

function notifyLedgerChanged() {
  for (const listener of ledgerListeners) listener();
}

export async function allowsNegativeStock(tx: DbOrTx): Promise<boolean> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, ALLOW_NEGATIVE_STOCK));
  return row?.value === true;
}

/** Locks and loads the cost and balance rows the intents touch, creating missing ones (README §3 step 2). */
async function lockState(tx: DbOrTx, itemIds: number[], pairs: Array<[number, number]>) {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  const pairKeys = [...new Map(pairs.map((p) => [key(...p), p])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  await tx
    .insert(itemCosts)
    .values(ids.map((itemId) => ({ itemId })))
    .onConflictDoNothing();
  if (pairKeys.length) {
    await tx
      .insert(stockBalances)
      .values(pairKeys.map(([itemId, warehouseId]) => ({ itemId, warehouseId })))
      .onConflictDoNothing();
  }
  const costRows = await tx
    .select()
    .from(itemCosts)
    .where(inArray(itemCosts.itemId, ids))
    .orderBy(asc(itemCosts.itemId))
    .for('update');
  const balanceRows = pairKeys.length
    ? await tx
        .select()
        .from(stockBalances)
        // Two array parameters, not a row constructor per pair: the bulk path locks thousands of pairs at once.
        .where(
          sql`(${stockBalances.itemId}, ${stockBalances.warehouseId}) in (select * from unnest(${intArray(
            pairKeys.map((p) => p[0]),
          )}, ${intArray(pairKeys.map((p) => p[1]))}))`,
        )
        .orderBy(asc(stockBalances.itemId), asc(stockBalances.warehouseId))
        .for('update')
    : [];
  const costs = new Map<number, CostState>(
    costRows.map((r) => [
      r.itemId,
      { qty: dec(r.qty), value: dec(r.value), avg: r.avgCost === null ? null : dec(r.avgCost) },
    ]),
  );
  const balances = new Map<string, BalanceState>(
    balanceRows.map((r) => [key(r.itemId, r.warehouseId), { onHand: dec(r.onHand), reserved: dec(r.reserved) }]),
  );
  return { costs, balances };
}

async function itemInfo(tx: DbOrTx, ids: number[]) {
  const rows = await tx
    .select({ id: items.id, sku: items.sku, kind: items.kind })
    .from(items)
    .where(inArray(items.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

async function warehouseNames(tx: DbOrTx, ids: number[]) {
  const rows = (await tx.execute(
    sql`select id, name from warehouses where id = any(${intArray([...new Set(ids)])})`,
  )) as unknown as { rows: Array<{ id: number; name: string }> };
  return new Map(rows.rows.map((r) => [Number(r.id), r.name]));
}

/** Writes the changed cost and balance rows and appends the movements. */
/** Rows per batched update: well under PostgreSQL's 65 535 bind parameters (4 per row). */
const PERSIST_CHUNK = 2000;

function chunksOf<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

async function persist(
  tx: DbOrTx,
  costs: Map<number, CostState>,
  balances: Map<string, BalanceState>,
  movements: Array<typeof stockMovements.$inferInsert>,
): Promise<PostedMovement[]> {
  // One statement per table, not per line (a 150-line document was 300 updates): the rows were locked by
  // lockState in id order, so updating them together keeps the same lock order.
  for (const chunk of chunksOf([...costs], PERSIST_CHUNK)) {
    const values = chunk.map(
      ([itemId, c]) =>
        sql`(${itemId}::int, ${fixed(c.qty, QTY)}::numeric, ${fixed(c.value, MONEY)}::numeric, ${c.avg === null ? null : fixed(c.avg, PRICE)}::numeric)`,
    );
    await tx.execute(sql`update item_costs c set qty = v.qty, value = v.value, avg_cost = v.avg, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(item_id, qty, value, avg) where c.item_id = v.item_id`);
  }
  for (const chunk of chunksOf([...balances], PERSIST_CHUNK)) {
    const values = chunk.map(([k, b]) => {
      const [itemId, warehouseId] = k.split(':').map(Number) as [number, number];
      return sql`(${itemId}::int, ${warehouseId}::int, ${fixed(b.onHand, QTY)}::numeric, ${fixed(b.reserved, QTY)}::numeric)`;
    });
    await tx.execute(sql`update stock_balances b set on_hand = v.on_hand, reserved = v.reserved, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(item_id, warehouse_id, on_hand, reserved)
      where b.item_id = v.item_id and b.warehouse_id = v.warehouse_id`);
  }
  const rows: Array<typeof stockMovements.$inferSelect> = [];
  // Several documents at once (postManyToLedger) can be thousands of movements of ~12 parameters each.
  for (const chunk of chunksOf(movements, PERSIST_CHUNK))
    rows.push(...(await tx.insert(stockMovements).values(chunk).returning()));
  return rows.map((r) => ({
    id: r.id,
    itemId: r.itemId,
    warehouseId: r.warehouseId,
    qty: r.qty,
    unitCost: r.unitCost,
    value: r.value,
  }));
}

/** Posts a document's intents (README §3 steps 2–3). The caller locked the document and checked its status. */
export async function postToLedger(
  tx: DbOrTx,
  doc: LedgerDocument,
  intents: readonly LedgerIntent[],
): Promise<PostedMovement[]> {
  const [posted] = await postManyToLedger(tx, [{ doc, intents }]);
  return posted ?? [];
}

export interface LedgerPosting {
  doc: LedgerDocument;
  intents: readonly LedgerIntent[];
}

/**
 * The bulk path (an import, the bench's generated year): posts several documents in one transaction as if each were
 * posted by postToLedger in the given order — the same costs, averages and movements — but locks and loads every row
 * they touch once, writes each table once and runs the low-stock check once over all touched items (so it sees the
 * state after the last document, not every state in between). A shortage in any document refuses them all. Answers
 * each document's movements in the order given.
 */
export async function postManyToLedger(tx: DbOrTx, postings: readonly LedgerPosting[]): Promise<PostedMovement[][]> {
  const all = postings.flatMap((p) => p.intents);
  if (!all.length) return postings.map(() => []);
  const info = await itemInfo(
    tx,
    all.map((i) => i.itemId),
  );
  for (const intent of all) {
    const item = info.get(intent.itemId);
    if (!item) throw new DomainError(404, ledgerMessages.unknownItem);
    if (item.kind === 'service') throw new DomainError(409, ledgerMessages.service(item.sku));
    if (cmp(dec(intent.qty), dec(0)) <= 0) throw new DomainError(400, ledgerMessages.badQty);
  }
  const pairs = all.flatMap((i): Array<[number, number]> =>
    i.kind === 'transfer'
      ? [
          [i.itemId, i.fromWarehouseId],
          [i.itemId, i.toWarehouseId],
        ]
      : [[i.itemId, i.warehouseId]],
  );
  const { costs, balances } = await lockState(
    tx,
    all.map((i) => i.itemId),
    pairs,
  );
  const negativeAllowed = await allowsNegativeStock(tx);
  const movements: Array<typeof stockMovements.$inferInsert> = [];
  const perDocument: number[] = [];
  const shortages: Array<{ itemId: number; warehouseId: number; needed: Dec; available: Dec }> = [];
  let base: Pick<
    typeof stockMovements.$inferInsert,
    'documentType' | 'documentId' | 'documentNumber' | 'occurredOn' | 'createdBy'
  >;

  const takeOut = (itemId: number, warehouseId: number, qty: Dec, lineId: number | null) => {
    const cost = costs.get(itemId)!;
    const balance = balances.get(key(itemId, warehouseId))!;
    // What a document may take: stock on hand that no one else holds. A line that consumes its own reservation
    // has already released it from `reserved` (consumeReservation), so it must not be credited a second time:
    // adding it back let an MO issue take its reservation twice and drive stock below zero (issue 19 §2).
    const available = sub(balance.onHand, balance.reserved);
    if (!negativeAllowed && cmp(qty, available) > 0) shortages.push({ itemId, warehouseId, needed: qty, available });
    const avg = cost.avg ?? dec(0);
    // The movement that empties the item takes exactly the value left, so no residue stays behind.
    const value = cmp(qty, cost.qty) === 0 ? neg(cost.value) : neg(round(mul(qty, avg), MONEY));
    cost.qty = sub(cost.qty, qty);
    cost.value = add(cost.value, value);
    balance.onHand = sub(balance.onHand, qty);
    movements.push({
      ...base,
      itemId,
      warehouseId,
      documentLineId: lineId,
      qty: fixed(neg(qty), QTY),
      unitCost: fixed(avg, PRICE),
      value: fixed(value, MONEY),
    });
    return { value, unitCost: avg };
  };

  const putIn = (itemId: number, warehouseId: number, qty: Dec, unitCost: Dec, value: Dec, lineId: number | null) => {
    const balance = balances.get(key(itemId, warehouseId))!;
    balance.onHand = add(balance.onHand, qty);
    movements.push({
      ...base,
      itemId,
      warehouseId,
      documentLineId: lineId,
      qty: fixed(qty, QTY),
      unitCost: fixed(unitCost, PRICE),
      value: fixed(value, MONEY),
    });
  };

  for (const { doc, intents } of postings) {
    base = {
      documentType: doc.type,
      documentId: doc.id,
      documentNumber: doc.number,
      occurredOn: doc.date,
      createdBy: doc.userId,
    };
    const before = movements.length;
    for (const intent of intents) {
      const qty = dec(intent.qty);
      const lineId = intent.lineId ?? null;
      const cost = costs.get(intent.itemId)!;
      switch (intent.kind) {
        case 'in': {
          const unitCost = dec(intent.unitCost);
          const value = intent.value === undefined ? round(mul(qty, unitCost), MONEY) : round(dec(intent.value), MONEY);
          const restart = cmp(cost.qty, dec(0)) <= 0;
          cost.qty = add(cost.qty, qty);
          cost.value = add(cost.value, value);
          cost.avg = restart || isZero(cost.qty) ? unitCost : div(cost.value, cost.qty, PRICE);
          putIn(intent.itemId, intent.warehouseId, qty, unitCost, value, lineId);
          break;
        }
        case 'in_at_average': {
          const unitCost = cost.avg ?? (intent.unitCost === undefined ? null : dec(intent.unitCost));
          if (unitCost === null) throw new DomainError(409, ledgerMessages.noCost(info.get(intent.itemId)!.sku));
          const value = round(mul(qty, unitCost), MONEY);
          cost.qty = add(cost.qty, qty);
          cost.value = add(cost.value, value);
          cost.avg ??= unitCost;
          putIn(intent.itemId, intent.warehouseId, qty, unitCost, value, lineId);
          break;
        }
        case 'out': {
          if (intent.consume) await consumeReservation(tx, balances, intent, qty);
          takeOut(intent.itemId, intent.warehouseId, qty, lineId);
          break;
        }
        case 'transfer': {
          const out = takeOut(intent.itemId, intent.fromWarehouseId, qty, lineId);
          // The item's totals are unchanged by a transfer: add back what takeOut removed.
          cost.qty = add(cost.qty, qty);
          cost.value = sub(cost.value, out.value);
          putIn(intent.itemId, intent.toWarehouseId, qty, out.unitCost, neg(out.value), lineId);
          break;
        }
      }
    }
    perDocument.push(movements.length - before);
  }

  if (shortages.length) {
    const names = await warehouseNames(
      tx,
      shortages.map((s) => s.warehouseId),
    );
    const lines = shortages.map((s) =>
      ledgerMessages.shortLine(
        info.get(s.itemId)!.sku,
        names.get(s.warehouseId) ?? String(s.warehouseId),
        fixed(s.needed, QTY).replace(/\.?0+$/, ''),
        fixed(s.available, QTY).replace(/\.?0+$/, '') || '0',
      ),
    );
    throw new DomainError(409, `${ledgerMessages.shortage}: ${lines.join('; ')}`);
  }
  const posted = await persist(tx, costs, balances, movements);
  await checkLowStock(tx, [...costs.keys()]);
  notifyLedgerChanged();
  const answer: PostedMovement[][] = [];
  let at = 0;
  for (const n of perDocument) {
    answer.push(posted.slice(at, at + n));
    at += n;
  }
  return answer;
}

/** Takes up to `qty` from the reservations of one source (oldest first); answers how much it took. */
async function consumeReservation(
  tx: DbOrTx,
  balances: Map<string, BalanceState>,
  intent: Extract<LedgerIntent, { kind: 'out' }>,
  qty: Dec,
): Promise<Dec> {
  const { sourceType, sourceId } = intent.consume!;
  const rows = await tx
    .select()
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.itemId, intent.itemId),
        eq(stockReservations.warehouseId, intent.warehouseId),
        eq(stockReservations.sourceType, sourceType),
        eq(stockReservations.sourceId, sourceId),
      ),
    )
    .orderBy(asc(stockReservations.id))
    .for('update');
  let left = qty;
  let taken = dec(0);
  for (const row of rows) {
    if (isZero(left)) break;
    const take = min(dec(row.qty), left);
    const rest = sub(dec(row.qty), take);
    if (isZero(rest)) await tx.delete(stockReservations).where(eq(stockReservations.id, row.id));
    else
      await tx
        .update(stockReservations)
        .set({ qty: fixed(rest, QTY) })
        .where(eq(stockReservations.id, row.id));
    left = sub(left, take);
    taken = add(taken, take);
  }
  const balance = balances.get(key(intent.itemId, intent.warehouseId))!;
  balance.reserved = sub(balance.reserved, taken);
  return taken;
}

/**
 * Cancels a posted document's stock effect: for every movement it made, one with −qty, the same unit cost and −value,
 * linked by reversesMovementId (README §3). The negative-stock rule applies, so a receipt whose goods were shipped
 * cannot be cancelled until stock allows.
 */
export async function reverseInLedger(tx: DbOrTx, doc: LedgerDocument): Promise<PostedMovement[]> {
  const originals = await tx
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.documentType, doc.type),
        eq(stockMovements.documentId, doc.id),
        isNull(stockMovements.reversesMovementId),
      ),
    )
    .orderBy(asc(stockMovements.id));
  if (!originals.length) return [];
  const { costs, balances } = await lockState(
    tx,
    originals.map((m) => m.itemId),
    originals.map((m) => [m.itemId, m.warehouseId]),
  );
  const negativeAllowed = await allowsNegativeStock(tx);
  const shortages: string[] = [];
  const movements: Array<typeof stockMovements.$inferInsert> = [];
  const clamped: Array<{ itemId: number; warehouseId: number; valueBefore: string }> = [];
  for (const m of originals) {
    const qty = neg(dec(m.qty));
    let value = neg(dec(m.value));
    const cost = costs.get(m.itemId)!;
    const balance = balances.get(key(m.itemId, m.warehouseId))!;
    balance.onHand = add(balance.onHand, qty);
    if (!negativeAllowed && cmp(balance.onHand, balance.reserved) < 0) shortages.push(String(m.itemId));
    cost.qty = add(cost.qty, qty);
    let newValue = add(cost.value, value);
    // Stock consumed meanwhile at a different cost can leave a positive quantity with a negative value: clamp to 0.
    if (cmp(cost.qty, dec(0)) > 0 && cmp(newValue, dec(0)) < 0) {
      clamped.push({ itemId: m.itemId, warehouseId: m.warehouseId, valueBefore: fixed(newValue, MONEY) });
      value = sub(value, newValue);
      newValue = dec(0);
    }
    if (isZero(cost.qty)) {
      value = sub(value, newValue);
      newValue = dec(0);
    }
    cost.value = newValue;
    if (cmp(cost.qty, dec(0)) > 0) cost.avg = div(cost.value, cost.qty, PRICE);
    movements.push({
      itemId: m.itemId,
      warehouseId: m.warehouseId,
      qty: fixed(qty, QTY),
      unitCost: m.unitCost,
      value: fixed(value, MONEY),
      documentType: m.documentType,
      documentId: m.documentId,
      documentLineId: m.documentLineId,
      documentNumber: m.documentNumber,
      occurredOn: doc.date,
      reversesMovementId: m.id,
      createdBy: doc.userId,
    });
  }
  if (shortages.length) {
    const info = await itemInfo(tx, shortages.map(Number));
    const skus = [...new Set(shortages.map((id) => info.get(Number(id))?.sku ?? id))];
    throw new DomainError(409, `${ledgerMessages.shortage}: ${skus.join(', ')} — частину вже відвантажено або списано`);
  }
  const posted = await persist(tx, costs, balances, movements);
  // The clamp changes an item's stock value by hand, in effect: say so in the log (warehouse.md, AVCO).
  for (const c of clamped) {
    await audit(
      tx,
      { userId: doc.userId },
      {
        action: 'update',
        entityType: 'item_costs',
        entityId: c.itemId,
        before: { value: c.valueBefore },
        after: {
          value: fixed(dec(0), MONEY),
          warehouseId: c.warehouseId,
          document: { type: doc.type, id: doc.id, number: doc.number },
          note: ledgerMessages.valueClamped,
        },
      },
    );
  }
  await checkLowStock(tx, [...costs.keys()]);
  notifyLedgerChanged();
  return posted;
}

/** Holds available stock for a source (an order line, an MO material). Refuses more than is available. */
export async function reserveStock(
  tx: DbOrTx,
  r: { itemId: number; warehouseId: number; qty: string; sourceType: string; sourceId: number },
): Promise<void> {
  const qty = dec(r.qty);
  if (cmp(qty, dec(0)) <= 0) throw new DomainError(400, ledgerMessages.badQty);
  const { balances } = await lockState(tx, [r.itemId], [[r.itemId, r.warehouseId]]);
  const balance = balances.get(key(r.itemId, r.warehouseId))!;
  const available = sub(balance.onHand, balance.reserved);
  if (cmp(qty, available) > 0) {
    const info = await itemInfo(tx, [r.itemId]);
    const names = await warehouseNames(tx, [r.warehouseId]);
    throw new DomainError(
      409,
      `${ledgerMessages.shortage}: ${ledgerMessages.shortLine(
        info.get(r.itemId)?.sku ?? String(r.itemId),
        names.get(r.warehouseId) ?? String(r.warehouseId),
        fixed(qty, QTY).replace(/\.?0+$/, ''),
        fixed(available, QTY).replace(/\.?0+$/, '') || '0',
      )}`,
    );
  }
  balance.reserved = add(balance.reserved, qty);
  await tx.insert(stockReservations).values({ ...r, qty: fixed(qty, QTY) });
  await persist(tx, new Map(), balances, []);
  // Reserved stock is no longer available: the item may have become low (warehouse.md §0).
  await checkLowStock(tx, [r.itemId]);
}

/** Releases every reservation of a source (cancel, close). */
export async function releaseStock(tx: DbOrTx, sourceType: string, sourceId: number): Promise<void> {
  const rows = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.sourceType, sourceType), eq(stockReservations.sourceId, sourceId)));
  if (!rows.length) return;
  const { balances } = await lockState(
    tx,
    rows.map((r) => r.itemId),
    rows.map((r) => [r.itemId, r.warehouseId]),
  );
  for (const row of rows) {
    const balance = balances.get(key(row.itemId, row.warehouseId))!;
    balance.reserved = sub(balance.reserved, dec(row.qty));
  }
  await tx
    .delete(stockReservations)
    .where(and(eq(stockReservations.sourceType, sourceType), eq(stockReservations.sourceId, sourceId)));
  await persist(tx, new Map(), balances, []);
  await checkLowStock(
    tx,
    rows.map((r) => r.itemId),
  );
}
