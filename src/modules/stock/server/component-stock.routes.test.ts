// /component-stock as the purchasing view (warehouse.md §2): on order from a sent supplier order (drafts are not
// supply), required from a running MO's remaining material need, the shortage flag (a need covered by an order is
// no shortage), the last purchase price and supplier from the newest posted receipt, the package type column and
// filter, the export with the purchasing columns, and 'Замовити' — one draft per last supplier, audited, refused
// for an item never bought and for those without the rights.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManufacturingOrder,
  releaseManufacturingOrder,
  startManufacturingOrder,
} from '@/modules/manufacturing/server/index.ts';
import {
  createManufacturingFixture,
  type ManufacturingFixture,
} from '@/modules/manufacturing/server/manufacturing.fixture.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';

let f: ManufacturingFixture;
let supplierA: number;
let supplierB: number;
let documentTypeId: number;
let smd: number;
let tht: number;
const ids: Record<'resistor' | 'capacitor' | 'covered' | 'neverBought', number> = {
  resistor: 0,
  capacitor: 0,
  covered: 0,
  neverBought: 0,
};

async function ok(res: { statusCode: number; body: string; json: () => unknown }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, unknown> & { id: number };
}

let doc = 0;
async function receive(supplierId: number, itemId: number, qty: string, unitPrice: string, date: string) {
  const draft = await ok(
    await f.api('POST', '/api/supplier-receipts', {
      supplierId,
      documentTypeId,
      warehouseId: f.materialsWarehouseId,
      supplierDocNumber: `КС-Д-${++doc}`,
      supplierDocDate: date,
      documentDate: date,
      lines: [{ itemId, qty, unitPrice }],
    }),
  );
  await ok(await f.api('POST', `/api/supplier-receipts/${draft.id}/post`), 200);
}

async function supplierOrder(supplierId: number, itemId: number, qty: string, send: boolean) {
  const order = await ok(
    await f.api('POST', '/api/supplier-orders', {
      supplierId,
      orderDate: '2026-11-02',
      lines: [{ itemId, qty, unitPrice: '2.00' }],
    }),
  );
  if (send) await ok(await f.api('POST', `/api/supplier-orders/${order.id}/send`, {}), 200);
}

const rows = async (query = '') =>
  (await f.api('GET', `/api/component-stock?search=${encodeURIComponent('КС-')}${query}`)).json() as Array<
    Record<string, unknown>
  >;
const rowOf = async (itemId: number) => (await rows()).find((r) => r.itemId === itemId);

async function userWith(permissions: Array<{ route: string; canView: boolean; canAccess: boolean }>) {
  const user = await createUser(f.t.db, { password: 'cs-pass' });
  const role = await ok(await f.api('POST', '/api/roles', { name: `Закупівлі ${user.id}` }));
  expect((await f.api('PUT', `/api/roles/${role.id}/permissions`, { permissions })).statusCode).toBeLessThan(300);
  await replaceUserRoles(f.t.db, user.id, [role.id]);
  return (await signIn(f.t.app, user.username, 'cs-pass')).cookie;
}

