// Running the ledger property's commands (issue 19 §2): each is sent through `app.inject` as the administrator, and
// what it made is remembered for the commands after it. A refusal (400, 404, 409) is a normal answer; anything
// else — a 5xx above all — fails the run. Used only by tests.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { decimalText, type Command } from './ledger-commands.ts';
import type { Answer, LedgerSuite, World, WorldItem } from './ledger-world.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The answers a command may get: done, or refused by a rule. Any other status fails the run. */
const REFUSALS = new Set([400, 404, 409]);

// ---- running commands -------------------------------------------------------------------------------------------

type MoStatus = 'planned' | 'released' | 'in_progress' | 'completed' | 'cancelled';

interface MoRef {
  id: number;
  itemId: number;
  status: MoStatus;
  /** Something was issued to it (a return may find it); stale at worst, then the command finds nothing. */
  issued: boolean;
  /** It has postings (an issue or output to cancel). */
  posted: boolean;
}

interface OrderRef {
  id: number;
  status: string;
  warehouseId: number;
  lines: Array<{ id: number; itemId: number; qty: string }>;
}

/** What one run has made so far: the documents commands act on later. */
export interface RunState {
  world: World;
  receipts: number[];
  adjustments: Array<{ id: number; mount: WorldItem['mount'] }>;
  transfers: number[];
  audits: Array<{ id: number; status: 'counting' | 'posted' }>;
  orders: OrderRef[];
  shipments: Array<{ id: number; order: OrderRef }>;
  mos: MoRef[];
  docNo: number;
}

export const newRunState = (world: World): RunState => ({
  world,
  receipts: [...world.openingReceipts],
  adjustments: [],
  transfers: [],
  audits: [],
  orders: [],
  shipments: [],
  mos: [],
  docNo: 0,
});

export interface Outcome {
  /** 'ok': the command's documents went through; 'refused': a rule said no; 'skipped': nothing to act on yet. */
  result: 'ok' | 'refused' | 'skipped';
  /** What succeeded, for the tally ('backflush', 'auditShortage', …). */
  labels: string[];
  /** The refusal's message. */
  refusal?: string;
}

const REASON = 'Перевірка властивостей обліку';

class Refused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Runs one command; throws on an answer that is neither success nor a rule's refusal. */
export async function runCommand(suite: LedgerSuite, s: RunState, cmd: Command): Promise<Outcome> {
  const labels: string[] = [];
  const send = async (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res: Answer = await suite.f.t.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: { cookie: suite.f.cookie, ...headers },
    });
    if (res.statusCode < 300) return res;
    if (REFUSALS.has(res.statusCode)) throw new Refused(res.statusCode, `${res.statusCode} ${res.body}`);
    throw new Error(`${method} ${url} ${JSON.stringify(payload ?? null)} → ${res.statusCode} ${res.body}`);
  };
  try {
    const done = await perform(suite, s, cmd, send, labels);
    if (!done) return { result: 'skipped', labels };
    return { result: 'ok', labels: [cmd.kind, ...labels] };
  } catch (err) {
    if (err instanceof Refused) return { result: 'refused', labels, refusal: err.message };
    throw err;
  }
}

type Send = (method: Method, url: string, payload?: unknown, headers?: Record<string, string>) => Promise<Answer>;

const at = <T>(list: readonly T[], pick: number): T | undefined => (list.length ? list[pick % list.length] : undefined);
/** For a cancel: an even pick takes one of the two latest documents (a mistake noticed at once), an odd one any. */
const latestOrAny = <T>(list: readonly T[], pick: number): T | undefined =>
  at(pick % 2 === 0 ? list.slice(-2) : list, pick >> 1);
const drop = <T>(list: T[], value: T) => list.splice(list.indexOf(value), 1);

interface MoDetail {
  id: number;
  status: MoStatus;
  version: number;
  itemId: number;
  materials: Array<{ id: number; itemId: number; issuedQty: string; shortQty: string; childOrders: unknown[] }>;
  operations: Array<{ id: number; status: string }>;
  postings: Array<{ id: number; kind: 'issue' | 'output'; status: string; outputPostingId: number | null }>;
}

