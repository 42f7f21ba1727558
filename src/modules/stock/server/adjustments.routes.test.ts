// Adjustments (warehouse.md §1 "Done means"): 20 received and 12 reserved read as available 8, 'Закінчується'; a
// count of 18 with reason 'Псування' posts ADJ −2 at the average, shown on the movements page with its reason and
// audited; −25 is refused naming item, warehouse, needed and available; an opening-balance file gives a draft per
// warehouse whose posting sets on hand and average exactly. Also: the drafts' life and the two mounts. The ledger's
// invariants hold after each.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { toXlsx, XLSX_TYPE } from '@/resources/_engine/server/tabular.ts';
import { adjustmentsEndpoints } from '../adjustments.endpoints.ts';
import { reserveStock } from './index.ts';
import { itemCosts, stockBalances } from './stock.table.ts';
import {
  adjust,
  api,
  component,
  cookie,
  ledgerOk,
  mainWarehouse,
  product,
  receive,
  stockRow,
  t,
  useAdjustmentsApp,
} from './adjustments.fixture.ts';

useAdjustmentsApp();

describe('adjustments: warehouse.md §1 "Done means"', () => {
  it('counts 18 of 20 as ADJ −2 at the average, on the movements page with its reason, audited; refuses −25', async () => {
    expect(mainWarehouse.name).toBe('Основний склад');
    const item = await product({ sku: 'БЖ-ADJ', name: 'Блок живлення ADJ' });
    await receive(item.id, '20', '150');
    await t.db.transaction((tx) =>
      reserveStock(tx, {
        itemId: item.id,
        warehouseId: mainWarehouse.id,
        qty: '12',
        sourceType: 'order_line',
        sourceId: 7,
      }),
    );
    expect(await stockRow('БЖ-ADJ')).toMatchObject({
      onHand: '20.0000',
      reserved: '12.0000',
      available: '8.0000',
      avgCost: '180.000000',
      status: 'low-stock',
    });

    const quick = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      comment: 'Пошкоджено',
      lines: [{ itemId: item.id, countedQty: '18' }],
      post: true,
    });
    expect(quick.statusCode, quick.body).toBe(201);
    const adj = quick.json();
    expect(adj).toMatchObject({
      number: expect.stringMatching(/^ADJ-\d{4}-\d{5}$/),
      status: 'posted',
      reason: 'damage',
      warehouseName: 'Основний склад',
      lines: [{ itemId: item.id, deltaQty: '-2.0000', countedQty: '18.0000' }],
    });
    expect(await stockRow('БЖ-ADJ')).toMatchObject({ onHand: '18.0000', available: '6.0000', avgCost: '180.000000' });
    // The movements page opens the document as /inventory?search=<number>: it lists the adjusted item.
    expect(await stockRow(adj.number)).toMatchObject({ sku: 'БЖ-ADJ' });

    const movements = (await api('GET', `/api/component-movement?itemId=${item.id}`)).json();
    expect(movements[0]).toMatchObject({
      documentType: 'adjustment',
      documentNumber: adj.number,
      qty: '-2.0000',
      unitCost: '180.000000',
      value: '-360.00',
      note: 'Псування',
      balanceAfter: '18.0000',
    });
    const [posted] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'stock_adjustments'),
          eq(auditLog.entityId, String(adj.id)),
          eq(auditLog.action, 'post'),
        ),
      );
    expect(posted).toMatchObject({ before: { status: 'draft' }, after: { status: 'posted', number: adj.number } });
    await ledgerOk();

    // The same count again changes nothing: refused with a clear message.
    const same = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'correction',
      lines: [{ itemId: item.id, countedQty: '18' }],
      post: true,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields['lines.0.countedQty']).toBe(
      'Залишок «БЖ-ADJ» на цьому складі вже дорівнює 18 — коригувати нічого',
    );

    const tooMuch = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-25' }],
      post: true,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('Недостатньо запасу: БЖ-ADJ (Основний склад): потрібно 25, доступно 6');
    expect(await stockRow('БЖ-ADJ')).toMatchObject({ onHand: '18.0000' });
    // Nothing of the refused document stays behind, not even its draft.
    expect((await api('GET', `/api/inventory/adjustments?itemId=${item.id}`)).json()).toHaveLength(1);
    // An id beyond the column's range is the contract's 400, not the database's.
    for (const [field, value] of [
      ['itemId', '2147483648'],
      ['warehouseId', '9999999999'],
    ]) {
      const res = await api('GET', `/api/inventory/adjustments?${field}=${value}`);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), field).toEqual([field]);
    }
    await ledgerOk();
  });

  it('imports an opening-balance file into a draft per warehouse; posting sets on hand and average exactly', async () => {
    const second = await api('POST', '/api/warehouses', { code: 'ФІЛ', name: 'Склад філії', type: 'general' });
    expect(second.statusCode, second.body).toBe(201);
    const a = await product();
    const b = await product();
    const csv = [
      'SKU;Код складу;Кількість;Ціна одиниці;Серійні номери',
      `${a.sku};${mainWarehouse.code};12;125,50;`,
      `${b.sku};${mainWarehouse.code};3,5;80;`,
      `${a.sku.toLowerCase()};ФІЛ;8;125,5;`,
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: '\uFEFF' + csv,
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const drafts = res.json() as Array<{
      id: number;
      status: string;
      reason: string;
      warehouseId: number;
      lines: unknown[];
    }>;
    expect(drafts).toHaveLength(2);
    expect(drafts.map((d) => [d.status, d.reason, d.warehouseId, d.lines.length])).toEqual([
      ['draft', 'opening', mainWarehouse.id, 2],
      ['draft', 'opening', second.json().id, 1],
    ]);
    // A draft moves nothing.
    expect((await t.db.select().from(stockBalances).where(eq(stockBalances.itemId, a.id))).length).toBe(0);

    for (const draft of drafts) {
      const posted = await api('POST', `/api/inventory/adjustments/${draft.id}/post`, { version: 1 });
      expect(posted.statusCode, posted.body).toBe(200);
    }
    const balances = await t.db.select().from(stockBalances).where(eq(stockBalances.itemId, a.id));
    expect(Object.fromEntries(balances.map((r) => [r.warehouseId, r.onHand]))).toEqual({
      [mainWarehouse.id]: '12.0000',
      [second.json().id]: '8.0000',
    });
    expect((await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, a.id)))[0]).toMatchObject({
      qty: '20.0000',
      avgCost: '125.500000',
      value: '2510.00',
    });
    expect((await t.db.select().from(itemCosts).where(eq(itemCosts.itemId, b.id)))[0]).toMatchObject({
      qty: '3.5000',
      avgCost: '80.000000',
      value: '280.00',
    });
    await ledgerOk();
  });

  it('reads XLSX too, and refuses a bad file whole with every row’s error in Ukrainian', async () => {
    const c = await product();
    const xlsx = await toXlsx(
      'Залишки',
      ['SKU', 'Warehouse code', 'Qty', 'Unit cost'],
      [[c.sku, mainWarehouse.code, '4', '10.25']],
      new Set([2, 3]),
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: xlsx,
      headers: { cookie, 'content-type': XLSX_TYPE },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()[0].lines[0]).toMatchObject({ itemId: c.id, deltaQty: '4.0000', unitCost: '10.250000' });

    const before = Number((await api('GET', '/api/inventory/adjustments?limit=1')).headers['x-total-count']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: ['SKU;Код складу;Кількість;Ціна', `${c.sku};${mainWarehouse.code};2;5`, 'НЕМАЄ;ХХХ;-1;abc'].join('\n'),
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('помилок — 1');
    expect(bad.json().fields['rows.0']).toBe(
      'Рядок 3: артикул «НЕМАЄ» не знайдено; склад з кодом «ХХХ» не знайдено; ' +
        'кількість має бути числом більше нуля (до 4 знаків після коми); ' +
        'ціна одиниці має бути числом не менше нуля (до 6 знаків після коми)',
    );
    expect(Number((await api('GET', '/api/inventory/adjustments?limit=1')).headers['x-total-count'])).toBe(before);
    const noColumn = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/adjustments/import',
      payload: 'SKU;Кількість\nA;1',
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(noColumn.json().error).toBe('У файлі немає стовпця «Код складу»');
  });
});

