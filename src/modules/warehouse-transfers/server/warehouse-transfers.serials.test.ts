// Transfers of serial-tracked items (sales.md §4): posting needs exactly qty serials available in the source and
// moves them to the destination; cancelling moves them back, refused once one has left. The ledger's and the serials'
// invariants hold after every step.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postToLedger } from '@/modules/stock/server/index.ts';
import { checkSerialInvariant, createLineSerials } from '@/modules/serial-numbers/server/index.ts';
import {
  documentLineSerials,
  serialEvents,
  serialNumbers,
} from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import {
  api,
  component,
  ledgerOk,
  main,
  nextSeq,
  receive,
  shop,
  skuOf,
  spare,
  t,
  transfer,
  unitId,
  useTransfersApp,
} from './warehouse-transfers.fixture.ts';

useTransfersApp();

describe('warehouse transfers — serial numbers', () => {
  /** A serial-tracked product with `serials` units on hand in `warehouseId` (a ledger receipt, then its serials). */
  async function trackedStock(warehouseId: number, serials: string[]) {
    const k = nextSeq();
    const res = await api('POST', '/api/products', {
      sku: `TRF-SN-${k}`,
      name: `Прилад ${k}`,
      unitId,
      serialTracking: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const itemId = res.json().id as number;
    skuOf.set(itemId, `TRF-SN-${k}`);
    await t.db.transaction(async (tx) => {
      const document = {
        type: 'supplier_receipt' as const,
        id: 900_000 + k,
        number: `TEST-${k}`,
        date: '2026-11-02',
        userId: null,
      };
      await postToLedger(tx, document, [
        { kind: 'in', itemId, qty: String(serials.length), warehouseId, unitCost: '100', lineId: 1 },
      ]);
      await createLineSerials(tx, {
        itemId,
        sku: `TRF-SN-${k}`,
        warehouseId,
        values: serials,
        event: 'received',
        document: { type: 'supplier_receipt', id: document.id, number: document.number },
        userId: null,
      });
    });
    return itemId;
  }
  const serialsAt = async (itemId: number) =>
    (
      await t.db
        .select({ serial: serialNumbers.serial, status: serialNumbers.status, warehouseId: serialNumbers.warehouseId })
        .from(serialNumbers)
        .where(eq(serialNumbers.itemId, itemId))
        .orderBy(asc(serialNumbers.serial))
    ).map(
      (s) => `${s.serial}:${s.status}:${s.warehouseId === main ? 'A' : s.warehouseId === shop ? 'Б' : s.warehouseId}`,
    );
  const invariantOk = async () => expect(await checkSerialInvariant(t.db)).toEqual([]);

  it('refuses posting without exactly qty serials available in the source, naming the problem', async () => {
    const item = await trackedStock(main, ['TS-001', 'TS-002', 'TS-003']);
    const elsewhere = await trackedStock(shop, ['TS-900']);
    await invariantOk();
    const draft = await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: '2' }]));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().lines[0]).toMatchObject({ serialTracking: true, serials: [] });
    const id = draft.json().id as number;
    const post = (body: unknown) => api('POST', `/api/warehouse-transfers/${id}/post`, body);
    const sku = skuOf.get(item)!;

    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(`Товар «${sku}»: потрібно 2 серійні номери, вказано 0`);
    const short = await post({ serials: [{ itemId: item, serials: ['ts-001'] }] });
    expect(short.json().error).toBe(`Товар «${sku}»: потрібно 2 серійні номери, вказано 1`);
    const repeated = await post({ serials: [{ itemId: item, serials: ['TS-001', ' ts-001 '] }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe(`Товар «${sku}»: серійні номери повторюються: TS-001`);
    const unknown = await post({ serials: [{ itemId: item, serials: ['TS-001', 'NOPE-1'] }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toBe(`Товар «${sku}»: серійних номерів не знайдено: NOPE-1`);
    // Another item's serial text is not this item's serial.
    const foreign = await post({ serials: [{ itemId: item, serials: ['TS-001', 'TS-900'] }] });
    expect(foreign.json().error).toBe(`Товар «${sku}»: серійних номерів не знайдено: TS-900`);
    const notInDoc = await post({ serials: [{ itemId: elsewhere, serials: ['TS-900'] }] });
    expect(notInDoc.statusCode).toBe(400);
    expect(notInDoc.json().error).toBe('Серійні номери вказано для позиції, якої немає в документі');
    expect(await serialsAt(item)).toEqual(['TS-001:available:A', 'TS-002:available:A', 'TS-003:available:A']);
    expect((await api('GET', `/api/warehouse-transfers/${id}`)).json().status).toBe('draft');

    // A serial that has left the source is refused by name.
    const back = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId: item, qty: '1' }], { fromWarehouseId: main, toWarehouseId: spare }),
    );
    const moved = await api('POST', `/api/warehouse-transfers/${back.json().id}/post`, {
      serials: [{ itemId: item, serials: ['TS-003'] }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const gone = await post({ serials: [{ itemId: item, serials: ['TS-001', 'TS-003'] }] });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toBe(
      `Товар «${sku}»: серійні номери не доступні на складі «Склад А»: TS-003 (інший склад)`,
    );
    await ledgerOk();
    await invariantOk();
  });

  it('moves the named serials to the destination on posting (ranges accepted) and back on cancelling', async () => {
    const item = await trackedStock(main, ['RG-01', 'RG-02', 'RG-03', 'RG-04']);
    const other = await component();
    await receive(other, main, '5', '10');
    const draft = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([
        { itemId: item, qty: '3' },
        { itemId: other, qty: '2' },
      ]),
    );
    const posted = await api('POST', `/api/warehouse-transfers/${draft.json().id}/post`, {
      version: draft.json().version,
      serials: [{ itemId: item, serials: ['rg-02-rg-04'] }],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0]).toMatchObject({ serialTracking: true, serials: ['RG-02', 'RG-03', 'RG-04'] });
    expect(posted.json().lines[1]).toMatchObject({ serialTracking: false, serials: [] });
    expect(await serialsAt(item)).toEqual([
      'RG-01:available:A',
      'RG-02:available:Б',
      'RG-03:available:Б',
      'RG-04:available:Б',
    ]);
    const events = await t.db
      .select({
        event: serialEvents.event,
        documentType: serialEvents.documentType,
        number: serialEvents.documentNumber,
      })
      .from(serialEvents)
      .innerJoin(serialNumbers, eq(serialNumbers.id, serialEvents.serialId))
      .where(and(eq(serialNumbers.itemId, item), eq(serialNumbers.serial, 'RG-02')))
      .orderBy(asc(serialEvents.id));
    expect(events.at(-1)).toEqual({ event: 'transferred', documentType: 'transfer', number: draft.json().number });
    await ledgerOk();
    await invariantOk();

    const cancelled = await api('POST', `/api/warehouse-transfers/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().lines[0].serials).toEqual(['RG-02', 'RG-03', 'RG-04']);
    expect(await serialsAt(item)).toEqual([
      'RG-01:available:A',
      'RG-02:available:A',
      'RG-03:available:A',
      'RG-04:available:A',
    ]);
    await ledgerOk();
    await invariantOk();
  });

  it('refuses cancelling once a moved serial has left the destination, naming it', async () => {
    const item = await trackedStock(main, ['CX-1', 'CX-2']);
    const draft = await api('POST', '/api/warehouse-transfers', transfer([{ itemId: item, qty: '2' }]));
    const posted = await api('POST', `/api/warehouse-transfers/${draft.json().id}/post`, {
      serials: [{ itemId: item, serials: ['CX-1', 'CX-2'] }],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    // One unit goes on from the destination to the third warehouse.
    const onward = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId: item, qty: '1' }], { fromWarehouseId: shop, toWarehouseId: spare }),
    );
    await api('POST', `/api/warehouse-transfers/${onward.json().id}/post`, {
      serials: [{ itemId: item, serials: ['CX-2'] }],
    });
    // Put one unit back so the quantity check passes and only the serial check refuses.
    const refill = await trackedStockOf(item, shop, 'CX-3');
    expect(refill).toBe(true);
    const cancel = await api('POST', `/api/warehouse-transfers/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe('Неможливо скасувати: серійні номери вже не на складі-одержувачі: CX-2');
    expect(await serialsAt(item)).toEqual(['CX-1:available:Б', 'CX-2:available:' + spare, 'CX-3:available:Б']);
    await ledgerOk();
    await invariantOk();
  });

  it('keeps a draft line’s serials (save → reopen) and posts them when the post body names none', async () => {
    const item = await trackedStock(main, ['KP-1', 'KP-2', 'KP-3']);
    const draft = await api(
      'POST',
      '/api/warehouse-transfers',
      transfer([{ itemId: item, qty: '2', serials: ['kp-1'] }]),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as number;
    const reopen = async () => (await api('GET', `/api/warehouse-transfers/${id}`)).json();
    expect((await reopen()).lines[0].serials).toEqual(['KP-1']);
    const saved = await api('PATCH', `/api/warehouse-transfers/${id}`, {
      version: draft.json().version,
      lines: [{ itemId: item, qty: '2', serials: ['KP-1', 'kp-3'] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Lines saved again without serials (a note changed) keep them.
    const noted = await api('PATCH', `/api/warehouse-transfers/${id}`, {
      version: saved.json().version,
      lines: [{ itemId: item, qty: '2', notes: 'Крихке' }],
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await reopen()).lines[0]).toMatchObject({ notes: 'Крихке', serials: ['KP-1', 'KP-3'] });
    const posted = await api('POST', `/api/warehouse-transfers/${id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0].serials).toEqual(['KP-1', 'KP-3']);
    expect(await serialsAt(item)).toEqual(['KP-1:available:Б', 'KP-2:available:A', 'KP-3:available:Б']);
    const left = await t.db.select().from(documentLineSerials).where(eq(documentLineSerials.documentId, id));
    expect(left.filter((r) => r.documentType === 'transfer')).toEqual([]);
    await ledgerOk();
    await invariantOk();
  });

  /** One more unit of an item with its serial, through the ledger. */
  async function trackedStockOf(itemId: number, warehouseId: number, serial: string) {
    const k = nextSeq();
    await t.db.transaction(async (tx) => {
      const document = {
        type: 'supplier_receipt' as const,
        id: 900_000 + k,
        number: `TEST-${k}`,
        date: '2026-11-02',
        userId: null,
      };
      await postToLedger(tx, document, [{ kind: 'in', itemId, qty: '1', warehouseId, unitCost: '100', lineId: 1 }]);
      await createLineSerials(tx, {
        itemId,
        sku: skuOf.get(itemId)!,
        warehouseId,
        values: [serial],
        event: 'received',
        document: { type: 'supplier_receipt', id: document.id, number: document.number },
        userId: null,
      });
    });
    return true;
  }
});
