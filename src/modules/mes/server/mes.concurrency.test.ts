// Two operators finish the same last operation at the same moment (production.md §6): the operation row is locked,
// so the finishes run one after the other — each quantity is counted once, the operation is done once and the
// output is posted once. The same tap sent twice at once (one Idempotency-Key) is counted once too.
// Real concurrency needs real connections: PostgreSQL only.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { moOperations, moPostings, timeEntries } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { createMesFixture, type MesFixture } from './mes.fixture.ts';

describe.runIf(process.env.DATABASE_URL)('the terminal on PostgreSQL, concurrently', () => {
  let f: MesFixture;
  beforeAll(async () => {
    f = await createMesFixture();
  });
  afterAll(() => f.t.close());

  const ok = async (res: Awaited<ReturnType<MesFixture['action']>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts two simultaneous finishes of the last operation once each and posts one output', async () => {
    for (let round = 0; round < 5; round++) {
      const item = await f.makeProduct([{}, {}]);
      const mo = await f.releasedMo(item, '10');
      const [op10, op20] = mo.ops;
      await ok(await f.action(op10!, 'start', { workerId: f.w1 }));
      await ok(await f.action(op10!, 'finish', { workerId: f.w1, goodQty: '10' }));
      await ok(await f.action(op20!, 'start', { workerId: f.w1 }));
      await ok(await f.action(op20!, 'start', { workerId: f.w2 }));
      const results = await Promise.all([
        f.action(op20!, 'finish', { workerId: f.w1, goodQty: '6' }),
        f.action(op20!, 'finish', { workerId: f.w2, goodQty: '4' }),
      ]);
      expect(
        results.map((r) => r.statusCode),
        results.map((r) => r.body).join('\n'),
      ).toEqual([200, 200]);
      const [row] = await f.t.db.select().from(moOperations).where(eq(moOperations.id, op20!));
      expect(row).toMatchObject({ goodQty: '10.0000', scrapQty: '0.0000', status: 'done' });
      const entries = await f.t.db.select().from(timeEntries).where(eq(timeEntries.moOperationId, op20!));
      expect(entries.map((e) => [e.workerId, e.goodQty]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
        [
          [f.w1, '6.0000'],
          [f.w2, '4.0000'],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      );
      expect(entries.every((e) => e.endedAt !== null)).toBe(true);
      const outputs = await f.t.db
        .select()
        .from(moPostings)
        .where(and(eq(moPostings.moId, mo.id), eq(moPostings.kind, 'output')));
      expect(outputs.map((o) => o.goodQty)).toEqual(['10.0000']);
      // Exactly one of the two answers carries the output.
      expect(results.filter((r) => r.json().output !== null)).toHaveLength(1);
    }
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('counts one tap sent twice at once with the same Idempotency-Key once', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '10');
    const [op10] = mo.ops;
    await ok(await f.action(op10!, 'start', { workerId: f.w1 }));
    const key = randomUUID();
    const results = await Promise.all([
      f.action(op10!, 'report', { workerId: f.w1, goodQty: '3' }, key),
      f.action(op10!, 'report', { workerId: f.w1, goodQty: '3' }, key),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0]!.json()).toEqual(results[1]!.json());
    const [row] = await f.t.db.select().from(moOperations).where(eq(moOperations.id, op10!));
    expect(row!.goodQty).toBe('3.0000');
    await ok(await f.action(op10!, 'finish', { workerId: f.w1 }));
  });
});