beforeAll(async () => {
  f = await createManufacturingFixture();
  const supplier = async (n: number) =>
    (
      await ok(
        await f.api('POST', '/api/suppliers', {
          legalForm: 'legal_entity',
          name: `Постачальник ${n}`,
          fullName: `ТОВ «Постачальник ${n}»`,
          taxId: sampleEdrpou(4400 + n),
        }),
      )
    ).id;
  supplierA = await supplier(1);
  supplierB = await supplier(2);
  documentTypeId = ((await f.api('GET', '/api/supplier-document-types')).json() as Array<{ id: number }>)[0]!.id;
  smd = (await ok(await f.api('POST', '/api/package-types', { name: 'КС 0805', mountType: 'smd' }))).id;
  tht = (await ok(await f.api('POST', '/api/package-types', { name: 'КС DIP-8', mountType: 'tht' }))).id;
  const component = async (sku: string, name: string, packageTypeId: number | null) =>
    (await ok(await f.api('POST', '/api/components', { sku, name, unitId: f.unitId, packageTypeId }))).id;
  ids.resistor = await component('КС-R1', 'Резистор 10 кОм', smd);
  ids.capacitor = await component('КС-C1', 'Конденсатор 100 нФ', tht);
  ids.covered = await component('КС-U1', 'Мікросхема', smd);
  ids.neverBought = await component('КС-X1', 'Роз’єм', null);

  // Resistor: 100 from A at 2.50, then 20 from B at 3.00 — the last purchase is B's.
  await receive(supplierA, ids.resistor, '100', '2.50', '2026-11-01');
  await receive(supplierB, ids.resistor, '20', '3.00', '2026-11-10');
  await receive(supplierA, ids.capacitor, '10', '1.00', '2026-11-05');
  // On order: 40 resistors sent to A; a draft of 7 more is no supply. 100 chips sent, covering their need.
  await supplierOrder(supplierA, ids.resistor, '40', true);
  await supplierOrder(supplierA, ids.resistor, '7', false);
  await supplierOrder(supplierA, ids.covered, '100', true);

  // A running MO of 100 boards: 2 resistors, 5 capacitors and 1 chip each. The release reserves what is in stock.
  const board = await f.made();
  await f.bom(board, [
    { itemId: ids.resistor, qty: '2' },
    { itemId: ids.capacitor, qty: '5' },
    { itemId: ids.covered, qty: '1' },
  ]);
  await f.t.db.transaction(async (tx) => {
    const ctx = { userId: f.adminId };
    const mo = await createManufacturingOrder(tx, ctx, {
      itemId: board,
      qty: '100',
      materialsWarehouseId: f.materialsWarehouseId,
      outputWarehouseId: f.warehouseId,
    });
    await releaseManufacturingOrder(tx, ctx, mo.id);
    await startManufacturingOrder(tx, ctx, mo.id);
  });
});
afterAll(() => f.t.close());

