// /api/production-analytics (production.md §14 'Done means') from time booked through the terminal's own service at
// chosen times: a worker with 30 h in a 40 h week is 75 % utilised and, with 100 units of a 15 min/unit operation in
// 1 800 minutes, 83.3 % efficient; another worker with the same first name never mixes in; a Wednesday holiday
// lowers the available hours; the lunch is a pause, switching operations is not; an entry is assigned by its start in
// Kyiv dates; downloads hold the same figures; bad periods are Ukrainian 400s and outsiders get 403.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { mesActionSchema, type MesActionInput } from '@/modules/mes/mes.contract.ts';
import { performMesAction } from '@/modules/mes/server/index.ts';
import { createMesFixture, type MesFixture } from '@/modules/mes/server/mes.fixture.ts';
import { techCardOperations, techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { productionAnalyticsMessages } from '../production-analytics.messages.ts';

let f: MesFixture;
/** Operation A: 100 units at 15 min/unit, no setup (plan 1 500 min), booked by worker 1 over the week. */
let opA: number;
let opB: number;
let opC: number;
let moC: string;

const at = (operationId: number, action: 'start' | 'pause' | 'resume' | 'finish', body: MesActionInput, when: string) =>
  performMesAction(f.t.db, { userId: f.adminId }, operationId, action, mesActionSchema.parse(body), {
    idempotencyKey: randomUUID(),
    now: new Date(when),
  });

const week = 'from=2026-11-16&to=2026-11-22';
const get = async (path: string, cookie?: string) => {
  const res = await f.api('GET', `/api/production-analytics/${path}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  f = await createMesFixture();
  const itemA = await f.makeProduct([{ name: 'Монтаж плати' }]);
  const [cardA] = await f.t.db.select({ id: techCards.id }).from(techCards).where(eq(techCards.itemId, itemA));
  await f.t.db
    .update(techCardOperations)
    .set({ setupMinutes: '0', runMinutesPerUnit: '15' })
    .where(inArray(techCardOperations.techCardId, [cardA!.id]));
  opA = (await f.releasedMo(itemA, '100')).ops[0]!;
  const itemB = await f.makeProduct([{ name: 'Пайка' }]);
  opB = (await f.releasedMo(itemB, '5')).ops[0]!;
  const itemC = await f.makeProduct([{ name: 'Перевірка' }]);
  const mo = await f.releasedMo(itemC, '10');
  opC = mo.ops[0]!;
  moC = mo.number;

  // Sunday 15.11 at 23:30 in Kyiv (21:30Z): before the period; it is also the first start on B, so nobody in the
  // period earns B's setup.
  await at(opB, 'start', { workerId: f.w1 }, '2026-11-15T21:30:00Z');
  await at(opB, 'finish', { workerId: f.w1 }, '2026-11-15T21:40:00Z');
  // Worker 1, Monday: 08:00–12:00, lunch 45 min, 12:45–14:45; Tuesday–Friday 08:00–14:00 (Kyiv, UTC+2): 1 800 min.
  await at(opA, 'start', { workerId: f.w1 }, '2026-11-16T06:00:00Z');
  await at(opA, 'pause', { workerId: f.w1, pauseReason: 'Обід' }, '2026-11-16T10:00:00Z');
  await at(opA, 'resume', { workerId: f.w1 }, '2026-11-16T10:45:00Z');
  await at(opA, 'finish', { workerId: f.w1, goodQty: '20' }, '2026-11-16T12:45:00Z');
  for (const day of ['17', '18', '19', '20']) {
    await at(opA, 'start', { workerId: f.w1 }, `2026-11-${day}T06:00:00Z`);
    await at(opA, 'finish', { workerId: f.w1, goodQty: '20' }, `2026-11-${day}T12:00:00Z`);
  }
  // Worker 2, also 'Іван': Tuesday 08:00 on B, at 10:00 switches to C (B's entry closes with the automatic 'Інше'),
  // C until 18:00 with 8 good and 2 scrapped: 600 min. Friday: an entry left open, not counted.
  await at(opB, 'start', { workerId: f.w2 }, '2026-11-17T06:00:00Z');
  await at(opC, 'start', { workerId: f.w2 }, '2026-11-17T08:00:00Z');
  await at(
    opC,
    'finish',
    { workerId: f.w2, goodQty: '8', scrapQty: '2', scrapReason: 'Брак пайки' },
    '2026-11-17T16:00:00Z',
  );
  await at(opB, 'start', { workerId: f.w2 }, '2026-11-20T06:00:00Z');
});
afterAll(() => f.t.close());

describe('workers', () => {
  it('gives utilisation, earned minutes, efficiency and scrap from each worker’s own entries', async () => {
    const rows = (await get(`workers?${week}`)) as Array<Record<string, unknown>>;
    const w1 = rows.find((r) => r.workerId === f.w1)!;
    const w2 = rows.find((r) => r.workerId === f.w2)!;
    expect(w1).toMatchObject({
      name: 'Гребенюк Іван',
      departmentName: 'Складальна дільниця',
      weeklyHours: 40,
      workedHours: '30.00',
      availableHours: '40.00',
      utilisationPercent: '75.0',
      earnedMinutes: '1500.00',
      operationMinutes: '1800.00',
      efficiencyPercent: '83.3',
      goodQty: '100.0000',
      scrapQty: '0.0000',
      scrapRatePercent: '0.0',
    });
    // C's setup (10) is worker 2's, who started it first, plus 8 × 2 min; B's setup went to the entry before the period.
    expect(w2).toMatchObject({
      name: 'Дмитренко Іван',
      workedHours: '10.00',
      utilisationPercent: '25.0',
      earnedMinutes: '26.00',
      operationMinutes: '600.00',
      efficiencyPercent: '4.3',
      goodQty: '8.0000',
      scrapQty: '2.0000',
      scrapRatePercent: '20.0',
    });
    // Ukrainian order of last names; one worker alone when asked by id.
    expect(rows.map((r) => r.name)).toEqual(['Гребенюк Іван', 'Дмитренко Іван']);
    const one = (await get(`workers?${week}&workerId=${f.w2}`)) as Array<{ workerId: number }>;
    expect(one.map((r) => r.workerId)).toEqual([f.w2]);
    expect(await get(`workers?${week}&departmentId=${f.otherDepartmentId}`)).toEqual([]);
  });

  it('takes the holidays out of the available hours', async () => {
    const saved = await f.api('PATCH', '/api/manufacturing-orders/settings', { holidays: ['2026-11-18'] });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const rows = (await get(`workers?${week}&workerId=${f.w1}`)) as Array<Record<string, unknown>>;
      expect(rows[0]).toMatchObject({ availableHours: '32.00', utilisationPercent: '93.8' });
    } finally {
      await f.api('PATCH', '/api/manufacturing-orders/settings', { holidays: [] });
    }
  });

  it('downloads the same figures as CSV with a decimal comma', async () => {
    const res = await f.api('GET', `/api/production-analytics/workers?${week}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]!.split(';').slice(0, 5)).toEqual([
      'Працівник',
      'Дільниця',
      'Відпрацьовано, год',
      'Доступно, год',
      'Завантаженість, %',
    ]);
    expect(lines[1]!.split(';')).toEqual([
      'Гребенюк Іван',
      'Складальна дільниця',
      '30,00',
      '40,00',
      '75,0',
      '1500,00',
      '1800,00',
      '83,3',
      '100,0000',
      '0,0000',
      '0,0',
    ]);
    const xlsx = await f.api('GET', `/api/production-analytics/workers?${week}&format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('departments, operations and pauses', () => {
  it('sums the department and its actual hours per ISO week', async () => {
    const answer = await get(`departments?${week}`);
    expect(answer.weeks).toEqual(['2026-11-16']);
    const dept = answer.departments.find((d: { name: string }) => d.name === 'Складальна дільниця');
    expect(dept).toMatchObject({
      workers: 2,
      workedHours: '40.00',
      availableHours: '80.00',
      utilisationPercent: '50.0',
      weeks: [{ week: '2026-11-16', hours: '40.00' }],
    });
    // Together (the page's KPI cards): both workers, 40 of 80 h, earned 1 526 of 2 400 operation minutes.
    expect(answer.total).toMatchObject({
      workers: 2,
      workedHours: '40.00',
      availableHours: '80.00',
      utilisationPercent: '50.0',
      earnedMinutes: '1526.00',
      efficiencyPercent: '63.6',
      scrapRatePercent: '1.8',
    });
    // Two weeks asked: the second is there with 0 hours.
    const two = await get('departments?from=2026-11-16&to=2026-11-29');
    expect(two.weeks).toEqual(['2026-11-16', '2026-11-23']);
    expect(two.departments.find((d: { name: string }) => d.name === 'Складальна дільниця').weeks).toEqual([
      { week: '2026-11-16', hours: '40.00' },
      { week: '2026-11-23', hours: '0.00' },
    ]);
  });

  it('lists the operations against their plan, the largest deviation first', async () => {
    const answer = await get(`operations?${week}`);
    expect(answer.total).toBe(3);
    const byId = new Map(answer.operations.map((o: { operationId: number }) => [o.operationId, o]));
    expect(byId.get(opA)).toMatchObject({
      plannedMinutes: '1500.00',
      actualMinutes: '1800.00',
      deviationPercent: '20.0',
    });
    // C: setup 10 + 2 × 10 = 30 planned, 480 booked.
    expect(byId.get(opC)).toMatchObject({
      moNumber: moC,
      plannedMinutes: '30.00',
      actualMinutes: '480.00',
      deviationPercent: '1500.0',
    });
    expect(answer.operations[0].operationId).toBe(opC);
  });

  it('counts the lunch as a pause and not the switch to another operation', async () => {
    expect(await get(`pauses?${week}`)).toEqual([{ reason: 'Обід', count: 1, minutes: '45.00' }]);
    expect(await get(`pauses?${week}&workerId=${f.w2}`)).toEqual([]);
  });
});

describe('bad requests and access', () => {
  it('refuses a period that ends before it starts, a non-date, an absurd one and one over 3 years', async () => {
    const bad = async (query: string) => {
      const res = await f.api('GET', `/api/production-analytics/workers?${query}`);
      expect(res.statusCode, query).toBe(400);
      return JSON.stringify(res.json());
    };
    expect(await bad('from=2026-11-22&to=2026-11-16')).toContain(productionAnalyticsMessages.period);
    expect(await bad('from=2022-01-01&to=2026-01-01')).toContain(productionAnalyticsMessages.periodTooLong);
    await bad('from=2026-02-30&to=2026-03-01');
    await bad('from=0001-01-01&to=2026-03-01');
    await bad(`${week}&workerId=abc`);
    await bad('to=2026-03-01');
  });

  it('answers 403 to a user without the page', async () => {
    const outsider = await createUser(f.t.db, { password: 'no-analytics-1' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-analytics-1');
    for (const path of ['workers', 'departments', 'operations', 'pauses']) {
      const res = await f.api('GET', `/api/production-analytics/${path}?${week}`, undefined, cookie);
      expect(res.statusCode, path).toBe(403);
    }
  });
});
