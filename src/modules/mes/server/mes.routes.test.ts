// The shop-floor terminal (production.md §6 'Done means'): a badge scan, start, a lunch pause and resume give two
// entries whose minutes add up, with the pause recorded; finishing the last operation with 8 good posts an output
// of 8 and stock goes up by 8; 12 good on operation 20 after operation 10 passed on 10 is refused with 'Доступно 10';
// a repeated tap with the same Idempotency-Key does not double count; each worker has at most one open entry.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { roles } from '@/modules/roles/server/roles.table.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import {
  manufacturingOrders,
  moOperations,
  moPostings,
  timeEntries,
} from '@/modules/manufacturing/server/manufacturing.table.ts';
import { mesActionSchema, type MesActionInput } from '../mes.contract.ts';
import { performMesAction } from './mes.actions.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { idempotencyKeys } from './mes.table.ts';
import { createMesFixture, type MesFixture } from './mes.fixture.ts';

let f: MesFixture;
beforeAll(async () => {
  f = await createMesFixture();
});
afterAll(() => f.t.close());

const op = async (id: number) => (await f.t.db.select().from(moOperations).where(eq(moOperations.id, id)))[0]!;
const entriesOf = (operationId: number) =>
  f.t.db
    .select()
    .from(timeEntries)
    .where(eq(timeEntries.moOperationId, operationId))
    .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id));
const openOf = (workerId: number) =>
  f.t.db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.workerId, workerId), isNull(timeEntries.endedAt)));
const onHand = async (itemId: number) =>
  (
    await f.t.db
      .select({ onHand: stockBalances.onHand })
      .from(stockBalances)
      .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, f.warehouseId)))
  )[0]?.onHand ?? '0.0000';
