// Eight past weeks of shop-floor work (issue 24), for /production-analytics and /production-stats: every week a
// batch of power-supply boards and a batch of power supplies are released on Monday and run on the terminal by the
// workers of each operation's department — a shift a day (on the Friday two halves when a department has more
// operations open than people), a lunch pause once a week, the odd stop for equipment or materials, some scrap with
// its reason, quality checks; the last finish posts the output and the MO is completed on Friday (one of them after
// its due date). Every action goes through the terminal's service with its moment in the past.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/server/kernel/db.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { items } from '@/resources/items/items.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import {
  completeManufacturingOrder,
  createManufacturingOrder,
  releaseManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import { buyShortages, demoPurchase } from '@/modules/manufacturing/server/manufacturing.demo.ts';
import { manufacturingOrders, moOperations } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { mesActionSchema, type MesAction, type MesActionInput, type PauseReason } from '@/modules/mes/mes.contract.ts';
import { performMesAction } from '@/modules/mes/server/index.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;
export const SHIFT_WEEKS = 8;
/** The week's batch notes (the demo test finds the week's MOs by them). */
export const SHIFT_MO_NOTE = 'Тижнева партія (термінал цеху)';

interface Op {
  id: number;
  moIndex: number;
  seq: number;
  departmentId: number | null;
  qualityCheck: boolean;
  /** First working day of the week it runs on (0 = Monday): an operation starts a day after the one before it. */
  firstDay: number;
  moQty: number;
  good: number;
  scrap: number;
  slots: number;
  done: number;
}

interface Slot {
  op: Op;
  workerId: number;
  day: number;
  /** 0 and 1: the morning and afternoon halves; 2: the whole shift. */
  half: 0 | 1 | 2;
}

const at = (monday: string, day: number, utc: string) => new Date(`${addDays(monday, day)}T${utc}:00Z`);

async function act(tx: Tx, opId: number, action: MesAction, moment: Date, body: MesActionInput) {
  await performMesAction(tx, ctx, opId, action, mesActionSchema.parse(body), {
    idempotencyKey: randomUUID(),
    now: moment,
  });
}

/**
 * Who works on what: per day, each department's open operations shared out between its workers — a whole shift on
 * one operation, or on the Friday two halves when the department has more operations open than workers.
 */
function schedule(ops: Op[], crew: Map<number, number[]>, week: number): Slot[] {
  const slots: Slot[] = [];
  for (let day = 0; day < 5; day += 1) {
    for (const [departmentId, ids] of crew) {
      const open = ops.filter((o) => o.departmentId === departmentId && o.firstDay <= day);
      if (!open.length) continue;
      // Two halves only on the Friday, when every operation of the week is finished.
      const split = open.length > ids.length && day === 4;
      ids.forEach((workerId, j) => {
        // Every other week each worker of a department busy from Monday takes a day off (never the Friday).
        const fromMonday = ops.some((o) => o.departmentId === departmentId && o.firstDay === 0);
        if (!split && fromMonday && (week + j) % 2 === 1 && day === (week + j) % 4) return;
        const first = open[(j + day) % open.length]!;
        if (!split) return void slots.push({ op: first, workerId, day, half: 2 });
        slots.push({ op: first, workerId, day, half: 0 });
        slots.push({ op: open[(j + day + ids.length) % open.length]!, workerId, day, half: 1 });
      });
    }
  }
  for (const s of slots) s.op.slots += 1;
  // Per day, in the order the work flows: an operation reports after the one before it.
  return slots.sort((a, b) => a.day - b.day || a.op.moIndex - b.op.moIndex || a.op.seq - b.op.seq || a.half - b.half);
}

/** Hours of a shift (UTC; Kyiv is 2–3 h ahead): the whole day, or its morning or afternoon half. */
const HOURS = { 0: ['06:00', '10:00'], 1: ['10:45', '13:45'], 2: ['06:00', '13:00'] } as const;

