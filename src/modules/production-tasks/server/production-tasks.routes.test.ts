// Kanban (production.md §5 "Done means"): a task created on the board is a planned MO with the number
// /api/manufacturing-orders shows; dragging it to 'В роботі' releases and starts it (its materials reserved);
// finishing it through the dialog moves it to 'Виконано' and posts the output; it cannot go back from 'В роботі'.
// Also the spec-fixed list shape, the 30-day window, the filters, 'З замовлень' and the permissions.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { manufacturingOrders, moDemands } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockBalances, stockReservations } from '@/modules/stock/server/stock.table.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { techCardOperations, techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { taskProgress } from './production-tasks.service.ts';

let f: SalesFixture;
let n = 0;
let componentId: number;
let productId: number;
let departmentId: number;
let workerId: number;

type Res = Awaited<ReturnType<SalesFixture['api']>>;
const ok = async (res: Res, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

const TASK_FIELDS = [
  'assignee',
  'dueDate',
  'id',
  'isOverdue',
  'itemId',
  'materialsShort',
  'moNumber',
  'moStatus',
  'notes',
  'orderNumbers',
  'priority',
  'producedQuantity',
  'progress',
  'quantity',
  'readyToComplete',
  'sku',
  'status',
  'title',
  'unit',
];

/** A product with a default BOM of `perUnit` × the component (and, optionally, a tech card in the department). */
async function makeableProduct(perUnit = '2', withCard = false) {
  const itemId = (
    await ok(
      await f.api('POST', '/api/products', { sku: `KB-P-${++n}`, name: `Контролер ${n}`, unitId: f.unitId }),
      201,
    )
  ).id as number;
  const [bom] = await f.t.db
    .insert(boms)
    .values({ itemId, name: `Специфікація ${n}`, isDefault: true, status: 'active' })
    .returning({ id: boms.id });
  await f.t.db.insert(bomLines).values({ bomId: bom!.id, lineNo: 1, componentItemId: componentId, qty: perUnit });
  if (withCard) {
    const [card] = await f.t.db
      .insert(techCards)
      .values({ itemId, name: `Техкарта ${n}`, isDefault: true, status: 'active' })
      .returning({ id: techCards.id });
    await f.t.db.insert(techCardOperations).values({
      techCardId: card!.id,
      seq: 1,
      name: 'Монтаж',
      departmentId,
      runMinutesPerUnit: '1',
    });
  }
  return itemId;
}

const moRow = async (id: number) =>
  (await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, id)))[0]!;

async function stockIn(itemId: number, warehouseId: number, qty: string, page = '/api/component-stock') {
  await ok(
    await f.api('POST', `${page}/adjustments`, {
      warehouseId,
      reason: 'opening',
      post: true,
      lines: [{ itemId, deltaQty: qty, unitCost: '5' }],
    }),
    201,
  );
}

const onHand = async (itemId: number, warehouseId: number) =>
  (
    await f.t.db
      .select({ onHand: stockBalances.onHand })
      .from(stockBalances)
      .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, warehouseId)))
  )[0]?.onHand ?? '0';

const moReserved = async (itemId: number) =>
  (
    await f.t.db
      .select({ qty: sql<string>`coalesce(sum(${stockReservations.qty}), 0)::text` })
      .from(stockReservations)
      .where(and(eq(stockReservations.itemId, itemId), eq(stockReservations.sourceType, 'mo_material')))
  )[0]!.qty;

const board = async (query = '') => ok(await f.api('GET', `/api/production-tasks${query}`));

beforeAll(async () => {
  f = await createSalesFixture();
  componentId = (
    await ok(await f.api('POST', '/api/components', { sku: 'KB-C-1', name: 'Мікросхема', unitId: f.unitId }), 201)
  ).id as number;
  departmentId = (await ok(await f.api('POST', '/api/departments', { name: 'Цех монтажу', isProduction: true }), 201))
    .id as number;
  workerId = (await ok(await f.api('POST', '/api/workers', { lastName: 'Шевченко', firstName: 'Тарас' }), 201))
    .id as number;
  productId = await makeableProduct('2', true);
});
afterAll(() => f.t.close());

