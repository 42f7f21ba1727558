// The year's production (issue 24's speed): the shop's departments and workers, completed manufacturing orders with
// their operations, the workers' time entries (pauses and scrap among them) and the output postings through the
// ledger, then the released MOs of the next weeks the planning page loads. What /production-stats,
// /production-analytics and /production-planning read, at the scale of the rest of the year.
//
// How it is made, and what it leaves out:
// - Departments and workers through the resource engine's insertIn, as the UI would (few rows).
// - The MOs are scheduled as a shop would run them: each MO's operations in sequence, each operation's time booked by
//   the department's worker who is free first, within 08:00–17:00 on working days; an operation is sometimes split
//   by a pause with its reason, and some entries record scrap with a reason. The number of workers per department is
//   sized from its year of work at about 85 % utilisation, so the schedule keeps pace with the calendar.
// - Rows are written many per statement; MO and output numbers come from the real nextNumber; each output is posted
//   through the ledger's bulk path (postManyToLedger) as one 'mo_output' document with its 'post' audit record.
// - Materials are not issued: the components' year is the simulation's, and these outputs come in at their
//   conversion cost (labour and overhead of their time entries) only. The pages measured here read the MOs, their
//   operations, time entries and output postings, which are complete.
// One random stream of its own, so adding this part changes nothing else of the dataset.
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import { resourceEngine } from '@/resources/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { nextNumber, postManyToLedger } from '@/modules/stock/server/index.ts';
import {
  manufacturingOrders,
  moOperations,
  moPostings,
  timeEntries,
} from '@/modules/manufacturing/server/manufacturing.table.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { add, dec, div, fixed, mul } from '@/shared/decimal.ts';
import { ACTOR, CHUNK, fastCommit, insertChunked } from './bulk.ts';
import type { Catalogue } from './items.ts';
import { createRandom, type Random } from './random.ts';
import { firstNames, surnames } from './words.ts';
import type { World } from './world.ts';
import { daysOf, spread } from './year/calendar.ts';

const ctx = { userId: null, actor: ACTOR } as const;
const MINUTE = 60_000;
/** The shift, in Kyiv time: 08:00–17:00 (the offset is taken as +02:00; DST moves it an hour, never across a day). */
const SHIFT_START = 8 * 60;
const SHIFT_END = 17 * 60;
const UTILISATION = 0.85;
/** Outputs per ledger call and transaction. */
const OUTPUTS_PER_TX = 200;

const DEPARTMENTS = [
  { code: 'ПАЙ', name: 'Дільниця паяння', overhead: '95.00', setup: [10, 25], run: [0.8, 2.5] },
  { code: 'МНТ', name: 'Дільниця монтажу', overhead: '80.00', setup: [10, 20], run: [1.0, 3.0] },
  { code: 'ВТК', name: 'Відділ технічного контролю', overhead: '60.00', setup: [0, 5], run: [0.3, 1.0] },
] as const;
const PAUSES = ['Очікування матеріалів', 'Налаштування обладнання', 'Перерва', 'Консультація з технологом'];
const SCRAP_REASONS = ['Дефект пайки', 'Пошкодження корпусу', 'Не пройшов перевірку'];

export interface ProductionResult {
  workers: number;
  completed: number;
  open: number;
  timeEntries: number;
  movements: number;
}

