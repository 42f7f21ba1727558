// Test fixture of the manufacturing tests (and of the modules built on MOs): the sales fixture (admin, company,
// client, a default finished-goods warehouse, products, orders) plus a default materials warehouse, components with
// opening stock posted through the ledger, BOMs, tech cards with departments, positions and rates, and workers.
// Used only by tests.
import { expect } from 'vitest';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { bomLines, boms } from '@/modules/bom/server/bom.table.ts';
import { techCardOperations, techCards } from '@/modules/tech-cards/server/tech-cards.table.ts';
import { departments } from '@/resources/departments/departments.table.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { timeEntries } from './manufacturing.table.ts';

export interface ManufacturingFixture extends SalesFixture {
  materialsWarehouseId: number;
  /** A component (or material) with `stock` units at `cost` in the materials warehouse (opening balance). */
  component: (opts?: { stock?: string; cost?: string; kind?: 'component' | 'material' }) => Promise<number>;
  /** A made item: 'product' (default) or 'semi_finished'. */
  made: (opts?: { kind?: 'product' | 'semi_finished'; serialTracking?: boolean }) => Promise<number>;
  /** Puts stock in through an opening adjustment of the component stock page (components) or inventory. */
  stockIn: (
    itemId: number,
    qty: string,
    cost: string,
    warehouseId?: number,
    page?: 'component-stock' | 'inventory',
  ) => Promise<void>;
  /** An active default BOM. */
  bom: (
    itemId: number,
    lines: Array<{ itemId: number; qty: string; scrapPercent?: string }>,
    outputQty?: string,
  ) => Promise<number>;
  /** An active default tech card with operations. */
  techCard: (
    itemId: number,
    ops: Array<{
      seq: number;
      name: string;
      departmentId?: number | null;
      positionId?: number | null;
      setupMinutes?: string;
      runMinutesPerUnit?: string;
      canRunParallel?: boolean;
    }>,
  ) => Promise<number>;
  department: (overheadRatePerHour: string | null) => Promise<number>;
  position: (hourlyRate: string | null) => Promise<number>;
  worker: (opts?: { hourlyRate?: string; departmentId?: number | null; positionId?: number | null }) => Promise<number>;
  /** A closed time entry on an MO operation. */
  timeEntry: (opts: {
    workerId: number;
    moOperationId: number;
    minutes: number;
    hourlyRate?: string | null;
    open?: boolean;
    startedAt?: Date;
  }) => Promise<number>;
}

let seq = 0;

export async function createManufacturingFixture(): Promise<ManufacturingFixture> {
  const base = await createSalesFixture();
  const { api, t, unitId } = base;
  const ok = async (res: Awaited<ReturnType<typeof api>>, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const materialsWarehouseId = (
    await ok(
      await api('POST', '/api/warehouses', {
        code: `КМП-${Date.now() % 100000}`,
        name: 'Склад комплектуючих',
        type: 'materials',
        isDefault: true,
      }),
    )
  ).id as number;

  const stockIn: ManufacturingFixture['stockIn'] = async (itemId, qty, cost, warehouseId, page = 'component-stock') => {
    await ok(
      await api('POST', `/api/${page}/adjustments`, {
        warehouseId: warehouseId ?? materialsWarehouseId,
        reason: 'opening',
        post: true,
        lines: [{ itemId, deltaQty: qty, unitCost: cost }],
      }),
    );
  };
  const component: ManufacturingFixture['component'] = async (opts = {}) => {
    const n = ++seq;
    const id = (
      await ok(
        await api('POST', '/api/components', {
          kind: opts.kind ?? 'component',
          sku: `MFG-C-${n}`,
          name: `Компонент ${n}`,
          unitId,
        }),
      )
    ).id as number;
    if (opts.stock) await stockIn(id, opts.stock, opts.cost ?? '1.00');
    return id;
  };
  const made: ManufacturingFixture['made'] = async (opts = {}) => {
    const n = ++seq;
    return (
      await ok(
        await api('POST', '/api/products', {
          kind: opts.kind ?? 'product',
          sku: `MFG-P-${n}`,
          name: `Виріб ${n}`,
          unitId,
          retailPrice: '500.00',
          serialTracking: opts.serialTracking ?? false,
        }),
      )
    ).id as number;
  };
  const bom: ManufacturingFixture['bom'] = async (itemId, lines, outputQty = '1') => {
    const [row] = await t.db
      .insert(boms)
      .values({ itemId, name: `Специфікація ${++seq}`, outputQty, isDefault: true, status: 'active' })
      .returning();
    await t.db.insert(bomLines).values(
      lines.map((l, i) => ({
        bomId: row!.id,
        lineNo: i + 1,
        componentItemId: l.itemId,
        qty: l.qty,
        scrapPercent: l.scrapPercent ?? '0',
      })),
    );
    return row!.id;
  };
  const techCard: ManufacturingFixture['techCard'] = async (itemId, ops) => {
    const [row] = await t.db
      .insert(techCards)
      .values({ itemId, name: `Техкарта ${++seq}`, isDefault: true, status: 'active' })
      .returning();
    await t.db.insert(techCardOperations).values(
      ops.map((op) => ({
        techCardId: row!.id,
        seq: op.seq,
        name: op.name,
        departmentId: op.departmentId ?? null,
        positionId: op.positionId ?? null,
        setupMinutes: op.setupMinutes ?? '0',
        runMinutesPerUnit: op.runMinutesPerUnit ?? '0',
        canRunParallel: op.canRunParallel ?? false,
      })),
    );
    return row!.id;
  };
  const department: ManufacturingFixture['department'] = async (rate) =>
    (
      await t.db
        .insert(departments)
        .values({ name: `Дільниця ${++seq}`, isProduction: true, overheadRatePerHour: rate })
        .returning()
    )[0]!.id;
  const position: ManufacturingFixture['position'] = async (rate) =>
    (
      await t.db
        .insert(positions)
        .values({ name: `Посада ${++seq}`, hourlyRate: rate })
        .returning()
    )[0]!.id;
  const worker: ManufacturingFixture['worker'] = async (opts = {}) =>
    (
      await t.db
        .insert(workers)
        .values({
          lastName: `Петренко${++seq}`,
          firstName: 'Іван',
          hourlyRate: opts.hourlyRate ?? '100',
          departmentId: opts.departmentId ?? null,
          positionId: opts.positionId ?? null,
          badgeCode: `B-${seq}`,
        })
        .returning()
    )[0]!.id;
  const timeEntry: ManufacturingFixture['timeEntry'] = async (opts) => {
    const started = opts.startedAt ?? new Date(Date.now() - opts.minutes * 60_000);
    const [row] = await t.db
      .insert(timeEntries)
      .values({
        workerId: opts.workerId,
        moOperationId: opts.moOperationId,
        startedAt: started,
        endedAt: opts.open ? null : new Date(started.getTime() + opts.minutes * 60_000),
        minutes: opts.open ? null : `${opts.minutes}.00`,
        hourlyRate: opts.hourlyRate === undefined ? '100' : opts.hourlyRate,
        source: 'mes',
      })
      .returning();
    return row!.id;
  };
  return {
    ...base,
    materialsWarehouseId,
    component,
    made,
    stockIn,
    bom,
    techCard,
    department,
    position,
    worker,
    timeEntry,
  };
}