describe('component stock: purchasing columns', () => {
  it('shows on order, required, the shortage and the last purchase of each component', async () => {
    // Resistor: 200 required, 120 reserved by the MO → 80 still needed; free 0, on order 40 → short by 40.
    expect(await rowOf(ids.resistor)).toMatchObject({
      onHand: '120.0000',
      reserved: '120.0000',
      available: '0.0000',
      onOrder: '40.0000',
      required: '80.0000',
      shortageQty: '40.0000',
      shortage: true,
      lastPrice: '3.00',
      lastSupplierId: supplierB,
      lastSupplierName: 'Постачальник 2',
      packageTypeId: smd,
      packageTypeName: 'КС 0805',
    });
    // Capacitor: 500 − 10 reserved = 490 needed, nothing on order.
    expect(await rowOf(ids.capacitor)).toMatchObject({
      onOrder: '0.0000',
      required: '490.0000',
      shortageQty: '490.0000',
      shortage: true,
      lastPrice: '1.00',
      lastSupplierId: supplierA,
      packageTypeName: 'КС DIP-8',
    });
    // Chip: 100 needed, 100 on order — covered, so no shortage; never received, so no last purchase.
    expect(await rowOf(ids.covered)).toMatchObject({
      onOrder: '100.0000',
      required: '100.0000',
      shortageQty: '0.0000',
      shortage: false,
      lastPrice: null,
      lastSupplierId: null,
      lastSupplierName: null,
    });
    expect(await rowOf(ids.neverBought)).toMatchObject({
      onOrder: '0.0000',
      required: '0.0000',
      shortage: false,
      packageTypeId: null,
      packageTypeName: null,
    });
  });

  it('filters by package type, with the status too', async () => {
    expect((await rows(`&packageTypeId=${smd}`)).map((r) => r.sku).sort()).toEqual(['КС-R1', 'КС-U1']);
    expect((await rows(`&packageTypeId=${tht}`)).map((r) => r.sku)).toEqual(['КС-C1']);
    expect((await rows(`&packageTypeId=${smd}&status=out-of-stock`)).map((r) => r.sku).sort()).toEqual([
      'КС-R1',
      'КС-U1',
    ]);
    const stats = await f.api('GET', `/api/component-stock/stats?search=КС-&packageTypeId=${tht}`);
    expect(stats.json()).toMatchObject({ items: 1 });
    // /inventory has no package type filter.
    expect((await f.api('GET', `/api/inventory?packageTypeId=${smd}`)).statusCode).toBe(400);
  });

  it('exports exactly the filtered rows with the purchasing columns', async () => {
    const res = await f.api('GET', `/api/component-stock/export?format=csv&search=КС-&packageTypeId=${smd}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Артикул;Назва;Категорія;Од.;Залишок;Резерв;Доступно;Сер. собівартість;Вартість;Статус;' +
        'Тип корпусу;Замовлено;Потрібно;Дефіцит;Остання ціна;Постачальник',
    );
    expect(lines).toHaveLength(3);
    const resistor = lines.find((l) => l.startsWith('КС-R1;'))!.split(';');
    expect(resistor.slice(10)).toEqual(['КС 0805', '40,0000', '80,0000', '40,0000', '3,00', 'Постачальник 2']);
    const chip = lines.find((l) => l.startsWith('КС-U1;'))!.split(';');
    expect(chip.slice(10)).toEqual(['КС 0805', '100,0000', '100,0000', '', '', '']);
    const xlsx = await f.api('GET', `/api/component-stock/export?search=КС-&packageTypeId=${smd}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe("component stock: 'Замовити'", () => {
  it('drafts one supplier order per last supplier with the shortage and the last price, audited', async () => {
    const res = await f.api('POST', '/api/component-stock/order-drafts', {
      itemIds: [ids.resistor, ids.capacitor],
    });
    const body = await ok(res);
    const orders = body.orders as Array<{ id: number; number: string; supplierId: number; lines: number }>;
    expect(orders.map((o) => o.supplierId).sort()).toEqual([supplierA, supplierB].sort());
    const bySupplier = async (supplierId: number) => {
      const id = orders.find((o) => o.supplierId === supplierId)!.id;
      return (await f.api('GET', `/api/supplier-orders/${id}`)).json() as {
        status: string;
        lines: Array<{ itemId: number; qty: string; unitPrice: string }>;
      };
    };
    const fromB = await bySupplier(supplierB);
    expect(fromB.status).toBe('draft');
    expect(fromB.lines).toEqual([expect.objectContaining({ itemId: ids.resistor, qty: '40.0000' })]);
    expect(Number(fromB.lines[0]!.unitPrice)).toBe(3);
    const fromA = await bySupplier(supplierA);
    expect(fromA.lines).toEqual([expect.objectContaining({ itemId: ids.capacitor, qty: '490.0000' })]);
    expect(Number(fromA.lines[0]!.unitPrice)).toBe(1);

    const audits = await f.t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'supplier_orders'),
          eq(auditLog.action, 'create'),
          inArray(
            auditLog.entityId,
            orders.map((o) => String(o.id)),
          ),
        ),
      );
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.userId === f.adminId)).toBe(true);
    // Drafts are not supply: the resistor is still short by 40.
    expect(await rowOf(ids.resistor)).toMatchObject({ onOrder: '40.0000', shortageQty: '40.0000' });
  });

  it('refuses an item never bought (no supplier to order from) and one with nothing to order', async () => {
    const noSupplier = await f.api('POST', '/api/component-stock/order-drafts', {
      itemIds: [ids.resistor, ids.neverBought],
    });
    expect(noSupplier.statusCode).toBe(422);
    expect(noSupplier.json().error).toContain('Немає постачальника');
    expect(noSupplier.json().error).toContain('КС-X1');
    expect(noSupplier.json().error).not.toContain('КС-R1');

    // 20 more in stock leaves the capacitor short by 470; a component bought and not needed has nothing to order.
    const spare = (
      await ok(
        await f.api('POST', '/api/components', { sku: 'КС-S1', name: 'Запасна', unitId: f.unitId, minStock: '5' }),
      )
    ).id;
    await receive(supplierA, spare, '50', '1.00', '2026-11-06');
    const nothing = await f.api('POST', '/api/component-stock/order-drafts', { itemIds: [spare] });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().error).toContain('КС-S1');
    const empty = await f.api('POST', '/api/component-stock/order-drafts', { itemIds: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('is refused without the rights of the page or of supplier orders', async () => {
    const viewer = await userWith([{ route: '/component-stock', canView: true, canAccess: false }]);
    expect((await f.api('GET', '/api/component-stock', undefined, viewer)).statusCode).toBe(200);
    const post = (as: string) => f.api('POST', '/api/component-stock/order-drafts', { itemIds: [ids.resistor] }, as);
    expect((await post(viewer)).statusCode).toBe(403);
    const noOrders = await userWith([{ route: '/component-stock', canView: true, canAccess: true }]);
    const refused = await post(noOrders);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Немає права створювати замовлення постачальникам');
    const outsider = await userWith([{ route: '/inventory', canView: true, canAccess: true }]);
    expect((await f.api('GET', '/api/component-stock', undefined, outsider)).statusCode).toBe(403);
    expect((await f.api('GET', '/api/component-stock/export', undefined, outsider)).statusCode).toBe(403);
  });
});