describe('adjustment documents', () => {
  it('edits a current draft, posts once, cancels by reversal; opening needs a cost; audits each step', async () => {
    const item = await product();
    const noCost = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'opening',
      lines: [{ itemId: item.id, deltaQty: '5' }],
    });
    expect(noCost.json().fields['lines.0.unitCost']).toBe('Для введення залишків вкажіть ціну одиниці');
    const noAverage = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines: [{ itemId: item.id, deltaQty: '5' }],
      post: true,
    });
    expect(noAverage.statusCode).toBe(409);
    expect(noAverage.json().error).toContain('ще немає собівартості');

    const draft = (
      await adjust({
        warehouseId: mainWarehouse.id,
        reason: 'surplus_found',
        documentDate: '2026-11-05',
        lines: [{ itemId: item.id, deltaQty: '5', unitCost: '40' }],
      })
    ).json();
    expect(draft).toMatchObject({ status: 'draft', version: 1, documentDate: '2026-11-05' });
    const edited = await api('PATCH', `/api/inventory/adjustments/${draft.id}`, {
      version: 1,
      comment: 'Знайдено на полиці',
      lines: [{ itemId: item.id, deltaQty: '+6', unitCost: '40,5' }],
    });
    expect(edited.json()).toMatchObject({ version: 2, comment: 'Знайдено на полиці', lines: [{ deltaQty: '6.0000' }] });
    const stale = await api('PATCH', `/api/inventory/adjustments/${draft.id}`, { version: 1, comment: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');
    expect((await api('POST', `/api/inventory/adjustments/${draft.id}/post`, { version: 1 })).statusCode).toBe(409);
    expect((await api('POST', `/api/inventory/adjustments/${draft.id}/post`, { version: 2 })).statusCode).toBe(200);
    expect((await stockRow(item.sku)).avgCost).toBe('40.500000');
    const twice = await api('POST', `/api/inventory/adjustments/${draft.id}/post`);
    expect(twice.json().error).toBe('Коригування вже проведено');
    expect((await api('DELETE', `/api/inventory/adjustments/${draft.id}`)).statusCode).toBe(409);

    expect((await api('POST', `/api/inventory/adjustments/${draft.id}/cancel`, { reason: '' })).statusCode).toBe(400);
    const cancelled = await api('POST', `/api/inventory/adjustments/${draft.id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Помилка' });
    expect((await stockRow(item.sku)).onHand).toBe('0.0000');
    await ledgerOk();

    const other = (
      await adjust({
        warehouseId: mainWarehouse.id,
        reason: 'other',
        lines: [{ itemId: item.id, deltaQty: '1', unitCost: '1' }],
      })
    ).json();
    expect((await api('DELETE', `/api/inventory/adjustments/${other.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/inventory/adjustments/${other.id}`)).statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'stock_adjustments'), eq(auditLog.entityId, String(draft.id))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'post', 'cancel']);
  });

  it('keeps each page to its kinds; lists with filters and the total; shows the item card', async () => {
    const part = await component();
    const wrong = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'other',
      lines: [{ itemId: part.id, deltaQty: '1', unitCost: '2' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields['lines.0.itemId']).toBe('Цей товар ведеться на сторінці «Запаси компонентів»');
    const right = await adjust(
      { warehouseId: mainWarehouse.id, reason: 'other', lines: [{ itemId: part.id, deltaQty: '3', unitCost: '2' }] },
      '/api/component-stock',
    );
    expect(right.statusCode, right.body).toBe(201);
    expect((await api('GET', `/api/inventory/adjustments/${right.json().id}`)).statusCode).toBe(404);
    expect((await api('GET', `/api/component-stock/adjustments/${right.json().id}`)).statusCode).toBe(200);
    const both = await adjust(
      { warehouseId: mainWarehouse.id, reason: 'other', lines: [{ itemId: part.id }] },
      '/api/component-stock',
    );
    expect(both.json().fields['lines.0.deltaQty']).toBe('Вкажіть зміну кількості або фактичну кількість');

    const drafts = await api('GET', '/api/component-stock/adjustments?status=draft&search=ADJ-C');
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().map((d: { id: number }) => d.id)).toContain(right.json().id);
    expect(Number(drafts.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const inventoryDrafts = (await api('GET', '/api/inventory/adjustments?status=draft&limit=500')).json();
    expect(inventoryDrafts.map((d: { id: number }) => d.id)).not.toContain(right.json().id);

    await api('POST', `/api/component-stock/adjustments/${right.json().id}/post`);
    const card = await api('GET', `/api/component-stock/${part.id}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({
      itemId: part.id,
      avgCost: '2.000000',
      balances: [{ warehouseId: mainWarehouse.id, onHand: '3.0000', reserved: '0.0000', available: '3.0000' }],
      reservations: [],
      movements: [{ documentNumber: right.json().number, qty: '3.0000', itemKind: 'component', note: 'Інше' }],
    });
    expect((await api('GET', `/api/inventory/${part.id}`)).statusCode).toBe(404);
    await ledgerOk();
  });
});

describe('opening-balance files', () => {
  // The endpoints name their upload types and limit themselves: the pages load them, so they cannot import the server's.
  it('take the resource engine’s XLSX type and its upload limit on both pages', () => {
    for (const endpoint of [adjustmentsEndpoints.inventoryImport, adjustmentsEndpoints.componentsImport]) {
      expect(endpoint.bodyLimit).toBe(IMPORT_MAX_BYTES);
      expect(endpoint.bodyTypes).toContain(XLSX_TYPE);
    }
  });
});
