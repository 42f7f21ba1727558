// The day's stock documents. First the plan: the demand of today's shipments and reservations against the mirrored
// stock (restocking receipts and branch replenishment where it falls short), then the rest of the day's movement
// budget spent on restocking, transfers and adjustments. Then the documents, posted in the ledger's order: receipts
// and transfers, the shipments, the adjustments. The mirror keeps every outgoing line within available stock, so the
// ledger's no-negative-stock rule is never broken (the ledger still checks it and would abort the run).
import { nextNumber } from '@/modules/stock/server/index.ts';
import { DAYS } from './calendar.ts';
import {
  BRANCH,
  GOODS,
  LANES,
  MAIN,
  MIN_EXTRA,
  PARTS,
  type Pending,
  type StockDoc,
  type YearContext,
} from './context.ts';
import { adjustment, receipt, shipment, transfer } from './documents.ts';
import type { Day, Reservation } from './orders.ts';
import { inDocs, postAll } from './posting.ts';

type Lines = Array<{ k: number; qty: number }>;

interface DayPlan {
  refill: Map<number, Lines>;
  branchFromGoods: Lines;
  extraReceipts: Map<number, Lines>;
  extraTransfers: Array<{ from: number; to: number; k: number; qty: number }>;
  damage: Array<{ slot: number; k: number; delta: number }>;
  surplus: Array<{ slot: number; k: number; delta: number }>;
}

/**
 * Plans the day's stock movements. `target` is the movement budget up to today (opening balances included): what the
 * ledger has not reached of it, beyond today's shipments and refills, is spent on extra documents.
 */
function planDay(y: YearContext, d: number, due: Pending[], reserveNow: Reservation[], target: number): DayPlan {
  const { cat, mirror, r, slotOfItem } = y;
  // Demand per (slot, item) of today's shipments and reservations, against what is available.
  const need = new Map<string, { slot: number; k: number; qty: number }>();
  const want = (slot: number, k: number, qty: number) => {
    if (cat.kind[k] === 'service') return;
    const key = `${slot}:${k}`;
    const e = need.get(key) ?? { slot, k, qty: 0 };
    e.qty += qty;
    need.set(key, e);
  };
  for (const p of due) for (const l of p.lines) want(p.warehouseSlot, l.k, l.qty);
  for (const x of reserveNow) want(x.slot, x.k, x.qty);
  const refill = new Map<number, Array<{ k: number; qty: number }>>();
  const branchFromGoods: Array<{ k: number; qty: number }> = [];
  for (const e of need.values()) {
    const short = e.qty - mirror.available(e.slot, e.k);
    if (short <= 0) continue;
    const qty = short + cat.lot[e.k]!;
    const goodsNeed = need.get(`${GOODS}:${e.k}`)?.qty ?? 0;
    if (e.slot === BRANCH && mirror.available(GOODS, e.k) - goodsNeed >= qty) {
      branchFromGoods.push({ k: e.k, qty });
      continue;
    }
    refill.set(e.slot, [...(refill.get(e.slot) ?? []), { k: e.k, qty }]);
  }
  let planned = due.reduce((s, p) => s + p.lines.filter((l) => cat.kind[l.k] !== 'service').length, 0);
  for (const lines of refill.values()) planned += lines.length;
  planned += branchFromGoods.length * 2;
  // The rest of the day's movement budget: restocking receipts, transfers and adjustments.
  // The budget is cumulative, so a quiet day's small rest waits for a later day: documents stay of a useful size
  // (a small scale would otherwise make hundreds of one-line documents, all overhead).
  const owed = target - y.movements - planned;
  const budget = owed >= MIN_EXTRA || d === DAYS - 1 ? Math.max(0, owed) : 0;
  const extraReceipts = new Map<number, Array<{ k: number; qty: number }>>();
  const extraTransfers: Array<{ from: number; to: number; k: number; qty: number }> = [];
  const damage: Array<{ slot: number; k: number; delta: number }> = [];
  const surplus: Array<{ slot: number; k: number; delta: number }> = [];
  const inNeed = (slot: number, k: number) => need.has(`${slot}:${k}`);
  let left = budget;
  let guard = 0;
  while (left > 0 && guard++ < budget * 4 + 100) {
    const x = r.next();
    if (x < 0.55) {
      const goods = r.chance(0.45);
      const pool = goods ? cat.stockedGoods : cat.stockedParts;
      if (!pool.length) continue;
      const k = goods && r.chance(0.2) ? cat.hot[r.skewed(cat.hot.length, 2)]! : pool[r.skewed(pool.length, 1.3)]!;
      const slot = goods && r.chance(0.15) ? BRANCH : slotOfItem(k);
      const list = extraReceipts.get(slot) ?? [];
      if (list.some((l) => l.k === k) || refill.get(slot)?.some((l) => l.k === k)) continue;
      list.push({ k, qty: cat.lot[k]! });
      extraReceipts.set(slot, list);
      left -= 1;
    } else if (x < 0.85) {
      // Transfers move only stock nobody needs today: branch replenishment, parts to the main store, and back.
      const routes: Array<[number, number, number[]]> = [
        [GOODS, BRANCH, cat.stockedGoods],
        [PARTS, MAIN, cat.stockedParts],
        [MAIN, PARTS, cat.stockedParts],
        [BRANCH, GOODS, cat.stockedGoods],
      ];
      const [from, to, pool] = r.pick(routes);
      if (!pool.length) continue;
      const k =
        r.chance(0.2) && pool === cat.stockedGoods
          ? cat.hot[r.skewed(cat.hot.length, 2)]!
          : pool[r.skewed(pool.length, 1.3)]!;
      if (inNeed(from, k) || extraTransfers.some((t) => t.k === k && (t.from === from || t.to === from))) continue;
      const spare = Math.floor(mirror.available(from, k) * 0.4);
      if (spare < 1) continue;
      extraTransfers.push({ from, to, k, qty: spare });
      left -= 2;
    } else {
      const goods = r.chance(0.5);
      const pool = goods ? cat.stockedGoods : cat.stockedParts;
      if (!pool.length) continue;
      const k = pool[r.skewed(pool.length, 1.3)]!;
      const slot = slotOfItem(k);
      if (inNeed(slot, k) || damage.some((l) => l.k === k) || surplus.some((l) => l.k === k)) continue;
      const avail = mirror.available(slot, k);
      if (r.chance(0.6) && avail >= 2) damage.push({ slot, k, delta: -Math.max(1, Math.floor(avail * 0.05)) });
      else if (avail > 0) surplus.push({ slot, k, delta: Math.max(1, Math.floor(cat.lot[k]! * 0.1)) });
      else continue;
      left -= 1;
    }
  }
  return { refill, branchFromGoods, extraReceipts, extraTransfers, damage, surplus };
}

