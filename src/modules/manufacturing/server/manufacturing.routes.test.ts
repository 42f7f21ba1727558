// Manufacturing orders (production.md §4 "Done means"): release reserves the BOM's materials, output with backflush
// issues them at AVCO and puts the product in at material + planned conversion, a split output absorbs all of WIP, a
// posted output blocks cancelling until it is reversed, completion releases what is left and shows actual labour from
// time entries, an MO linked to an order line reserves its output for that line — plus issues, returns, excess and
// child MOs, reading, time, jobs, permissions and prints (the list's totals count the orders made above). The state
// machine is in manufacturing.states.test.ts.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/modules/notifications/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { productionSettingKeys } from '@/modules/production/server/index.ts';
import { settings } from '@/server/kernel/platform.table.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import type { ManufacturingFixture } from './manufacturing.fixture.ts';
import { base, manufacturingSuite } from './manufacturing.routes.kit.ts';
import { runManufacturingJobsOnce } from './manufacturing.jobs.ts';
import { manufacturingOrders, timeEntries } from './manufacturing.table.ts';
import { closeOpenTimeEntries, createManufacturingOrder, moProducedQty, releaseManufacturingOrder } from './index.ts';

const kit = manufacturingSuite();
const { ok, ledgerClean, detail, create, act, output, standardProduct, reservedFor } = kit;
let f: ManufacturingFixture;
beforeAll(() => {
  f = kit.fixture();
});

