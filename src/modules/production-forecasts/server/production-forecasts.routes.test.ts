// /api/production-forecasts (production.md §12 'Done means'): monthly shipments of 10, 20 and 30 forecast 20 with a
// moving average of 3 and 23 with smoothing at α = 0.5 (pieces rounded up) for each horizon month; when the next
// month ships 25 the nightly job fills the actual and the moving average shows a realised accuracy of 80 %; a product
// with no shipments forecasts 0 with 'Мало історії'; cancelled shipments do not count and an empty month counts 0.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { productionForecastsMessages as m } from '../production-forecasts.messages.ts';
import { addPeriods, periodOf } from './forecast-math.ts';
import { createForecastFixture, type ForecastFixture } from './production-forecasts.fixture.ts';
import { runForecastJobsOnce } from './production-forecasts.jobs.ts';

let f: ForecastFixture;
let trend: number;
let unsold: number;
let gappy: number;
const current = periodOf(kyivToday(), 'month');
const month = (k: number) => addPeriods(current, 'month', k);
const mid = (k: number) => month(k).replace(/-01$/, '-15');
const horizon = [month(0), month(1), month(2)];

const create = async (body: Record<string, unknown>) =>
  f.ok(await f.api('POST', '/api/production-forecasts', { name: 'Прогноз', granularity: 'month', ...body }), 201);
const calculate = async (id: number, version: number) =>
  f.ok(await f.api('POST', `/api/production-forecasts/${id}/calculate`, { version }));
const lines = async (id: number, itemId: number) => {
  const rows = await f.ok(await f.api('GET', `/api/production-forecasts/${id}/lines?itemId=${itemId}`));
  expect(rows).toHaveLength(1);
  return rows[0];
};

let ma: { id: number; version: number };
let ses: { id: number; version: number };

beforeAll(async () => {
  f = await createForecastFixture();
  trend = await f.makeable();
  unsold = await f.made();
  gappy = await f.makeable();
  await f.ship(trend, '10', mid(-3));
  await f.ship(trend, '20', mid(-2));
  await f.ship(trend, '30', mid(-1));
  // 30, (nothing posted: one cancelled and one draft shipment), 30 → (30 + 0 + 30) ÷ 3 = 20.
  await f.ship(gappy, '30', mid(-3));
  await f.ship(gappy, '100', mid(-2), 'cancelled');
  await f.ship(gappy, '50', mid(-2), 'draft');
  await f.ship(gappy, '30', mid(-1));
  ma = await create({ scope: 'items', itemIds: [trend, unsold, gappy], method: 'moving_average', windowN: 3 });
  ses = await create({ scope: 'items', itemIds: [trend], method: 'exponential_smoothing', alpha: '0,5' });
});

afterAll(async () => {
  await f.t.close();
});

