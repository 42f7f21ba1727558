// The terminal's demo books real shop-floor work through the service: one MO run to the end (lunch pause, report,
// finish; the last finish posts the output automatically), another half done with somebody still at it.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import {
  manufacturingOrders,
  moOperations,
  moPostings,
  timeEntries,
} from '@/modules/manufacturing/server/manufacturing.table.ts';
import { mesDemoSeeder } from './mes.demo.ts';
import { createMesFixture, type MesFixture } from './mes.fixture.ts';

let f: MesFixture;
beforeAll(async () => {
  f = await createMesFixture();
});
afterAll(() => f.t.close());

describe('mesDemoSeeder', () => {
  it('runs one MO to an automatic output and leaves another in progress, with real time entries', async () => {
    const item = await f.makeProduct([{}, { qualityCheck: true }]);
    const whole = await f.releasedMo(item, '4');
    const half = await f.releasedMo(item, '6');
    const logs: string[] = [];
    await f.t.db.transaction((tx) => mesDemoSeeder.run({ tx, demoPassword: 'demo', log: (m) => logs.push(m) }));
    expect(logs.at(-1)).toContain(whole.number);
    expect(logs.at(-1)).toContain(half.number);

    const opsOf = (moId: number) =>
      f.t.db.select().from(moOperations).where(eq(moOperations.moId, moId)).orderBy(asc(moOperations.seq));
    expect((await opsOf(whole.id)).map((o) => [o.status, o.goodQty])).toEqual([
      ['done', '4.0000'],
      ['done', '4.0000'],
    ]);
    const outputs = await f.t.db
      .select({ goodQty: moPostings.goodQty })
      .from(moPostings)
      .where(and(eq(moPostings.moId, whole.id), eq(moPostings.kind, 'output')));
    expect(outputs).toEqual([{ goodQty: '4.0000' }]);
    // Finished on the terminal: completed by itself, not left 'У роботі' (decision 0020).
    const [done] = await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, whole.id));
    expect(done!.status).toBe('completed');
    const firstEntries = await f.t.db
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.moOperationId, whole.ops[0]!))
      .orderBy(asc(timeEntries.startedAt));
    expect(firstEntries.map((e) => [e.minutes, e.pauseReason])).toEqual([
      ['40.00', 'Обід'],
      ['45.00', null],
    ]);

    const [op10, op20] = await opsOf(half.id);
    expect(op10).toMatchObject({ goodQty: '3.0000', status: 'paused' });
    expect(op20!.status).toBe('in_progress');
    const open = await f.t.db
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.moOperationId, op20!.id), isNull(timeEntries.endedAt)));
    expect(open).toHaveLength(1);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });
});