/** Plans, writes and posts the day's stock documents (`target`: the movement budget up to today). */
export async function postDayStock(
  y: YearContext,
  { d, date }: Day,
  due: Pending[],
  reserveNow: Reservation[],
  target: number,
) {
  const { db, cat, mirror } = y;
  const { refill, branchFromGoods, extraReceipts, extraTransfers, damage, surplus } = planDay(
    y,
    d,
    due,
    reserveNow,
    target,
  );

  // The day's documents in posting order: receipts, transfers, shipments, adjustments.
  const docs: StockDoc[] = [];
  const allReceipts = new Map<number, Array<{ k: number; qty: number }>>();
  for (const [slot, lines] of refill) allReceipts.set(slot, [...lines]);
  for (const [slot, lines] of extraReceipts) allReceipts.set(slot, [...(allReceipts.get(slot) ?? []), ...lines]);
  for (const [slot, lines] of allReceipts) {
    for (const l of lines) mirror.move(slot, l.k, l.qty);
    docs.push(...inDocs(lines, (c) => receipt(y, date, slot, c)));
  }
  // Branch replenishment for today's branch orders, then the other transfers (planned against the stock after it).
  for (const l of branchFromGoods) {
    mirror.move(GOODS, l.k, -l.qty);
    mirror.move(BRANCH, l.k, l.qty);
  }
  docs.push(...inDocs(branchFromGoods, (c) => transfer(y, date, GOODS, BRANCH, c)));
  const byRoute = new Map<string, Array<{ k: number; qty: number }>>();
  for (const t of extraTransfers) {
    const qty = Math.min(t.qty, Math.floor(mirror.available(t.from, t.k)));
    if (qty < 1) continue;
    mirror.move(t.from, t.k, -qty);
    mirror.move(t.to, t.k, qty);
    const key = `${t.from}>${t.to}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), { k: t.k, qty }]);
  }
  for (const [key, lines] of byRoute) {
    const [from, to] = key.split('>').map(Number) as [number, number];
    docs.push(...inDocs(lines, (c) => transfer(y, date, from, to, c)));
  }
  for (const p of due) {
    for (const l of p.lines) if (cat.kind[l.k] !== 'service') mirror.move(p.warehouseSlot, l.k, -l.qty);
  }
  // Shipment numbers are taken first, in one short transaction: the counter's row lock would otherwise serialise
  // the parallel lanes below (it is held to the end of the creating transaction, README §6).
  const shipmentNumbers = due.length
    ? await db.transaction(async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < due.length; i++) out.push(await nextNumber(tx, 'shipment', date));
        return out;
      })
    : [];
  const shipmentDocs = due.map((p, i) => shipment(y, date, p, shipmentNumbers[i]!));
  const laterDocs: StockDoc[] = [];
  const adjustLines = new Map<string, Array<{ k: number; delta: number }>>();
  for (const a of [...damage, ...surplus]) {
    if (a.delta < 0 && mirror.available(a.slot, a.k) < -a.delta) continue;
    mirror.move(a.slot, a.k, a.delta);
    const key = `${a.slot}:${a.delta < 0 ? 'damage' : 'surplus_found'}`;
    adjustLines.set(key, [...(adjustLines.get(key) ?? []), { k: a.k, delta: a.delta }]);
  }
  for (const [key, lines] of adjustLines) {
    const [slot, reason] = key.split(':') as [string, 'damage' | 'surplus_found'];
    laterDocs.push(...inDocs(lines, (c) => adjustment(y, date, Number(slot), reason, c)));
  }
  // Posting order: receipts and transfers, then the shipments (outgoing only, so their order among themselves
  // cannot break the stock rule: several lanes), then adjustments.
  await postAll(y, docs);
  await postAll(y, shipmentDocs, LANES);
  await postAll(y, laterDocs);
}
