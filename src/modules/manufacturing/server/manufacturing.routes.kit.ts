// What the /api/manufacturing-orders test files share: a fresh fixture per file, the calls they make and the product
// most of them build. Used only by tests.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockReservations } from '@/modules/stock/server/stock.table.ts';
import type { MoDetail } from '../manufacturing.contract.ts';
import { createManufacturingFixture, type ManufacturingFixture } from './manufacturing.fixture.ts';

export const base = '/api/manufacturing-orders';

type Res = Awaited<ReturnType<ManufacturingFixture['api']>>;

/** Registers the file's fixture (made before its tests, closed after) and answers the helpers bound to it. */
export function manufacturingSuite() {
  const suite = { f: undefined as unknown as ManufacturingFixture };
  beforeAll(async () => {
    suite.f = await createManufacturingFixture();
  });
  afterAll(() => suite.f.t.close());
  const fixture = () => suite.f;

  const ok = (res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const ledgerClean = async () => expect(await checkLedger(fixture().t.db)).toEqual({ ok: true, problems: [] });
  const detail = async (id: number): Promise<MoDetail> => ok(await fixture().api('GET', `${base}/${id}?_t=1`));
  const create = async (body: Record<string, unknown>): Promise<MoDetail> =>
    ok(await fixture().api('POST', base, body), 201);
  const act = (id: number, action: string, body?: unknown) =>
    fixture().api('POST', `${base}/${id}/${action}`, body ?? {});
  const output = async (id: number, goodQty: string, extra: Record<string, unknown> = {}) =>
    ok(await fixture().api('POST', `${base}/${id}/outputs`, { goodQty, ...extra }), 201);

  /** A product with BOM 2 × A (A at 5.00, 100 in stock) and one operation: 3 min/unit at 120/h labour, 40/h overhead. */
  async function standardProduct(opts: { stockA?: string; serialTracking?: boolean } = {}) {
    const f = fixture();
    const a = await f.component({ stock: opts.stockA ?? '100', cost: '5.00' });
    const product = await f.made({ serialTracking: opts.serialTracking });
    await f.bom(product, [{ itemId: a, qty: '2' }]);
    const department = await f.department('40');
    const position = await f.position('120');
    await f.techCard(product, [
      { seq: 10, name: 'Складання', departmentId: department, positionId: position, runMinutesPerUnit: '3' },
    ]);
    return { a, product, department, position };
  }

  const reservedFor = async (moMaterialId: number) =>
    (
      await fixture()
        .t.db.select()
        .from(stockReservations)
        .where(and(eq(stockReservations.sourceType, 'mo_material'), eq(stockReservations.sourceId, moMaterialId)))
    ).reduce((s, r) => s + Number(r.qty), 0);

  return { fixture, ok, ledgerClean, detail, create, act, output, standardProduct, reservedFor };
}
