// Transfers (warehouse.md §7 "Done means"): moving 5 units shows −5 and +5 at the same value with the average
// unchanged and each warehouse's balance right; more than available (reservations included) is refused; cancelling
// restores both balances, refused while the destination no longer holds the stock; the draft life with its version,
// the Ukrainian validation, the print form and the permissions. The ledger's invariants hold after every step.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { reserveStock } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/audit.table.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { kyivToday, transferStats } from './warehouse-transfers.service.ts';
import {
  api,
  avg,
  component,
  createAndPost,
  ledgerOk,
  main,
  n,
  receive,
  shop,
  skuOf,
  spare,
  stockAt,
  t,
  transfer,
  unitId,
  useTransfersApp,
} from './warehouse-transfers.fixture.ts';

useTransfersApp();

describe('warehouse transfers — posting', () => {
  it('moves 5 units as −5 and +5 at the same value, leaves the average alone and sets both balances', async () => {
    const item = await component();
    await receive(item, main, '10', '12.50');
    await receive(item, main, '10', '13.10');
    const costBefore = await avg(item);
    expect(costBefore).toMatchObject({ qty: '20.0000', value: '256.00', avgCost: '12.800000' });

    const { draft, posted } = await createAndPost([{ itemId: item, qty: '5' }]);
    expect(draft).toMatchObject({
      number: expect.stringMatching(/^TRF-2026-\d{5}$/),
      status: 'draft',
      fromWarehouseName: 'Склад А',
      toWarehouseName: 'Склад Б',
      value: null,
      lineCount: 1,
      totalQty: '5.0000',
    });
    expect(draft.lines[0]).toMatchObject({ qty: '5.0000', available: '20.0000', unitCost: null });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ status: 'posted', value: '64.00', postedAt: expect.any(String) });
    expect(posted.json().lines[0]).toMatchObject({ unitCost: '12.800000', value: '64.00', available: null });

    const moves = await api('GET', `/api/component-movement?itemId=${item}&documentType=transfer`);
    expect(moves.statusCode, moves.body).toBe(200);
    const rows = moves.json() as Array<{ qty: string; value: string; warehouseId: number; documentNumber: string }>;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.warehouseId === main)).toMatchObject({
      qty: '-5.0000',
      value: '-64.00',
      documentNumber: draft.number,
    });
    expect(rows.find((r) => r.warehouseId === shop)).toMatchObject({ qty: '5.0000', value: '64.00' });

    expect(await avg(item)).toMatchObject({ qty: '20.0000', value: '256.00', avgCost: '12.800000' });
    expect(await stockAt(item, main)).toMatchObject({ onHand: '15.0000', available: '15.0000' });
    expect(await stockAt(item, shop)).toMatchObject({ onHand: '5.0000', available: '5.0000' });
    await ledgerOk();

    // Posting twice changes nothing.
    const twice = await api('POST', `/api/warehouse-transfers/${draft.id}/post`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Переміщення вже проведено');
    expect(await stockAt(item, shop)).toMatchObject({ onHand: '5.0000' });
  });

  it('refuses more than available, counting the stock a reservation holds, with 409', async () => {
    const item = await component();
    await receive(item, main, '10', '4');
    await t.db.transaction((tx) =>
      reserveStock(tx, { itemId: item, warehouseId: main, qty: '4', sourceType: 'order_line', sourceId: 9001 }),
    );
    expect(await stockAt(item, main)).toMatchObject({ onHand: '10.0000', reserved: '4.0000', available: '6.0000' });

    const { draft, posted } = await createAndPost([{ itemId: item, qty: '7' }]);
    expect(draft.lines[0].available).toBe('6.0000');
    expect(posted.statusCode).toBe(409);
    expect(posted.json().error).toBe(`Недостатньо запасу: ${skuOf.get(item)} (Склад А): потрібно 7, доступно 6`);
    const still = (await api('GET', `/api/warehouse-transfers/${draft.id}`)).json();
    expect(still).toMatchObject({ status: 'draft', version: 1 });

    const over = await createAndPost([{ itemId: item, qty: '11' }]);
    expect(over.posted.statusCode).toBe(409);

    // Exactly the available quantity may go; the reserved stock stays where its order expects it.
    const fits = await api('PATCH', `/api/warehouse-transfers/${draft.id}`, {
      version: 1,
      lines: [{ itemId: item, qty: '6' }],
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect((await api('POST', `/api/warehouse-transfers/${draft.id}/post`, { version: 2 })).statusCode).toBe(200);
    expect(await stockAt(item, main)).toMatchObject({ onHand: '4.0000', reserved: '4.0000', available: '0.0000' });
    expect(await stockAt(item, shop)).toMatchObject({ onHand: '6.0000' });
    await ledgerOk();
  });
});

