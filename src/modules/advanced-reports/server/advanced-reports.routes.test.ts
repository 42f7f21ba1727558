// /api/advanced-reports (reports-admin.md §3 'Done means'): an item's turnover closing equals its stock at the
// period's end and its on-hand in /inventory today; a client shipped 1 200,00 and paid 1 000,00 owes 200,00 in the
// bucket of the shipment's age; the XLSX export has numeric cells and Ukrainian headers and matches the JSON; the PDF
// carries the company's name; every report answers an empty period with no rows; bad parameters are a Ukrainian 400,
// and a report whose data belongs to a route the user cannot view is refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { pdfText } from '@/server/testing/pdf-text.ts';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { add, dec, fixed } from '@/shared/decimal.ts';
import { reportPeriodMessages } from '@/shared/report-period.ts';
import { manufacturingOrders } from '@/modules/manufacturing/server/manufacturing.table.ts';
import { moStatusLabels } from '@/modules/manufacturing/manufacturing.contract.ts';
import { supplierOrderLines, supplierOrders } from '@/modules/supplier-orders/server/supplier-orders.table.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { serialStatusLabels } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { reportCatalogue } from '../advanced-reports.catalogue.ts';

let f: SalesFixture;
const today = kyivToday();
const period = `from=2026-11-01&to=${today}`;
let item: number;
let sku: string;

type Row = Record<string, string | null>;
const get = async (url: string, cookie?: string) => {
  const res = await f.api('GET', url, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Row[]; total: number };
};
const rowsOfItem = (rows: Row[]) => rows.filter((r) => r.sku === sku);

