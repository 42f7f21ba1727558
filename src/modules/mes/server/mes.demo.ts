// Demo shop-floor work of «Техноприлад» (production.md §6), booked through the terminal's own service so the MOs have
// real time entries: on the first open demo MO the workers run every operation — start, a lunch pause, resume,
// a report and the finish — and finishing the last operation posts the output automatically; on the second one the
// first operation is half done and somebody is still at the next one. The shop operator's login is linked to his
// worker card, so signing in as him opens the terminal as him.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { dec, div, fixed, isZero, sub } from '@/shared/decimal.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { users } from '@/modules/users/server/users.table.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { completeManufacturingOrder, isReadyToComplete, moProducedQty } from '@/modules/manufacturing/server/index.ts';
import { manufacturingOrders, moOperations } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { mesActionSchema, type MesAction, type MesActionInput } from '../mes.contract.ts';
import { performMesAction } from './mes.actions.ts';
import { activeWorker } from './mes.read.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;
const MINUTE = 60_000;

interface Crew {
  byDepartment: Map<number, number[]>;
  any: number[];
}

async function crew(tx: DbOrTx): Promise<Crew> {
  const rows = await tx
    .select({ id: workers.id, departmentId: workers.departmentId })
    .from(workers)
    .where(and(activeWorker, sql`coalesce(btrim(${workers.badgeCode}), '') <> ''`))
    .orderBy(asc(workers.id));
  const byDepartment = new Map<number, number[]>();
  for (const r of rows) {
    if (r.departmentId === null) continue;
    byDepartment.set(r.departmentId, [...(byDepartment.get(r.departmentId) ?? []), r.id]);
  }
  return { byDepartment, any: rows.map((r) => r.id) };
}

const pick = (c: Crew, departmentId: number | null, nth = 0) => {
  const list = (departmentId !== null && c.byDepartment.get(departmentId)) || c.any;
  return list[nth % list.length]!;
};

async function act(tx: DbOrTx, operationId: number, action: MesAction, at: Date, body: MesActionInput) {
  return performMesAction(tx, ctx, operationId, action, mesActionSchema.parse(body), {
    idempotencyKey: randomUUID(),
    now: at,
  });
}

async function operationsOf(tx: DbOrTx, moId: number) {
  return tx
    .select({
      id: moOperations.id,
      seq: moOperations.seq,
      departmentId: moOperations.departmentId,
      qualityCheck: moOperations.qualityCheck,
    })
    .from(moOperations)
    .where(and(eq(moOperations.moId, moId), ne(moOperations.status, 'skipped')))
    .orderBy(asc(moOperations.seq));
}

/** Every operation run to the end, one after another, over the last hours; the last finish posts the output. */
async function runWholeOrder(tx: DbOrTx, c: Crew, mo: { id: number; qty: string }, end: Date) {
  const ops = await operationsOf(tx, mo.id);
  if (!ops.length) return 0;
  const span = 90; // minutes per operation
  let t = end.getTime() - ops.length * span * MINUTE - 45 * MINUTE;
  const whole = dec(mo.qty);
  const half = fixed(div(whole, dec(2), 0), 0);
  for (const [i, op] of ops.entries()) {
    const workerId = pick(c, op.departmentId, i);
    await act(tx, op.id, 'start', new Date(t), { workerId });
    if (i === 0) {
      // The lunch break of the shift.
      await act(tx, op.id, 'pause', new Date(t + 40 * MINUTE), { workerId, pauseReason: 'Обід' });
      t += 45 * MINUTE;
      await act(tx, op.id, 'resume', new Date(t + 40 * MINUTE), { workerId });
    }
    if (!isZero(dec(half))) {
      await act(tx, op.id, 'report', new Date(t + 50 * MINUTE), { workerId, goodQty: half });
    }
    const rest = fixed(sub(whole, dec(half)), 4);
    await act(tx, op.id, 'finish', new Date(t + span * MINUTE - 5 * MINUTE), {
      workerId,
      goodQty: rest,
      closeOperation: true,
      ...(op.qualityCheck ? { qcPassed: true } : {}),
    });
    t += span * MINUTE;
  }
  // The last finish completes the MO by itself (decision 0020) unless materials were issued beyond the need: the
  // foreman returns the excess, so no finished order is left 'У роботі'.
  const [row] = await tx
    .select({ status: manufacturingOrders.status, qty: manufacturingOrders.qty })
    .from(manufacturingOrders)
    .where(eq(manufacturingOrders.id, mo.id));
  const produced = (await moProducedQty(tx, [mo.id])).get(mo.id)?.produced ?? '0';
  if (row && isReadyToComplete(row.status, produced, row.qty)) {
    await completeManufacturingOrder(tx, ctx, mo.id, { excess: 'return' });
  }
  return ops.length;
}

