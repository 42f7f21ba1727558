// The stock settings of the gear dialog (their audit and rights) and the low-stock notifications (warehouse.md §0)
// that adjustments and receipts raise, escalate and resolve.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '@/modules/notifications/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { lowStockKey } from './low-stock.ts';
import {
  adjust,
  api,
  component,
  ledgerOk,
  mainWarehouse,
  product,
  receive,
  stockRow,
  t,
  useAdjustmentsApp,
  userWith,
} from './adjustments.fixture.ts';

useAdjustmentsApp();

describe('stock settings', () => {
  it('reads and changes the two settings with an audit record; only canAccess /inventory may change them', async () => {
    expect((await api('GET', '/api/inventory/settings')).json()).toEqual({
      allowNegativeStock: false,
      lowStockThreshold: 10,
    });
    const item = await product();
    await receive(item.id, '7', '10');
    expect((await stockRow(item.sku)).status).toBe('low-stock');

    const changed = await api('PATCH', '/api/inventory/settings', { lowStockThreshold: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ allowNegativeStock: false, lowStockThreshold: 5 });
    expect(await stockRow(item.sku)).toMatchObject({ status: 'in-stock', threshold: '5' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting_change'), eq(auditLog.entityId, 'stock')))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({
      entityType: 'settings',
      before: { allowNegativeStock: false, lowStockThreshold: 10 },
      after: { allowNegativeStock: false, lowStockThreshold: 5 },
    });
    expect((await api('PATCH', '/api/inventory/settings', { lowStockThreshold: -1 })).statusCode).toBe(400);
    expect((await api('PATCH', '/api/inventory/settings', { lowStockThreshold: 1.5 })).statusCode).toBe(400);

    // Negative stock allowed: the ledger lets an adjustment take more than there is.
    await api('PATCH', '/api/inventory/settings', { allowNegativeStock: true });
    const over = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'correction',
      lines: [{ itemId: item.id, deltaQty: '-9' }],
      post: true,
    });
    expect(over.statusCode, over.body).toBe(201);
    expect((await stockRow(item.sku)).onHand).toBe('-2.0000');
    await api('PATCH', '/api/inventory/settings', { allowNegativeStock: false, lowStockThreshold: 10 });
    await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'correction',
      lines: [{ itemId: item.id, deltaQty: '2' }],
      post: true,
    });

    const viewer = await userWith([{ route: '/inventory', canView: true, canAccess: false }]);
    expect((await api('GET', '/api/inventory/settings', undefined, viewer.cookie)).statusCode).toBe(200);
    expect((await api('PATCH', '/api/inventory/settings', { lowStockThreshold: 3 }, viewer.cookie)).statusCode).toBe(
      403,
    );
    const viewerPost = await api(
      'POST',
      '/api/inventory/adjustments',
      { warehouseId: mainWarehouse.id, reason: 'other', lines: [{ itemId: item.id, deltaQty: '1' }] },
      viewer.cookie,
    );
    expect(viewerPost.statusCode).toBe(403);
    const stranger = await userWith([{ route: '/component-stock', canView: true, canAccess: true }]);
    expect((await api('GET', '/api/inventory/settings', undefined, stranger.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/inventory/adjustments', undefined, stranger.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/component-stock/adjustments', undefined, stranger.cookie)).statusCode).toBe(200);
    await ledgerOk();
  });
});

describe('low-stock notifications (warehouse.md §0)', () => {
  const openFor = async (itemId: number, userId?: number) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.dedupeKey, lowStockKey(itemId)), eq(notifications.isResolved, false)))
    ).filter((row) => userId === undefined || row.userId === userId);

  it('raises one warning when a posting takes an item to its threshold, escalates at zero, resolves on restock', async () => {
    const watcher = await userWith([{ route: '/inventory', canView: true, canAccess: false }]);
    const componentViewer = await userWith([{ route: '/component-stock', canView: true, canAccess: false }]);
    const item = await product({ name: 'Контролер КТ-1' });
    await receive(item.id, '15', '10');
    expect(await openFor(item.id)).toEqual([]);

    const down = (qty: string) =>
      adjust({
        warehouseId: mainWarehouse.id,
        reason: 'damage',
        lines: [{ itemId: item.id, deltaQty: `-${qty}` }],
        post: true,
      });
    expect((await down('6')).statusCode).toBe(201); // 9 ≤ 10
    const [first] = await openFor(item.id, watcher.id);
    expect(first).toMatchObject({
      type: 'warning',
      priority: 'medium',
      title: 'Закінчується: Контролер КТ-1',
      actionUrl: `/inventory?search=${encodeURIComponent(item.sku)}`,
      relatedEntityType: 'item',
      relatedEntityId: String(item.id),
      relatedLabel: `Контролер КТ-1 (${item.sku})`,
    });
    expect(await openFor(item.id, componentViewer.id)).toEqual([]);

    expect((await down('1')).statusCode).toBe(201); // 8: the same warning, not a second one
    const again = await openFor(item.id, watcher.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).toBe(first!.id);

    expect((await down('8')).statusCode).toBe(201); // 0: out of stock, high
    const out = await openFor(item.id, watcher.id);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ id: first!.id, priority: 'high', title: 'Немає в наявності: Контролер КТ-1' });

    await receive(item.id, '30', '10'); // 30 > 10: resolved
    expect(await openFor(item.id)).toEqual([]);
    const all = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, lowStockKey(item.id)));
    expect(all.filter((r) => r.userId === watcher.id).map((r) => r.isResolved)).toEqual([true]);
    await ledgerOk();
  });

  it('leads components to /component-stock, follows minStock, and stays silent without stock control', async () => {
    const part = await component({ minStock: '50' });
    await adjust(
      {
        warehouseId: mainWarehouse.id,
        reason: 'surplus_found',
        lines: [{ itemId: part.id, deltaQty: '40', unitCost: '1' }],
        post: true,
      },
      '/api/component-stock',
    );
    const [warning] = await openFor(part.id);
    expect(warning).toMatchObject({ actionUrl: `/component-stock?search=${encodeURIComponent(part.sku)}` });

    const free = await product({ stockControl: false });
    await receive(free.id, '3', '10');
    await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: free.id, deltaQty: '-3' }],
      post: true,
    });
    expect(await openFor(free.id)).toEqual([]);
    await ledgerOk();
  });
});