describe('calculation', () => {
  it('forecasts 20 with a moving average of 3 for each horizon month', async () => {
    expect(ma.version).toBe(1);
    const detail = await calculate(ma.id, ma.version);
    ma = detail;
    expect(detail.status).toBe('calculated');
    expect(detail.periods).toEqual(horizon);
    expect(detail.historyTo).toBe(month(-1));
    expect(detail.historyFrom).toBe(month(-12));
    expect(detail.itemCount).toBe(3);
    const row = await lines(ma.id, trend);
    expect(row.cells.map((c: { forecastQty: string }) => c.forecastQty)).toEqual(['20.0000', '20.0000', '20.0000']);
    expect(row.cells.map((c: { periodStart: string }) => c.periodStart)).toEqual(horizon);
    expect(row.nextForecast).toBe('20.0000');
    expect(row.lowHistory).toBe(false);
    expect(row.wholeUnits).toBe(true);
  });

  it('forecasts 23 with smoothing at α = 0.5 (S = 10 → 15 → 22.5, rounded up for pieces)', async () => {
    const detail = await calculate(ses.id, ses.version);
    ses = detail;
    expect(detail.alpha).toBe('0.5');
    const row = await lines(ses.id, trend);
    expect(row.cells.map((c: { forecastQty: string }) => c.forecastQty)).toEqual(['23.0000', '23.0000', '23.0000']);
  });

  it('gives a product with no shipments 0 and marks it «Мало історії»', async () => {
    const row = await lines(ma.id, unsold);
    expect(row.nextForecast).toBe('0.0000');
    expect(row.lowHistory).toBe(true);
    expect(row.backtestAccuracy).toBeNull();
  });

  it('leaves cancelled and draft shipments out and counts an empty month as 0', async () => {
    const row = await lines(ma.id, gappy);
    expect(row.nextForecast).toBe('20.0000');
    const series = await f.ok(await f.api('GET', `/api/production-forecasts/${ma.id}/series?itemId=${gappy}`));
    const history = series.points.filter((p: { history: string | null }) => p.history !== null);
    expect(history).toHaveLength(12);
    expect(history.slice(-3).map((p: { history: string }) => p.history)).toEqual(['30.0000', '0.0000', '30.0000']);
    const forecast = series.points.filter((p: { forecast: string | null }) => p.forecast !== null);
    expect(forecast.map((p: { periodStart: string }) => p.periodStart)).toEqual(horizon);
  });

  it('answers the list with its scope, method and expected accuracy', async () => {
    const res = await f.api('GET', '/api/production-forecasts?status=calculated&sort=name');
    const rows = await f.ok(res);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const row = rows.find((r: { id: number }) => r.id === ma.id);
    expect(row).toMatchObject({ scope: 'items', scopeLabel: '3 позиції', method: 'moving_average', itemCount: 3 });
    expect(row.realisedAccuracy).toBeNull();
    // ISO 8601 on both databases (node-postgres answers a raw timestamp as its text).
    expect(row.calculatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

describe('realised accuracy', () => {
  it('fills the actual once the month has ended: 25 against 20 is 80 %', async () => {
    await f.ship(trend, '25', month(0));
    // Before the month ends nothing is filled.
    const early = await runForecastJobsOnce(f.t.db, new Date(`${mid(0)}T10:00:00Z`));
    expect(early.filled).toBe(0);
    const result = await runForecastJobsOnce(f.t.db, new Date(`${month(1)}T10:00:00Z`));
    expect(result.filled).toBeGreaterThanOrEqual(4);
    const row = await lines(ma.id, trend);
    expect(row.cells[0]).toMatchObject({ periodStart: month(0), actualQty: '25.0000' });
    expect(row.cells[1].actualQty).toBeNull();
    expect(row.realised).toMatchObject({ lines: 1, accuracy: '80.0', wape: '20.0', bias: '-20.0' });
    const unsoldRow = await lines(ma.id, unsold);
    // Σ A = 0: accuracy shows '—'.
    expect(unsoldRow.realised).toMatchObject({ lines: 1, accuracy: null });
    const detail = await f.ok(await f.api('GET', `/api/production-forecasts/${ma.id}`));
    // Total: |25 − 20| + |0 − 0| + |0 − 20| over Σ A = 25 → WAPE 100 % → accuracy 0.
    expect(detail.realised).toMatchObject({ lines: 3, sumActual: '25.0000', accuracy: '0.0', wape: '100.0' });
    const smoothing = await lines(ses.id, trend);
    expect(smoothing.realised.accuracy).toBe('92.0');
  });
});

describe('drafts, versions and archive', () => {
  it('edits a draft, refuses a stale version with 409 and a calculated forecast with 409', async () => {
    const draft = await create({ scope: 'items', itemIds: [trend] });
    const edited = await f.ok(
      await f.api('PATCH', `/api/production-forecasts/${draft.id}`, { version: 1, name: 'Новий', windowN: 2 }),
    );
    expect(edited).toMatchObject({ name: 'Новий', windowN: 2, version: 2 });
    const series = await f.api('GET', `/api/production-forecasts/${draft.id}/series?itemId=${trend}`);
    expect(series.statusCode).toBe(409);
    expect(series.json().error).toBe(m.notCalculated);
    const stale = await f.api('PATCH', `/api/production-forecasts/${draft.id}`, { version: 1, name: 'Старий' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(m.stale);
    const calculated = await f.api('PATCH', `/api/production-forecasts/${ma.id}`, { version: ma.version, name: 'X' });
    expect(calculated.statusCode).toBe(409);
    expect(calculated.json().error).toBe(m.notDraft);
    expect((await f.api('DELETE', `/api/production-forecasts/${ma.id}`)).statusCode).toBe(409);
    await f.ok(await f.api('DELETE', `/api/production-forecasts/${draft.id}`), 204);
    expect((await f.api('GET', `/api/production-forecasts/${draft.id}`)).statusCode).toBe(404);
    const trail = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'production_forecast'), eq(auditLog.entityId, String(draft.id))))
      .orderBy(auditLog.id);
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('keeps an archived forecast read-only', async () => {
    const current = await f.ok(await f.api('GET', `/api/production-forecasts/${ses.id}`));
    const archived = await f.ok(
      await f.api('POST', `/api/production-forecasts/${ses.id}/archive`, { version: current.version }),
    );
    expect(archived.status).toBe('archived');
    const v = { version: archived.version };
    for (const [method, url, body] of [
      ['PATCH', `/api/production-forecasts/${ses.id}`, { ...v, name: 'Змінений' }],
      ['POST', `/api/production-forecasts/${ses.id}/calculate`, v],
      ['POST', `/api/production-forecasts/${ses.id}/archive`, v],
      [
        'POST',
        `/api/production-forecasts/${ses.id}/create-manufacturing-orders`,
        { lines: [{ itemId: trend, qty: '1' }] },
      ],
    ] as const) {
      const res = await f.api(method, url, body);
      expect(res.statusCode, url).toBe(409);
    }
    const filled = await runForecastJobsOnce(f.t.db, new Date(`${month(2)}T10:00:00Z`));
    const row = await lines(ses.id, trend);
    expect(row.cells[1].actualQty).toBeNull();
    expect(filled.filled).toBeGreaterThan(0);
    await f.ok(await f.api('DELETE', `/api/production-forecasts/${ses.id}`), 204);
  });
});

describe('creating MOs', () => {
  it('suggests max(0, F − free − inProduction) and creates planned MOs of the edited quantities', async () => {
    const item = await f.product({ stock: '5', cost: '50.00' });
    await f.bom(item, [{ itemId: await f.component(), qty: '1' }]);
    await f.ship(item, '20', mid(-3));
    await f.ship(item, '20', mid(-2));
    await f.ship(item, '20', mid(-1));
    const draft = await create({ scope: 'items', itemIds: [item, unsold] });
    const forecast = await calculate(draft.id, draft.version);
    await f.ok(await f.api('POST', '/api/manufacturing-orders', { itemId: item, qty: '3' }), 201);
    const suggestions = await f.ok(await f.api('GET', `/api/production-forecasts/${forecast.id}/suggestions`));
    expect(suggestions.periodStart).toBe(month(0));
    expect(suggestions.rows).toHaveLength(1);
    expect(suggestions.rows[0]).toMatchObject({
      itemId: item,
      forecastQty: '20.0000',
      free: '5.0000',
      inProduction: '3.0000',
      suggestedQty: '12',
      problem: null,
    });
    const url = `/api/production-forecasts/${forecast.id}/create-manufacturing-orders`;
    const refused = await f.api('POST', url, {
      lines: [
        { itemId: item, qty: '7' },
        { itemId: unsold, qty: '2' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'lines.1.itemId': m.notMakeable });
    const created = await f.ok(await f.api('POST', url, { lines: [{ itemId: item, qty: '7' }] }));
    expect(created.created).toHaveLength(1);
    const [mo] = await f.t.db
      .select()
      .from(manufacturingOrders)
      .where(eq(manufacturingOrders.id, created.created[0].id));
    expect(mo).toMatchObject({ itemId: item, qty: '7.0000', status: 'planned', number: created.created[0].number });
    const outside = await f.api('POST', url, { lines: [{ itemId: trend, qty: '1' }] });
    expect(outside.json().fields).toEqual({ 'lines.0.itemId': m.notInForecast });
  });
});

describe('refusals', () => {
  it('answers 400 with Ukrainian field messages to bad parameters', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ alpha: '0', method: 'exponential_smoothing' }, 'alpha', m.alpha],
      [{ alpha: '1.5', method: 'exponential_smoothing' }, 'alpha', m.alpha],
      [{ windowN: 0 }, 'windowN', m.windowN],
      [{ horizonPeriods: 1000 }, 'horizonPeriods', m.horizonPeriods],
      [{ historyPeriods: 2, windowN: 3 }, 'historyPeriods', m.historyShorterThanWindow],
      [{ itemIds: [] }, 'itemIds', m.scopeItems],
    ];
    for (const [patch, field, message] of cases) {
      const res = await f.api('POST', '/api/production-forecasts', {
        name: 'Прогноз',
        scope: 'items',
        itemIds: [trend],
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(patch)).toBe(message);
    }
    const component = await f.component();
    const notMade = await f.api('POST', '/api/production-forecasts', {
      name: 'X',
      scope: 'items',
      itemIds: [component],
    });
    expect(notMade.statusCode).toBe(400);
    expect(notMade.json().fields).toEqual({ 'itemIds.0': m.notProduct });
    expect((await f.api('GET', '/api/production-forecasts/999999')).statusCode).toBe(404);
  });

  it('answers 403 to a user without the page', async () => {
    const outsider = await createUser(f.t.db, { password: 'no-forecasts-1' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-forecasts-1');
    expect((await f.api('GET', '/api/production-forecasts', undefined, cookie)).statusCode).toBe(403);
    expect((await f.api('GET', `/api/production-forecasts/${ma.id}`, undefined, cookie)).statusCode).toBe(403);
    const post = await f.api('POST', '/api/production-forecasts', { name: 'X', scope: 'all' }, cookie);
    expect(post.statusCode).toBe(403);
    const calc = await f.api('POST', `/api/production-forecasts/${ma.id}/calculate`, { version: 1 }, cookie);
    expect(calc.statusCode).toBe(403);
  });

  it('lets a viewer read but not change (403)', async () => {
    const role = await f.ok(await f.api('POST', '/api/roles', { name: 'Прогнози (перегляд)' }), 201);
    await f.ok(
      await f.api('PUT', `/api/roles/${role.id}/permissions`, {
        permissions: [{ route: '/production-forecasts', canView: true, canAccess: false }],
      }),
    );
    const viewer = await createUser(f.t.db, { password: 'view-forecasts-1' });
    await replaceUserRoles(f.t.db, viewer.id, [role.id]);
    const { cookie } = await signIn(f.t.app, viewer.username, 'view-forecasts-1');
    expect((await f.api('GET', '/api/production-forecasts', undefined, cookie)).statusCode).toBe(200);
    expect((await f.api('GET', `/api/production-forecasts/${ma.id}/lines`, undefined, cookie)).statusCode).toBe(200);
    const post = await f.api('POST', '/api/production-forecasts', { name: 'X', scope: 'all' }, cookie);
    expect(post.statusCode).toBe(403);
    const mos = await f.api(
      'POST',
      `/api/production-forecasts/${ma.id}/create-manufacturing-orders`,
      { lines: [{ itemId: trend, qty: '1' }] },
      cookie,
    );
    expect(mos.statusCode).toBe(403);
  });
});