describe('manufacturing orders — done means', () => {
  it('MO of 10 with 2 × A at 5.00: release reserves 20 A; output of 10 backflushes 20 A at 5.00 and puts 10 in at 10.00 + conversion', async () => {
    const { a, product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '10' });
    expect(mo).toMatchObject({ status: 'planned', number: expect.stringMatching(/^MO-\d{4}-\d{5}$/) });
    expect(mo.materials).toEqual([]);

    const released = ok(await act(mo.id, 'release'));
    expect(released.status).toBe('released');
    expect(released.materials).toHaveLength(1);
    expect(released.materials[0]).toMatchObject({
      itemId: a,
      perUnitQty: '2.000000',
      requiredQty: '20.0000',
      reservedQty: '20.0000',
      issuedQty: '0.0000',
    });
    expect(await reservedFor(released.materials[0].id)).toBe(20);
    // 30 minutes: labour 30/60 × 120 = 60.00, overhead 30/60 × 40 = 20.00 → 8.00 per unit.
    expect(released.operations).toMatchObject([
      { seq: 10, name: 'Складання', plannedMinutes: '30.00', status: 'ready' },
    ]);
    expect(released.costs.planned).toEqual({ material: '100.00', labour: '60.00', overhead: '20.00', total: '180.00' });
    expect(released.costs.conversionPerUnit).toBe('8.000000');
    await ledgerClean();

    const out = await output(mo.id, '10');
    expect(out.number).toMatch(/^MOO-\d{4}-\d{5}$/);
    expect(out.backflushIssue.number).toMatch(/^MOI-\d{4}-\d{5}$/);
    const after = await detail(mo.id);
    expect(after.status).toBe('in_progress');
    expect(after.producedQty).toBe('10.0000');
    expect(after.materials[0]).toMatchObject({ issuedQty: '20.0000', reservedQty: '0.0000' });
    const moo = after.postings.find((p) => p.kind === 'output')!;
    const moi = after.postings.find((p) => p.kind === 'issue')!;
    expect(moi).toMatchObject({ number: out.backflushIssue.number, outputPostingId: moo.id, value: '100.00' });
    expect(moi.lines).toMatchObject([{ itemId: a, qty: '20.0000', value: '100.00' }]);
    expect(moo).toMatchObject({
      goodQty: '10.0000',
      materialValue: '100.00',
      conversionValue: '80.00',
      unitCost: '18.000000',
      value: '180.00',
    });

    // /component-movement lists the movements under their MOI and MOO numbers.
    const issueMoves = ok(await f.api('GET', `/api/component-movement?itemId=${a}&sort=id`));
    expect(issueMoves.map((m: { documentNumber: string }) => m.documentNumber)).toContain(moi.number);
    expect(issueMoves.find((m: { documentNumber: string }) => m.documentNumber === moi.number)).toMatchObject({
      documentType: 'mo_issue',
      qty: '-20.0000',
      unitCost: '5.000000',
      value: '-100.00',
    });
    const productMoves = ok(await f.api('GET', `/api/component-movement?itemId=${product}&kind=all`));
    expect(productMoves).toMatchObject([
      { documentType: 'mo_output', documentNumber: moo.number, qty: '10.0000', unitCost: '18.000000', value: '180.00' },
    ]);
    const inventory = ok(await f.api('GET', `/api/inventory?search=${encodeURIComponent(after.sku)}`));
    expect(inventory[0]).toMatchObject({ itemId: product });
    await ledgerClean();
  });

  it('output of 4 then 6: the second absorbs the rest of WIP and Σ output material = Σ issued value', async () => {
    const a = await f.component({ stock: '100', cost: '5.00' });
    const b = await f.component({ stock: '100', cost: '0.77' });
    const product = await f.made();
    await f.bom(product, [
      { itemId: a, qty: '2' },
      { itemId: b, qty: '3' },
    ]);
    const mo = await create({ itemId: product, qty: '10' });
    ok(await act(mo.id, 'release'));
    await output(mo.id, '4');
    let d = await detail(mo.id);
    const first = d.postings.find((p) => p.kind === 'output')!;
    // WIP after backflush: 8 × 5.00 + 12 × 0.77 = 49.24; 4 of 10 units → 19.70 (49.24 × 0.4 = 19.696).
    expect(first.materialValue).toBe('19.70');
    await output(mo.id, '6');
    d = await detail(mo.id);
    const outputs = d.postings.filter((p) => p.kind === 'output');
    const issues = d.postings.filter((p) => p.kind === 'issue');
    const sum = (xs: string[]) => xs.reduce((s, x) => s + Math.round(Number(x) * 100), 0);
    expect(sum(issues.map((p) => p.value))).toBe(12310);
    expect(outputs[1]!.materialValue).toBe('103.40');
    expect(sum(outputs.map((p) => p.materialValue!))).toBe(sum(issues.map((p) => p.value)));
    expect(d.materials.map((m) => m.issuedQty)).toEqual(['20.0000', '30.0000']);
    await ledgerClean();
  });

  it('refuses to cancel an MO with a posted output until the output posting is cancelled; the reversal is in the ledger', async () => {
    const { a, product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '5' });
    ok(await act(mo.id, 'release'));
    const out = await output(mo.id, '5');
    const refused = await act(mo.id, 'cancel', { reason: 'Помилка планування' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(out.number);
    expect(refused.json().error).toContain(out.backflushIssue.number);

    // A backflush issue is cancelled through its output.
    const d0 = await detail(mo.id);
    const moi = d0.postings.find((p) => p.kind === 'issue')!;
    const viaIssue = await f.api('POST', `${base}/postings/${moi.id}/cancel`, { reason: 'Спроба' });
    expect(viaIssue.statusCode).toBe(409);

    const noReason = await f.api('POST', `${base}/postings/${out.id}/cancel`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const cancelled = ok(await f.api('POST', `${base}/postings/${out.id}/cancel`, { reason: 'Помилковий випуск' }));
    expect(cancelled.postings.every((p: { status: string }) => p.status === 'cancelled')).toBe(true);
    expect(cancelled.producedQty).toBe('0.0000');
    // The materials went back and are reserved for the MO again.
    expect(cancelled.materials[0]).toMatchObject({ issuedQty: '0.0000', reservedQty: '10.0000' });
    const productMoves = ok(await f.api('GET', `/api/component-movement?itemId=${product}&kind=all&sort=id`));
    expect(productMoves).toHaveLength(2);
    expect(productMoves[1]).toMatchObject({ qty: '-5.0000', value: '-90.00', reversesMovementId: productMoves[0].id });
    const aMoves = ok(await f.api('GET', `/api/component-movement?itemId=${a}&sort=id`));
    expect(aMoves.filter((m: { reversesMovementId: number | null }) => m.reversesMovementId !== null)).toHaveLength(1);
    expect(
      (await f.t.db.select().from(auditLog).where(eq(auditLog.entityType, 'mo_postings'))).some(
        (r) => r.action === 'cancel' && JSON.stringify(r.after).includes('Помилковий випуск'),
      ),
    ).toBe(true);
    await ledgerClean();

    const gone = ok(await act(mo.id, 'cancel', { reason: 'Помилка планування' }));
    expect(gone).toMatchObject({ status: 'cancelled', cancelReason: 'Помилка планування' });
    expect(gone.materials[0].reservedQty).toBe('0.0000');
    await ledgerClean();
  });

  it('completion releases the remaining reservations and shows actual labour from the time entries', async () => {
    const { product, position, department } = await standardProduct();
    const mo = await create({ itemId: product, qty: '10' });
    ok(await act(mo.id, 'release'));
    await output(mo.id, '5');
    const d = await detail(mo.id);
    expect(d.materials[0]).toMatchObject({ issuedQty: '10.0000', reservedQty: '10.0000' });
    const worker = await f.worker({ hourlyRate: '100', positionId: position, departmentId: department });
    await f.timeEntry({ workerId: worker, moOperationId: d.operations[0]!.id, minutes: 90, hourlyRate: '100' });
    await f.timeEntry({ workerId: worker, moOperationId: d.operations[0]!.id, minutes: 30, open: true });

    const short = await act(mo.id, 'complete', {});
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toContain('Завершити з недовипуском');
    const done = ok(await act(mo.id, 'complete', { confirmShort: true }));
    expect(done.status).toBe('completed');
    expect(done.materials[0].reservedQty).toBe('0.0000');
    expect(await reservedFor(done.materials[0].id)).toBe(0);
    // The open entry was closed automatically (about 30 minutes) and flagged.
    const entries = done.timeEntries;
    expect(entries).toHaveLength(2);
    const auto = entries.find((e: { autoClosed: boolean }) => e.autoClosed)!;
    expect(Number(auto.minutes)).toBeGreaterThanOrEqual(29.9);
    const closedMinutes = 90 + Number(auto.minutes);
    const labour = (Math.round(((closedMinutes * 100) / 60) * 100) / 100).toFixed(2);
    expect(done.costs.actual.material).toBe('50.00');
    expect(done.costs.actual.labour).toBe(labour);
    expect(done.costs.actual.overhead).toBe((Math.round(((closedMinutes * 40) / 60) * 100) / 100).toFixed(2));
    const [stored] = await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, mo.id));
    expect(stored!.actualLabour).toBe(labour);
    expect(done.costs.actualUnitCost).not.toBeNull();
    await ledgerClean();
  });

  it('an MO linked to an order line reserves its output for that line', async () => {
    const product = await f.made();
    const a = await f.component({ stock: '50', cost: '5.00' });
    await f.bom(product, [{ itemId: a, qty: '2' }]);
    const orderId = await f.order([{ itemId: product, qty: '4', unitPrice: '500.00' }], {
      confirm: true,
      managerUserId: f.adminId,
    } as never);
    const order = ok(await f.api('GET', `/api/orders/${orderId}`));
    expect(order.lines[0].reservedQty).toBe('0.0000');
    const mo = await create({ itemId: product, qty: '5', demands: [{ orderLineId: order.lines[0].id, qty: '4' }] });
    expect(mo.demands).toMatchObject([
      { orderLineId: order.lines[0].id, qty: '4.0000', orderNumber: order.orderNumber },
    ]);
    expect(mo.orders).toEqual([{ orderId, orderNumber: order.orderNumber }]);
    ok(await act(mo.id, 'release'));
    await output(mo.id, '5');
    const after = ok(await f.api('GET', `/api/orders/${orderId}`));
    expect(after.lines[0].reservedQty).toBe('4.0000');
    const mine = await f.t.db.select().from(notifications).where(eq(notifications.userId, f.adminId));
    // The guide's 'MO completed' event: success / low, about the MO and opening it (reports-admin.md §9).
    const produced = mine.find((n) => n.title.startsWith('Виготовлено') && n.title.includes('× 5'));
    expect(produced).toMatchObject({
      type: 'success',
      priority: 'low',
      relatedEntityType: 'manufacturing_order',
      relatedEntityId: String(mo.id),
      actionUrl: `/manufacturing?search=${encodeURIComponent(mo.number)}`,
    });
    // The list filters by order.
    const byOrder = ok(await f.api('GET', `${base}?orderId=${orderId}`));
    expect(byOrder.map((r: { id: number }) => r.id)).toEqual([mo.id]);
    // Cancelling the output trims the order's reservation (the units are gone).
    const moo = (await detail(mo.id)).postings.find((p) => p.kind === 'output')!;
    ok(await f.api('POST', `${base}/postings/${moo.id}/cancel`, { reason: 'Перевірка' }));
    const trimmed = ok(await f.api('GET', `/api/orders/${orderId}`));
    expect(trimmed.lines[0].reservedQty).toBe('0.0000');
    await ledgerClean();
  });
});