beforeAll(async () => {
  f = await createSalesFixture();
  // Every report on a database without its facts: 200 and no rows (the fixture has no sales, MOs or serials yet).
  for (const { key } of reportCatalogue) {
    const url = `/api/advanced-reports/${key}?${keep(key, 'from=2001-01-01&to=2001-01-31&asOf=2001-01-31')}`;
    const answer = await get(url);
    expect(answer, key).toMatchObject({ rows: [], total: 0 });
  }
  item = await f.product({ stock: '10', cost: '100.00' });
  sku = rowsOf<{ sku: string }>(await f.t.db.execute(sql`select sku from items where id = ${item}`))[0]!.sku;
  const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '1000.00' }], { confirm: true });
  const draft = await f.api('POST', '/api/shipments', { orderId });
  expect(draft.statusCode, draft.body).toBe(201);
  const posted = await f.api('POST', `/api/shipments/${draft.json().id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
  const payment = await f.api('POST', '/api/payments', {
    paymentDate: today,
    clientId: f.clientId,
    amount: '1000.00',
    currencyCode: 'UAH',
    method: 'bank_transfer',
    type: 'receipt',
    companyId: f.companyId,
    post: true,
  });
  expect(payment.statusCode, payment.body).toBe(201);
  expect(payment.json().status).toBe('posted');
});
afterAll(() => f.t.close());

/** The query keys a report takes, from a query of all of them (a period report refuses asOf and a dated one from/to). */
function keep(key: string, qs: string): string {
  const meta = reportCatalogue.find((r) => r.key === key)!;
  const names = new Set(meta.params.flatMap((p) => (p.kind === 'period' ? ['from', 'to'] : [p.name])));
  return qs
    .split('&')
    .filter((pair) => names.has(pair.split('=')[0]!))
    .join('&');
}

describe('advanced reports (reports-admin.md §3)', () => {
  it('lists the ten reports with the parameters their forms are built from', async () => {
    const catalogue = (await f.api('GET', '/api/advanced-reports')).json() as Array<{ key: string; params: unknown[] }>;
    expect(catalogue.map((r) => r.key)).toEqual(reportCatalogue.map((r) => r.key));
    expect(catalogue.find((r) => r.key === 'stock-turnover')!.params).toContainEqual({
      name: 'period',
      kind: 'period',
      label: 'Період',
    });
  });

  it('closes the turnover at the stock of the period end, which is the on-hand of /inventory today', async () => {
    const [turnover] = rowsOfItem((await get(`/api/advanced-reports/stock-turnover?${period}&itemId=${item}`)).rows);
    expect(turnover).toMatchObject({
      openingQty: '0.0000',
      inQty: '10.0000',
      outQty: '1.0000',
      closingQty: '9.0000',
      closingValue: '900.00',
    });
    const [atDate] = rowsOfItem((await get(`/api/advanced-reports/stock-at-date?asOf=${today}`)).rows);
    expect(atDate).toMatchObject({ qty: turnover!.closingQty, value: turnover!.closingValue });
    const inventory = (await f.api('GET', `/api/inventory?search=${encodeURIComponent(sku)}`)).json() as Array<{
      itemId: number;
      onHand: string;
    }>;
    expect(Number(inventory.find((r) => r.itemId === item)!.onHand)).toBe(Number(atDate!.qty));
  });

  it('shows a client shipped 1 200,00 and paid 1 000,00 owing 200,00 in the bucket of the shipment age', async () => {
    const sales = await get(`/api/advanced-reports/sales-register?${period}&itemId=${item}`);
    expect(sales.rows).toEqual([expect.objectContaining({ day: today, revenue: '1000.00', revenueGross: '1200.00' })]);
    // The register is the profitability report's sale facts line by line: the same revenue for the same period.
    const all = await get(`/api/advanced-reports/sales-register?${period}&pageSize=500`);
    const profit = (await f.api('GET', `/api/reports/profitability?${period}`)).json();
    expect(
      fixed(
        all.rows.reduce((s, r) => add(s, dec(r.revenue!)), dec(0)),
        2,
      ),
    ).toBe(profit.totals.revenue);
    expect(
      fixed(
        all.rows.reduce((s, r) => add(s, dec(r.cogs!)), dec(0)),
        2,
      ),
    ).toBe(profit.totals.cogs);
    const owed = await get(`/api/advanced-reports/receivables?asOf=${today}&clientId=${f.clientId}`);
    expect(owed.rows).toEqual([
      {
        client: expect.any(String),
        balance: '200.00',
        days0to30: '200.00',
        days31to60: '0.00',
        days61to90: '0.00',
        over90: '0.00',
        overdue: expect.any(String),
      },
    ]);
    const payments = await get(`/api/advanced-reports/payments-register?${period}&clientId=${f.clientId}`);
    expect(payments.rows).toContainEqual(expect.objectContaining({ amount: '1000.00', type: 'Надходження' }));
  });

  it('lists in receivables the clients with a sale or a payment up to the date — not one whose shipment was cancelled', async () => {
    const cancelledClient = await f.client('Відмова', 4301);
    const advanceClient = await f.client('Аванс', 4302);
    const orderId = await f.order([{ itemId: item, qty: '1', unitPrice: '100.00' }], {
      confirm: true,
      clientId: cancelledClient,
    });
    const draft = await f.api('POST', '/api/shipments', { orderId });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await f.api('POST', `/api/shipments/${draft.json().id}/post`)).statusCode).toBe(200);
    const cancelled = await f.api('POST', `/api/shipments/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const paid = await f.api('POST', '/api/payments', {
      paymentDate: today,
      clientId: advanceClient,
      amount: '300.00',
      currencyCode: 'UAH',
      method: 'bank_transfer',
      type: 'receipt',
      companyId: f.companyId,
      post: true,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const clients = (await get(`/api/advanced-reports/receivables?asOf=${today}`)).rows;
    expect(clients.map((r) => r.client)).toEqual(expect.arrayContaining(['Аванс', 'Енергоплюс']));
    expect(clients.map((r) => r.client)).not.toContain('Відмова');
    expect(clients.find((r) => r.client === 'Аванс')).toMatchObject({ balance: '-300.00', overdue: '0.00' });
    // Before the payment's day the advance was not there yet.
    const before = (await get(`/api/advanced-reports/receivables?asOf=2026-01-01`)).rows;
    expect(before.map((r) => r.client)).not.toContain('Аванс');
  });

  it('registers manufacturing orders with their cost variance and counts the shipments of each carrier', async () => {
    const [mo] = await f.t.db
      .insert(manufacturingOrders)
      .values({
        number: 'MO-ADV-1',
        itemId: item,
        qty: '2',
        plannedStart: today,
        dueDate: today,
        outputWarehouseId: f.warehouseId,
        materialsWarehouseId: f.warehouseId,
        plannedTotal: '150.00',
        actualTotal: '175.50',
      })
      .returning();
    const mos = await get(`/api/advanced-reports/mo-register?${period}&itemId=${item}`);
    expect(mos.rows).toEqual([
      expect.objectContaining({
        number: mo!.number,
        status: moStatusLabels.planned,
        plannedTotal: '150.00',
        variance: '25.50',
      }),
    ]);
    expect((await get(`/api/advanced-reports/mo-register?${period}&status=completed`)).total).toBe(0);
    const carriers = await get(`/api/advanced-reports/carrier-shipments?${period}`);
    expect(carriers.rows.map((r) => Number(r.shipments)).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('lists what an open supplier order still has to bring, overdue past its expected date', async () => {
    const [supplier] = rowsOf<{ id: number }>(
      await f.t.db.execute(sql`select id from counterparties where is_supplier order by id limit 1`),
    );
    const [so] = await f.t.db
      .insert(supplierOrders)
      .values({
        number: 'PO-ADV-1',
        orderDate: '2026-11-03',
        expectedDate: '2026-11-05',
        status: 'sent',
        supplierId: supplier!.id,
      })
      .returning();
    await f.t.db.insert(supplierOrderLines).values({
      orderId: so!.id,
      lineNo: 1,
      itemId: item,
      qty: '4',
      unitPrice: '90',
      lineNet: '360.00',
      lineVat: '72.00',
      lineGross: '432.00',
    });
    const open = await get(`/api/advanced-reports/open-supplier-orders?asOf=2026-11-08&itemId=${item}`);
    expect(open.rows).toEqual([
      expect.objectContaining({
        number: 'PO-ADV-1',
        remaining: '4.0000',
        expectedDate: '2026-11-05',
        overdueDays: '3',
      }),
    ]);
    // Before the order was placed there was nothing open.
    expect((await get(`/api/advanced-reports/open-supplier-orders?asOf=2026-11-02&itemId=${item}`)).total).toBe(0);
  });

  it("shows a sold serial with its client and the warranty end: the sale day plus the item's warranty months", async () => {
    await f.t.db.execute(sql`update items set warranty_months = 12 where id = ${item}`);
    await f.t.db.insert(serialNumbers).values({
      itemId: item,
      serial: 'SN-ADV-0001',
      status: 'sold',
      clientId: f.clientId,
      soldAt: new Date('2026-11-05T10:00:00Z'),
    });
    const serials = await get(`/api/advanced-reports/serials?itemId=${item}&clientId=${f.clientId}`);
    expect(serials.rows).toEqual([
      {
        serial: 'SN-ADV-0001',
        sku,
        item: expect.any(String),
        status: serialStatusLabels.sold,
        client: 'Енергоплюс',
        soldOn: '2026-11-05',
        warrantyEnd: '2027-11-05',
      },
    ]);
  });

  it('exports XLSX with numeric cells and Ukrainian headers, the same rows as the JSON', async () => {
    const json = await get(`/api/advanced-reports/stock-turnover?${period}&pageSize=500`);
    const res = await f.api('GET', `/api/advanced-reports/stock-turnover?${period}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(Buffer.from(res.rawPayload), String(res.headers['content-type']));
    expect(sheet.headers).toEqual(
      reportCatalogue.find((r) => r.key === 'stock-turnover')!.columns.map((c) => c.header),
    );
    expect(sheet.headers).toContain('Кінцевий залишок');
    expect(sheet.rows).toHaveLength(json.total);
    const mine = sheet.rows.find((r) => r[0] === sku)!;
    expect(typeof mine[9]).toBe('number');
    expect(mine[9]).toBe(9);
    expect(mine[10]).toBe(900);
    const purchases = await get(`/api/advanced-reports/purchases-register?${period}&itemId=${item}`);
    expect(purchases.rows).toEqual([
      expect.objectContaining({ sku, qty: '10.0000', unitCost: '100.00', value: '1000.00' }),
    ]);
    const csv = await f.api('GET', `/api/advanced-reports/purchases-register?${period}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Собівартість од., грн');
  });

  it('prints a PDF with the company requisites, landscape for a wide report', async () => {
    const res = await f.api('GET', `/api/advanced-reports/sales-register?${period}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = Buffer.from(res.rawPayload);
    expect(pdf.toString('latin1').startsWith('%PDF-')).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Реєстр продажів');
    const company = (await f.api('GET', `/api/companies/${f.companyId}`)).json() as { fullName: string };
    expect(text).toContain(company.fullName);
    // A wide report prints landscape: the page is wider than it is tall.
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'))!;
    expect(Number(box[1])).toBeGreaterThan(Number(box[2]));
  });

  it('refuses bad parameters in Ukrainian and an unknown report with 404', async () => {
    const backwards = await f.api('GET', '/api/advanced-reports/sales-register?from=2026-11-10&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toContain(reportPeriodMessages.order);
    const badDate = await f.api('GET', '/api/advanced-reports/stock-at-date?asOf=вчора');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields).toHaveProperty('asOf');
    expect((await f.api('GET', '/api/advanced-reports/stock-at-date?foo=1')).statusCode).toBe(400);
    expect((await f.api('GET', '/api/advanced-reports/mo-register?status=lost')).statusCode).toBe(400);
    expect((await f.api('GET', '/api/advanced-reports/stock-at-date?pageSize=5000')).statusCode).toBe(400);
    expect((await f.api('GET', '/api/advanced-reports/nothing')).statusCode).toBe(404);
  });

  it('needs the route of the report data too: without /payments the payments register is refused', async () => {
    const user = await createUser(f.t.db, { password: 'adv-reports-1' });
    const role = await f.api('POST', '/api/roles', { name: 'Лише розширені звіти' });
    expect(role.statusCode, role.body).toBe(201);
    const permissions = ['/advanced-reports', '/inventory'].map((route) => ({
      route,
      canView: true,
      canAccess: false,
    }));
    const put = await f.api('PUT', `/api/roles/${role.json().id}/permissions`, { permissions });
    expect(put.statusCode, put.body).toBe(200);
    await replaceUserRoles(f.t.db, user.id, [role.json().id]);
    const { cookie } = await signIn(f.t.app, user.username, 'adv-reports-1');
    const catalogue = (await f.api('GET', '/api/advanced-reports', undefined, cookie)).json() as Array<{ key: string }>;
    expect(catalogue.map((r) => r.key)).toEqual(['stock-at-date', 'stock-turnover']);
    expect(
      (await f.api('GET', `/api/advanced-reports/payments-register?${period}`, undefined, cookie)).statusCode,
    ).toBe(403);
    expect((await f.api('GET', '/api/advanced-reports/stock-at-date', undefined, cookie)).statusCode).toBe(200);
    const outsider = await createUser(f.t.db, { password: 'adv-reports-2' });
    const other = await signIn(f.t.app, outsider.username, 'adv-reports-2');
    expect((await f.api('GET', '/api/advanced-reports', undefined, other.cookie)).statusCode).toBe(403);
  });
});
