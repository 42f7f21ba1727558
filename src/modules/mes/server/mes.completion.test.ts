// Issue 21 on the terminal and the output posting: the MO completes by itself once its full quantity is out and
// nothing is left to decide (decision 0020), otherwise it is 'Готово до завершення'; and material availability —
// every short line named on the MO, the board card and the queue, the first start asks (or, by the setting, refuses).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/audit.table.ts';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { moOperations, moPostings } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { createMesFixture, type MesFixture } from './mes.fixture.ts';

let f: MesFixture;
beforeAll(async () => {
  f = await createMesFixture();
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<MesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const detail = (id: number) => f.api('GET', `/api/manufacturing-orders/${id}`).then((r) => ok(r));
const autoCompletions = async (moId: number) =>
  (
    await f.t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'manufacturing_orders'),
          eq(auditLog.entityId, String(moId)),
          sql`${auditLog.after} ->> 'status' = 'completed'`,
        ),
      )
  ).map((r) => r.after as Record<string, unknown>);

/** Runs every operation: start, finish with the full quantity. */
async function runAll(ops: number[], qty: string) {
  for (const op of ops) {
    await ok(await f.action(op, 'start', { workerId: f.w1 }));
    await ok(await f.action(op, 'finish', { workerId: f.w1, goodQty: qty }));
  }
}

describe('the MO completes by itself (decision 0020)', () => {
  it('completes when the last operation posts the full output, audited as automatic', async () => {
    const item = await f.makeProduct([{}, {}]);
    const mo = await f.releasedMo(item, '2');
    await runAll(mo.ops, '2');
    const done = await detail(mo.id);
    expect(done).toMatchObject({ status: 'completed', producedQty: '2.0000', readyToComplete: false });
    const audits = await autoCompletions(mo.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ status: 'completed', auto: true, short: false });
    const card = (await ok(await f.api('GET', '/api/production-tasks'))).find((t: { id: number }) => t.id === mo.id);
    expect(card).toMatchObject({ status: 'completed', moStatus: 'completed', readyToComplete: false });
  });

  it('stays in progress, ready to complete, when materials were issued beyond the need; completes on the choice', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '2');
    const before = await detail(mo.id);
    const line = before.materials[0];
    await ok(
      await f.api('POST', `/api/manufacturing-orders/${mo.id}/issues`, {
        lines: [{ moMaterialId: line.id, itemId: line.itemId, qty: '6' }],
      }),
      201,
    );
    await runAll(mo.ops, '2');
    const after = await detail(mo.id);
    expect(after).toMatchObject({ status: 'in_progress', producedQty: '2.0000', readyToComplete: true });
    expect(after.excessLines).toHaveLength(1);
    const card = (await ok(await f.api('GET', '/api/production-tasks'))).find((t: { id: number }) => t.id === mo.id);
    expect(card).toMatchObject({ status: 'in-progress', readyToComplete: true });
    await ok(await f.api('POST', `/api/manufacturing-orders/${mo.id}/complete`, { excess: 'return' }));
    expect((await detail(mo.id)).status).toBe('completed');
  });

  it('an output with operations still open leaves it ready to complete; the last finish then completes it', async () => {
    const item = await f.makeProduct([{}, {}]);
    const mo = await f.releasedMo(item, '3');
    const posted = await ok(await f.api('POST', `/api/manufacturing-orders/${mo.id}/outputs`, { goodQty: '3' }), 201);
    expect(posted.completed).toBe(false);
    expect(await detail(mo.id)).toMatchObject({ status: 'in_progress', readyToComplete: true });
    await runAll(mo.ops, '3');
    expect((await detail(mo.id)).status).toBe('completed');
    const outputs = await f.t.db
      .select()
      .from(moPostings)
      .where(and(eq(moPostings.moId, mo.id), eq(moPostings.kind, 'output')));
    expect(outputs.map((o) => o.goodQty)).toEqual(['3.0000']);
  });

  it('a short output (less than the quantity) does not complete', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '4');
    await ok(await f.action(mo.ops[0]!, 'start', { workerId: f.w1 }));
    await ok(await f.action(mo.ops[0]!, 'finish', { workerId: f.w1, goodQty: '3', closeOperation: true }));
    expect(await detail(mo.id)).toMatchObject({ status: 'in_progress', producedQty: '3.0000', readyToComplete: false });
  });

  it('the /production completion dialog: its output completes the MO by itself, once', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '2');
    await f.api('POST', `/api/manufacturing-orders/${mo.id}/start`);
    await f.t.db.update(moOperations).set({ status: 'done' }).where(eq(moOperations.moId, mo.id));
    const card = await ok(await f.api('POST', `/api/production-tasks/${mo.id}/complete`, { goodQty: '2' }));
    expect(card).toMatchObject({ status: 'completed', moStatus: 'completed' });
    // One completion of the MO (automatic, with its actual cost), besides the board's own record of the move.
    const audits = await autoCompletions(mo.id);
    expect(audits.filter((a) => 'actual' in a)).toEqual([expect.objectContaining({ auto: true })]);
    expect(audits.filter((a) => a.via === 'kanban')).toHaveLength(1);
  });

  it('two last postings at once complete the MO once', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '2');
    await f.api('POST', `/api/manufacturing-orders/${mo.id}/start`);
    await f.t.db.update(moOperations).set({ status: 'done' }).where(eq(moOperations.moId, mo.id));
    const results = await Promise.all([
      f.api('POST', `/api/manufacturing-orders/${mo.id}/outputs`, { goodQty: '2' }),
      f.api('POST', `/api/manufacturing-orders/${mo.id}/outputs`, { goodQty: '2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 201)!.json().completed).toBe(true);
    expect((await detail(mo.id)).status).toBe('completed');
    expect(await autoCompletions(mo.id)).toHaveLength(1);
  });
});

