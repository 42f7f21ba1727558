// Serial numbers (sales.md §4 "Done means"), registration and write-off: registering refuses duplicates by name and
// more units than are on hand, while the same text for another item is accepted; the write-off posts an ADJ of −1 and
// leaves the serial defective with the ledger clean; moving serials refuses those in another status by name.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { type TestApp } from '@/server/testing/test-app.ts';
import { DomainError } from '@/shared/api-error.ts';
import { parseSerialList } from '../serial-numbers.contract.ts';
import { moveSerials } from './serial-moves.ts';
import { createSerialsFixture, serialsOf, type SerialsFixture } from './serial-numbers.fixture.ts';

let t: TestApp;
let adminId: number;
let warehouseId: number;
let warehouseName: string;
let api: SerialsFixture['api'];
let product: SerialsFixture['product'];
let lastSku: SerialsFixture['lastSku'];
let stock: SerialsFixture['stock'];
let onHand: SerialsFixture['onHand'];
let inStock: SerialsFixture['inStock'];

beforeAll(async () => {
  ({ t, adminId, warehouseId, warehouseName, api, product, lastSku, stock, onHand, inStock } =
    await createSerialsFixture());
});
afterAll(() => t.close());

describe('registration and check', () => {
  it('registers ranges with their padding, refuses duplicates by name, accepts the text for another item', async () => {
    const item = await product();
    await stock(item, '7');
    const res = await api('POST', '/api/serial-numbers/register', {
      itemId: item,
      warehouseId,
      ranges: 'a00012-A00015; b7\nB8',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(serialsOf(res)).toEqual(['A00012', 'A00013', 'A00014', 'A00015', 'B7', 'B8']);
    expect(res.json()[0]).toMatchObject({ status: 'available', warehouseId, warehouseName });

    const duplicate = await api('POST', '/api/serial-numbers/register', {
      itemId: item,
      warehouseId,
      serials: ['A00013', 'A00099'],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(`Ці серійні номери вже є у товару «${lastSku()}»: A00013 (На складі)`);

    const repeated = await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, ranges: 'X1, x1' });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe('Повторюються у списку: X1');

    const other = await product();
    await stock(other, '1');
    const same = await api('POST', '/api/serial-numbers/register', { itemId: other, warehouseId, serials: ['a00012'] });
    expect(same.statusCode, same.body).toBe(201);

    const check = await api('POST', '/api/serial-numbers/check', { itemId: item, serials: ['a00012', ' A00099 '] });
    expect(check.json()).toEqual([
      { serial: 'A00012', exists: true, id: res.json()[0].id, status: 'available', warehouseId },
      { serial: 'A00099', exists: false, id: null, status: null, warehouseId: null },
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'serial_numbers'), eq(auditLog.entityId, String(res.json()[0].id))));
    expect(audits[0]?.after).toMatchObject({
      warehouseId,
      serials: ['A00012', 'A00013', 'A00014', 'A00015', 'B7', 'B8'],
    });
  });

  it('refuses more serials than on hand minus those already there, with no ledger effect', async () => {
    const item = await product();
    await stock(item, '3');
    expect(
      (await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, ranges: 'L1-L2' })).statusCode,
    ).toBe(201);
    const over = await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, ranges: 'L3-L4' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(
      `На складі «${warehouseName}» залишок 3, серійні номери вже мають 2 — можна додати ще 1, а вказано 2`,
    );
    expect(
      (await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, serials: ['L3'] })).statusCode,
    ).toBe(201);
    expect(await onHand(item)).toBe('3.0000');
    expect(await inStock(item)).toBe(3);
    const none = await product();
    const empty = await api('POST', '/api/serial-numbers/register', { itemId: none, warehouseId, serials: ['Z1'] });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toContain('можна додати ще 0');
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
  });

  it('parses lists and ranges', () => {
    expect(parseSerialList('A9-A11, 2501-00001;2501-00003-2501-00004\n sn1 - sn2').values).toEqual([
      'A9',
      'A10',
      'A11',
      '2501-00001',
      '2501-00003',
      '2501-00004',
      'SN1',
      'SN2',
    ]);
    expect(parseSerialList('SN 1 - SN 2').errors).toEqual(['Серійний номер не може містити пробілів: «SN 1 - SN 2»']);
    expect(parseSerialList('A1-A99999').errors[0]).toMatch(/завеликий/);
    expect(parseSerialList('X0001-X0003').values).toEqual(['X0001', 'X0002', 'X0003']);
  });
});