describe('production tasks — Done means', () => {
  it('creates a planned MO, moves it to in-progress (reserving materials), completes it with output; no way back', async () => {
    const created = await ok(
      await f.api('POST', '/api/production-tasks', {
        itemId: productId,
        qty: '10',
        dueDate: '2026-12-01',
        priority: 'high',
        assigneeWorkerId: workerId,
        notes: 'Партія для виставки',
      }),
      201,
    );
    expect(Object.keys(created).sort()).toEqual(TASK_FIELDS);
    expect(created).toMatchObject({
      status: 'planned',
      moStatus: 'planned',
      itemId: productId,
      quantity: '10.0000',
      producedQuantity: '0.0000',
      unit: 'шт',
      priority: 'high',
      dueDate: '2026-12-01',
      progress: 0,
      orderNumbers: [],
      assignee: { workerId, name: 'Шевченко Тарас' },
      notes: 'Партія для виставки',
    });
    expect(created.moNumber).toMatch(/^MO-\d{4}-\d{5}$/);
    // The same MO, under the same number, on /manufacturing.
    const mos = await ok(await f.api('GET', `/api/manufacturing-orders?search=${created.moNumber}&_t=1`));
    expect(mos.map((m: { id: number; number: string }) => [m.id, m.number])).toEqual([[created.id, created.moNumber]]);

    const mo = await moRow(created.id);
    await stockIn(componentId, mo.materialsWarehouseId, '30');

    const moved = await ok(await f.api('POST', `/api/production-tasks/${created.id}/move`, { to: 'in-progress' }));
    expect(moved).toMatchObject({ id: created.id, status: 'in-progress', moStatus: 'in_progress' });
    expect((await moRow(created.id)).releasedAt).not.toBeNull();
    expect(await moReserved(componentId)).toBe('20.0000');

    // No way back, and no completion by a plain move.
    const back = await f.api('POST', `/api/production-tasks/${created.id}/move`, { to: 'planned' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toBe('Завдання вже в роботі');
    const again = await f.api('POST', `/api/production-tasks/${created.id}/move`, { to: 'in-progress' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Завдання вже в роботі');
    const skip = await f.api('POST', `/api/production-tasks/${created.id}/move`, { to: 'completed' });
    expect(skip.statusCode).toBe(409);
    expect((await moRow(created.id)).status).toBe('in_progress');

    const done = await ok(
      await f.api('POST', `/api/production-tasks/${created.id}/complete`, { goodQty: '10', excess: 'return' }),
    );
    expect(done).toMatchObject({
      status: 'completed',
      moStatus: 'completed',
      producedQuantity: '10.0000',
      progress: 100,
      isOverdue: false,
    });
    expect(await onHand(productId, mo.outputWarehouseId)).toBe('10.0000');
    expect(await moReserved(componentId)).toBe('0');
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });

    const completedCard = (await board()).find((t: { id: number }) => t.id === created.id);
    expect(completedCard).toMatchObject({ status: 'completed' });
    const reopen = await f.api('POST', `/api/production-tasks/${created.id}/move`, { to: 'in-progress' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toBe('Завдання вже виконано');

    // Each move on the board is audited on the MO.
    const moves = await f.t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'manufacturing_orders'),
          eq(auditLog.entityId, String(created.id)),
          eq(auditLog.action, 'status_change'),
          sql`${auditLog.after} ->> 'via' = 'kanban'`,
        ),
      );
    expect(moves.map((m) => (m.after as { column: string }).column).sort()).toEqual(['completed', 'in-progress']);
  });

  it('a short completion needs the confirmation; refused, it posts nothing', async () => {
    const task = await ok(await f.api('POST', '/api/production-tasks', { itemId: productId, qty: '5' }), 201);
    const mo = await moRow(task.id);
    await stockIn(componentId, mo.materialsWarehouseId, '10');
    await ok(await f.api('POST', `/api/production-tasks/${task.id}/move`, { to: 'in-progress' }));
    const stockBefore = await onHand(productId, mo.outputWarehouseId);

    const refused = await f.api('POST', `/api/production-tasks/${task.id}/complete`, { goodQty: '3' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await onHand(productId, mo.outputWarehouseId)).toBe(stockBefore);
    expect((await moRow(task.id)).status).toBe('in_progress');

    const done = await ok(
      await f.api('POST', `/api/production-tasks/${task.id}/complete`, {
        goodQty: '3',
        confirmShort: true,
        excess: 'variance',
      }),
    );
    expect(done).toMatchObject({ status: 'completed', producedQuantity: '3.0000', progress: 60 });
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });
  });

  it('a planned card cannot be completed by a drop: it must be taken into work first', async () => {
    const task = await ok(await f.api('POST', '/api/production-tasks', { itemId: productId, qty: '1' }), 201);
    const res = await f.api('POST', `/api/production-tasks/${task.id}/complete`, { goodQty: '1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Спочатку візьміть завдання в роботу');
    const move = await f.api('POST', `/api/production-tasks/${task.id}/move`, { to: 'completed' });
    expect(move.statusCode).toBe(409);
    expect((await moRow(task.id)).status).toBe('planned');
  });
});

describe('production tasks — the list', () => {
  it('holds open MOs and those completed in the last 30 days (?completedDays=), never cancelled ones', async () => {
    const old = await ok(await f.api('POST', '/api/production-tasks', { itemId: productId, qty: '1' }), 201);
    const mo = await moRow(old.id);
    await stockIn(componentId, mo.materialsWarehouseId, '2');
    await ok(await f.api('POST', `/api/production-tasks/${old.id}/move`, { to: 'in-progress' }));
    await ok(await f.api('POST', `/api/production-tasks/${old.id}/complete`, { goodQty: '1' }));
    await f.t.db
      .update(manufacturingOrders)
      .set({ completedAt: sql`now() - interval '40 days'` })
      .where(eq(manufacturingOrders.id, old.id));
    const cancelled = await ok(await f.api('POST', '/api/production-tasks', { itemId: productId, qty: '1' }), 201);
    await ok(await f.api('POST', `/api/manufacturing-orders/${cancelled.id}/cancel`, { reason: 'Не потрібно' }));

    const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
    const res = await f.api('GET', '/api/production-tasks');
    expect(res.statusCode).toBe(200);
    // A bare array (README §10), not an envelope.
    expect(Array.isArray(res.json())).toBe(true);
    expect(ids(res.json())).not.toContain(old.id);
    expect(ids(res.json())).not.toContain(cancelled.id);
    expect(ids(await board('?completedDays=60'))).toContain(old.id);
    expect(ids(await board('?completedDays=60'))).not.toContain(cancelled.id);
    for (const row of res.json()) {
      expect(Object.keys(row).sort()).toEqual(TASK_FIELDS);
      expect(['planned', 'in-progress', 'completed']).toContain(row.status);
      expect(row.progress).toBeGreaterThanOrEqual(0);
      expect(row.progress).toBeLessThanOrEqual(100);
    }
    const firstTwo = await f.api('GET', '/api/production-tasks?limit=2');
    expect(firstTwo.json().map((r: { id: number }) => r.id)).toEqual(ids(res.json()).slice(0, 2));
    expect(firstTwo.headers['x-total-count']).toBe(String(res.json().length));
    const cancelledMo = await f.api('GET', `/api/production-tasks/${cancelled.id}`);
    expect(cancelledMo.statusCode).toBe(404);
  });

  it('orders cards by priority (urgent first) then due date, marks overdue ones and filters', async () => {
    const other = await makeableProduct('1', false);
    const make = async (body: Record<string, unknown>) =>
      (await ok(await f.api('POST', '/api/production-tasks', { itemId: other, qty: '2', ...body }), 201)) as {
        id: number;
        isOverdue: boolean;
      };
    const low = await make({ priority: 'low', dueDate: '2020-01-01' });
    const urgentLate = await make({ priority: 'urgent', dueDate: '2030-02-01' });
    const urgentSoon = await make({ priority: 'urgent', dueDate: '2030-01-01' });
    const normal = await make({ priority: 'normal', assigneeWorkerId: workerId });
    expect(low.isOverdue).toBe(true);
    expect(urgentSoon.isOverdue).toBe(false);

    const ofItem = await board(`?itemId=${other}`);
    expect(ofItem.map((r: { id: number }) => r.id)).toEqual([urgentSoon.id, urgentLate.id, normal.id, low.id]);
    expect(ofItem.every((r: { itemId: number }) => r.itemId === other)).toBe(true);

    expect((await board(`?itemId=${other}&priority=urgent`)).map((r: { id: number }) => r.id)).toEqual([
      urgentSoon.id,
      urgentLate.id,
    ]);
    const assigned = await board(`?assigneeWorkerId=${workerId}`);
    expect(assigned.map((r: { id: number }) => r.id)).toContain(normal.id);
    expect(assigned.every((r: { assignee: { workerId: number } }) => r.assignee?.workerId === workerId)).toBe(true);

    // Department: the product's tech card has an operation there (planned: by the card, released: the snapshot);
    // the other item has no operations in it.
    const inDept = await board(`?departmentId=${departmentId}`);
    expect(inDept.length).toBeGreaterThan(0);
    expect(inDept.every((r: { itemId: number }) => r.itemId === productId)).toBe(true);
    expect(inDept.some((r: { moStatus: string }) => r.moStatus === 'planned')).toBe(true);

    expect((await board(`?search=${encodeURIComponent('Контролер')}&itemId=${other}`)).length).toBe(4);
  });

  it('progress is produced ÷ quantity, else the share of operations done', () => {
    expect(taskProgress('10.0000', '4.0000', 0, 3)).toBe(40);
    expect(taskProgress('10.0000', '0.0000', 1, 2)).toBe(50);
    expect(taskProgress('3.0000', '0.0000', 1, 3)).toBe(33);
    expect(taskProgress('10.0000', '0.0000', 0, 0)).toBe(0);
    expect(taskProgress('10.0000', '12.0000', 0, 0)).toBe(100);
  });

  it('edits a card by the MO rules and audits it; validates its input', async () => {
    const task = await ok(await f.api('POST', '/api/production-tasks', { itemId: productId, qty: '4' }), 201);
    const detail = await ok(await f.api('GET', `/api/production-tasks/${task.id}`));
    expect(detail).toMatchObject({ id: task.id, version: 1, recipeId: null });
    const edited = await ok(
      await f.api('PATCH', `/api/production-tasks/${task.id}`, {
        version: detail.version,
        qty: '6',
        priority: 'urgent',
        dueDate: '2026-12-24',
        assigneeWorkerId: workerId,
        notes: 'Терміново',
      }),
    );
    expect(edited).toMatchObject({
      quantity: '6.0000',
      priority: 'urgent',
      dueDate: '2026-12-24',
      assignee: { workerId },
      notes: 'Терміново',
    });
    const stale = await f.api('PATCH', `/api/production-tasks/${task.id}`, { version: detail.version, qty: '7' });
    expect(stale.statusCode).toBe(409);
    const audits = await f.t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'manufacturing_orders'), eq(auditLog.entityId, String(task.id))));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));

    expect((await f.api('POST', '/api/production-tasks', { itemId: productId, qty: 4 })).statusCode).toBe(400);
    const notMade = await f.api('POST', '/api/production-tasks', { itemId: componentId, qty: '1' });
    expect(notMade.statusCode).toBe(400);
    expect((await f.api('POST', `/api/production-tasks/${task.id}/move`, { to: 'done' })).statusCode).toBe(400);
    expect((await f.api('POST', '/api/production-tasks/999999/move', { to: 'in-progress' })).statusCode).toBe(404);
  });

  it('offers made items, workers and recipes to the dialogs', async () => {
    const items = await ok(await f.api('GET', '/api/production-tasks/options/items?search=Контролер'));
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i: { id: number }) => i.id)).toContain(productId);
    const none = await ok(await f.api('GET', '/api/production-tasks/options/items?search=Мікросхема'));
    expect(none).toEqual([]);
    const people = await ok(await f.api('GET', '/api/production-tasks/options/workers?search=Шевч'));
    expect(people).toEqual([{ id: workerId, label: 'Шевченко Тарас', hint: null }]);
    expect(await ok(await f.api('GET', `/api/production-tasks/options/recipes?itemId=${productId}`))).toEqual([]);
  });
});