describe('warehouse transfers — cancelling', () => {
  it('restores both balances, and is refused while the destination no longer has the stock', async () => {
    const item = await component();
    const sku = skuOf.get(item)!;
    await receive(item, main, '8', '10');
    const first = await createAndPost([{ itemId: item, qty: '5' }]);
    expect(first.posted.statusCode).toBe(200);
    // The stock moved on from the destination.
    const onward = await createAndPost([{ itemId: item, qty: '3' }], { fromWarehouseId: shop, toWarehouseId: spare });
    expect(onward.posted.statusCode).toBe(200);

    const refused = await api('POST', `/api/warehouse-transfers/${first.draft.id}/cancel`, { reason: 'Помилка' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Неможливо скасувати: на складі-одержувачі вже немає переміщеного запасу. ${sku} (Склад Б): потрібно 5, доступно 2`,
    );
    expect((await api('GET', `/api/warehouse-transfers/${first.draft.id}`)).json().status).toBe('posted');
    await ledgerOk();

    // Undo the onward move first, then the first one: everything is back where it started.
    const back = await api('POST', `/api/warehouse-transfers/${onward.draft.id}/cancel`, { reason: 'Не той склад' });
    expect(back.statusCode, back.body).toBe(200);
    const cancelled = await api('POST', `/api/warehouse-transfers/${first.draft.id}/cancel`, {
      reason: '  Помилковий документ ',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Помилковий документ',
      value: '50.00',
      cancelledAt: expect.any(String),
    });
    expect(await stockAt(item, main)).toMatchObject({ onHand: '8.0000' });
    expect(await stockAt(item, shop)).toMatchObject({ onHand: '0.0000' });
    expect(await stockAt(item, spare)).toMatchObject({ onHand: '0.0000' });
    expect(await avg(item)).toMatchObject({ qty: '8.0000', value: '80.00', avgCost: '10.000000' });
    const moves = (await api('GET', `/api/component-movement?itemId=${item}&documentType=transfer`)).json();
    expect(moves).toHaveLength(8); // two pairs and their reversals
    await ledgerOk();

    const again = await api('POST', `/api/warehouse-transfers/${first.draft.id}/cancel`, { reason: 'Ще раз' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Скасувати можна лише проведене переміщення');
    const blank = await api('POST', `/api/warehouse-transfers/${first.draft.id}/cancel`, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ reason: 'Вкажіть причину скасування' });
  });
});

describe('warehouse transfers — drafts', () => {
  it('edits only a current draft, deletes only a draft, and audits each step', async () => {
    const item = await component();
    const other = await component();
    await receive(item, main, '3', '2');
    const draft = (await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: '1' }]))).json();
    const edited = await api('PATCH', `/api/warehouse-transfers/${draft.id}`, {
      version: draft.version,
      toWarehouseId: spare,
      notes: 'Терміново',
      lines: [
        { itemId: item, qty: '2,5' },
        { itemId: other, qty: '1' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      version: 2,
      toWarehouseName: 'Склад В',
      notes: 'Терміново',
      reason: 'Поповнення складу Б',
      lineCount: 2,
      totalQty: '3.5000',
    });
    expect(edited.json().lines.map((line: { available: string }) => line.available)).toEqual(['3.0000', '0.0000']);

    const stale = await api('PATCH', `/api/warehouse-transfers/${draft.id}`, { version: 1, notes: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Документ змінено іншим користувачем — оновіть сторінку');
    expect((await api('POST', `/api/warehouse-transfers/${draft.id}/post`, { version: 1 })).statusCode).toBe(409);

    const trimmed = await api('PATCH', `/api/warehouse-transfers/${draft.id}`, {
      version: 2,
      lines: [{ itemId: item, qty: '2.5' }],
    });
    expect((await api('POST', `/api/warehouse-transfers/${draft.id}/post`, { version: 3 })).statusCode).toBe(200);
    expect(trimmed.json().version).toBe(3);
    const locked = await api('PATCH', `/api/warehouse-transfers/${draft.id}`, { version: 4, notes: 'Пізно' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe('Переміщення вже проведено');
    expect((await api('DELETE', `/api/warehouse-transfers/${draft.id}`)).statusCode).toBe(409);

    const doomed = (await api('POST', '/api/warehouse-transfers', transfer([{ itemId: other, qty: '1' }]))).json();
    expect((await api('DELETE', `/api/warehouse-transfers/${doomed.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/warehouse-transfers/${doomed.id}`)).statusCode).toBe(404);

    const log = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'warehouse_transfers'), eq(auditLog.entityId, String(draft.id))));
    expect(log.map((e) => e.action).sort()).toEqual(['create', 'post', 'update', 'update']);
    await ledgerOk();
  });

  it('says in Ukrainian what is wrong with a document', async () => {
    const item = await component();
    const service = (
      await api('POST', '/api/products', { kind: 'service', sku: `TRF-SRV-${n}`, name: 'Монтаж', unitId })
    ).json().id;

    const same = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId: item, qty: '1' }], { toWarehouseId: main }),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.toWarehouseId).toBe('Склад-одержувач має відрізнятися від складу-відправника');

    const empty = await api('POST', '/api/warehouse-transfers', transfer([]));
    expect(empty.json().fields.lines).toBe('Додайте хоча б один рядок');

    const bad = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([
        { itemId: item, qty: '0' },
        { itemId: item, qty: '-2' },
        { itemId: service, qty: '1,23456' },
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'lines.0.qty': 'Кількість має бути більшою за нуль',
      'lines.1.qty': 'Кількість має бути більшою за нуль',
      'lines.1.itemId': "Ця позиція вже є в рядку 1 — об'єднайте кількість в одному рядку",
      'lines.2.qty': 'Вкажіть число (не більше 4 знаків після коми)',
    });
    const number = await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: 5 }]));
    expect(number.statusCode).toBe(400);

    const serviceLine = await api('POST', '/api/warehouse-transfers', transfer([{ itemId: service, qty: '1' }]));
    expect(serviceLine.statusCode).toBe(400);
    expect(serviceLine.json().fields['lines.0.itemId']).toBe(
      'Послуга не має залишків — оберіть товар, компонент або матеріал',
    );
    const unknown = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId: item, qty: '1' }], { fromWarehouseId: 999999 }),
    );
    expect(unknown.json().fields.fromWarehouseId).toBe('Оберіть запис зі списку');

    // A draft cannot be turned into a same-warehouse transfer either.
    const draft = (await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: '1' }]))).json();
    const patch = await api('PATCH', `/api/warehouse-transfers/${draft.id}`, { version: 1, fromWarehouseId: shop });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toBe('Склад-одержувач має відрізнятися від складу-відправника');
  });
});

describe('warehouse transfers — list, stats, print, permissions', () => {
  it('lists with search, filters, sorting and the total; counts drafts and this month', async () => {
    const item = await component();
    await receive(item, main, '4', '1');
    const { draft } = await createAndPost([{ itemId: item, qty: '4' }], {
      documentDate: kyivToday(),
      notes: 'Особлива позначка',
      fromWarehouseId: main,
      toWarehouseId: spare,
    });

    const bySku = await api('GET', `/api/warehouse-transfers?search=${encodeURIComponent(skuOf.get(item)!)}`);
    expect(bySku.json().map((r: { id: number }) => r.id)).toEqual([draft.id]);
    expect(bySku.json()[0]).toMatchObject({ status: 'posted', value: '4.00', lineCount: 1, totalQty: '4.0000' });
    const byNotes = await api('GET', `/api/warehouse-transfers?search=${encodeURIComponent('особлива')}`);
    expect(byNotes.json().map((r: { id: number }) => r.id)).toEqual([draft.id]);
    const byNumber = await api('GET', `/api/warehouse-transfers?search=${draft.number}`);
    expect(byNumber.json()).toHaveLength(1);

    const toSpare = (await api('GET', `/api/warehouse-transfers?toWarehouseId=${spare}&status=posted`)).json();
    expect(toSpare.every((r: { toWarehouseId: number }) => r.toWarehouseId === spare)).toBe(true);
    const either = (await api('GET', `/api/warehouse-transfers?warehouseId=${spare}&limit=500`)).json();
    expect(either.length).toBeGreaterThan(toSpare.length - 1);
    expect(
      either.every((r: { fromWarehouseId: number; toWarehouseId: number }) =>
        [r.fromWarehouseId, r.toWarehouseId].includes(spare),
      ),
    ).toBe(true);
    const fromShop = (await api('GET', `/api/warehouse-transfers?fromWarehouseId=${shop}`)).json();
    expect(fromShop.length).toBeGreaterThan(0);
    expect(fromShop.every((r: { fromWarehouseId: number }) => r.fromWarehouseId === shop)).toBe(true);
    const period = (await api('GET', '/api/warehouse-transfers?dateFrom=2026-11-10&dateTo=2026-11-10')).json();
    expect(period.every((r: { documentDate: string }) => r.documentDate === '2026-11-10')).toBe(true);

    const paged = await api('GET', '/api/warehouse-transfers?limit=2&sort=-value');
    expect(paged.json()).toHaveLength(2);
    const total = Number(paged.headers['x-total-count']);
    expect(total).toBeGreaterThan(2);
    const byValue = (await api('GET', '/api/warehouse-transfers?status=posted&sort=-value&limit=500')).json();
    const values = byValue.map((r: { value: string }) => Number(r.value));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const byNumberAsc = (await api('GET', '/api/warehouse-transfers?sort=number&limit=500')).json();
    const numbers = byNumberAsc.map((r: { number: string }) => r.number);
    expect(numbers).toEqual([...numbers].sort());

    const stats = await api('GET', '/api/warehouse-transfers/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual(await transferStats(t.db));
    expect(stats.json().postedThisMonth).toBeGreaterThanOrEqual(1);
    const drafts = Number((await api('GET', '/api/warehouse-transfers?status=draft')).headers['x-total-count']);
    expect(stats.json().drafts).toBe(drafts);
  });

  it('prints the transfer note as a PDF, and answers the source stock of items', async () => {
    const item = await component();
    await receive(item, main, '6', '2.5');
    const { draft } = await createAndPost([{ itemId: item, qty: '2' }]);
    const pdf = await api('GET', `/api/warehouse-transfers/${draft.id}/print/transfer-note`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(
      encodeURIComponent(`Накладна на переміщення ${draft.number}.pdf`),
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api('GET', '/api/warehouse-transfers/999999/print/transfer-note')).statusCode).toBe(404);

    const stock = await api('GET', `/api/warehouse-transfers/availability?warehouseId=${main}&itemIds=${item}`);
    expect(stock.json()).toEqual([
      expect.objectContaining({ itemId: item, onHand: '4.0000', reserved: '0.0000', available: '4.0000' }),
    ]);
  });

  it('refuses a user without the route (403) and lets a viewer read but not change', async () => {
    const item = await component();
    const outsider = await createUser(t.db, { password: 'out-pass' });
    const none = (await api('POST', '/api/roles', { name: 'Без переміщень' })).json();
    await api('PUT', `/api/roles/${none.id}/permissions`, {
      permissions: [{ route: '/dashboard', canView: true, canAccess: false }],
    });
    await replaceUserRoles(t.db, outsider.id, [none.id]);
    const outsiderCookie = (await signIn(t.app, outsider.username, 'out-pass')).cookie;
    for (const [method, url] of [
      ['GET', '/api/warehouse-transfers'],
      ['GET', '/api/warehouse-transfers/stats'],
      ['POST', '/api/warehouse-transfers'],
    ] as const) {
      const res = await api(
        method,
        url,
        method === 'POST' ? transfer([{ itemId: item, qty: '1' }]) : undefined,
        outsiderCookie,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('Недостатньо прав');
    }

    const viewer = await createUser(t.db, { password: 'view-pass' });
    const readOnly = (await api('POST', '/api/roles', { name: 'Перегляд переміщень' })).json();
    await api('PUT', `/api/roles/${readOnly.id}/permissions`, {
      permissions: [{ route: '/warehouse-transfers', canView: true, canAccess: false }],
    });
    await replaceUserRoles(t.db, viewer.id, [readOnly.id]);
    const viewerCookie = (await signIn(t.app, viewer.username, 'view-pass')).cookie;
    expect((await api('GET', '/api/warehouse-transfers', undefined, viewerCookie)).statusCode).toBe(200);
    const write = await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: '1' }]), viewerCookie);
    expect(write.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/warehouse-transfers' })).statusCode).toBe(401);
  });
});

// Issue 6: two people posting at once never corrupt stock. Real connections in parallel (PostgreSQL only: PGlite
// has one connection, so nothing there runs at once).
describe.runIf(process.env.DATABASE_URL)('warehouse transfers — posted at once, on PostgreSQL', () => {
  it('posts 20 one-unit transfers of 10 units in parallel: exactly 10 go through, the rest are refused', async () => {
    const item = await component();
    await receive(item, main, '10', '7.25');
    const drafts: number[] = [];
    for (let i = 0; i < 20; i++) {
      const draft = await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: '1' }]));
      expect(draft.statusCode, draft.body).toBe(201);
      drafts.push(draft.json().id);
    }
    const answers = await Promise.all(drafts.map((id) => api('POST', `/api/warehouse-transfers/${id}/post`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect(await stockAt(item, main)).toMatchObject({ onHand: '0.0000' });
    expect(await stockAt(item, shop)).toMatchObject({ onHand: '10.0000' });
    expect(await avg(item)).toMatchObject({ qty: '10.0000', value: '72.50', avgCost: '7.250000' });
    await ledgerOk();
  });

  it('posts one draft from two sessions at once exactly once', async () => {
    const item = await component();
    await receive(item, main, '5', '3.00');
    const draft = await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: '2' }]));
    const answers = await Promise.all(
      [1, 2].map(() => api('POST', `/api/warehouse-transfers/${draft.json().id}/post`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockAt(item, main)).toMatchObject({ onHand: '3.0000' });
    expect(await stockAt(item, shop)).toMatchObject({ onHand: '2.0000' });
    await ledgerOk();
  });
});