/** The first operation half done with a lunch pause; the next one started and still running. */
async function runHalf(tx: DbOrTx, c: Crew, mo: { id: number; qty: string }, now: Date) {
  const ops = await operationsOf(tx, mo.id);
  if (!ops.length) return;
  const [first, second] = ops;
  const half = fixed(div(dec(mo.qty), dec(2), 0), 0);
  const workerId = pick(c, first!.departmentId, 1);
  const t = now.getTime() - 4 * 60 * MINUTE;
  // The operator starts even if materials are short (the terminal asks; the demo says yes).
  await act(tx, first!.id, 'start', new Date(t), { workerId, confirmShortMaterials: true });
  await act(tx, first!.id, 'pause', new Date(t + 60 * MINUTE), { workerId, pauseReason: 'Обід' });
  await act(tx, first!.id, 'resume', new Date(t + 105 * MINUTE), { workerId });
  if (isZero(dec(half))) return;
  await act(tx, first!.id, 'finish', new Date(t + 180 * MINUTE), {
    workerId,
    goodQty: half,
    ...(first!.qualityCheck ? { qcPassed: true } : {}),
  });
  if (second) {
    const next = pick(c, second.departmentId, 2);
    await act(tx, second.id, 'start', new Date(now.getTime() - 40 * MINUTE), { workerId: next });
  }
}

/** The shop operator's login (role 'Оператор цеху') books time as his own worker card. */
async function linkOperator(tx: DbOrTx) {
  const [user] = await tx
    .select({ id: users.id, workerId: users.workerId })
    .from(users)
    .where(eq(users.username, 'a.shevchuk'));
  const [worker] = await tx
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.lastName, 'Шевчук'), eq(workers.firstName, 'Андрій')));
  if (!user || !worker || user.workerId !== null) return;
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.workerId, worker.id));
  if (taken) return;
  await tx
    .update(users)
    .set({ workerId: worker.id, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  await audit(tx, ctx, {
    action: 'update',
    entityType: 'user',
    entityId: user.id,
    before: { workerId: null },
    after: { workerId: worker.id },
  });
}

export const mesDemoSeeder: DemoSeeder = {
  name: 'mes',
  async run({ tx, log }) {
    await linkOperator(tx);
    const c = await crew(tx);
    if (!c.any.length) return;
    // Open MOs nobody has worked on yet.
    const mos = await tx
      .select({
        id: manufacturingOrders.id,
        number: manufacturingOrders.number,
        qty: manufacturingOrders.qty,
        // Materials already issued by hand (the board batch): that order stays the one in progress, not run through.
        issued: sql<boolean>`exists (select 1 from mo_postings p where p.mo_id = ${manufacturingOrders.id}
          and p.kind = 'issue' and p.status = 'posted')`,
      })
      .from(manufacturingOrders)
      .where(
        and(
          inArray(manufacturingOrders.status, ['released', 'in_progress']),
          sql`exists (select 1 from mo_operations o where o.mo_id = ${manufacturingOrders.id})`,
          sql`not exists (select 1 from mo_operations o join time_entries e on e.mo_operation_id = o.id
            where o.mo_id = ${manufacturingOrders.id})`,
          isNull(manufacturingOrders.parentMoId),
        ),
      )
      .orderBy(asc(manufacturingOrders.id))
      .limit(4);
    const now = new Date();
    let whole: string | null = null;
    let half: string | null = null;
    for (const mo of mos) {
      if (whole && half) break;
      // Each scenario in a savepoint: an order the stock cannot serve (backflush) is left as it was.
      try {
        if (!whole && !mo.issued) {
          await tx.transaction(async (sp) => {
            await runWholeOrder(sp, c, mo, new Date(now.getTime() - 60 * MINUTE));
          });
          whole = mo.number;
        } else if (!half) {
          await tx.transaction(async (sp) => runHalf(sp, c, mo, now));
          half = mo.number;
        }
      } catch (err) {
        log(`Термінал цеху: ${mo.number} пропущено (${err instanceof Error ? err.message : String(err)})`);
      }
    }
    log(`Термінал цеху: виконано ${whole ?? '—'} з автоматичним випуском, у роботі ${half ?? '—'}`);
  },
};