/** Performs the command; false when there was nothing to act on. */
async function perform(suite: LedgerSuite, s: RunState, cmd: Command, send: Send, labels: string[]) {
  const { world } = s;
  const today = kyivToday();
  const item = (i: number) => world.items[i]!;
  const wh = (i: number) => world.warehouses[i]!;
  const OPEN: MoStatus[] = ['released', 'in_progress'];
  const SHIPPABLE = ['confirmed', 'partially_shipped'];
  /** An MO of the run in one of these states (and passing `also`), by the command's pick. */
  const moOf = (statuses: readonly MoStatus[], pick: number, also: (m: MoRef) => boolean = () => true) =>
    at(
      s.mos.filter((m) => statuses.includes(m.status) && also(m)),
      pick,
    );
  const moDetail = async (mo: MoRef): Promise<MoDetail> => {
    const detail = (await send('GET', `/api/manufacturing-orders/${mo.id}`)).json() as MoDetail;
    mo.status = detail.status;
    return detail;
  };
  /** An MO action answers the MO; a refused one re-reads it, so the cached status stays true either way. */
  const moAction = async (mo: MoRef, run: () => Promise<Answer>) => {
    try {
      mo.status = (await run()).json().status;
    } catch (err) {
      if (err instanceof Refused) await moDetail(mo);
      throw err;
    }
  };
  /** A posted issue or output starts the MO (released → in progress). */
  const moPosting = async (mo: MoRef, run: () => Promise<Answer>) => {
    const res = await run();
    mo.status = 'in_progress';
    mo.posted = true;
    return res;
  };
  /** Posts a counting audit; the tally learns whether it found a surplus, a shortage or both. */
  const postAudit = async (doc: RunState['audits'][number], zero: boolean) => {
    await send('POST', `/api/inventory-audits/${doc.id}/post`, { uncounted: zero ? 'zero' : 'ignore' });
    doc.status = 'posted';
    const [moved] = rowsOf<{ surplus: number; shortage: number }>(
      await suite.f.t.db.execute(sql`select count(*) filter (where qty > 0)::int as surplus,
        count(*) filter (where qty < 0)::int as shortage from stock_movements
        where document_type = 'inventory_audit' and document_id = ${doc.id}`),
    );
    if (Number(moved!.surplus) > 0) labels.push('auditSurplus');
    if (Number(moved!.shortage) > 0) labels.push('auditShortage');
  };
  const orderStatus = async (order: OrderRef) => {
    order.status = (await send('GET', `/api/orders/${order.id}`)).json().status;
  };

  switch (cmd.kind) {
    case 'receipt': {
      const draft = await send('POST', '/api/supplier-receipts', {
        supplierId: suite.supplierId,
        warehouseId: wh(cmd.wh),
        documentTypeId: suite.documentTypeId,
        supplierDocNumber: `ЛП-${world.product}-Д${++s.docNo}`,
        supplierDocDate: today,
        documentDate: today,
        ...(cmd.extra ? { extraCosts: cmd.extra } : {}),
        lines: cmd.lines.map((l) => ({ itemId: item(l.item).id, qty: l.qty, unitPrice: l.price, vatRate: '0' })),
      });
      const id = draft.json().id as number;
      await send('POST', `/api/supplier-receipts/${id}/post`);
      s.receipts.push(id);
      return true;
    }
    case 'receiptCancel': {
      const id = latestOrAny(s.receipts, cmd.pick);
      if (id === undefined) return false;
      await send('POST', `/api/supplier-receipts/${id}/cancel`, { reason: REASON });
      drop(s.receipts, id);
      return true;
    }
    case 'adjustIn':
    case 'adjustOut':
    case 'adjustCount': {
      // The quick dialog: a signed change or the counted quantity, created and posted in one call.
      const it = item(cmd.item);
      const line =
        cmd.kind === 'adjustCount'
          ? { itemId: it.id, countedQty: cmd.counted }
          : { itemId: it.id, deltaQty: cmd.kind === 'adjustOut' ? `-${cmd.qty}` : cmd.qty };
      const reasons = { adjustIn: 'surplus_found', adjustOut: 'damage', adjustCount: 'correction' } as const;
      const res = await send('POST', `/api/${it.mount}/adjustments`, {
        warehouseId: wh(cmd.wh),
        reason: reasons[cmd.kind],
        lines: [{ ...line, ...(cmd.unitCost ? { unitCost: cmd.unitCost } : {}) }],
        post: true,
      });
      s.adjustments.push({ id: res.json().id, mount: it.mount });
      return true;
    }
    case 'adjustCancel': {
      const doc = latestOrAny(s.adjustments, cmd.pick);
      if (!doc) return false;
      await send('POST', `/api/${doc.mount}/adjustments/${doc.id}/cancel`, { reason: REASON });
      drop(s.adjustments, doc);
      return true;
    }
    case 'transfer': {
      const draft = await send('POST', '/api/warehouse-transfers', {
        documentDate: today,
        fromWarehouseId: wh(cmd.from),
        toWarehouseId: wh((cmd.from + cmd.to) % 3),
        lines: cmd.lines.map((l) => ({ itemId: item(l.item).id, qty: l.qty })),
      });
      const id = draft.json().id as number;
      await send('POST', `/api/warehouse-transfers/${id}/post`);
      s.transfers.push(id);
      return true;
    }
    case 'transferCancel': {
      const id = latestOrAny(s.transfers, cmd.pick);
      if (id === undefined) return false;
      await send('POST', `/api/warehouse-transfers/${id}/cancel`, { reason: REASON });
      drop(s.transfers, id);
      return true;
    }
    case 'auditStart': {
      const created = await send('POST', '/api/inventory-audits', {
        warehouseId: wh(cmd.wh),
        ...(cmd.full ? { scope: 'full' } : { scope: 'items', itemIds: cmd.items.map((i) => item(i).id) }),
      });
      const id = created.json().id as number;
      await send('POST', `/api/inventory-audits/${id}/start`);
      s.audits.push({ id, status: 'counting' });
      const lines = (await send('GET', `/api/inventory-audits/${id}/lines`)).json() as Array<{
        id: number;
        onHand: string;
        avgCost: string | null;
      }>;
      // Counted: on hand now ± a random quantity (never below zero), some lines left uncounted.
      for (const [i, line] of lines.entries()) {
        const c = cmd.counts[i % cmd.counts.length]!;
        if (c.skip) continue;
        const onHand = Number(line.onHand);
        const counted = Math.max(0, Math.round((onHand + (c.up ? 1 : -1) * Number(c.delta)) * 10_000));
        await send('PATCH', `/api/inventory-audits/${id}/lines/${line.id}`, {
          countedQty: decimalText(counted, 4),
          ...(cmd.unitCost && line.avgCost === null ? { unitCost: cmd.unitCost } : {}),
        });
      }
      if (cmd.postNow) {
        await postAudit(s.audits.at(-1)!, false);
        labels.push('auditPostedAtOnce');
      }
      return true;
    }
    case 'auditPost': {
      const doc = at(
        s.audits.filter((a) => a.status === 'counting'),
        cmd.pick,
      );
      if (!doc) return false;
      await postAudit(doc, cmd.zero);
      return true;
    }
    case 'auditCancel': {
      // A posted audit when there is one (its variances are reversed), else one still counting.
      const posted = s.audits.filter((a) => a.status === 'posted');
      const doc = at(posted.length ? posted : s.audits, cmd.pick);
      if (!doc) return false;
      await send('POST', `/api/inventory-audits/${doc.id}/cancel`, { reason: REASON });
      labels.push(doc.status === 'posted' ? 'auditCancelPosted' : 'auditCancelCounting');
      drop(s.audits, doc);
      return true;
    }
    case 'order': {
      const sold = [world.product, world.board, world.items[0]!.id];
      const created = await send('POST', '/api/orders', {
        orderDate: today,
        clientId: suite.f.clientId,
        warehouseId: wh(cmd.wh),
        lines: cmd.lines.map((l) => ({ itemId: sold[l.item], qty: l.qty, unitPrice: '100' })),
      });
      const order = created.json() as { id: number; lines: Array<{ id: number; itemId: number; qty: string }> };
      const ref: OrderRef = {
        id: order.id,
        status: 'draft',
        warehouseId: wh(cmd.wh),
        lines: order.lines.map((l) => ({ id: l.id, itemId: l.itemId, qty: l.qty })),
      };
      s.orders.push(ref);
      // Confirmation reserves what is free in the order's warehouse.
      ref.status = (await send('POST', `/api/orders/${order.id}/confirm`)).json().status;
      return true;
    }
    case 'orderReserve': {
      const order = at(
        s.orders.filter((o) => SHIPPABLE.includes(o.status)),
        cmd.pick,
      );
      if (!order) return false;
      const action = cmd.release ? 'unreserve' : 'reserve';
      order.status = (await send('POST', `/api/orders/${order.id}/${action}`)).json().status;
      labels.push(cmd.release ? 'orderUnreserve' : 'orderReserveMore');
      return true;
    }
    case 'orderEdit': {
      const order = at(
        s.orders.filter((o) => SHIPPABLE.includes(o.status)),
        cmd.pick,
      );
      if (!order) return false;
      const current = (await send('GET', `/api/orders/${order.id}`)).json() as {
        version: number;
        lines: Array<{ id: number; itemId: number; unitPrice: string }>;
      };
      const line = at(current.lines, cmd.line)!;
      // A new quantity for one line (the reservation follows it), sometimes another warehouse (re-reserved there).
      const res = await send('PATCH', `/api/orders/${order.id}`, {
        version: current.version,
        ...(cmd.wh === null ? {} : { warehouseId: wh(cmd.wh) }),
        lines: [{ id: line.id, itemId: line.itemId, qty: cmd.qty, unitPrice: line.unitPrice }],
      });
      order.status = res.json().status;
      order.warehouseId = res.json().warehouseId;
      const kept = order.lines.find((l) => l.id === line.id);
      if (kept) kept.qty = cmd.qty;
      return true;
    }
    case 'orderCancel': {
      // Preferably one with nothing shipped yet (a partly shipped order cannot be cancelled, only closed).
      const notShipped = s.orders.filter((o) => o.status === 'confirmed');
      const order = at(notShipped.length ? notShipped : s.orders.filter((o) => o.status !== 'cancelled'), cmd.pick);
      if (!order) return false;
      order.status = (await send('POST', `/api/orders/${order.id}/cancel`, { reason: REASON })).json().status;
      return true;
    }
    case 'orderClose': {
      // 'Закрити' a shipped or partly shipped order: the lines are cut to what was shipped, reservations released.
      const order = at(
        s.orders.filter((o) => o.status === 'shipped' || o.status === 'partially_shipped'),
        cmd.pick,
      );
      if (!order) return false;
      order.status = (await send('POST', `/api/orders/${order.id}/close`, { reason: REASON })).json().status;
      return true;
    }
    case 'shipment': {
      const order = at(
        s.orders.filter((o) => SHIPPABLE.includes(o.status)),
        cmd.pick,
      );
      if (!order) return false;
      // All that is left, or a share of one line's quantity (more than is left of it is refused).
      const line = cmd.part ? at(order.lines, cmd.part.line)! : null;
      const share = line && cmd.part ? Math.max(1, Math.round(Number(line.qty) * cmd.part.percent * 100)) : 0;
      const part = line ? { lines: [{ orderLineId: line.id, qty: decimalText(share, 4) }] } : {};
      const draft = await send('POST', '/api/shipments', { orderId: order.id, ...part });
      const id = draft.json().id as number;
      try {
        await send('POST', `/api/shipments/${id}/post`);
      } catch (err) {
        // A draft that cannot go out is removed, as a user would, so it does not hold the order.
        await send('DELETE', `/api/shipments/${id}`).catch(() => undefined);
        throw err;
      }
      s.shipments.push({ id, order });
      await orderStatus(order);
      return true;
    }
    case 'shipmentCancel': {
      const shipment = latestOrAny(s.shipments, cmd.pick);
      if (!shipment) return false;
      await send('POST', `/api/shipments/${shipment.id}/cancel`, { reason: REASON });
      drop(s.shipments, shipment);
      await orderStatus(shipment.order);
      return true;
    }
    case 'moCreate': {
      const itemId = cmd.product ? world.product : world.board;
      // Make-to-order: linked to an open order line of the item; the output lands in the order's warehouse.
      const linked = cmd.demand
        ? s.orders
            .filter((o) => SHIPPABLE.includes(o.status))
            .flatMap((o) => o.lines.filter((l) => l.itemId === itemId).map((l) => ({ o, l })))[0]
        : undefined;
      const outputWarehouseId = linked ? linked.o.warehouseId : wh(cmd.outWh);
      const created = await send('POST', '/api/manufacturing-orders', {
        itemId,
        qty: cmd.qty,
        materialsWarehouseId: wh(cmd.matWh),
        outputWarehouseId,
        ...(linked ? { demands: [{ orderLineId: linked.l.id, qty: linked.l.qty }] } : {}),
      });
      const mo: MoRef = { id: created.json().id, itemId, status: 'planned', issued: false, posted: false };
      s.mos.push(mo);
      if (cmd.release) {
        await moAction(mo, () => send('POST', `/api/manufacturing-orders/${mo.id}/release`));
        labels.push('moRelease');
      }
      return true;
    }
    case 'moRelease':
    case 'moUnrelease': {
      const mo = moOf(cmd.kind === 'moRelease' ? ['planned'] : ['released'], cmd.pick);
      if (!mo) return false;
      const action = cmd.kind === 'moRelease' ? 'release' : 'unrelease';
      await moAction(mo, () => send('POST', `/api/manufacturing-orders/${mo.id}/${action}`));
      return true;
    }
    case 'moIssue': {
      const mo = moOf(OPEN, cmd.pick);
      if (!mo) return false;
      // Without lines: the remaining requirement of every material; with lines: chosen quantities, some of an item
      // off the snapshot (a component the BOM does not list).
      let lines: Array<{ moMaterialId?: number; itemId: number; qty: string }> | undefined;
      if (cmd.lines) {
        const detail = await moDetail(mo);
        lines = cmd.lines.map((l) => {
          if (l.offSnapshot || !detail.materials.length) return { itemId: world.items[2]!.id, qty: l.qty };
          const m = at(detail.materials, l.material)!;
          return { moMaterialId: m.id, itemId: m.itemId, qty: l.qty };
        });
      }
      await moPosting(mo, () =>
        send('POST', `/api/manufacturing-orders/${mo.id}/issues`, lines ? { lines } : undefined),
      );
      mo.issued = true;
      return true;
    }
    case 'moReturn': {
      // Back from the first open MO (from the pick on) that has something issued: a share of one line's issue.
      const candidates = s.mos.filter((m) => OPEN.includes(m.status) && m.issued);
      for (let i = 0; i < candidates.length; i++) {
        const mo = candidates[(cmd.pick + i) % candidates.length]!;
        const issued = (await moDetail(mo)).materials.filter((m) => Number(m.issuedQty) > 0);
        const m = at(issued, cmd.material);
        if (!m) {
          mo.issued = false;
          continue;
        }
        // Above 100 % it is more than was issued: refused.
        const qty = decimalText(Math.max(1, Math.round(Number(m.issuedQty) * cmd.percent * 100)), 4);
        await moPosting(mo, () =>
          send('POST', `/api/manufacturing-orders/${mo.id}/issues`, {
            lines: [{ moMaterialId: m.id, itemId: m.itemId, qty: `-${qty}` }],
          }),
        );
        return true;
      }
      return false;
    }
    case 'moOutput': {
      const mo = moOf(OPEN, cmd.pick);
      if (!mo) return false;
      const res = await moPosting(mo, () =>
        send('POST', `/api/manufacturing-orders/${mo.id}/outputs`, { goodQty: cmd.good }),
      );
      if (res.json().backflushIssue) {
        labels.push('backflush');
        mo.issued = true;
      }
      return true;
    }
    case 'mesFinish': {
      const mo = moOf(OPEN, cmd.pick);
      if (!mo) return false;
      const workable = async () =>
        (await moDetail(mo)).operations.filter((o) => ['ready', 'in_progress', 'paused'].includes(o.status));
      // One operation, or every one in turn as the previous passes units on (the MO finished on the terminal: its
      // last operation posts the output at once when the setting says so, with its backflush).
      let op = at(await workable(), cmd.op);
      if (!op) return false;
      const done = new Set<number>();
      while (op) {
        const id = op.id;
        done.add(id);
        const mes = (action: 'start' | 'finish', body: Record<string, unknown>) =>
          send('POST', `/api/mes/operations/${id}/${action}`, body, { 'idempotency-key': randomUUID() });
        // The worker starts (already being on it is fine) and finishes with good and scrap units.
        try {
          await mes('start', { workerId: suite.workerId });
          mo.status = 'in_progress';
        } catch (err) {
          if (!(err instanceof Refused)) throw err;
        }
        // Run through, every operation is closed and only the first reports scrap (a later one has only the good
        // units passed on to work with).
        const first = done.size === 1;
        const res = await mes('finish', {
          workerId: suite.workerId,
          goodQty: cmd.good,
          ...(cmd.scrap && first ? { scrapQty: cmd.scrap, scrapReason: 'Пошкоджено' } : {}),
          closeOperation: cmd.all || cmd.close,
        });
        const output = res.json().output as { id: number } | null;
        if (output) {
          labels.push('mesOutput');
          mo.posted = true;
          const { postings } = await moDetail(mo);
          if (postings.some((p) => p.outputPostingId === output.id)) {
            labels.push('backflush');
            mo.issued = true;
          }
        }
        op = cmd.all ? (await workable()).find((o) => !done.has(o.id)) : undefined;
      }
      return true;
    }
    case 'moIssueCancel':
    case 'moOutputCancel': {
      // 'Скасувати проведення' of an output (its backflush issue goes with it) or of an issue made by hand (a
      // backflush issue is only cancelled through its output): the first open MO from the pick on that has one.
      const kind = cmd.kind === 'moOutputCancel' ? 'output' : 'issue';
      const candidates = s.mos.filter((m) => OPEN.includes(m.status) && m.posted);
      for (let i = 0; i < candidates.length; i++) {
        const mo = candidates[(cmd.pick + i) % candidates.length]!;
        const posted = (await moDetail(mo)).postings.filter((p) => p.status === 'posted' && p.outputPostingId === null);
        if (!posted.length) mo.posted = false;
        const posting = at(
          posted.filter((p) => p.kind === kind),
          cmd.posting,
        );
        if (!posting) continue;
        await moAction(mo, () =>
          send('POST', `/api/manufacturing-orders/postings/${posting.id}/cancel`, { reason: REASON }),
        );
        return true;
      }
      return false;
    }
    case 'moChildOrders': {
      // 'Створити МВ на напівфабрикати' on an open product MO whose boards are short (as its page shows: short
      // quantity, no open child MO yet); the children's output is reserved to its material line.
      const products = s.mos.filter((m) => OPEN.includes(m.status) && m.itemId === world.product);
      let mo: MoRef | undefined;
      for (let i = 0; i < products.length && !mo; i++) {
        const candidate = products[(cmd.pick + i) % products.length]!;
        const board = (await moDetail(candidate)).materials.find((m) => m.itemId === world.board);
        if (board && Number(board.shortQty) > 0 && !board.childOrders.length) mo = candidate;
      }
      if (!mo) return false;
      const res = await send('POST', `/api/manufacturing-orders/${mo.id}/child-orders`, {});
      for (const child of res.json() as Array<{ id: number; itemId: number }>) {
        s.mos.push({ id: child.id, itemId: child.itemId, status: 'planned', issued: false, posted: false });
      }
      return true;
    }
    case 'moQty': {
      const mo = moOf(['planned', 'released', 'in_progress'], cmd.pick);
      if (!mo) return false;
      const { version } = await moDetail(mo);
      await moAction(mo, () => send('PATCH', `/api/manufacturing-orders/${mo.id}`, { version, qty: cmd.qty }));
      return true;
    }
    case 'moComplete': {
      const mo = moOf(['in_progress'], cmd.pick);
      if (!mo) return false;
      // Short output is confirmed; materials issued beyond what was made are returned or left as a variance.
      const res = await send('POST', `/api/manufacturing-orders/${mo.id}/complete`, {
        confirmShort: true,
        excess: cmd.excess,
      }).catch(async (err: unknown) => {
        if (err instanceof Refused) await moDetail(mo);
        throw err;
      });
      mo.status = res.json().status;
      if (res.json().excessHandling === 'return') labels.push('completeReturn');
      return true;
    }
    case 'moCancel': {
      // Preferably one without postings (those must be cancelled first; trying one anyway is refused).
      const active: MoStatus[] = ['planned', 'released', 'in_progress'];
      const mo = moOf(active, cmd.pick, (m) => !m.posted) ?? moOf(active, cmd.pick);
      if (!mo) return false;
      await moAction(mo, () => send('POST', `/api/manufacturing-orders/${mo.id}/cancel`, { reason: REASON }));
      return true;
    }
  }
}
