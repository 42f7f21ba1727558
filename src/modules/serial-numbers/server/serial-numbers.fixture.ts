// Test fixture of the serial numbers (used only by tests): an app with an admin signed in, the first warehouse, and
// helpers that make serial-tracked products, put units on hand without serials, create templates and count what is
// in stock.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { postToLedger } from '@/modules/stock/server/index.ts';
import { stockBalances } from '@/modules/stock/server/stock.table.ts';
import { resourceEngine } from '@/resources/index.ts';
import { createTestApp, createUser, fixtureNumber, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { serialNumbers } from './serial-numbers.table.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SerialsFixture = Awaited<ReturnType<typeof createSerialsFixture>>;

/** The serials of a list answer, in its order. */
export const serialsOf = (res: { json(): unknown }) => (res.json() as Array<{ serial: string }>).map((s) => s.serial);

let n = 0;
let stockDoc = 0;

export async function createSerialsFixture() {
  const t: TestApp = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'sn-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  const cookie = (await signIn(t.app, admin.username, 'sn-pass')).cookie;
  const api = (method: Method, url: string, payload?: unknown, as = cookie) =>
    t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });
  const unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  const warehouse = (await api('GET', '/api/warehouses')).json()[0];
  const warehouseId: number = warehouse.id;
  const warehouseName: string = warehouse.name;

  /** A serial-tracked product (or an untracked one). */
  async function product(extra: Record<string, unknown> = {}) {
    const res = await api('POST', '/api/products', {
      sku: `SN-P-${fixtureNumber(++n)}`,
      name: `Прилад ${fixtureNumber(n)}`,
      unitId,
      serialTracking: true,
      warrantyMonths: 24,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  /**
   * Puts `qty` units on hand without serials (units found before serial tracking began), straight through the
   * ledger: a document would register their serials itself (an opening ADJ generates them), and these tests register
   * them by hand.
   */
  async function stock(itemId: number, qty: string) {
    await t.db.transaction((tx) =>
      postToLedger(
        tx,
        {
          type: 'supplier_receipt' as const,
          id: 800_000 + ++stockDoc,
          number: `SN-TEST-${stockDoc}`,
          date: '2026-11-02',
          userId: null,
        },
        [{ kind: 'in', itemId, qty, warehouseId, unitCost: '150', lineId: 1 }],
      ),
    );
  }
  async function template(body: Record<string, unknown>) {
    const res = await api('POST', '/api/serial-numbers/templates', { resetPeriod: 'never', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string; isDefault: boolean };
  }
  const onHand = async (itemId: number) =>
    (
      await t.db
        .select({ onHand: stockBalances.onHand })
        .from(stockBalances)
        .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.warehouseId, warehouseId)))
    )[0]?.onHand;
  const inStock = async (itemId: number) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(serialNumbers)
        .where(
          and(
            eq(serialNumbers.itemId, itemId),
            eq(serialNumbers.warehouseId, warehouseId),
            inArray(serialNumbers.status, ['available', 'reserved']),
          ),
        )
    )[0]!.n;

  /** The SKU of the product made last. */
  const lastSku = () => `SN-P-${fixtureNumber(n)}`;

  return {
    t,
    cookie,
    adminId: admin.id,
    unitId,
    warehouseId,
    warehouseName,
    api,
    product,
    lastSku,
    stock,
    template,
    onHand,
    inStock,
  };
}
