// /api/production-planning (production.md §11 'Done means'): two workers at 40 h in a 5-day week with a planned
// utilisation of 0.85 give 68 h; an MO with 30 h of operations in that department and week shows 44,1 % (planned and
// once released, from its snapshot); moving it to the next week moves its hours there and changes its planned start
// on /manufacturing; a Wednesday holiday lowers the week to 54,4 h; overdue work lands in the current week; unplanned
// demand is the spec's minutes in the week of the earliest due order; a stale version is 409, a completed MO is
// refused, outsiders get 403 and bad weeks or ids are 400s.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/index.ts';
import {
  createManufacturingFixture,
  type ManufacturingFixture,
} from '@/modules/manufacturing/server/manufacturing.fixture.ts';
import { productionPlanningMessages } from '../production-planning.messages.ts';
import { mondayOf } from './production-planning.work.ts';

let f: ManufacturingFixture;
let department: number;
let moId: number;
let moNumber: string;
let unplannedItem: number;
const monday = mondayOf(kyivToday());
const nextMonday = addDays(monday, 7);

type Injected = Awaited<ReturnType<ManufacturingFixture['api']>>;
const ok = async (res: Injected, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
interface Cell {
  week: string;
  capacityHours: string;
  loadHours: string;
  unplannedHours: string;
  utilisation: string | null;
}
const row = async (weeks = 4) => {
  const answer = await ok(await f.api('GET', `/api/production-planning?weeks=${weeks}&departmentId=${department}`));
  expect(answer.weeks[0]).toBe(monday);
  expect(answer.departments).toHaveLength(1);
  return answer.departments[0] as { id: number; workers: number; cells: Cell[]; overdue: Record<string, unknown> };
};
const versionOf = async (id: number) =>
  (await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, id)))[0]!.version;

/** A made item whose default tech card has one operation in the department. */
async function madeItem(setupMinutes: string, runMinutesPerUnit: string) {
  const item = await f.made();
  const component = await f.component({ stock: '1000', cost: '1.00' });
  await f.bom(item, [{ itemId: component, qty: '1' }]);
  await f.techCard(item, [{ seq: 10, name: 'Монтаж', departmentId: department, setupMinutes, runMinutesPerUnit }]);
  return item;
}

beforeAll(async () => {
  f = await createManufacturingFixture();
  department = await f.department(null);
  await f.worker({ departmentId: department });
  await f.worker({ departmentId: department });
  // 10 units × 180 min = 1 800 min = 30 h in the department, planned to start this Monday.
  const item = await madeItem('0', '180');
  const mo = await ok(
    await f.api('POST', '/api/manufacturing-orders', { itemId: item, qty: '10', plannedStart: monday }),
    201,
  );
  moId = mo.id;
  moNumber = mo.number;
  unplannedItem = await madeItem('30', '6');
});
afterAll(() => f.t.close());

