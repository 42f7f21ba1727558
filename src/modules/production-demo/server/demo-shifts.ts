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
  /** The operation's norms (minutes): what a shift's booked time follows. */
  setup: number;
  run: number;
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

/** Where a shift starts (UTC; Kyiv is 2–3 h ahead) and how long it may run: the whole day, or its morning or afternoon. */
const SHIFTS = {
  0: { from: 6 * 60, length: 240 },
  1: { from: 10 * 60 + 45, length: 180 },
  2: { from: 6 * 60, length: 420 },
};

const moment = (monday: string, day: number, minutes: number) => {
  const d = at(monday, day, '00:00');
  return new Date(d.getTime() + minutes * 60_000);
};

/**
 * One shift on the terminal: start, the work of its units at the operation's norm (90–115 % of setup on the first
 * shift + run × units, as real hands differ from a norm), the odd stop or the lunch when the work runs that long, and
 * the finish with what was done. A department with little to do books little: its utilisation says so, its
 * efficiency stays a real shop's.
 */
async function work(tx: Tx, monday: string, s: Slot, ops: Op[], week: number) {
  const { op } = s;
  const prev = ops.filter((o) => o.moIndex === op.moIndex && o.seq < op.seq).at(-1);
  const available = (prev ? prev.good : op.moQty) - op.good - op.scrap;
  op.done += 1;
  const last = op.done === op.slots;
  const first = op.good + op.scrap === 0;
  const base = { workerId: s.workerId, ...(op.qualityCheck ? { qcPassed: true } : {}) };
  if (!last && available <= 0 && first) return; // nothing to start on yet
  const pace = 0.9 + ((week + s.day + s.workerId) % 6) * 0.05;
  const shift = SHIFTS[s.half];
  // What fits in the shift at this pace; the operation's last shift finishes the rest, however long it takes.
  const fits = op.run > 0 ? Math.floor((shift.length / pace - (first ? op.setup : 0)) / op.run) : op.moQty;
  const share = Math.ceil(op.moQty / op.slots);
  let good = last ? available : Math.max(0, Math.min(share, fits, available, op.moQty - 1 - op.good - op.scrap));
  if (!last && good <= 0) return; // the shift went to other work
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
  const booked = Math.max(5, Math.round(((first ? op.setup : 0) + op.run * (good + scrap)) * pace));
  let t = shift.from;
  await act(tx, op.id, 'start', moment(monday, s.day, t), { ...base, confirmShortMaterials: true });
  let left = booked;
  const pauseAfter = async (after: number, reason: PauseReason, minutes: number) => {
    if (left <= after) return;
    t += after;
    left -= after;
    await act(tx, op.id, 'pause', moment(monday, s.day, t), { ...base, pauseReason: reason });
    t += minutes;
    await act(tx, op.id, 'resume', moment(monday, s.day, t), base);
  };
  if (s.half !== 1 && (week + s.day + s.workerId) % 11 === 0) {
    // A stop: the SMD line down, or the next batch of parts not brought yet.
    await pauseAfter(90, op.departmentId === ops[0]!.departmentId ? 'Поломка обладнання' : 'Немає матеріалу', 40);
  }
  // A long shift books the lunch as a pause once a week (the other days the terminal was left running off).
  if (s.half === 2 && (week + s.workerId) % 5 === s.day) await pauseAfter(240 - (booked - left), 'Обід', 45);
  await act(tx, op.id, 'finish', moment(monday, s.day, t + left), {
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
      await buyShortages(tx, mo.id, purchase, monday, { whole: true });
      moIds.push(mo.id);
      const moOps = await tx
        .select({
          id: moOperations.id,
          seq: moOperations.seq,
          departmentId: moOperations.departmentId,
          qualityCheck: moOperations.qualityCheck,
          setupMinutes: moOperations.setupMinutes,
          runMinutesPerUnit: moOperations.runMinutesPerUnit,
        })
        .from(moOperations)
        .where(eq(moOperations.moId, mo.id))
        .orderBy(asc(moOperations.seq));
      moOps.forEach(({ setupMinutes, runMinutesPerUnit, ...o }, k) =>
        ops.push({
          ...o,
          setup: Number(setupMinutes),
          run: Number(runMinutesPerUnit),
          moIndex,
          firstDay: k,
          moQty: item.qty,
          good: 0,
          scrap: 0,
          slots: 0,
          done: 0,
        }),
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
