// The stock read pages (warehouse.md §1–3 "Done means"): 20 received and 12 reserved read as on hand 20, reserved
// 12, available 8, 'Закінчується'; the ledger page shows each receipt under its number with the running balance,
// a cancelled receipt nets to zero, and opening + in − out = closing = the stock page's figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { postToLedger, reserveStock, type LedgerIntent } from './ledger.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let warehouseId: number;
let base: Record<string, unknown>;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

let n = 0;
async function receive(itemId: number, qty: string, unitPrice: string, date: string) {
  const draft = (
    await api('POST', '/api/supplier-receipts', {
      ...base,
      supplierDocNumber: `D-${++n}`,
      supplierDocDate: date,
      documentDate: date,
      lines: [{ itemId, qty, unitPrice }],
    })
  ).json();
  return (await api('POST', `/api/supplier-receipts/${draft.id}/post`)).json() as { id: number; number: string };
}

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'stock-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'stock-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  warehouseId = (await api('GET', '/api/warehouses')).json()[0].id;
  const supplierId = (
    await api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Постачальник',
      fullName: 'ТОВ «Постачальник»',
      taxId: sampleEdrpou(777),
    })
  ).json().id;
  const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id;
  base = { supplierId, warehouseId, documentTypeId };
});
afterAll(() => t.close());

describe('stock pages', () => {
  it('reads 20 received and 12 reserved as available 8, low stock, with its value and the stats', async () => {
    const product = (await api('POST', '/api/products', { sku: 'БЖ-12', name: 'Блок живлення 12 В', unitId })).json()
      .id;
    await receive(product, '20', '150', '2026-11-01');
    await t.db.transaction((tx) =>
      reserveStock(tx, { itemId: product, warehouseId, qty: '12', sourceType: 'order_line', sourceId: 1 }),
    );
    const list = await api('GET', '/api/inventory?search=БЖ-12');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        sku: 'БЖ-12',
        onHand: '20.0000',
        reserved: '12.0000',
        available: '8.0000',
        // No company pays VAT here, so the VAT is part of the cost: 150 + 20 %.
        avgCost: '180.000000',
        value: '3600.00',
        threshold: '10',
        status: 'low-stock',
      }),
    ]);
    expect((await api('GET', '/api/inventory?status=in-stock&search=БЖ-12')).json()).toEqual([]);
    expect((await api('GET', '/api/inventory/stats?search=БЖ-12')).json()).toEqual({
      items: 1,
      value: '3600.00',
      lowStock: 1,
      outOfStock: 0,
    });
    // Products are not components: the other page does not list them.
    expect((await api('GET', '/api/component-stock?search=БЖ-12')).json()).toEqual([]);
    const xlsx = await api('GET', '/api/inventory/export?format=csv&search=БЖ-12');
    expect(xlsx.body).toContain('БЖ-12;Блок живлення 12 В');
  });

  it('shows the ledger with document numbers, the running balance, reversals, and a turnover that adds up', async () => {
    const part = (await api('POST', '/api/components', { sku: 'R-10K', name: 'Резистор 10 кОм', unitId })).json().id;
    const first = await receive(part, '100', '0.2', '2026-10-05');
    const second = await receive(part, '50', '0.3', '2026-11-05');
    const cancelled = await api('POST', `/api/supplier-receipts/${second.id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode).toBe(200);

    const rows = (await api('GET', `/api/component-movement?itemId=${part}&sort=id`)).json();
    expect(
      rows.map((r: { documentNumber: string; qty: string; balanceAfter: string }) => [
        r.documentNumber,
        r.qty,
        r.balanceAfter,
      ]),
    ).toEqual([
      [first.number, '100.0000', '100.0000'],
      [second.number, '50.0000', '150.0000'],
      [second.number, '-50.0000', '100.0000'],
    ]);
    expect(rows[2].reversesMovementId).toBe(rows[1].id);
    expect(
      (await api('GET', '/api/component-movement?documentType=supplier_receipt&search=R-10K')).headers['x-total-count'],
    ).toBe('3');

    const summary = (
      await api('GET', `/api/component-movement/summary?itemId=${part}&dateFrom=2026-11-01&dateTo=2026-11-30`)
    ).json();
    expect(summary).toEqual({
      openingQty: '100.0000',
      openingValue: '24.00',
      inQty: '50.0000',
      inValue: '18.00',
      outQty: '50.0000',
      outValue: '18.00',
      closingQty: '100.0000',
      closingValue: '24.00',
    });
    const [stockRow] = (await api('GET', '/api/component-stock?search=R-10K')).json();
    expect(stockRow.onHand).toBe(summary.closingQty);
    expect(stockRow.value).toBe(summary.closingValue);
  });

  it('gives every page the same running balances as the window over all movements, per item and per warehouse', async () => {
    const part = (await api('POST', '/api/components', { sku: 'C-100N', name: 'Конденсатор 100 нФ', unitId })).json()
      .id;
    const other = (await api('POST', '/api/warehouses', { code: 'BR', name: 'Філія', type: 'materials' })).json().id;
    const intents: LedgerIntent[][] = [
      [{ kind: 'in', itemId: part, warehouseId, qty: '40', unitCost: '0.1' }],
      [{ kind: 'transfer', itemId: part, fromWarehouseId: warehouseId, toWarehouseId: other, qty: '15' }],
      [{ kind: 'out', itemId: part, warehouseId, qty: '7' }],
      [{ kind: 'in', itemId: part, warehouseId: other, qty: '3.5', unitCost: '0.2' }],
      [{ kind: 'out', itemId: part, warehouseId: other, qty: '10' }],
      [{ kind: 'in', itemId: part, warehouseId, qty: '12', unitCost: '0.1' }],
    ];
    for (const [i, lines] of intents.entries()) {
      await t.db.transaction((tx) =>
        postToLedger(
          tx,
          { type: 'adjustment', id: 900_000 + i, number: `ADJ-T-${i}`, date: '2026-11-10', userId: null },
          lines,
        ),
      );
    }
    type Row = { id: number; balanceAfter: string };
    const pick = (rows: Row[]) => rows.map((r) => [r.id, r.balanceAfter]);
    for (const scope of ['', `&warehouseId=${warehouseId}`, `&warehouseId=${other}`]) {
      for (const sort of ['-id', 'id']) {
        // A period filter lists the same rows but takes the window path.
        const windowed = (
          await api('GET', `/api/component-movement?itemId=${part}${scope}&sort=${sort}&dateFrom=2000-01-01&limit=500`)
        ).json();
        expect(windowed.length).toBeGreaterThan(2);
        for (const limit of [1, 2, 50]) {
          const paged: Row[] = [];
          for (let page = 1; paged.length < windowed.length; page++) {
            const slice = (
              await api(
                'GET',
                `/api/component-movement?itemId=${part}${scope}&sort=${sort}&limit=${limit}&page=${page}`,
              )
            ).json();
            expect(slice.length).toBeGreaterThan(0);
            paged.push(...slice);
          }
          expect(pick(paged), `${scope} ${sort} ${limit}`).toEqual(pick(windowed));
        }
      }
    }
  });
});