interface Worker {
  id: number;
  rate: string;
  /** Minutes since the epoch at which the worker is free. */
  freeAt: number;
}
interface PlannedEntry {
  worker: Worker;
  start: number;
  end: number;
  good: number;
  scrap: number;
  scrapReason: string | null;
  pauseReason: string | null;
}
interface PlannedOp {
  dept: number;
  seq: number;
  name: string;
  setup: number;
  run: number;
  entries: PlannedEntry[];
}
interface PlannedMo {
  k: number;
  qty: number;
  released: number;
  due: string;
  ops: PlannedOp[];
  completed: number;
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00+02:00`) / MINUTE;
const isoOf = (minutes: number) => new Date(minutes * MINUTE);
const kyivDate = (minutes: number) => new Date((minutes + 120) * MINUTE).toISOString().slice(0, 10);
const minutesText = (m: number) => (Math.round(m * 100) / 100).toFixed(2);

/** The first working minute at or after `t`: within the shift, on a weekday. */
function workingAt(t: number): number {
  for (;;) {
    const date = kyivDate(t);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const start = dayStart(date);
    if (weekday === 0 || weekday === 6 || t >= start + SHIFT_END) {
      t = dayStart(addDays(date, 1)) + SHIFT_START;
      continue;
    }
    return Math.max(t, start + SHIFT_START);
  }
}

/**
 * Books `minutes` of work for the department's first free worker from `from`: entries within the shift, the rest on
 * the next working day; a quarter of the longer operations are split by a pause with its reason.
 */
function book(r: Random, crew: Worker[], from: number, minutes: number, qty: number, scrap: number): PlannedEntry[] {
  const worker = crew.reduce((a, b) => (b.freeAt < a.freeAt ? b : a));
  const pauseAfter = minutes > 40 && r.chance(0.25) ? Math.round(minutes * (0.3 + r.next() * 0.4)) : null;
  const entries: PlannedEntry[] = [];
  let t = workingAt(Math.max(from, worker.freeAt));
  let left = minutes;
  let worked = 0;
  let goodLeft = qty - scrap;
  while (left > 0) {
    let want = left;
    let pause: string | null = null;
    if (pauseAfter !== null && worked < pauseAfter && worked + want > pauseAfter) {
      want = pauseAfter - worked;
      pause = r.pick(PAUSES);
    }
    const shiftEnd = dayStart(kyivDate(t)) + SHIFT_END;
    const end = Math.min(t + want, shiftEnd);
    if (end < t + want) pause = null; // the shift ended, not a pause
    left -= end - t;
    worked += end - t;
    const last = left <= 0;
    const good = last ? goodLeft : Math.floor(((qty - scrap) * (end - t)) / minutes);
    goodLeft -= good;
    entries.push({
      worker,
      start: t,
      end,
      good,
      scrap: last ? scrap : 0,
      scrapReason: last && scrap > 0 ? r.pick(SCRAP_REASONS) : null,
      pauseReason: pause,
    });
    t = workingAt(end + (pause ? r.int(10, 45) : 0));
  }
  worker.freeAt = entries[entries.length - 1]!.end;
  return entries;
}

async function buildShop(db: Db, r: Random, crewSizes: number[]) {
  return db.transaction(async (tx) => {
    const insertIn = (route: string, values: Record<string, unknown>) =>
      resourceEngine.insertIn(tx, ctx, route, values);
    const crews: Worker[][] = [];
    const deptIds: number[] = [];
    for (const [d, dept] of DEPARTMENTS.entries()) {
      const { id } = await insertIn('/departments', {
        code: dept.code,
        name: dept.name,
        isProduction: true,
        overheadRatePerHour: dept.overhead,
      });
      deptIds.push(id);
      const crew: Worker[] = [];
      for (let i = 0; i < crewSizes[d]!; i++) {
        const rate = `${r.int(110, 190)}.00`;
        const worker = await insertIn('/workers', {
          lastName: r.pick(surnames),
          firstName: r.pick(firstNames),
          personnelNumber: `В-${dept.code}-${String(i + 1).padStart(3, '0')}`,
          departmentId: id,
          hourlyRate: rate,
          weeklyHours: 40,
          hireDate: addDays(kyivToday(), -800 - r.int(0, 700)),
        });
        crew.push({ id: worker.id, rate, freeAt: 0 });
      }
      crews.push(crew);
    }
    return { crews, deptIds };
  });
}

/** The made products (those with a BOM: every 'product' of the catalogue, boms.ts). */
const productsOf = (cat: Catalogue) => cat.kind.flatMap((kind, k) => (kind === 'product' ? [k] : []));

export async function createProduction(
  db: Db,
  world: World,
  cat: Catalogue,
  mosPerYear: number,
  log: (line: string) => void,
): Promise<ProductionResult> {
  const r = createRandom(20_260_124);
  const products = productsOf(cat);
  if (!products.length || mosPerYear <= 0) return { workers: 0, completed: 0, open: 0, timeEntries: 0, movements: 0 };
  const today = kyivToday();
  const dates = daysOf(today);
  const perDay = spread(mosPerYear, dates);

  // ---- the plan: each MO's quantity, operations and their minutes ----
  const plans: PlannedMo[] = [];
  const totals = DEPARTMENTS.map(() => 0);
  for (const [d, date] of dates.entries()) {
    for (let i = 0; i < perDay[d]!; i++) {
      const qty = r.int(5, 40);
      const released = dayStart(date) + SHIFT_START + r.int(0, 240);
      const ops = DEPARTMENTS.map((dept, di) => {
        const setup = r.int(dept.setup[0], dept.setup[1]);
        const run = Math.round((dept.run[0] + r.next() * (dept.run[1] - dept.run[0])) * 100) / 100;
        totals[di]! += setup + run * qty;
        return { dept: di, seq: (di + 1) * 10, name: dept.name.replace(/^Дільниця /, ''), setup, run, entries: [] };
      });
      const due = addDays(date, r.chance(0.12) ? 2 : r.int(5, 12));
      plans.push({ k: products[r.skewed(products.length, 2)]!, qty, released, due, ops, completed: 0 });
    }
  }
  // Workers enough for each department's year at about 85 %: 250 working days of 9 h.
  const crewSizes = totals.map((t) => Math.max(1, Math.ceil(t / (250 * (SHIFT_END - SHIFT_START) * UTILISATION))));
  const shop = await buildShop(db, r, crewSizes);

  // ---- the schedule ----
  const now = Date.now() / MINUTE;
  for (const mo of plans) {
    let t = mo.released;
    for (const op of mo.ops) {
      // Actual time differs from the plan: 80–130 % of setup + run × qty; scrap now and then.
      const planned = op.setup + op.run * mo.qty;
      const actual = Math.max(1, Math.round(planned * (0.8 + r.next() * 0.5)));
      const scrap = r.chance(0.08) ? r.int(1, 2) : 0;
      op.entries = book(r, shop.crews[op.dept]!, t, actual, mo.qty, Math.min(scrap, mo.qty - 1));
      t = op.entries[op.entries.length - 1]!.end;
    }
    mo.completed = t;
  }
  // An MO still running now is not history: the year keeps the ones finished an hour ago at the latest.
  const done = plans.filter((mo) => mo.completed < now - 60);
  log(
    `  працівників ${crewSizes.join(' + ')} у ${DEPARTMENTS.length} відділах; завершених ВЗ ${done.length.toLocaleString('uk-UA')}`,
  );

  // ---- writing: MOs, operations, entries; outputs through the ledger ----
  let entriesWritten = 0;
  let movements = 0;
  for (let at = 0; at < done.length; at += OUTPUTS_PER_TX) {
    const chunk = done.slice(at, at + OUTPUTS_PER_TX);
    await db.transaction(async (tx) => {
      await fastCommit(tx);
      const costs = chunk.map((mo) => costOf(mo, shop));
      const heads = [];
      for (const [i, mo] of chunk.entries()) {
        const releasedDate = kyivDate(mo.released);
        heads.push({
          number: await nextNumber(tx, 'manufacturing_order', releasedDate),
          itemId: cat.id[mo.k]!,
          qty: String(mo.qty),
          outputWarehouseId: world.wh.goods,
          materialsWarehouseId: world.wh.parts,
          plannedStart: releasedDate,
          dueDate: mo.due,
          status: 'completed' as const,
          releasedAt: isoOf(mo.released),
          startedAt: isoOf(mo.ops[0]!.entries[0]!.start),
          completedAt: isoOf(mo.completed),
          plannedLabour: costs[i]!.plannedLabour,
          plannedOverhead: costs[i]!.plannedOverhead,
          plannedMaterial: '0.00',
          plannedTotal: fixed(add(dec(costs[i]!.plannedLabour), dec(costs[i]!.plannedOverhead)), 2),
          actualMaterial: '0.00',
          actualLabour: costs[i]!.labour,
          actualOverhead: costs[i]!.overhead,
          actualTotal: costs[i]!.total,
          createdAt: isoOf(mo.released - 60),
          updatedAt: isoOf(mo.completed),
        });
      }
      const ids = await tx
        .insert(manufacturingOrders)
        .values(heads)
        .returning({ id: manufacturingOrders.id, number: manufacturingOrders.number });
      const opRows = chunk.flatMap((mo, i) =>
        mo.ops.map((op) => ({
          moId: ids[i]!.id,
          seq: op.seq,
          name: op.name,
          departmentId: shop.deptIds[op.dept]!,
          setupMinutes: String(op.setup),
          runMinutesPerUnit: String(op.run),
          plannedMinutes: minutesText(op.setup + op.run * mo.qty),
          status: 'done' as const,
          goodQty: String(op.entries.reduce((s, e) => s + e.good, 0)),
          scrapQty: String(op.entries.reduce((s, e) => s + e.scrap, 0)),
          startedAt: isoOf(op.entries[0]!.start),
          finishedAt: isoOf(op.entries[op.entries.length - 1]!.end),
        })),
      );
      const opIds = await tx.insert(moOperations).values(opRows).returning({ id: moOperations.id });
      const entryRows = chunk
        .flatMap((mo) => mo.ops)
        .flatMap((op, j) =>
          op.entries.map((e) => ({
            workerId: e.worker.id,
            moOperationId: opIds[j]!.id,
            startedAt: isoOf(e.start),
            endedAt: isoOf(e.end),
            minutes: minutesText(e.end - e.start),
            hourlyRate: e.worker.rate,
            goodQty: String(e.good),
            scrapQty: String(e.scrap),
            scrapReason: e.scrapReason,
            pauseReason: e.pauseReason,
            source: 'mes',
            createdAt: isoOf(e.start),
            updatedAt: isoOf(e.end),
          })),
        );
      await insertChunked(tx, entryRows, (rows) => tx.insert(timeEntries).values(rows));
      entriesWritten += entryRows.length;

      // The output of each MO: an MOO posting and its ledger document, as postMoOutput posts it.
      const outputs = [];
      for (const [i, mo] of chunk.entries()) {
        const date = kyivDate(mo.completed);
        const good = mo.qty - mo.ops.reduce((s, op) => s + op.entries.reduce((n, e) => n + e.scrap, 0), 0);
        const unitCost = fixed(div(dec(costs[i]!.total), dec(good), 6), 6);
        const [posting] = await tx
          .insert(moPostings)
          .values({
            moId: ids[i]!.id,
            kind: 'output',
            number: await nextNumber(tx, 'mo_output', date),
            postingDate: date,
            status: 'posted',
            goodQty: String(good),
            scrapQty: String(mo.qty - good),
            materialValue: '0.00',
            conversionValue: costs[i]!.total,
            unitCost,
            createdAt: isoOf(mo.completed),
          })
          .returning({ id: moPostings.id, number: moPostings.number });
        outputs.push({
          doc: { type: 'mo_output' as const, id: posting!.id, number: posting!.number, date, userId: null },
          intents: [
            {
              kind: 'in' as const,
              itemId: cat.id[mo.k]!,
              warehouseId: world.wh.goods,
              qty: String(good),
              unitCost,
              value: costs[i]!.total,
              lineId: null,
            },
          ],
        });
      }
      const posted = await postManyToLedger(tx, outputs);
      movements += posted.reduce((n, p) => n + p.length, 0);
      await tx.insert(auditLog).values([
        ...ids.map((mo, i) => ({
          userId: null,
          actor: ACTOR,
          action: 'complete',
          entityType: 'manufacturing_orders',
          entityId: String(mo.id),
          after: { number: mo.number, status: 'completed', qty: String(chunk[i]!.qty) },
        })),
        ...outputs.map((o) => ({
          userId: null,
          actor: ACTOR,
          action: 'post',
          entityType: 'mo_outputs',
          entityId: String(o.doc.id),
          after: { number: o.doc.number, date: o.doc.date, status: 'posted', lines: 1 },
        })),
      ]);
    });
  }

  const open = await releaseNextWeeks(db, world, cat, products, shop.deptIds, r, Math.round(mosPerYear / 26));
  return {
    workers: crewSizes.reduce((s, n) => s + n, 0),
    completed: done.length,
    open,
    timeEntries: entriesWritten,
    movements,
  };
}

/** Labour at each entry's rate, overhead at its department's rate per hour; planned from the operations' norms. */
function costOf(mo: PlannedMo, shop: { crews: Worker[][] }) {
  let labour = dec(0);
  let overhead = dec(0);
  let plannedLabour = dec(0);
  let plannedOverhead = dec(0);
  for (const op of mo.ops) {
    const rate = dec(DEPARTMENTS[op.dept]!.overhead);
    const crew = shop.crews[op.dept]!;
    // Planned at the department's average rate (the norm does not know who will do it).
    const crewRate = div(
      crew.reduce((sum, w) => add(sum, dec(w.rate)), dec(0)),
      dec(crew.length),
      6,
    );
    const planned = dec(minutesText(op.setup + op.run * mo.qty));
    plannedLabour = add(plannedLabour, div(mul(planned, crewRate), dec(60), 8));
    plannedOverhead = add(plannedOverhead, div(mul(planned, rate), dec(60), 8));
    for (const e of op.entries) {
      const minutes = dec(minutesText(e.end - e.start));
      labour = add(labour, div(mul(minutes, dec(e.worker.rate)), dec(60), 8));
      overhead = add(overhead, div(mul(minutes, rate), dec(60), 8));
    }
  }
  return {
    labour: fixed(labour, 2),
    overhead: fixed(overhead, 2),
    total: fixed(add(dec(fixed(labour, 2)), dec(fixed(overhead, 2))), 2),
    plannedLabour: fixed(plannedLabour, 2),
    plannedOverhead: fixed(plannedOverhead, 2),
  };
}

/**
 * The load of the coming weeks: released MOs with their operations' snapshot (ready, nothing booked), planned to start
 * over the next eight weeks — two weeks' worth of the year's pace, front-loaded as a real backlog is.
 */
async function releaseNextWeeks(
  db: Db,
  world: World,
  cat: Catalogue,
  products: number[],
  deptIds: number[],
  r: Random,
  count: number,
): Promise<number> {
  const today = kyivToday();
  let written = 0;
  await db.transaction(async (tx: DbOrTx) => {
    await fastCommit(tx);
    for (let at = 0; at < count; at += CHUNK) {
      const heads = [];
      const plans = [];
      for (let i = at; i < Math.min(count, at + CHUNK); i++) {
        const start = addDays(today, Math.floor(Math.pow(r.next(), 1.6) * 56));
        const qty = r.int(5, 40);
        plans.push({ qty, ops: DEPARTMENTS.map((d) => ({ setup: r.int(d.setup[0], d.setup[1]), run: d.run[0] })) });
        heads.push({
          number: await nextNumber(tx, 'manufacturing_order', today),
          itemId: cat.id[products[r.skewed(products.length, 2)]!]!,
          qty: String(qty),
          outputWarehouseId: world.wh.goods,
          materialsWarehouseId: world.wh.parts,
          plannedStart: start,
          dueDate: addDays(start, r.int(5, 12)),
          status: 'released' as const,
          releasedAt: new Date(),
        });
      }
      const ids = await tx.insert(manufacturingOrders).values(heads).returning({ id: manufacturingOrders.id });
      await tx.insert(moOperations).values(
        plans.flatMap((p, i) =>
          p.ops.map((op, di) => ({
            moId: ids[i]!.id,
            seq: (di + 1) * 10,
            name: DEPARTMENTS[di]!.name.replace(/^Дільниця /, ''),
            departmentId: deptIds[di]!,
            setupMinutes: String(op.setup),
            runMinutesPerUnit: String(op.run),
            plannedMinutes: minutesText(op.setup + op.run * p.qty),
            status: di === 0 ? ('ready' as const) : ('pending' as const),
          })),
        ),
      );
      await tx.insert(auditLog).values(
        ids.map((mo) => ({
          userId: null,
          actor: ACTOR,
          action: 'release',
          entityType: 'manufacturing_orders',
          entityId: String(mo.id),
          after: { status: 'released' },
        })),
      );
      written += ids.length;
    }
  });
  return written;
}

/** The scale's MOs a year: a shop making 12 000 orders a year for 100 000 items (the full scale). */
export const mosFor = (items: number) => Math.max(20, Math.round(items * 0.12));