describe('material availability', () => {
  /** A product whose BOM adds two materials with little stock (1 and 2 units) to the plentiful component. */
  async function shortProduct() {
    const item = await f.makeProduct([{}, {}]);
    const a = await f.product({ stock: '1', cost: '3.00' });
    const b = await f.product({ stock: '2', cost: '4.00' });
    const [bom] = await f.t.db.select().from(boms).where(eq(boms.itemId, item));
    await f.t.db.insert(bomLines).values([
      { bomId: bom!.id, lineNo: 2, componentItemId: a, qty: '1' },
      { bomId: bom!.id, lineNo: 3, componentItemId: b, qty: '1.5' },
    ]);
    return { item, a, b };
  }

  it('names every short line on the MO, the board card and the queue; the first start asks, then starts', async () => {
    const { item, a, b } = await shortProduct();
    const mo = await f.releasedMo(item, '4');
    const view = await detail(mo.id);
    // 4 × 1 needed, 1 held for the MO; 4 × 1.5 = 6 needed, 2 held. The plentiful component is not listed.
    expect(view.materialsShort).toEqual([
      expect.objectContaining({ itemId: a, needed: '4.0000', available: '1.0000', unit: expect.any(String) }),
      expect.objectContaining({ itemId: b, needed: '6.0000', available: '2.0000' }),
    ]);
    const card = (await ok(await f.api('GET', '/api/production-tasks'))).find((t: { id: number }) => t.id === mo.id);
    expect(card.materialsShort.map((s: { itemId: number }) => s.itemId)).toEqual([a, b]);
    const queue = await ok(await f.api('GET', `/api/mes/queue?departmentId=${f.departmentId}`));
    const row = queue.find((r: { id: number }) => r.id === mo.ops[0]);
    expect(row.materialsShort).toHaveLength(2);

    const asked = await f.action(mo.ops[0]!, 'start', { workerId: f.w1 });
    expect(asked.statusCode).toBe(409);
    const body = asked.json();
    expect(body.error).toMatch(/^Бракує матеріалів: /);
    expect(body.error).toContain(`${view.materialsShort[0].sku} `);
    expect(body.error).toContain(`${view.materialsShort[1].sku} `);
    expect(body.error).toContain('потрібно 6');
    expect(body.error).toMatch(/Почати все одно\?$/);
    expect(body.fields.confirmShortMaterials).toBe(body.error);
    const [op] = await f.t.db.select().from(moOperations).where(eq(moOperations.id, mo.ops[0]!));
    expect(op!.status).toBe('ready');

    await ok(await f.action(mo.ops[0]!, 'start', { workerId: f.w1, confirmShortMaterials: true }));
    // Only the first start asks: the next operation starts without a question.
    await ok(await f.action(mo.ops[0]!, 'finish', { workerId: f.w1, goodQty: '4' }));
    await ok(await f.action(mo.ops[1]!, 'start', { workerId: f.w2 }));
  });

  it('shows a decimal quantity with a comma in the message', async () => {
    const { item } = await shortProduct();
    const mo = await f.releasedMo(item, '3');
    const asked = (await f.action(mo.ops[0]!, 'start', { workerId: f.w1 })).json();
    expect(asked.error).toContain('потрібно 4,5');
  });

  it('enough materials: nothing short, the start needs no confirmation; planned MOs are checked from the spec', async () => {
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '5');
    expect((await detail(mo.id)).materialsShort).toEqual([]);
    await ok(await f.action(mo.ops[0]!, 'start', { workerId: f.w1 }));

    const { item: shortItem, a } = await shortProduct();
    const planned = await ok(
      await f.api('POST', '/api/manufacturing-orders', {
        itemId: shortItem,
        qty: '2',
        outputWarehouseId: f.warehouseId,
        materialsWarehouseId: f.warehouseId,
      }),
      201,
    );
    const view = await detail(planned.id);
    expect(view.status).toBe('planned');
    expect(view.materialsShort.map((s: { itemId: number }) => s.itemId)).toContain(a);
  });

  it('refuses the start with the list when the production setting says so', async () => {
    await ok(await f.api('PATCH', '/api/manufacturing-orders/settings', { refuseStartWhenShort: true }));
    try {
      const { item } = await shortProduct();
      const mo = await f.releasedMo(item, '4');
      const refused = await f.action(mo.ops[0]!, 'start', { workerId: f.w1, confirmShortMaterials: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatch(/^Бракує матеріалів: .*Почати неможливо/);
      expect(refused.json().fields).toBeUndefined();
    } finally {
      await ok(await f.api('PATCH', '/api/manufacturing-orders/settings', { refuseStartWhenShort: false }));
    }
  });
});
