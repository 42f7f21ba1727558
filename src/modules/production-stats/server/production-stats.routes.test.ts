// Production statistics (production.md §13 'Done means') through /api/production-stats, on PGlite and PostgreSQL:
// an output of 5 today raises today's bar by exactly 5 and reads are stable; an MO completed a day after its due
// date makes the on-time rate 50 % of two; scrapping 2 at operation 10 and 1 at operation 20 of an MO that outputs
// 17 gives a scrap rate of 15 % (booked at the operations' department); the CSV and XLSX downloads hold the JSON's
// rows; empty periods are zeros; a user without the route gets 403 and bad periods a Ukrainian 400.
import { eq } from 'drizzle-orm';
import { reportPeriodMessages } from '@/shared/report-period.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { createMesFixture, type MesFixture } from '@/modules/mes/server/mes.fixture.ts';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { addDays, kyivToday } from '@/shared/kyiv-date.ts';

let f: MesFixture;
const today = kyivToday();
beforeAll(async () => {
  f = await createMesFixture();
}, 120_000);
afterAll(() => f.t.close());

const get = async (url: string) => {
  const res = await f.api('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const output = async (moId: number, goodQty: string) => {
  const res = await f.api('POST', `/api/manufacturing-orders/${moId}/outputs`, { goodQty });
  expect(res.statusCode, res.body).toBeLessThan(300);
};
const complete = async (moId: number) => {
  const [mo] = await f.t.db.select().from(manufacturingOrders).where(eq(manufacturingOrders.id, moId));
  if (mo!.status === 'completed') return;
  const res = await f.api('POST', `/api/manufacturing-orders/${moId}/complete`, { excess: 'variance' });
  expect(res.statusCode, res.body).toBe(200);
};

describe('output per period (§13: +5 today, stable)', () => {
  it('raises today’s bar by exactly 5 and answers the same numbers on every read', async () => {
    const url = `/api/production-stats/by-period?from=${addDays(today, -2)}&to=${today}&granularity=day`;
    const before = await get(url);
    expect(before.map((r: { period: string }) => r.period)).toEqual([addDays(today, -2), addDays(today, -1), today]);
    const item = await f.makeProduct([{}]);
    const mo = await f.releasedMo(item, '5');
    await output(mo.id, '5');
    const after = await get(url);
    const bar = (rows: Array<{ period: string; producedQty: string }>) => rows.find((r) => r.period === today)!;
    expect(Number(bar(after).producedQty) - Number(bar(before).producedQty)).toBe(5);
    expect(after[0]).toEqual(before[0]);
    expect(await get(url)).toEqual(after);
    expect(await get(url)).toEqual(after);

    const own = await get(`/api/production-stats/summary?from=${today}&to=${today}&itemId=${item}`);
    expect(own).toMatchObject({ producedQty: '5.0000', scrapQty: '0.0000', scrapRate: '0.00' });
    expect(Number(own.producedValue)).toBeGreaterThan(0);
  });

  it('answers every empty day, week (from Monday) and month of the range as zeros', async () => {
    const months = await get('/api/production-stats/by-period?from=2001-01-15&to=2001-03-02&granularity=month');
    expect(months).toHaveLength(3);
    expect(months.map((r: { period: string }) => r.period)).toEqual(['2001-01-01', '2001-02-01', '2001-03-01']);
    expect(months[1]).toEqual({
      period: '2001-02-01',
      producedQty: '0.0000',
      producedValue: '0.00',
      scrapQty: '0.0000',
      scrapRate: null,
      completedMOs: 0,
      onTimeRate: null,
      avgLeadTimeDays: null,
      planAdherence: null,
    });
    // 2001-01-03 is a Wednesday: its week starts on Monday 2001-01-01.
    const weeks = await get('/api/production-stats/by-period?from=2001-01-03&to=2001-01-20&granularity=week');
    expect(weeks.map((r: { period: string }) => r.period)).toEqual(['2001-01-01', '2001-01-08', '2001-01-15']);
  });
});

describe('on-time rate (§13: an MO completed one day late)', () => {
  it('counts 1 of 2 completed MOs on time as 50 % and plan adherence of the due MOs', async () => {
    const item = await f.makeProduct([{}]);
    const onTime = await f.releasedMo(item, '2', { dueDate: today });
    const late = await f.releasedMo(item, '2', { dueDate: addDays(today, -1) });
    for (const mo of [onTime, late]) {
      await output(mo.id, '2');
      await complete(mo.id);
    }
    const summary = await get(`/api/production-stats/summary?from=${addDays(today, -1)}&to=${today}&itemId=${item}`);
    expect(summary).toMatchObject({ completedMOs: 2, onTimeRate: '50.00', producedQty: '4.0000' });
    expect(summary.planAdherence).toBe('100.00');
    expect(Number(summary.avgLeadTimeDays)).toBeLessThan(1);
    // Only the on-time one is counted today when yesterday's due MO is left out of the plan.
    const todayOnly = await get(`/api/production-stats/summary?from=${today}&to=${today}&itemId=${item}`);
    expect(todayOnly).toMatchObject({ completedMOs: 2, onTimeRate: '50.00', planAdherence: '100.00' });
  });
});

describe('scrap rate (§13: 2 at operation 10, 1 at operation 20, output 17 → 15 %)', () => {
  let item: number;
  beforeAll(async () => {
    item = await f.makeProduct([{}, {}]);
    const mo = await f.releasedMo(item, '20');
    const [op10, op20] = mo.ops as [number, number];
    const act = async (op: number, action: 'start' | 'finish', body: Record<string, unknown>) => {
      const res = await f.action(op, action, { workerId: f.w1, ...body });
      expect(res.statusCode, res.body).toBe(200);
    };
    await act(op10, 'start', {});
    await act(op10, 'finish', { goodQty: '18', scrapQty: '2', scrapReason: 'Непропай' });
    await act(op20, 'start', {});
    // The last operation closes with 17 good: its output (MOO) is posted at once.
    await act(op20, 'finish', { goodQty: '17', scrapQty: '1', scrapReason: 'Подряпина', closeOperation: true });
  });

  it('counts each lost unit once, at its operation: 3 ÷ (17 + 3) = 15 %', async () => {
    const summary = await get(`/api/production-stats/summary?from=${today}&to=${today}&itemId=${item}`);
    expect(summary).toMatchObject({ producedQty: '17.0000', scrapQty: '3.0000', scrapRate: '15.00' });
    const [row] = await get(`/api/production-stats/by-item?from=${today}&to=${today}&itemId=${item}`);
    expect(row).toMatchObject({ itemId: item, producedQty: '17.0000', scrapQty: '3.0000', scrapRate: '15.00' });
    const departments = await get(`/api/production-stats/by-department?from=${today}&to=${today}&itemId=${item}`);
    expect(departments).toEqual([
      expect.objectContaining({ departmentId: f.departmentId, producedQty: '17.0000', scrapQty: '3.0000' }),
    ]);
    const other = await get(
      `/api/production-stats/summary?from=${today}&to=${today}&itemId=${item}&departmentId=${f.otherDepartmentId}`,
    );
    expect(other).toMatchObject({ producedQty: '0.0000', scrapQty: '0.0000', scrapRate: null });
    const categories = await get(`/api/production-stats/by-category?from=${today}&to=${today}&itemId=${item}`);
    expect(categories).toEqual([expect.objectContaining({ producedQty: '17.0000', scrapRate: '15.00' })]);
  });

  it('downloads the same rows as CSV and XLSX (numeric cells, Ukrainian headers)', async () => {
    const query = `from=${addDays(today, -2)}&to=${today}`;
    const json = await get(`/api/production-stats/by-item?${query}`);
    expect(json.length).toBeGreaterThan(1);
    const csv = await f.api('GET', `/api/production-stats/by-item?${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    // The file is named by the table and the period it holds, not by the day it was downloaded.
    expect(csv.headers['content-disposition']).toContain(
      `filename="production-stats-item-${addDays(today, -2)}_${today}.csv"`,
    );
    const lines = csv.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(';').slice(0, 4)).toEqual(['Артикул', 'Товар', 'Випущено', 'Вартість випуску, грн']);
    const comma = (v: string | null) => (v === null ? '' : v.replace('.', ','));
    expect(lines.slice(1)).toEqual(
      json.map((r: Record<string, string | number | null>) =>
        [
          r.sku,
          r.name,
          comma(r.producedQty as string),
          comma(r.producedValue as string),
          comma(r.scrapQty as string),
          comma(r.scrapRate as string | null),
          String(r.completedMOs),
          comma(r.onTimeRate as string | null),
          comma(r.avgLeadTimeDays as string | null),
          comma(r.planAdherence as string | null),
        ].join(';'),
      ),
    );
    const xlsx = await f.api('GET', `/api/production-stats/by-period?${query}&granularity=day&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(Buffer.from(xlsx.rawPayload), String(xlsx.headers['content-type']));
    const days = await get(`/api/production-stats/by-period?${query}&granularity=day`);
    expect(sheet.headers[0]).toBe('Період');
    expect(sheet.rows.map((r) => [r[0], Number(r[1])])).toEqual(
      days.map((d: { period: string; producedQty: string }) => [
        d.period.split('-').reverse().join('.'),
        Number(d.producedQty),
      ]),
    );
  });
});

describe('access and input', () => {
  it('refuses a user without /production-stats with 403', async () => {
    const user = await createUser(f.t.db, { password: 'no-stats' });
    const other = (await signIn(f.t.app, user.username, 'no-stats')).cookie;
    for (const path of ['summary', 'by-period', 'by-category', 'by-item', 'by-department']) {
      const res = await f.api('GET', `/api/production-stats/${path}?from=${today}&to=${today}`, undefined, other);
      expect(res.statusCode, path).toBe(403);
    }
  });

  it('refuses bad periods with a Ukrainian 400', async () => {
    const bad = async (query: string, message: string) => {
      const res = await f.api('GET', `/api/production-stats/summary?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad('from=2026-02-30&to=2026-03-01', reportPeriodMessages.from);
    await bad('to=2026-03-01', reportPeriodMessages.from);
    await bad('from=2026-03-02&to=2026-03-01', reportPeriodMessages.order);
    await bad('from=2020-01-01&to=2023-01-02', reportPeriodMessages.span);
    expect((await f.api('GET', '/api/production-stats/summary?from=2020-01-01&to=2023-01-01')).statusCode).toBe(200);
    const granularity = await f.api(
      'GET',
      `/api/production-stats/by-period?from=${today}&to=${today}&granularity=year`,
    );
    expect(granularity.statusCode).toBe(400);
  });
});
