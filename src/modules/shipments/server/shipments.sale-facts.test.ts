// The sale facts kept on shipment lines (decision 0028): posting writes them from the shipment, its order (a USD
// order's rate included) and the line's ledger movement; a service sells with COGS 0; cancelling clears them; and
// `checkSaleFacts` finds a line whose stored figure no longer matches its documents.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { checkSaleFacts } from './shipments.sale-facts.ts';
import { shipmentLines } from './shipments.table.ts';

let f: SalesFixture;

beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

const factsOf = async (shipmentId: number) =>
  (
    await f.t.db
      .select({
        saleDate: shipmentLines.saleDate,
        orderId: shipmentLines.orderId,
        clientId: shipmentLines.clientId,
        companyId: shipmentLines.companyId,
        revenue: shipmentLines.revenue,
        revenueGross: shipmentLines.revenueGross,
        cogs: shipmentLines.cogs,
      })
      .from(shipmentLines)
      .where(eq(shipmentLines.shipmentId, shipmentId))
      .orderBy(shipmentLines.id)
  ).map((r) => ({ ...r }));

describe('sale facts on shipment lines', () => {
  it('are written by posting (UAH at the order rate, COGS from the ledger, 0 for a service) and cleared by cancel', async () => {
    const product = await f.product({ stock: '10', cost: '60.00' });
    const service = (
      await ok(
        await f.api('POST', '/api/products', { kind: 'service', sku: 'SRV-FACT', name: 'Монтаж', unitId: f.unitId }),
        201,
      )
    ).id as number;
    const orderId = await f.order(
      [
        { itemId: product, qty: '3', unitPrice: '10' },
        { itemId: service, qty: '1', unitPrice: '5' },
      ],
      { confirm: true, currencyCode: 'USD', fxRate: '41.5' },
    );
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId, shipmentDate: '2026-11-12' }), 201);
    expect((await factsOf(draft.id)).every((r) => r.saleDate === null)).toBe(true);

    const posted = await ok(await f.api('POST', `/api/shipments/${draft.id}/post`, { version: draft.version }));
    const [goods, work] = posted.lines as Array<{ lineNet: string; lineGross: string }>;
    // Net 30 USD and 5 USD (VAT-paying company, 20 %) at 41,5: 1 245,00 and 207,50 UAH; 3 × 60,00 out of stock.
    expect(goods!.lineNet).toBe('30.00');
    expect(work!.lineNet).toBe('5.00');
    const base = { saleDate: '2026-11-12', orderId, clientId: f.clientId, companyId: f.companyId };
    expect(await factsOf(draft.id)).toEqual([
      { ...base, revenue: '1245.00', revenueGross: '1494.00', cogs: '180.00' },
      { ...base, revenue: '207.50', revenueGross: '249.00', cogs: '0.00' },
    ]);
    expect(await checkSaleFacts(f.t.db)).toEqual([]);

    await ok(await f.api('POST', `/api/shipments/${draft.id}/cancel`, { reason: 'Помилка' }));
    const cleared = { saleDate: null, orderId: null, clientId: null, companyId: null };
    expect(await factsOf(draft.id)).toEqual([
      { ...cleared, revenue: null, revenueGross: null, cogs: null },
      { ...cleared, revenue: null, revenueGross: null, cogs: null },
    ]);
    expect(await checkSaleFacts(f.t.db)).toEqual([]);
  });

  it('checkSaleFacts names a line whose stored figures differ from its documents, and an unposted line with facts', async () => {
    const product = await f.product({ stock: '5', cost: '10.00' });
    const orderId = await f.order([{ itemId: product, qty: '2', unitPrice: '20' }], { confirm: true });
    const draft = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    await ok(await f.api('POST', `/api/shipments/${draft.id}/post`, { version: draft.version }));
    await f.t.db.execute(sql`update shipment_lines set cogs = cogs + 1 where shipment_id = ${draft.id}`);
    expect(await checkSaleFacts(f.t.db)).toEqual([
      `Відвантаження ${draft.number}, рядок ${draft.lines[0].id}: факт продажу не збігається з документом`,
    ]);
    await f.t.db.execute(sql`update shipment_lines set cogs = cogs - 1 where shipment_id = ${draft.id}`);
    expect(await checkSaleFacts(f.t.db)).toEqual([]);

    const other = await f.order([{ itemId: product, qty: '1', unitPrice: '20' }], { confirm: true });
    const unposted = await ok(await f.api('POST', '/api/shipments', { orderId: other }), 201);
    await f.t.db.execute(sql`update shipment_lines set sale_date = '2026-11-01' where shipment_id = ${unposted.id}`);
    expect(await checkSaleFacts(f.t.db)).toHaveLength(1);
  });
});
