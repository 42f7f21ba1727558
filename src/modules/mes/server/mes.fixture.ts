// Test fixture of the terminal (used only by tests): the sales fixture (admin, warehouse, stocked items) plus a
// production department with two badge-carrying workers, a made product with a default BOM (2 × a stocked
// component) and a default tech card, and MOs created and released through the manufacturing services.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { techCardOperations, techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { createManufacturingOrder, releaseManufacturingOrder } from '@/modules/manufacturing/server/index.ts';
import { moOperations, type MoPriority } from '@/modules/manufacturing/server/manufacturing.table.ts';

export interface OperationSpec {
  name?: string;
  canRunParallel?: boolean;
  qualityCheck?: boolean;
  instructions?: string;
}

export interface MesFixture extends SalesFixture {
  departmentId: number;
  otherDepartmentId: number;
  positionRate: string;
  /** Worker 1: no own rate (the position's 150.00 applies), badge 'B-001'. */
  w1: number;
  /** Worker 2: own rate 200.00, badge 'B-002'. */
  w2: number;
  componentId: number;
  /** A made product with a default BOM and a default tech card of the given operations (seq 10, 20, …). */
  makeProduct: (ops: OperationSpec[], opts?: { serialTracking?: boolean }) => Promise<number>;
  /** An MO created and released; answers its id, number and operation ids by seq order. */
  releasedMo: (
    itemId: number,
    qty: string,
    opts?: { priority?: MoPriority; dueDate?: string | null },
  ) => Promise<{ id: number; number: string; ops: number[] }>;
  /** POST /api/mes/operations/:id/<action> with a fresh (or the given) Idempotency-Key. */
  action: (
    operationId: number,
    action: 'start' | 'pause' | 'resume' | 'report' | 'finish',
    body: Record<string, unknown>,
    key?: string,
    cookie?: string,
  ) => ReturnType<SalesFixture['api']>;
}

let n = 0;

export async function createMesFixture(): Promise<MesFixture> {
  const f = await createSalesFixture();
  const ok = async (res: Awaited<ReturnType<SalesFixture['api']>>, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const dept = await ok(
    await f.api('POST', '/api/departments', {
      name: 'Складальна дільниця',
      code: 'СД',
      isProduction: true,
      overheadRatePerHour: '60',
    }),
  );
  const other = await ok(
    await f.api('POST', '/api/departments', { name: 'Дільниця контролю', code: 'ДК', isProduction: true }),
  );
  const position = await ok(
    await f.api('POST', '/api/positions', { name: 'Монтажник', departmentId: dept.id, hourlyRate: '150' }),
  );
  const worker = async (lastName: string, badgeCode: string, hourlyRate?: string) =>
    (
      await ok(
        await f.api('POST', '/api/workers', {
          lastName,
          firstName: 'Іван',
          positionId: position.id,
          departmentId: dept.id,
          badgeCode,
          ...(hourlyRate ? { hourlyRate } : {}),
        }),
      )
    ).id as number;
  const w1 = await worker('Гребенюк', 'B-001');
  const w2 = await worker('Дмитренко', 'B-002', '200');
  const componentId = await f.product({ stock: '10000', cost: '5.00' });

  const makeProduct: MesFixture['makeProduct'] = async (ops, opts = {}) => {
    const k = ++n;
    const itemId = (
      await ok(
        await f.api('POST', '/api/products', {
          sku: `MES-P-${k}`,
          name: `Контролер ${k}`,
          unitId: f.unitId,
          retailPrice: '500.00',
          serialTracking: opts.serialTracking ?? false,
        }),
      )
    ).id as number;
    const [bom] = await f.t.db
      .insert(boms)
      .values({ itemId, name: `Специфікація ${k}`, outputQty: '1', isDefault: true, status: 'active' })
      .returning();
    await f.t.db.insert(bomLines).values({ bomId: bom!.id, lineNo: 1, componentItemId: componentId, qty: '2' });
    const [card] = await f.t.db
      .insert(techCards)
      .values({ itemId, name: `Техкарта ${k}`, status: 'active', isDefault: true, notes: 'Антистатичний браслет' })
      .returning();
    if (ops.length) {
      await f.t.db.insert(techCardOperations).values(
        ops.map((op, i) => ({
          techCardId: card!.id,
          seq: (i + 1) * 10,
          name: op.name ?? `Операція ${(i + 1) * 10}`,
          departmentId: dept.id,
          positionId: position.id,
          setupMinutes: '10',
          runMinutesPerUnit: '2',
          canRunParallel: op.canRunParallel ?? false,
          qualityCheck: op.qualityCheck ?? false,
          instructions: op.instructions ?? null,
        })),
      );
    }
    return itemId;
  };

  const ctx = { userId: f.adminId };
  const releasedMo: MesFixture['releasedMo'] = async (itemId, qty, opts = {}) => {
    const mo = await f.t.db.transaction(async (tx) => {
      const created = await createManufacturingOrder(tx, ctx, {
        itemId,
        qty,
        priority: opts.priority ?? 'normal',
        dueDate: opts.dueDate ?? null,
        outputWarehouseId: f.warehouseId,
        materialsWarehouseId: f.warehouseId,
      });
      await releaseManufacturingOrder(tx, ctx, created.id);
      return created;
    });
    const ops = await f.t.db
      .select({ id: moOperations.id })
      .from(moOperations)
      .where(eq(moOperations.moId, mo.id))
      .orderBy(asc(moOperations.seq));
    return { id: mo.id, number: mo.number, ops: ops.map((o) => o.id) };
  };

  const action: MesFixture['action'] = (operationId, name, body, key = randomUUID(), cookie = f.cookie) =>
    f.t.app.inject({
      method: 'POST',
      url: `/api/mes/operations/${operationId}/${name}`,
      payload: body,
      headers: { cookie, 'idempotency-key': key },
    });

  return {
    ...f,
    departmentId: dept.id,
    otherDepartmentId: other.id,
    positionRate: '150.000000',
    w1,
    w2,
    componentId,
    makeProduct,
    releasedMo,
    action,
  };
}