const ok = async (res: Awaited<ReturnType<MesFixture['action']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Closes whatever a worker still has open, so tests do not see each other's entries. */
const release = async (workerId: number) =>
  f.t.db
    .update(timeEntries)
    .set({ endedAt: sql`now()`, minutes: '0' })
    .where(and(eq(timeEntries.workerId, workerId), isNull(timeEntries.endedAt)));
/** The service with an explicit moment, as the demo books past shifts. */
const at = (operationId: number, action: Parameters<typeof performMesAction>[3], body: MesActionInput, when: string) =>
  performMesAction(f.t.db, { userId: f.adminId }, operationId, action, mesActionSchema.parse(body), {
    idempotencyKey: randomUUID(),
    now: new Date(when),
  });

describe('identification', () => {
  it('finds the worker by a scanned badge (trimmed, any case) and refuses an unknown one in Ukrainian', async () => {
    const res = await f.api('POST', '/api/mes/identify', { badgeCode: '  b-001 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: f.w1, name: 'Гребенюк Іван', positionName: 'Монтажник', hasBadge: true });
    const unknown = await f.api('POST', '/api/mes/identify', { badgeCode: 'NOPE-999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Працівника з таким бейджем не знайдено');
  });

  it('lists the department’s workers and tells the terminal the badge setting and departments', async () => {
    const list = await f.api('GET', `/api/mes/workers?departmentId=${f.departmentId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((w: { id: number }) => w.id)).toEqual([f.w1, f.w2]);
    expect(list.headers['x-total-count']).toBe('2');
    const other = await f.api('GET', `/api/mes/workers?departmentId=${f.otherDepartmentId}`);
    expect(other.json()).toEqual([]);
    const context = (await f.api('GET', '/api/mes/context')).json();
    expect(context).toMatchObject({ requireBadge: false, autoOutputOnLastOperation: true, worker: null });
    expect(context.departments.map((d: { id: number }) => d.id)).toEqual(
      expect.arrayContaining([f.departmentId, f.otherDepartmentId]),
    );
  });
});

describe('start, pause for lunch, resume', () => {
  it('scans a badge, starts, pauses for «Обід» and resumes: two entries, the pause recorded, the MO in progress', async () => {
    const item = await f.makeProduct([{}, {}]);
    const mo = await f.releasedMo(item, '5');
    const worker = (await f.api('POST', '/api/mes/identify', { badgeCode: 'B-002' })).json();
    const [op10] = mo.ops;

    const started = await ok(await f.action(op10!, 'start', { workerId: worker.id }));
    expect(started.operation.status).toBe('in_progress');
    expect(started.operation.workers.map((w: { workerId: number }) => w.workerId)).toEqual([worker.id]);
    const [moRow] = await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, mo.id));
    expect(moRow!.status).toBe('in_progress');

    const paused = await ok(await f.action(op10!, 'pause', { workerId: worker.id, pauseReason: 'Обід' }));
    expect(paused.operation.status).toBe('paused');
    expect(paused.entry).toMatchObject({ pauseReason: 'Обід' });
    expect(paused.entry.endedAt).not.toBeNull();

    const resumed = await ok(await f.action(op10!, 'resume', { workerId: worker.id }));
    expect(resumed.operation.status).toBe('in_progress');
    await ok(await f.action(op10!, 'finish', { workerId: worker.id, goodQty: '2' }));

    const entries = await entriesOf(op10!);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.pauseReason).toBe('Обід');
    expect(entries[1]!.pauseReason).toBeNull();
    // The worker's own rate is the snapshot.
    expect(entries.map((e) => e.hourlyRate)).toEqual(['200.000000', '200.000000']);
    for (const e of entries) {
      const exact = (e.endedAt!.getTime() - e.startedAt.getTime()) / 60_000;
      expect(Math.abs(Number(e.minutes) - exact)).toBeLessThanOrEqual(0.005);
    }
    // Not done (2 of 5, not ticked): nobody on it, so it waits paused; the next operation is ready (flow).
    expect((await op(op10!)).status).toBe('paused');
    expect((await op(mo.ops[1]!)).status).toBe('ready');
  });

  it('books exact minutes: 08:00 start, 12:00 lunch, 12:45 resume, 16:30 finish → 240 + 225 = 465 minutes', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '4');
    const [op10] = mo.ops;
    await at(op10!, 'start', { workerId: f.w1 }, '2026-03-02T06:00:00.000Z');
    await at(op10!, 'pause', { workerId: f.w1, pauseReason: 'Обід' }, '2026-03-02T10:00:00.000Z');
    await at(op10!, 'resume', { workerId: f.w1 }, '2026-03-02T10:45:00.000Z');
    await at(op10!, 'report', { workerId: f.w1, goodQty: '1' }, '2026-03-02T12:00:00.000Z');
    await at(op10!, 'finish', { workerId: f.w1, goodQty: '3' }, '2026-03-02T14:30:00.000Z');
    const entries = await entriesOf(op10!);
    expect(entries.map((e) => [e.minutes, e.pauseReason, e.goodQty])).toEqual([
      ['240.00', 'Обід', '0.0000'],
      ['225.00', null, '4.0000'],
    ]);
    expect(fixed(add(dec(entries[0]!.minutes!), dec(entries[1]!.minutes!)), 2)).toBe('465.00');
    // No own rate: the position's rate is the snapshot.
    expect(entries[0]!.hourlyRate).toBe(f.positionRate);
    expect((await op(op10!)).status).toBe('done');
  });
});

describe('finishing the last operation', () => {
  it('posts an output of 8 at once and stock goes up by 8', async () => {
    const item = await f.makeProduct([{}, {}]);
    const mo = await f.releasedMo(item, '8');
    const [op10, op20] = mo.ops;
    const before = await onHand(item);
    await ok(await f.action(op10!, 'start', { workerId: f.w1 }));
    const first = await ok(await f.action(op10!, 'finish', { workerId: f.w1, goodQty: '8' }));
    expect(first.operation.status).toBe('done');
    expect(first.output).toBeNull();
    await ok(await f.action(op20!, 'start', { workerId: f.w2 }));
    const last = await ok(await f.action(op20!, 'finish', { workerId: f.w2, goodQty: '8' }));
    expect(last.operation.status).toBe('done');
    expect(last.output).toMatchObject({ goodQty: '8.0000' });
    expect(last.output.number).toMatch(/^MOO-/);
    const outputs = await f.t.db
      .select()
      .from(moPostings)
      .where(and(eq(moPostings.moId, mo.id), eq(moPostings.kind, 'output')));
    expect(outputs.map((o) => o.goodQty)).toEqual(['8.0000']);
    expect(fixed(dec(await onHand(item)), 4)).toBe(fixed(add(dec(before), dec(8)), 4));
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('turns a failed quality check into scrap «Брак ОТК», or keeps the operation open for rework', async () => {
    const item = await f.makeProduct([{ qualityCheck: true }]);
    const mo = await f.releasedMo(item, '6');
    const [op10] = mo.ops;
    await ok(await f.action(op10!, 'start', { workerId: f.w1 }));
    const noQc = await f.action(op10!, 'finish', { workerId: f.w1, goodQty: '2' });
    expect(noQc.statusCode).toBe(400);
    expect(noQc.json().error).toBe('Вкажіть результат контролю якості');
    const scrapped = await ok(await f.action(op10!, 'finish', { workerId: f.w1, goodQty: '2', qcPassed: false }));
    expect(scrapped.operation).toMatchObject({ goodQty: '0.0000', scrapQty: '2.0000' });
    expect(scrapped.entry).toMatchObject({ scrapReason: 'Брак ОТК', qcPassed: false, scrapQty: '2.0000' });
    await ok(await f.action(op10!, 'resume', { workerId: f.w1 }));
    const rework = await ok(
      await f.action(op10!, 'finish', {
        workerId: f.w1,
        goodQty: '4',
        qcPassed: false,
        qcFailAction: 'rework',
        closeOperation: true,
      }),
    );
    expect(rework.operation).toMatchObject({ goodQty: '0.0000', scrapQty: '2.0000', status: 'paused' });
    expect(rework.output).toBeNull();
  });
});

describe('flow check', () => {
  it('refuses 12 good on operation 20 when operation 10 passed on only 10 — «Доступно 10»', async () => {
    const item = await f.makeProduct([{}, {}, { canRunParallel: true }]);
    const mo = await f.releasedMo(item, '12');
    const [op10, op20, op30] = mo.ops;
    await ok(await f.action(op10!, 'start', { workerId: f.w1 }));
    await ok(await f.action(op10!, 'report', { workerId: f.w1, goodQty: '10' }));
    await ok(await f.action(op20!, 'start', { workerId: f.w2 }));
    const refused = await f.action(op20!, 'report', { workerId: f.w2, goodQty: '12' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Доступно 10');
    expect((await op(op20!)).goodQty).toBe('0.0000');
    // Good and scrap both use what was passed on.
    await ok(await f.action(op20!, 'report', { workerId: f.w2, goodQty: '7', scrapQty: '1', scrapReason: 'Інше' }));
    const rest = await f.action(op20!, 'finish', { workerId: f.w2, goodQty: '3' });
    expect(rest.statusCode).toBe(409);
    expect(rest.json().error).toBe('Доступно 2');
    // A parallel operation is exempt.
    await release(f.w2);
    await ok(await f.action(op30!, 'start', { workerId: f.w2 }));
    const parallel = await ok(await f.action(op30!, 'report', { workerId: f.w2, goodQty: '12' }));
    expect(parallel.operation.goodQty).toBe('12.0000');
    await release(f.w1);
    await release(f.w2);
  });
});

describe('idempotency', () => {
  it('answers a repeated tap with the stored answer and counts it once', async () => {
    const item = await f.makeProduct([{}, {}]);
    const mo = await f.releasedMo(item, '10');
    const [op10] = mo.ops;
    await ok(await f.action(op10!, 'start', { workerId: f.w1 }));
    const key = randomUUID();
    const first = await f.action(op10!, 'report', { workerId: f.w1, goodQty: '3' }, key);
    const again = await f.action(op10!, 'report', { workerId: f.w1, goodQty: '3' }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await op(op10!)).goodQty).toBe('3.0000');
    const [stored] = await f.t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ scope: `mes.report:${op10}`, statusCode: 200 });

    const otherAction = await f.action(op10!, 'finish', { workerId: f.w1, goodQty: '3' }, key);
    expect(otherAction.statusCode).toBe(409);
    expect(otherAction.json().error).toBe('Цей Idempotency-Key уже використано для іншої дії');
    expect((await op(op10!)).goodQty).toBe('3.0000');

    const noKey = await f.t.app.inject({
      method: 'POST',
      url: `/api/mes/operations/${op10}/report`,
      payload: { workerId: f.w1, goodQty: '1' },
      headers: { cookie: f.cookie },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error).toBe('Потрібен заголовок Idempotency-Key');
    await release(f.w1);
  });

  it('a refused action stores nothing, so the same key may be sent again after the cause is fixed', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '2');
    const key = randomUUID();
    const refused = await f.action(mo.ops[0]!, 'report', { workerId: f.w2, goodQty: '1' }, key);
    expect(refused.statusCode).toBe(409);
    expect(await f.t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('purges keys older than 24 hours', async () => {
    await f.t.db.insert(idempotencyKeys).values([
      { key: 'old-key-0001', scope: 'mes.start:1', statusCode: 200, createdAt: sql`now() - interval '25 hours'` },
      { key: 'new-key-0001', scope: 'mes.start:1', statusCode: 200 },
    ]);
    expect(await purgeIdempotencyKeys(f.t.db)).toBeGreaterThanOrEqual(1);
    const left = (await f.t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
    expect(left).not.toContain('old-key-0001');
    expect(left).toContain('new-key-0001');
  });
});

describe('one open entry per worker', () => {
  it('starting another operation pauses the worker’s open entry; the database allows only one', async () => {
    const item = await f.makeProduct([{}]);
    const a = await f.releasedMo(item, '3');
    const b = await f.releasedMo(item, '3');
    await ok(await f.action(a.ops[0]!, 'start', { workerId: f.w1 }));
    const moved = await ok(await f.action(b.ops[0]!, 'start', { workerId: f.w1 }));
    expect(moved.pausedEntryId).not.toBeNull();
    const open = await openOf(f.w1);
    expect(open).toHaveLength(1);
    expect(open[0]!.moOperationId).toBe(b.ops[0]);
    const [left] = await entriesOf(a.ops[0]!);
    expect(left!.endedAt).not.toBeNull();
    expect(left!.pauseReason).toBe('Інше');
    expect((await op(a.ops[0]!)).status).toBe('paused');

    const again = await f.action(b.ops[0]!, 'start', { workerId: f.w1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Ви вже працюєте над цією операцією');
    await expect(
      f.t.db.insert(timeEntries).values({ workerId: f.w1, moOperationId: a.ops[0]!, startedAt: new Date() }),
    ).rejects.toThrow();
    await release(f.w1);
  });

  it('a second operator on the same operation keeps it running when the first pauses', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '3');
    const [op10] = mo.ops;
    await ok(await f.action(op10!, 'start', { workerId: f.w1 }));
    await ok(await f.action(op10!, 'start', { workerId: f.w2 }));
    const paused = await ok(await f.action(op10!, 'pause', { workerId: f.w1, pauseReason: 'Немає матеріалу' }));
    expect(paused.operation.status).toBe('in_progress');
    expect(paused.operation.workers.map((w: { workerId: number }) => w.workerId)).toEqual([f.w2]);
    const badReason = await f.action(op10!, 'pause', { workerId: f.w2, pauseReason: 'Перекур' });
    expect(badReason.statusCode).toBe(400);
    await release(f.w2);
  });
});

describe('queue and operation screen', () => {
  it('sorts by priority, due date, MO number and seq, and shows the pending ones after', async () => {
    const item = await f.makeProduct([{ instructions: 'Паяти при 330 °C' }, {}]);
    const normal = await f.releasedMo(item, '2', { priority: 'normal', dueDate: '2026-01-10' });
    const urgent = await f.releasedMo(item, '2', { priority: 'urgent', dueDate: '2026-02-01' });
    const early = await f.releasedMo(item, '2', { priority: 'normal', dueDate: '2026-01-05' });
    const res = await f.api('GET', `/api/mes/queue?departmentId=${f.departmentId}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ id: number; moId: number; status: string; seq: number }>;
    const mine = rows.filter((r) => [normal.id, urgent.id, early.id].includes(r.moId));
    expect(mine.filter((r) => r.status !== 'pending').map((r) => r.moId)).toEqual([urgent.id, early.id, normal.id]);
    expect(mine.filter((r) => r.status === 'pending').map((r) => r.moId)).toEqual([urgent.id, early.id, normal.id]);
    const firstPending = rows.findIndex((r) => r.status === 'pending');
    expect(rows.slice(firstPending).every((r) => r.status === 'pending')).toBe(true);
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    const none = (await f.api('GET', `/api/mes/queue?departmentId=${f.otherDepartmentId}`)).json();
    expect(none).toEqual([]);

    const detail = await f.api('GET', `/api/mes/operations/${urgent.ops[0]}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      moNumber: urgent.number,
      priority: 'urgent',
      isLast: false,
      available: null,
      instructions: { operation: 'Паяти при 330 °C', techCard: { notes: 'Антистатичний браслет' } },
      materials: [{ itemId: f.componentId, requiredQty: '4.0000' }],
    });
    const second = (await f.api('GET', `/api/mes/operations/${urgent.ops[1]}`)).json();
    expect(second).toMatchObject({ isLast: true, available: '0.0000', status: 'pending' });
    const pendingStart = await f.action(urgent.ops[1]!, 'start', { workerId: f.w1 });
    expect(pendingStart.statusCode).toBe(409);
  });
});

describe('identity and rights', () => {
  it('with mes.requireBadge on, acting as another worker needs his badge; one’s own linked worker does not', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '3');
    await f.t.db.insert(settings).values({ key: 'mes.requireBadge', value: true });
    try {
      const picked = await f.action(mo.ops[0]!, 'start', { workerId: f.w1 });
      expect(picked.statusCode).toBe(403);
      expect(picked.json().error).toBe('Відскануйте свій бейдж');
      await ok(await f.action(mo.ops[0]!, 'start', { workerId: f.w1, badgeCode: 'B-001' }));
      // The shop operator's login linked to worker 2 acts as him without a badge; /mes is all he sees.
      const [operatorRole] = await f.t.db.select().from(roles).where(eq(roles.name, 'Оператор цеху'));
      const user = await createUser(f.t.db, { password: 'mes-pass', workerId: f.w2 });
      await replaceUserRoles(f.t.db, user.id, [operatorRole!.id]);
      const cookie = (await signIn(f.t.app, user.username, 'mes-pass')).cookie;
      const context = await f.api('GET', '/api/mes/context', undefined, cookie);
      expect(context.json()).toMatchObject({ requireBadge: true, worker: { id: f.w2 } });
      await ok(await f.action(mo.ops[0]!, 'start', { workerId: f.w2 }, undefined, cookie));
      expect((await f.api('GET', '/api/mes/queue', undefined, cookie)).statusCode).toBe(200);
      expect((await f.api('GET', '/api/inventory', undefined, cookie)).statusCode).toBe(403);
      expect((await f.api('GET', '/api/manufacturing-orders', undefined, cookie)).statusCode).toBe(403);
    } finally {
      await f.t.db.delete(settings).where(eq(settings.key, 'mes.requireBadge'));
      await release(f.w1);
      await release(f.w2);
    }
  });
});