/** One shift on the terminal: start, a lunch or the odd stop some days, and the finish with what was done. */
async function work(tx: Tx, monday: string, s: Slot, ops: Op[], week: number) {
  const { op } = s;
  const prev = ops.filter((o) => o.moIndex === op.moIndex && o.seq < op.seq).at(-1);
  const available = (prev ? prev.good : op.moQty) - op.good - op.scrap;
  op.done += 1;
  const last = op.done === op.slots;
  const base = { workerId: s.workerId, ...(op.qualityCheck ? { qcPassed: true } : {}) };
  if (!last && available <= 0 && op.good + op.scrap === 0) return; // nothing to start on yet
  const share = Math.ceil(op.moQty / op.slots);
  let good = last ? available : Math.max(0, Math.min(share, available, op.moQty - 1 - op.good - op.scrap));
  // Scrap, with its reason: boards at the SMD line some weeks, a power supply at assembly others.
  let scrap = 0;
  let scrapReason: string | undefined;
  if (s.day === 2 && good > 2 && op.seq === 10) {
    if (op.moIndex === 0 && week % 3 === 1) [scrap, scrapReason] = [2, 'Брак матеріалу'];
    if (op.moIndex === 1 && week % 2 === 0) [scrap, scrapReason] = [1, 'Помилка оператора'];
    good -= scrap;
  }
  op.good += good;
  op.scrap += scrap;
  const [from, to] = HOURS[s.half];
  const pause = async (reason: PauseReason, start: string, end: string) => {
    await act(tx, op.id, 'pause', at(monday, s.day, start), { ...base, pauseReason: reason });
    await act(tx, op.id, 'resume', at(monday, s.day, end), base);
  };
  await act(tx, op.id, 'start', at(monday, s.day, from), { ...base, confirmShortMaterials: true });
  if (s.half !== 1 && (week + s.day + s.workerId) % 11 === 0) {
    // A stop: the SMD line down, or the next batch of parts not brought yet.
    await pause(op.departmentId === ops[0]!.departmentId ? 'Поломка обладнання' : 'Немає матеріалу', '07:30', '08:10');
  }
  // A whole shift books the lunch as a pause once a week (the other days the terminal was left running off).
  const lunch = s.half === 2 && (week + s.workerId) % 5 === s.day;
  if (lunch) await pause('Обід', '10:00', '10:45');
  await act(tx, op.id, 'finish', at(monday, s.day, lunch ? '13:45' : to), {
    ...base,
    goodQty: String(good),
    ...(scrap ? { scrapQty: String(scrap), scrapReason } : {}),
    ...(last ? { closeOperation: true } : {}),
  });
}

/** Seeds the weeks; answers the number of MOs run. */
export async function seedShifts(tx: Tx): Promise<number> {
  const found = await tx
    .select({ id: items.id, sku: items.sku })
    .from(items)
    .where(inArray(items.sku, ['ПЛ-БЖ', 'БЖ-12-2']));
  const board = found.find((i) => i.sku === 'ПЛ-БЖ')?.id;
  const supply = found.find((i) => i.sku === 'БЖ-12-2')?.id;
  const purchase = await demoPurchase(tx);
  if (!board || !supply || !purchase) throw new Error('немає плати чи блока живлення');
  const rows = await tx
    .select({ id: workers.id, departmentId: workers.departmentId })
    .from(workers)
    .where(and(eq(workers.isActive, true), sql`coalesce(btrim(${workers.badgeCode}), '') <> ''`))
    .orderBy(asc(workers.id));
  const crew = new Map<number, number[]>();
  for (const r of rows)
    if (r.departmentId !== null) crew.set(r.departmentId, [...(crew.get(r.departmentId) ?? []), r.id]);
  const today = kyivToday();
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -weekday);
  let count = 0;
  for (let w = 0; w < SHIFT_WEEKS; w += 1) {
    const monday = addDays(thisMonday, -7 * (SHIFT_WEEKS - w));
    const qty = 50 + 4 * w;
    const ops: Op[] = [];
    const moIds: number[] = [];
    for (const [moIndex, item] of [
      [0, { itemId: board, qty: qty + 4 }],
      [1, { itemId: supply, qty }],
    ] as const) {
      const mo = await createManufacturingOrder(tx, ctx, {
        itemId: item.itemId,
        qty: String(item.qty),
        plannedStart: monday,
        // One week's power supplies were promised for Wednesday and finished on Friday: a late MO.
        dueDate: addDays(monday, w === 5 && moIndex === 1 ? 2 : 4),
        notes: SHIFT_MO_NOTE,
      });
      await releaseManufacturingOrder(tx, ctx, mo.id, { at: at(monday, 0, '05:30') });
      await buyShortages(tx, mo.id, purchase, monday);
      moIds.push(mo.id);
      const moOps = await tx
        .select({
          id: moOperations.id,
          seq: moOperations.seq,
          departmentId: moOperations.departmentId,
          qualityCheck: moOperations.qualityCheck,
        })
        .from(moOperations)
        .where(eq(moOperations.moId, mo.id))
        .orderBy(asc(moOperations.seq));
      moOps.forEach((o, k) =>
        ops.push({ ...o, moIndex, firstDay: k, moQty: item.qty, good: 0, scrap: 0, slots: 0, done: 0 }),
      );
    }
    const slots = schedule(ops, crew, w);
    for (const s of slots) await work(tx, monday, s, ops, w);
    for (const id of moIds) {
      const [row] = await tx
        .select({ status: manufacturingOrders.status })
        .from(manufacturingOrders)
        .where(eq(manufacturingOrders.id, id));
      if (row?.status === 'in_progress') {
        await completeManufacturingOrder(tx, ctx, id, {
          excess: 'variance',
          confirmShort: true,
          at: at(monday, 4, '14:40'),
        });
      }
      count += 1;
    }
  }
  return count;
}