describe('capacity and load (production.md §11 Done means)', () => {
  it('gives 68 h of capacity and 44,1 % for 30 h of a planned MO, and the same once it is released', async () => {
    const planned = await row();
    expect(planned.workers).toBe(2);
    expect(planned.cells[0]).toEqual({
      week: monday,
      capacityHours: '68.00',
      loadHours: '30.00',
      unplannedHours: '0.00',
      utilisation: '44.1',
    });
    expect(planned.cells[1]).toMatchObject({ capacityHours: '68.00', loadHours: '0.00', utilisation: '0.0' });

    await ok(await f.api('POST', `/api/manufacturing-orders/${moId}/release`, {}));
    const released = await row();
    expect(released.cells[0]).toMatchObject({ loadHours: '30.00', utilisation: '44.1' });

    const cell = await ok(
      await f.api('GET', `/api/production-planning/cell?departmentId=${department}&week=${monday}`),
    );
    expect(cell.mos).toHaveLength(1);
    expect(cell.mos[0]).toMatchObject({
      id: moId,
      number: moNumber,
      status: 'released',
      plannedStart: monday,
      weekSource: 'plannedStart',
      overdue: false,
      hours: '30.00',
      operations: [{ seq: 10, name: 'Монтаж', status: 'ready', minutes: '1800.00' }],
    });
  });

  it('moves the MO to the next week: its hours follow and /manufacturing shows the new planned start', async () => {
    const moved = await ok(
      await f.api('PATCH', `/api/production-planning/mo/${moId}`, {
        plannedStart: nextMonday,
        version: await versionOf(moId),
      }),
    );
    expect(moved).toMatchObject({ id: moId, plannedStart: nextMonday });
    const after = await row();
    expect(after.cells[0]).toMatchObject({ loadHours: '0.00', utilisation: '0.0' });
    expect(after.cells[1]).toMatchObject({ week: nextMonday, loadHours: '30.00', utilisation: '44.1' });
    const detail = await ok(await f.api('GET', `/api/manufacturing-orders/${moId}`));
    expect(detail.plannedStart).toBe(nextMonday);
    const empty = await ok(
      await f.api('GET', `/api/production-planning/cell?departmentId=${department}&week=${monday}`),
    );
    expect(empty.mos).toEqual([]);
  });

  it('refuses a stale version with 409 and leaves the planned start', async () => {
    const stale = await f.api('PATCH', `/api/production-planning/mo/${moId}`, {
      plannedStart: monday,
      version: (await versionOf(moId)) - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(productionPlanningMessages.stale);
    expect((await ok(await f.api('GET', `/api/manufacturing-orders/${moId}`))).plannedStart).toBe(nextMonday);
  });

  it('lowers the week to 54,4 h for a Wednesday holiday', async () => {
    await ok(await f.api('PATCH', '/api/manufacturing-orders/settings', { holidays: [addDays(monday, 2)] }));
    try {
      const cells = (await row()).cells;
      expect(cells[0]!.capacityHours).toBe('54.40');
      expect(cells[1]!.capacityHours).toBe('68.00');
    } finally {
      await ok(await f.api('PATCH', '/api/manufacturing-orders/settings', { holidays: [] }));
    }
  });

  it('follows the planned utilisation setting', async () => {
    await ok(await f.api('PATCH', '/api/manufacturing-orders/settings', { plannedUtilisation: '1' }));
    try {
      expect((await row()).cells[1]).toMatchObject({ capacityHours: '80.00', utilisation: '37.5' });
    } finally {
      await ok(await f.api('PATCH', '/api/manufacturing-orders/settings', { plannedUtilisation: '0.85' }));
    }
  });

  it('carries a past planned start into the current week and counts it as overdue', async () => {
    await ok(
      await f.api('PATCH', `/api/production-planning/mo/${moId}`, {
        plannedStart: addDays(monday, -14),
        version: await versionOf(moId),
      }),
    );
    const late = await row();
    expect(late.cells[0]).toMatchObject({ loadHours: '30.00' });
    expect(late.overdue).toEqual({ loadHours: '30.00', unplannedHours: '0.00', mos: 1 });
    const cell = await ok(
      await f.api('GET', `/api/production-planning/cell?departmentId=${department}&week=${monday}`),
    );
    expect(cell.mos[0]).toMatchObject({ id: moId, overdue: true });
  });

  it('puts demand with no MO in the week of its earliest due order: one setup plus run × toProduce', async () => {
    const order = await f.order([{ itemId: unplannedItem, qty: '5', unitPrice: '100' }], {
      confirm: true,
      dueDate: addDays(monday, 16),
    });
    await ok(await f.api('POST', `/api/orders/${order}/production-approval`, { approved: true }));
    const cells = (await row()).cells;
    // 30 + 6 × 5 = 60 min.
    expect(cells[2]).toMatchObject({ unplannedHours: '1.00', loadHours: '0.00', utilisation: '1.5' });
    const cell = await ok(
      await f.api('GET', `/api/production-planning/cell?departmentId=${department}&week=${addDays(monday, 14)}`),
    );
    expect(cell.unplanned).toEqual([
      expect.objectContaining({ itemId: unplannedItem, toProduce: '5.0000', hours: '1.00' }),
    ]);
  });
});

describe('an MO without a planned start', () => {
  it('goes to the week of its due date less its lead time, counted back in working days', async () => {
    // 60 min/unit in the department, hoursPerDay 8: 8 units are 1 day, 64 units are 8 days.
    const item = await madeItem('0', '60');
    const dueWednesday = addDays(monday, 16);
    const short = await ok(
      await f.api('POST', '/api/manufacturing-orders', { itemId: item, qty: '8', dueDate: dueWednesday }),
      201,
    );
    const long = await ok(
      await f.api('POST', '/api/manufacturing-orders', { itemId: item, qty: '64', dueDate: dueWednesday }),
      201,
    );
    const cellOf = async (week: string) =>
      (await ok(await f.api('GET', `/api/production-planning/cell?departmentId=${department}&week=${week}`))) as {
        mos: Array<{ id: number; weekSource: string; hours: string }>;
      };
    // 1 working day before Wednesday: Tuesday of the same week.
    expect((await cellOf(addDays(monday, 14))).mos.find((mo) => mo.id === short.id)).toMatchObject({
      weekSource: 'dueDate',
      hours: '8.00',
    });
    // 8 working days before it: Friday two weeks earlier is this week (8 calendar days would be next week).
    expect((await cellOf(monday)).mos.find((mo) => mo.id === long.id)).toMatchObject({
      weekSource: 'dueDate',
      hours: '64.00',
    });
    for (const mo of [short, long]) {
      expect((await f.api('DELETE', `/api/manufacturing-orders/${mo.id}`)).statusCode).toBe(204);
    }
  });
});

describe('refusals', () => {
  it('refuses to move a completed MO', async () => {
    const item = await madeItem('0', '1');
    const mo = await ok(await f.api('POST', '/api/manufacturing-orders', { itemId: item, qty: '1' }), 201);
    await f.t.db.update(manufacturingOrders).set({ status: 'completed' }).where(eq(manufacturingOrders.id, mo.id));
    const res = await f.api('PATCH', `/api/production-planning/mo/${mo.id}`, {
      plannedStart: nextMonday,
      version: await versionOf(mo.id),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(productionPlanningMessages.notMovable);
    const [stored] = await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, mo.id));
    expect(stored!.plannedStart).toBeNull();
    expect(
      (await f.api('PATCH', '/api/production-planning/mo/999999', { plannedStart: monday, version: 1 })).statusCode,
    ).toBe(404);
  });

  it('answers 400 to bad weeks, ids and dates', async () => {
    for (const url of [
      '/api/production-planning?weeks=0',
      '/api/production-planning?weeks=27',
      '/api/production-planning?weeks=abc',
      '/api/production-planning?departmentId=x',
      `/api/production-planning/cell?departmentId=${department}&week=${addDays(monday, 1)}`,
      `/api/production-planning/cell?departmentId=abc&week=${monday}`,
      `/api/production-planning/cell?week=${monday}`,
    ]) {
      expect((await f.api('GET', url)).statusCode, url).toBe(400);
    }
    const weeks = await f.api('GET', '/api/production-planning?weeks=0');
    expect(JSON.stringify(weeks.json())).toContain(productionPlanningMessages.weeks);
    for (const body of [{ plannedStart: '2026-02-30', version: 1 }, { plannedStart: monday }, {}]) {
      expect((await f.api('PATCH', `/api/production-planning/mo/${moId}`, body)).statusCode).toBe(400);
    }
    expect(
      (await f.api('PATCH', '/api/production-planning/mo/abc', { plannedStart: monday, version: 1 })).statusCode,
    ).toBe(400);
    expect((await f.api('GET', `/api/production-planning/cell?departmentId=999999&week=${monday}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 403 to a user without the page', async () => {
    const outsider = await createUser(f.t.db, { password: 'no-planning-1' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-planning-1');
    expect((await f.api('GET', '/api/production-planning', undefined, cookie)).statusCode).toBe(403);
    const cell = `/api/production-planning/cell?departmentId=${department}&week=${monday}`;
    expect((await f.api('GET', cell, undefined, cookie)).statusCode).toBe(403);
    const move = await f.api(
      'PATCH',
      `/api/production-planning/mo/${moId}`,
      { plannedStart: monday, version: 1 },
      cookie,
    );
    expect(move.statusCode).toBe(403);
  });
});

describe('the cell of several MOs', () => {
  it('lists each MO with its own operations in the department, planned and released side by side', async () => {
    const week = addDays(monday, 21);
    const first = await madeItem('15', '2');
    const second = await madeItem('0', '4');
    const planned = await ok(
      await f.api('POST', '/api/manufacturing-orders', { itemId: first, qty: '5', plannedStart: week }),
      201,
    );
    const released = await ok(
      await f.api('POST', '/api/manufacturing-orders', { itemId: second, qty: '3', plannedStart: week }),
      201,
    );
    await ok(await f.api('POST', `/api/manufacturing-orders/${released.id}/release`, {}));
    const cell = await ok(await f.api('GET', `/api/production-planning/cell?departmentId=${department}&week=${week}`));
    const byId = new Map(cell.mos.map((mo: { id: number }) => [mo.id, mo]));
    expect(byId.get(planned.id)).toMatchObject({
      status: 'planned',
      operations: [{ seq: 10, name: 'Монтаж', status: null, minutes: '25.00' }],
    });
    expect(byId.get(released.id)).toMatchObject({
      status: 'released',
      operations: [{ seq: 10, name: 'Монтаж', status: 'ready', minutes: '12.00' }],
    });
  });
});