describe('manufacturing orders — make to order elsewhere', () => {
  it("output into another warehouse than the order's reserves nothing and tells the manager a transfer is needed", async () => {
    const product = await f.made();
    const a = await f.component({ stock: '10', cost: '1.00' });
    await f.bom(product, [{ itemId: a, qty: '1' }]);
    const orderId = await f.order([{ itemId: product, qty: '2', unitPrice: '100.00' }], {
      confirm: true,
      managerUserId: f.adminId,
    } as never);
    const order = ok(await f.api('GET', `/api/orders/${orderId}`));
    const mo = await create({
      itemId: product,
      qty: '2',
      outputWarehouseId: f.materialsWarehouseId,
      demands: [{ orderLineId: order.lines[0].id, qty: '2' }],
    });
    ok(await act(mo.id, 'release'));
    await output(mo.id, '2');
    expect(ok(await f.api('GET', `/api/orders/${orderId}`)).lines[0].reservedQty).toBe('0.0000');
    const mine = await f.t.db.select().from(notifications).where(eq(notifications.userId, f.adminId));
    expect(mine.some((n) => n.title === 'Потрібне переміщення' && n.message.includes(order.orderNumber))).toBe(true);
    await ledgerClean();
  });
});

describe('manufacturing orders — issues, returns, excess, child orders', () => {
  it('issues the remaining requirement, takes returns back at the average, refuses returning more than issued', async () => {
    const { a, product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '10' });
    const d0 = ok(await act(mo.id, 'release'));
    const partial = ok(
      await f.api('POST', `${base}/${mo.id}/issues`, {
        lines: [{ itemId: a, moMaterialId: d0.materials[0].id, qty: '5' }],
      }),
      201,
    );
    let d = await detail(mo.id);
    expect(d.status).toBe('in_progress');
    expect(d.materials[0]).toMatchObject({ issuedQty: '5.0000', reservedQty: '15.0000' });
    ok(await f.api('POST', `${base}/${mo.id}/issues`, {}), 201);
    d = await detail(mo.id);
    expect(d.materials[0]).toMatchObject({ issuedQty: '20.0000', reservedQty: '0.0000' });
    expect((await f.api('POST', `${base}/${mo.id}/issues`, {})).statusCode).toBe(400);
    const tooMuch = await f.api('POST', `${base}/${mo.id}/issues`, { lines: [{ itemId: a, qty: '-25' }] });
    expect(tooMuch.statusCode).toBe(409);
    ok(await f.api('POST', `${base}/${mo.id}/issues`, { lines: [{ itemId: a, qty: '-4' }] }), 201);
    d = await detail(mo.id);
    const ret = d.postings.at(-1)!;
    expect(ret.lines[0]).toMatchObject({ qty: '-4.0000', value: '-20.00' });
    expect(ret.value).toBe('-20.00');
    expect(d.materials[0]!.issuedQty).toBe('16.0000');
    const moves = ok(await f.api('GET', `/api/component-movement?itemId=${a}&documentType=mo_issue&sort=id`));
    expect(moves.at(-1)).toMatchObject({ qty: '4.0000', unitCost: '5.000000', value: '20.00' });
    expect(partial.number).toMatch(/^MOI-/);
    // A posted issue can be cancelled while the MO is open; the stock comes back.
    ok(await f.api('POST', `${base}/postings/${ret.id}/cancel`, { reason: 'Помилка' }));
    expect((await detail(mo.id)).materials[0]!.issuedQty).toBe('20.0000');
    await ledgerClean();
  });

  it("completion with excess asks to choose; 'return' posts an MOI return of the excess", async () => {
    const { a, product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '10' });
    const d0 = ok(await act(mo.id, 'release'));
    ok(
      await f.api('POST', `${base}/${mo.id}/issues`, {
        lines: [{ itemId: a, moMaterialId: d0.materials[0].id, qty: '23' }],
      }),
      201,
    );
    const out = await output(mo.id, '10');
    expect(out.backflushIssue).toBeNull();
    const d = await detail(mo.id);
    expect(d.excessLines).toMatchObject([{ qty: '3.0000' }]);
    const ask = await act(mo.id, 'complete', {});
    expect(ask.statusCode).toBe(409);
    expect(ask.json().error).toContain('Повернути на склад');
    const done = ok(await act(mo.id, 'complete', { excess: 'return' }));
    expect(done.excessHandling).toBe('return');
    const ret = done.postings.at(-1);
    expect(ret).toMatchObject({ kind: 'issue', value: '-15.00' });
    expect(done.materials[0].issuedQty).toBe('20.0000');
    expect(done.costs.actual.material).toBe('100.00');
    await ledgerClean();
  });

  it('with backflush off, output warns about under-issued materials but posts', async () => {
    const { product } = await standardProduct();
    await f.t.db
      .insert(settings)
      .values({ key: productionSettingKeys.backflush, value: false })
      .onConflictDoUpdate({ target: settings.key, set: { value: false } });
    try {
      const mo = await create({ itemId: product, qty: '2' });
      ok(await act(mo.id, 'release'));
      const out = await output(mo.id, '2');
      expect(out.backflushIssue).toBeNull();
      expect(out.warnings[0]).toContain('Видано менше, ніж потрібно');
      const d = await detail(mo.id);
      expect(d.postings.find((p) => p.kind === 'output')).toMatchObject({
        materialValue: '0.00',
        unitCost: '8.000000',
      });
    } finally {
      await f.t.db.delete(settings).where(eq(settings.key, productionSettingKeys.backflush));
    }
    await ledgerClean();
  });

  it("'Створити МВ на напівфабрикати' makes child MOs for the shortfall whose output is reserved to the parent line", async () => {
    const a = await f.component({ stock: '100', cost: '2.00' });
    const semi = await f.made({ kind: 'semi_finished' });
    await f.bom(semi, [{ itemId: a, qty: '1' }]);
    await f.stockIn(semi, '1', '4.00', f.materialsWarehouseId, 'inventory');
    const product = await f.made();
    await f.bom(product, [{ itemId: semi, qty: '2' }]);
    const parent = await create({ itemId: product, qty: '3' });
    const released = ok(await act(parent.id, 'release'));
    expect(released.materials[0]).toMatchObject({ requiredQty: '6.0000', reservedQty: '1.0000', shortQty: '5.0000' });
    const children = ok(await f.api('POST', `${base}/${parent.id}/child-orders`, {}), 201);
    expect(children).toMatchObject([{ itemId: semi, qty: '5.0000', parentMaterialId: released.materials[0].id }]);
    expect((await f.api('POST', `${base}/${parent.id}/child-orders`, {})).statusCode).toBe(409);
    const child = await detail(children[0].id);
    expect(child).toMatchObject({ parentMoId: parent.id, outputWarehouseId: f.materialsWarehouseId });
    ok(await act(child.id, 'release'));
    await output(child.id, '5');
    const p = await detail(parent.id);
    expect(p.materials[0]).toMatchObject({ reservedQty: '6.0000', shortQty: '0.0000' });
    expect(p.childOrders).toMatchObject([{ id: child.id }]);
    await ledgerClean();
  });
});

