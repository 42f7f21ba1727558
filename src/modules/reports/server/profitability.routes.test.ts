// /api/reports/profitability (reports-admin.md §2 'Done means'): a shipment of 2 units at 150,00 net whose average
// cost is 100,00 shows revenue 300,00, COGS 200,00, gross profit 100,00 and a 33,33 % margin, and cancelling it removes
// all of it; an audit shortage valued at 40,00 is a write-off that lowers the operating result by 40,00; the rows of
// groupBy=category sum exactly to the totals and the XLSX export holds the same rows; a client filter leaves the
// figures that carry no client empty instead of wrong; outsiders get 403 and bad periods 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { reportPeriodMessages } from '@/shared/report-period.ts';

let f: SalesFixture;
const today = kyivToday();
const period = `from=2026-11-01&to=${today}`;

const get = async (url: string) => {
  const res = await f.api('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const report = (extra = '') => get(`/api/reports/profitability?${period}${extra}`);

/** Ships a confirmed order in full and answers the shipment. */
async function ship(orderId: number) {
  const draft = await f.api('POST', '/api/shipments', { orderId });
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await f.api('POST', `/api/shipments/${draft.json().id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
  return posted.json() as { id: number; version: number };
}

beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

describe('profitability (reports-admin.md §2)', () => {
  let shipmentId: number;
  let auditItem: number;

  it('shows 300,00 revenue, 200,00 COGS, 100,00 gross profit and 33,33 % for 2 units at 150,00 over a cost of 100,00', async () => {
    const empty = await report();
    expect(empty.totals).toMatchObject({ revenue: '0.00', cogs: '0.00', grossProfit: '0.00', margin: null });

    const item = await f.product({ stock: '10', cost: '100.00' });
    const orderId = await f.order([{ itemId: item, qty: '2', unitPrice: '150.00' }], { confirm: true });
    shipmentId = (await ship(orderId)).id;

    const answer = await report();
    expect(answer.totals).toMatchObject({
      qty: '2.0000',
      revenue: '300.00',
      cogs: '200.00',
      grossProfit: '100.00',
      margin: '33.33',
      writeOffs: '0.00',
      productionVariances: '0.00',
      warrantyCost: '0.00',
      operatingResult: '100.00',
    });
    expect(answer.topItems).toEqual([{ id: item, name: expect.any(String), revenue: '300.00', grossProfit: '100.00' }]);
    expect(answer.topClients).toEqual([
      { id: f.clientId, name: 'Енергоплюс', revenue: '300.00', grossProfit: '100.00' },
    ]);
    const month = answer.months.find((m: { month: string }) => m.month === `${today.slice(0, 7)}-01`);
    expect(month).toMatchObject({ revenue: '300.00', cogs: '200.00', margin: '33.33' });
  });

  it('counts an audit shortage of 40,00 as a write-off that lowers the operating result by 40,00', async () => {
    auditItem = await f.product({ stock: '10', cost: '20.00' });
    const before = (await report()).totals;
    const created = await f.api('POST', '/api/inventory-audits', {
      warehouseId: f.warehouseId,
      scope: 'items',
      itemIds: [auditItem],
    });
    expect(created.statusCode, created.body).toBe(201);
    const started = await f.api('POST', `/api/inventory-audits/${created.json().id}/start`, {
      version: created.json().version,
    });
    expect(started.statusCode, started.body).toBe(200);
    const lines = (await get(`/api/inventory-audits/${created.json().id}/lines`)) as Array<{ id: number }>;
    expect(lines).toHaveLength(1);
    const counted = await f.api('PATCH', `/api/inventory-audits/${created.json().id}/lines/${lines[0]!.id}`, {
      countedQty: '8',
    });
    expect(counted.json()).toMatchObject({ varianceValue: '-40.00' });
    const posted = await f.api('POST', `/api/inventory-audits/${created.json().id}/post`, { uncounted: 'ignore' });
    expect(posted.statusCode, posted.body).toBe(200);

    const after = (await report()).totals;
    expect(after.writeOffs).toBe(fixed(add(dec(before.writeOffs), dec('40')), 2));
    expect(after.operatingResult).toBe(fixed(add(dec(before.operatingResult), dec('-40')), 2));
    expect(after.grossProfit).toBe(before.grossProfit);
    // The write-off carries its item: filtered by another item it is not there.
    expect((await report(`&itemId=${auditItem}`)).totals.writeOffs).toBe('40.00');
  });

  it('sums the rows of every grouping exactly to the totals, and the XLSX export holds the same rows', async () => {
    const second = await f.product({ stock: '5', cost: '33.33' });
    const orderId = await f.order([{ itemId: second, qty: '3', unitPrice: '47.10' }], { confirm: true });
    await ship(orderId);
    const { totals } = await report();
    for (const groupBy of ['month', 'company', 'category', 'client', 'item']) {
      const answer = await report(`&groupBy=${groupBy}`);
      expect(answer.rowsTotal, groupBy).toBe(answer.rows.length);
      const sum = (field: 'revenue' | 'cogs' | 'grossProfit') =>
        fixed(
          answer.rows.reduce((s: ReturnType<typeof dec>, r: Record<string, string>) => add(s, dec(r[field]!)), dec(0)),
          2,
        );
      expect([sum('revenue'), sum('cogs'), sum('grossProfit')], groupBy).toEqual([
        totals.revenue,
        totals.cogs,
        totals.grossProfit,
      ]);
    }
    const byItem = await report('&groupBy=item');
    const xlsx = await f.api('GET', `/api/reports/profitability?${period}&groupBy=item&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`profitability-item-2026-11-01_${today}.xlsx`);
    const sheet = await readSheet(Buffer.from(xlsx.rawPayload), String(xlsx.headers['content-type']));
    expect(sheet.headers).toEqual([
      'Артикул',
      'Товар',
      'Кількість',
      'Виручка, грн',
      'Собівартість, грн',
      'Валовий прибуток, грн',
      'Маржа, %',
    ]);
    expect(sheet.rows.map((r) => [r[0], r[1], Number(r[3]), Number(r[5])])).toEqual(
      byItem.rows.map((r: Record<string, string>) => [r.sku, r.label, Number(r.revenue), Number(r.grossProfit)]),
    );
    const paged = await report('&groupBy=item&limit=1&page=2');
    expect(paged.rowsTotal).toBe(byItem.rows.length);
    expect(paged.rows).toEqual([byItem.rows[1]]);
    // The top 10 read from the first page of the same ranking equal the ones ranked on their own, whatever the page.
    const byMonth = await report('&groupBy=month');
    expect(byMonth.topItems.length).toBe(2);
    for (const extra of ['&groupBy=item', '&groupBy=client', '&groupBy=item&limit=1', '&groupBy=item&limit=1&page=2']) {
      const answer = await report(extra);
      expect([answer.topItems, answer.topClients], extra).toEqual([byMonth.topItems, byMonth.topClients]);
    }
  });

  it('leaves write-offs and the operating result empty under a client filter: they carry no client', async () => {
    const answer = await report(`&clientId=${f.clientId}`);
    expect(answer.totals).toMatchObject({ writeOffs: null, productionVariances: null, operatingResult: null });
    expect(Number(answer.totals.revenue)).toBeGreaterThan(0);
    const other = await report(`&clientId=${await f.client('Інший клієнт', 4400)}`);
    expect(other.totals).toMatchObject({ revenue: '0.00', margin: null });
  });

  it('removes a cancelled shipment from every figure', async () => {
    const before = (await report()).totals;
    const cancelled = await f.api('POST', `/api/shipments/${shipmentId}/cancel`, { reason: 'Повернення' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (await report()).totals;
    expect(after.revenue).toBe(fixed(add(dec(before.revenue), dec('-300')), 2));
    expect(after.cogs).toBe(fixed(add(dec(before.cogs), dec('-200')), 2));
    expect(after.grossProfit).toBe(fixed(add(dec(before.grossProfit), dec('-100')), 2));
  });

  it('refuses a bad period with the field named, and answers 403 to a user without the page', async () => {
    const backwards = await f.api('GET', '/api/reports/profitability?from=2026-11-10&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(reportPeriodMessages.order);
    expect((await f.api('GET', '/api/reports/profitability?from=2020-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await f.api('GET', `/api/reports/profitability?${period}&groupBy=worker`)).statusCode).toBe(400);
    const outsider = await createUser(f.t.db, { password: 'no-reports-1' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'no-reports-1');
    expect((await f.api('GET', `/api/reports/profitability?${period}`, undefined, cookie)).statusCode).toBe(403);
  });
});
