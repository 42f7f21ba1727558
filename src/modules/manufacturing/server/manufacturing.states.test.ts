// Manufacturing orders' state machine (production.md §4): the guards of every action, release without a spec, the
// operations of a release, recipes, unrelease, serial allocation and quantity changes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { boms } from '@/modules/bom/server/bom.table.ts';
import { techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { recipes } from '@/modules/recipes/server/recipes.table.ts';
import type { ManufacturingFixture } from './manufacturing.fixture.ts';
import { base, manufacturingSuite } from './manufacturing.routes.kit.ts';
import { refreshOperationReadiness } from './index.ts';
import { moOperations } from './manufacturing.table.ts';

const kit = manufacturingSuite();
const { ok, ledgerClean, detail, create, act, output, standardProduct, reservedFor } = kit;
let f: ManufacturingFixture;
beforeAll(() => {
  f = kit.fixture();
});

describe('manufacturing orders — state machine', () => {
  it('refuses actions out of state and keeps the guards', async () => {
    const { product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '2' });
    expect((await act(mo.id, 'start')).statusCode).toBe(409);
    expect((await act(mo.id, 'complete', {})).statusCode).toBe(409);
    expect((await act(mo.id, 'unrelease')).statusCode).toBe(409);
    expect((await f.api('POST', `${base}/${mo.id}/outputs`, { goodQty: '1' })).statusCode).toBe(409);
    expect((await act(mo.id, 'cancel', {})).statusCode).toBe(400);
    ok(await act(mo.id, 'release'));
    expect((await act(mo.id, 'release')).statusCode).toBe(409);
    expect((await f.api('DELETE', `${base}/${mo.id}`)).statusCode).toBe(409);
    expect((await act(mo.id, 'complete', {})).statusCode).toBe(409);
    const started = ok(await act(mo.id, 'start'));
    expect(started.status).toBe('in_progress');
    expect(ok(await act(mo.id, 'start')).status).toBe('in_progress');
    expect((await act(mo.id, 'unrelease')).statusCode).toBe(409);

    const planned = await create({ itemId: product, qty: '1' });
    expect((await f.api('DELETE', `${base}/${planned.id}`)).statusCode).toBe(204);
    expect((await f.api('GET', `${base}/${planned.id}`)).statusCode).toBe(404);
  });

  it("refuses to release without a spec: 'Немає діючої специфікації'", async () => {
    const product = await f.made();
    const mo = await create({ itemId: product, qty: '1' });
    const res = await act(mo.id, 'release');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Немає діючої специфікації');
    const component = await f.component();
    expect((await f.api('POST', base, { itemId: component, qty: '1' })).statusCode).toBe(400);
  });

  it('without a tech card there is one operation «Виготовлення»; parallel operations are ready at release', async () => {
    const a = await f.component({ stock: '10', cost: '1.00' });
    const simple = await f.made();
    await f.bom(simple, [{ itemId: a, qty: '1' }]);
    const mo = await create({ itemId: simple, qty: '1' });
    const released = ok(await act(mo.id, 'release'));
    expect(released.operations).toMatchObject([{ name: 'Виготовлення', departmentId: null, status: 'ready' }]);
    expect(released).toMatchObject({ specChanged: false, bomVersion: 1, techCardId: null });
    // An edit of the BOM after release leaves the snapshot alone and flags it.
    await f.t.db.update(boms).set({ version: 2 }).where(eq(boms.id, released.bomId));
    const flagged = await detail(mo.id);
    expect(flagged.specChanged).toBe(true);
    expect(flagged.materials).toEqual(released.materials);

    const flow = await f.made();
    await f.bom(flow, [{ itemId: a, qty: '1' }]);
    await f.techCard(flow, [
      { seq: 10, name: 'Пайка' },
      { seq: 20, name: 'Маркування', canRunParallel: true },
      { seq: 30, name: 'Контроль' },
    ]);
    const mo2 = await create({ itemId: flow, qty: '3' });
    const r2 = ok(await act(mo2.id, 'release'));
    expect(r2.operations.map((o: { status: string }) => o.status)).toEqual(['ready', 'ready', 'pending']);
    // Flow production: op 30 becomes ready once every earlier operation has passed on more good units.
    const ops = r2.operations as Array<{ id: number }>;
    await f.t.db.update(moOperations).set({ goodQty: '2' }).where(eq(moOperations.id, ops[0]!.id));
    await f.t.db.update(moOperations).set({ status: 'done', goodQty: '3' }).where(eq(moOperations.id, ops[1]!.id));
    await f.t.db.transaction((tx) => refreshOperationReadiness(tx, mo2.id));
    expect((await detail(mo2.id)).operations.map((o) => o.status)).toEqual(['ready', 'done', 'ready']);
  });

  it('an MO made from the non-default recipe releases with that recipe’s operations', async () => {
    const a = await f.component({ stock: '10', cost: '1.00' });
    const board = await f.made();
    const bomId = await f.bom(board, [{ itemId: a, qty: '1' }]);
    const serialCard = await f.techCard(board, [
      { seq: 10, name: 'Оплавлення' },
      { seq: 20, name: 'Контроль' },
    ]);
    await f.t.db.update(techCards).set({ isDefault: false }).where(eq(techCards.id, serialCard));
    const handCard = await f.techCard(board, [{ seq: 10, name: 'Ручна пайка' }]);
    await f.t.db.update(techCards).set({ isDefault: false }).where(eq(techCards.id, handCard));
    await f.t.db.update(techCards).set({ isDefault: true }).where(eq(techCards.id, serialCard));
    const [serial, hand] = await f.t.db
      .insert(recipes)
      .values([
        { itemId: board, name: 'Серійна, оплавлення', bomId, techCardId: serialCard, batchSize: '50', isDefault: true },
        { itemId: board, name: 'Дрібна партія, ручна пайка', bomId, techCardId: handCard, batchSize: '5' },
      ])
      .returning();
    const byDefault = ok(await act((await create({ itemId: board, qty: '1' })).id, 'release'));
    expect(byDefault.operations.map((o: { name: string }) => o.name)).toEqual(['Оплавлення', 'Контроль']);
    expect(byDefault.recipeId).toBe(serial!.id);
    const chosen = ok(await act((await create({ itemId: board, qty: '1', recipeId: hand!.id })).id, 'release'));
    expect(chosen.operations.map((o: { name: string }) => o.name)).toEqual(['Ручна пайка']);
    expect(chosen).toMatchObject({ recipeId: hand!.id, techCardId: handCard });
  });

  it('unrelease releases reservations, voids serials and drops the snapshot; not after a posting', async () => {
    const { product } = await standardProduct({ serialTracking: true });
    const mo = await create({ itemId: product, qty: '3' });
    const released = ok(await act(mo.id, 'release'));
    expect(released.serials.filter((s: { status: string }) => s.status === 'allocated')).toHaveLength(3);
    const back = ok(await act(mo.id, 'unrelease'));
    expect(back).toMatchObject({ status: 'planned', materials: [], operations: [], bomId: null });
    expect(back.serials.every((s: { status: string }) => s.status === 'void')).toBe(true);
    expect(await reservedFor(released.materials[0].id)).toBe(0);

    ok(await act(mo.id, 'release'));
    const issue = ok(await f.api('POST', `${base}/${mo.id}/issues`, {}), 201);
    expect(issue.number).toMatch(/^MOI-/);
    const refused = await act(mo.id, 'unrelease');
    expect(refused.statusCode).toBe(409);
    await ledgerClean();
  });

  it('a time entry blocks unrelease', async () => {
    const { product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '1' });
    const d = ok(await act(mo.id, 'release'));
    const worker = await f.worker();
    await f.timeEntry({ workerId: worker, moOperationId: d.operations[0].id, minutes: 5 });
    const res = await act(mo.id, 'unrelease');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('час');
  });

  it('serials: allocated at release, output in order into the warehouse, specific ones by value, unused voided', async () => {
    const { product } = await standardProduct({ serialTracking: true });
    expect((await f.api('POST', base, { itemId: product, qty: '2.5' })).statusCode).toBe(400);
    const mo = await create({ itemId: product, qty: '4' });
    const released = ok(await act(mo.id, 'release'));
    const allocated = released.serials.map((s: { value: string }) => s.value);
    expect(allocated).toHaveLength(4);
    const first = await output(mo.id, '2');
    let d = await detail(mo.id);
    const moo = d.postings.find((p) => p.id === first.id)!;
    expect(moo.serials).toEqual(allocated.slice(0, 2));
    expect(d.serials.filter((s) => s.status === 'available').every((s) => s.warehouseId === f.warehouseId)).toBe(true);
    // A serial not of this MO is refused; a chosen one is taken.
    expect((await f.api('POST', `${base}/${mo.id}/outputs`, { goodQty: '1', serials: ['NOPE-1'] })).statusCode).toBe(
      409,
    );
    await output(mo.id, '1', { serials: [allocated[3]] });
    d = await detail(mo.id);
    expect(d.serials.find((s) => s.value === allocated[3])!.status).toBe('available');
    expect(d.serials.find((s) => s.value === allocated[2])!.status).toBe('allocated');
    expect(await checkSerialInvariant(f.t.db)).toEqual([]);
    ok(await act(mo.id, 'complete', { confirmShort: true }));
    d = await detail(mo.id);
    expect(d.serials.find((s) => s.value === allocated[2])!.status).toBe('void');
    expect(await checkSerialInvariant(f.t.db)).toEqual([]);
    // Labels print one per serial.
    const labels = await f.api('GET', `${base}/${mo.id}/print/labels?template=58x40`);
    expect(labels.statusCode).toBe(200);
    expect(labels.headers['content-type']).toContain('application/pdf');
    await ledgerClean();
  });

  it('quantity change: planned free; released recomputes requirement, minutes, reservations, serials; never below produced', async () => {
    const { product } = await standardProduct({ stockA: '30', serialTracking: true });
    const mo = await create({ itemId: product, qty: '5' });
    const changed = ok(await f.api('PATCH', `${base}/${mo.id}`, { version: mo.version, qty: '8' }));
    expect(changed.qty).toBe('8.0000');
    const stale = await f.api('PATCH', `${base}/${mo.id}`, { version: mo.version, qty: '9' });
    expect(stale.statusCode).toBe(409);
    const released = ok(await act(mo.id, 'release'));
    expect(released.materials[0]).toMatchObject({ requiredQty: '16.0000', reservedQty: '16.0000' });
    await output(mo.id, '3');
    let d = await detail(mo.id);
    const low = await f.api('PATCH', `${base}/${mo.id}`, { version: d.version, qty: '2' });
    expect(low.statusCode).toBe(409);
    expect(low.json().error).toContain('3');
    // 12 units: 24 A needed, 6 issued by backflush, 18 to hold — 10 still held plus 8 of the 14 free.
    d = ok(await f.api('PATCH', `${base}/${mo.id}`, { version: d.version, qty: '12' }));
    expect(d.materials[0]).toMatchObject({ requiredQty: '24.0000', issuedQty: '6.0000' });
    expect(d.materials[0]!.reservedQty).toBe('18.0000');
    expect(d.operations[0]!.plannedMinutes).toBe('36.00');
    expect(d.costs.planned).toMatchObject({ labour: '72.00', overhead: '24.00' });
    expect(d.serials.filter((s) => s.status === 'allocated')).toHaveLength(9);
    d = ok(await f.api('PATCH', `${base}/${mo.id}`, { version: d.version, qty: '4' }));
    expect(d.materials[0]).toMatchObject({ requiredQty: '8.0000', reservedQty: '2.0000' });
    expect(d.serials.filter((s) => s.status === 'allocated')).toHaveLength(1);
    expect(await checkSerialInvariant(f.t.db)).toEqual([]);
    await ledgerClean();
  });
});