describe('production tasks — from orders', () => {
  it('lists uncovered approved order lines and turns them into one planned MO per item, linked by mo_demands', async () => {
    const item = await makeableProduct('1', false);
    const approvedOrder = await f.order([{ itemId: item, qty: '3', unitPrice: '100' }], {
      confirm: true,
      dueDate: '2026-12-10',
    });
    const secondOrder = await f.order([{ itemId: item, qty: '2', unitPrice: '100' }], {
      confirm: true,
      dueDate: '2026-12-05',
    });
    const hiddenOrder = await f.order([{ itemId: item, qty: '4', unitPrice: '100' }], { confirm: true });
    for (const id of [approvedOrder, secondOrder]) {
      await ok(await f.api('POST', `/api/orders/${id}/production-approval`, { approved: true }));
    }

    const lines = await ok(await f.api('GET', `/api/production-tasks/from-orders?itemId=${item}`));
    expect(lines.map((l: { orderId: number; toCover: string }) => [l.orderId, l.toCover])).toEqual([
      [secondOrder, '2.0000'],
      [approvedOrder, '3.0000'],
    ]);
    const all = await ok(await f.api('GET', `/api/production-tasks/from-orders?itemId=${item}&approvedOnly=false`));
    expect(all.map((l: { orderId: number }) => l.orderId)).toContain(hiddenOrder);

    const tooMuch = await f.api('POST', '/api/production-tasks/from-orders', {
      lines: [{ orderLineId: lines[0].orderLineId, qty: '9' }],
    });
    expect(tooMuch.statusCode).toBe(409);

    const created = await ok(
      await f.api('POST', '/api/production-tasks/from-orders', {
        lines: lines.map((l: { orderLineId: number; toCover: string }) => ({
          orderLineId: l.orderLineId,
          qty: l.toCover,
        })),
        priority: 'urgent',
      }),
      201,
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      itemId: item,
      quantity: '5.0000',
      status: 'planned',
      priority: 'urgent',
      dueDate: '2026-12-05',
    });
    expect(created[0].orderNumbers).toHaveLength(2);
    const links = await f.t.db.select().from(moDemands).where(eq(moDemands.moId, created[0].id));
    expect(links.map((l) => l.qty).sort()).toEqual(['2.0000', '3.0000']);

    expect(await ok(await f.api('GET', `/api/production-tasks/from-orders?itemId=${item}`))).toEqual([]);
    const twice = await f.api('POST', '/api/production-tasks/from-orders', {
      lines: [{ orderLineId: lines[0].orderLineId, qty: '1' }],
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('production tasks — permissions', () => {
  async function userWith(permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
    const user = await createUser(f.t.db, { password: 'kanban-pass' });
    const role = await ok(await f.api('POST', '/api/roles', { name: `Роль канбану ${++n}` }), 201);
    await ok(await f.api('PUT', `/api/roles/${role.id}/permissions`, { permissions }));
    await replaceUserRoles(f.t.db, user.id, [role.id]);
    return (await signIn(f.t.app, user.username, 'kanban-pass')).cookie;
  }

  it('reads with canView (of /production or /dashboard), changes only with canAccess /production', async () => {
    const task = await ok(await f.api('POST', '/api/production-tasks', { itemId: productId, qty: '1' }), 201);
    const viewer = await userWith([{ route: '/production', canView: true, canAccess: false }]);
    expect((await f.api('GET', '/api/production-tasks', undefined, viewer)).statusCode).toBe(200);
    expect((await f.api('GET', `/api/production-tasks/${task.id}`, undefined, viewer)).statusCode).toBe(200);
    const writes = await Promise.all([
      f.api('POST', '/api/production-tasks', { itemId: productId, qty: '1' }, viewer),
      f.api('PATCH', `/api/production-tasks/${task.id}`, { qty: '2' }, viewer),
      f.api('POST', `/api/production-tasks/${task.id}/move`, { to: 'in-progress' }, viewer),
      f.api('POST', `/api/production-tasks/${task.id}/complete`, {}, viewer),
      f.api('POST', '/api/production-tasks/from-orders', { lines: [{ orderLineId: 1, qty: '1' }] }, viewer),
    ]);
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await moRow(task.id)).status).toBe('planned');

    const dashboard = await userWith([{ route: '/dashboard', canView: true, canAccess: false }]);
    expect((await f.api('GET', '/api/production-tasks', undefined, dashboard)).statusCode).toBe(200);
    expect((await f.api('GET', '/api/production-tasks/from-orders', undefined, dashboard)).statusCode).toBe(403);

    const nobody = await userWith([{ route: '/orders', canView: true, canAccess: true }]);
    expect((await f.api('GET', '/api/production-tasks', undefined, nobody)).statusCode).toBe(403);
    expect((await f.t.app.inject({ method: 'GET', url: '/api/production-tasks' })).statusCode).toBe(401);
  });
});