describe('write-off', () => {
  it('posts an ADJ of −1, leaves the serial defective and the ledger clean', async () => {
    const item = await product();
    await stock(item, '2');
    const registered = (
      await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, ranges: 'W1-W2' })
    ).json();
    const id = registered[0].id as number;
    const empty = await api('POST', `/api/serial-numbers/${id}/write-off`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Вкажіть причину списання/);

    const res = await api('POST', `/api/serial-numbers/${id}/write-off`, { reason: 'Розбитий екран' });
    expect(res.statusCode, res.body).toBe(200);
    const { serial, adjustmentId, adjustmentNumber } = res.json();
    expect(adjustmentNumber).toMatch(/^ADJ-\d{4}-\d{5}$/);
    expect(serial).toMatchObject({ status: 'defective', warehouseId: null });
    expect(serial.events.at(-1)).toMatchObject({
      event: 'written_off',
      documentType: 'adjustment',
      documentId: adjustmentId,
      documentNumber: adjustmentNumber,
      note: 'Розбитий екран',
    });
    const adjustment = (await api('GET', `/api/inventory/adjustments/${adjustmentId}`)).json();
    expect(adjustment).toMatchObject({ status: 'posted', reason: 'damage', warehouseId });
    expect(adjustment.lines).toEqual([expect.objectContaining({ itemId: item, deltaQty: '-1.0000', notes: 'С/Н W1' })]);
    const movements = (await api('GET', `/api/component-movement?itemId=${item}&kind=all`)).json();
    expect(
      movements.some(
        (m: { qty: string; documentNumber: string }) => m.qty === '-1.0000' && m.documentNumber === adjustmentNumber,
      ),
    ).toBe(true);
    expect(await onHand(item)).toBe('1.0000');
    expect(await inStock(item)).toBe(1);
    expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

    const again = await api('POST', `/api/serial-numbers/${id}/write-off`, { reason: 'Ще раз' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Списати можна лише номер на складі, а W1 — «Брак / списано»');
    expect(await onHand(item)).toBe('1.0000');
  });
});

describe('moveSerials', () => {
  it('refuses serials in another status by name and moves the rest with an event', async () => {
    const item = await product();
    await stock(item, '1');
    const [row] = (
      await api('POST', '/api/serial-numbers/register', { itemId: item, warehouseId, serials: ['MV1'] })
    ).json();
    const refused = moveSerials(t.db, {
      serialIds: [row.id],
      from: ['reserved'],
      to: 'sold',
      event: 'sold',
      userId: adminId,
    });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: 'Серійні номери в недоступному стані: MV1 (На складі)',
    });
    await t.db.transaction((tx) =>
      moveSerials(tx, {
        serialIds: [row.id],
        from: ['available'],
        to: 'reserved',
        event: 'reserved',
        document: { type: 'shipment', id: 999, number: 'SHP-2026-00999' },
        userId: adminId,
      }),
    );
    const detail = (await api('GET', `/api/serial-numbers/${row.id}`)).json();
    expect(detail.status).toBe('reserved');
    expect(detail.events.at(-1)).toMatchObject({ event: 'reserved', documentNumber: 'SHP-2026-00999' });
    await expect(
      moveSerials(t.db, { serialIds: [2_000_000_000], from: ['available'], to: 'sold', event: 'sold', userId: null }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
