// Test fixture of /production-forecasts: the manufacturing fixture (admin, warehouses, made items with BOMs) plus
// shipment history written straight into the shipments module's tables — posted or cancelled, on any date — as
// orders.fixture.ts does: the forecast only reads Σ qty of posted shipment lines. Used only by tests.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderLines } from '@/modules/orders/server/index.ts';
import { recordSaleFacts, shipmentLines, shipments } from '@/modules/shipments/server/index.ts';
import {
  createManufacturingFixture,
  type ManufacturingFixture,
} from '@/modules/manufacturing/server/manufacturing.fixture.ts';

type Injected = Awaited<ReturnType<ManufacturingFixture['api']>>;

export interface ForecastFixture extends ManufacturingFixture {
  /** A shipment of `qty` of the item on `date` (posted unless told). */
  ship: (itemId: number, qty: string, date: string, status?: 'posted' | 'cancelled' | 'draft') => Promise<void>;
  /** A made product (pieces) with a default BOM of one component. */
  makeable: () => Promise<number>;
  /** Answers the JSON of a response of the expected status. */
  ok: typeof ok;
}

let seq = 0;

async function ok(res: Injected, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.statusCode === 204 ? null : res.json();
}

export async function createForecastFixture(): Promise<ForecastFixture> {
  const f = await createManufacturingFixture();
  const lineOf = new Map<number, { orderId: number; lineId: number }>();
  const ship: ForecastFixture['ship'] = async (itemId, qty, date, status = 'posted') => {
    let line = lineOf.get(itemId);
    if (!line) {
      const orderId = await f.order([{ itemId, qty: '100000', unitPrice: '10.00' }]);
      const [row] = await f.t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      line = { orderId, lineId: row!.id };
      lineOf.set(itemId, line);
    }
    const n = ++seq;
    const [shipment] = await f.t.db
      .insert(shipments)
      .values({ number: `SHP-FC-${n}`, shipmentDate: date, status, orderId: line.orderId, warehouseId: f.warehouseId })
      .returning();
    await f.t.db.insert(shipmentLines).values({
      shipmentId: shipment!.id,
      orderLineId: line.lineId,
      itemId,
      qty,
      unitPrice: '10.00',
      lineNet: '0',
      lineVat: '0',
      lineGross: '0',
    });
    await recordSaleFacts(f.t.db, [shipment!.id]);
  };
  const makeable = async () => {
    const item = await f.made();
    await f.bom(item, [{ itemId: await f.component(), qty: '1' }]);
    return item;
  };
  return { ...f, ship, makeable, ok };
}