describe('manufacturing orders — reading, time, jobs, permissions, prints', () => {
  it('lists with filters and stat cards', async () => {
    const { product, department } = await standardProduct();
    const yesterday = addDays(kyivToday(), -1);
    const late = await create({ itemId: product, qty: '1', dueDate: yesterday, priority: 'urgent' });
    ok(await act(late.id, 'release'));
    const rows = ok(await f.api('GET', `${base}?itemId=${product}&_t=1`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: late.id,
      isOverdue: true,
      priority: 'urgent',
      status: 'released',
      progress: 0,
    });
    expect(ok(await f.api('GET', `${base}?departmentId=${department}`)).map((r: { id: number }) => r.id)).toEqual([
      late.id,
    ]);
    expect(ok(await f.api('GET', `${base}?status=planned&itemId=${product}`))).toEqual([]);
    expect(ok(await f.api('GET', `${base}?search=${late.number}`))[0].id).toBe(late.id);
    expect(ok(await f.api('GET', `${base}?overdue=true&priority=urgent`)).map((r: { id: number }) => r.id)).toContain(
      late.id,
    );
    const res = await f.api('GET', `${base}?limit=1`);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(1);
    const stats = ok(await f.api('GET', `${base}/stats?_t=2`));
    expect(stats.overdue).toBeGreaterThanOrEqual(1);
    expect(stats.released).toBeGreaterThanOrEqual(1);
    expect(stats.completedThisMonth).toBeGreaterThanOrEqual(1);
  });

  it('time entries: listed per MO and corrected by the foreman (audited, the operation totals follow)', async () => {
    const { product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '2' });
    const d = ok(await act(mo.id, 'release'));
    const worker = await f.worker({ hourlyRate: '90' });
    const entryId = await f.timeEntry({
      workerId: worker,
      moOperationId: d.operations[0].id,
      minutes: 60,
      hourlyRate: '90',
    });
    const list = ok(await f.api('GET', `${base}/${mo.id}/time-entries?_t=1`));
    expect(list).toMatchObject([{ id: entryId, minutes: '60.00', labour: '90.00' }]);
    const start = new Date(list[0].startedAt);
    const fixedEntry = ok(
      await f.api('PATCH', `${base}/time-entries/${entryId}`, {
        endedAt: new Date(start.getTime() + 40 * 60_000).toISOString(),
        goodQty: '2',
        reason: 'Забув зупинити',
      }),
    );
    expect(fixedEntry).toMatchObject({ minutes: '40.00', labour: '60.00', goodQty: '2.0000' });
    expect((await detail(mo.id)).operations[0]!.goodQty).toBe('2.0000');
    const bad = await f.api('PATCH', `${base}/time-entries/${entryId}`, { endedAt: start.toISOString() });
    expect(bad.statusCode).toBe(400);
    const logged = await f.t.db.select().from(auditLog).where(eq(auditLog.entityType, 'time_entries'));
    expect(logged.some((r) => r.entityId === String(entryId) && JSON.stringify(r.after).includes('Забув'))).toBe(true);
  });

  it('jobs: an overdue MO is notified once and resolved when done; entries open over 12 h are closed', async () => {
    const { product } = await standardProduct();
    const t = f.t;
    const mo = await t.db.transaction((tx) =>
      createManufacturingOrder(
        tx,
        { userId: f.adminId },
        { itemId: product, qty: '1', dueDate: addDays(kyivToday(), -2) },
      ),
    );
    await t.db.transaction((tx) => releaseManufacturingOrder(tx, { userId: f.adminId }, mo.id));
    const first = await runManufacturingJobsOnce(t.db);
    expect(first.overdueRaised).toBeGreaterThanOrEqual(1);
    const key = `mo-overdue:${mo.id}`;
    const open = await t.db.select().from(notifications).where(eq(notifications.dedupeKey, key));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((n) => !n.isResolved)).toBe(true);
    const again = await runManufacturingJobsOnce(t.db);
    expect(again.overdueRaised).toBe(0);

    const d = await detail(mo.id);
    const worker = await f.worker();
    const entryId = await f.timeEntry({
      workerId: worker,
      moOperationId: d.operations[0]!.id,
      minutes: 0,
      open: true,
      startedAt: new Date(Date.now() - 13 * 3600_000),
    });
    const third = await runManufacturingJobsOnce(t.db);
    expect(third.closedEntries).toBe(1);
    const [entry] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entryId));
    expect(entry).toMatchObject({ autoClosed: true });
    expect(Number(entry!.minutes)).toBeGreaterThanOrEqual(780);

    ok(await act(mo.id, 'cancel', { reason: 'Не потрібно' }));
    const resolved = await t.db.select().from(notifications).where(eq(notifications.dedupeKey, key));
    expect(resolved.every((n) => n.isResolved)).toBe(true);
    // closeOpenTimeEntries with nothing open closes nothing.
    expect(
      await t.db.transaction((tx) => closeOpenTimeEntries(tx, { userId: null }, { moId: mo.id, auto: true })),
    ).toBe(0);
    const produced = await moProducedQty(t.db, [mo.id, 999999]);
    expect(produced.get(mo.id)).toEqual({ produced: '0.0000', scrap: '0.0000' });
    expect(produced.get(999999)).toEqual({ produced: '0.0000', scrap: '0.0000' });
  });

  it('prints the traveller «Маршрутний лист» with the MO number once released', async () => {
    const { product } = await standardProduct();
    const mo = await create({ itemId: product, qty: '3', notes: 'Терміново' });
    expect((await f.api('GET', `${base}/${mo.id}/print/traveler`)).statusCode).toBe(409);
    ok(await act(mo.id, 'release'));
    const res = await f.api('GET', `${base}/${mo.id}/print/traveler?_t=5`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Маршрутний лист');
    expect(text).toContain(mo.number);
    expect(text).toContain('Складання');
    const labels = await f.api('GET', `${base}/${mo.id}/print/labels`);
    expect(labels.statusCode).toBe(200);
  });

  it('answers 403 without access to /manufacturing', async () => {
    const outsider = await createUser(f.t.db, { password: 'no-access' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-access');
    expect((await f.api('GET', base, undefined, cookie)).statusCode).toBe(403);
    expect((await f.api('GET', `${base}/stats`, undefined, cookie)).statusCode).toBe(403);
    const product = await f.made();
    expect((await f.api('POST', base, { itemId: product, qty: '1' }, cookie)).statusCode).toBe(403);
  });

  it('keeps the production settings: defaults, an audited change, refused bad hours and outsiders', async () => {
    const url = `${base}/settings`;
    const before = await f.api('GET', `${url}?_t=1`);
    expect(before.statusCode).toBe(200);
    const saved = await f.api('PATCH', url, { requireBadge: true, hoursPerDay: 7.5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ requireBadge: true, hoursPerDay: 7.5 });
    const [row] = await f.t.db.select().from(settings).where(eq(settings.key, productionSettingKeys.hoursPerDay));
    expect(row!.value).toBe(7.5);
    const [entry] = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting_change'), eq(auditLog.entityId, 'production')));
    expect(entry).toBeDefined();
    const bad = await f.api('PATCH', url, { hoursPerDay: 30 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Від 1 до 24 годин');
    expect((await f.api('PATCH', url, { requireBadge: false, hoursPerDay: 8 })).json()).toMatchObject({
      requireBadge: false,
      hoursPerDay: 8,
    });
    // Holidays: stored ascending, each once; a date that is not one, or absurd, is refused and nothing changes.
    expect(before.json().holidays).toEqual([]);
    const holidays = await f.api('PATCH', url, { holidays: ['2026-12-25', '2026-01-01', '2026-12-25'] });
    expect(holidays.statusCode, holidays.body).toBe(200);
    expect(holidays.json().holidays).toEqual(['2026-01-01', '2026-12-25']);
    for (const wrong of [['2026-02-30'], ['0001-01-01'], [null], '2026-01-01']) {
      expect((await f.api('PATCH', url, { holidays: wrong })).statusCode, JSON.stringify(wrong)).toBe(400);
    }
    expect((await f.api('GET', `${url}?_t=2`)).json().holidays).toEqual(['2026-01-01', '2026-12-25']);
    // Planned utilisation (capacity planning): '0.85' by default, an exact share 0.10–1.00 with 2 decimals.
    expect(before.json().plannedUtilisation).toBe('0.85');
    const share = await f.api('PATCH', url, { plannedUtilisation: '0.9' });
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json().plannedUtilisation).toBe('0.90');
    const [stored] = await f.t.db
      .select()
      .from(settings)
      .where(eq(settings.key, productionSettingKeys.plannedUtilisation));
    // The JSON value may come back as the number 0.9 (a jsonb number is an exact numeric); it reads as '0.90'.
    expect(String(stored!.value)).toMatch(/^0\.90?$/);
    for (const wrong of ['0.05', '1.01', '0.855', 0.85, '85']) {
      const refused = await f.api('PATCH', url, { plannedUtilisation: wrong });
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
    }
    expect((await f.api('PATCH', url, { plannedUtilisation: '1' })).json().plannedUtilisation).toBe('1.00');
    await f.api('PATCH', url, { plannedUtilisation: '0.85' });
    const outsider = await createUser(f.t.db, { password: 'no-access-2' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-access-2');
    expect((await f.api('GET', url, undefined, cookie)).statusCode).toBe(403);
    expect((await f.api('PATCH', url, { backflush: false }, cookie)).statusCode).toBe(403);
  });
});
