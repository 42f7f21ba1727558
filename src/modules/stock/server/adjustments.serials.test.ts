// Adjustments of serial-tracked items (sales.md §4): + lines register exactly their serials, − lines write the named
// ones off, cancelling undoes both, opening balances without serials generate them. The ledger's and the serials'
// invariants hold after each.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { serialEvents, serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { stockBalances } from './stock.table.ts';
import { adjust, api, ledgerOk, mainWarehouse, product, t, useAdjustmentsApp } from './adjustments.fixture.ts';

useAdjustmentsApp();

describe('adjustments of serial-tracked items (sales.md §4)', () => {
  const invariantOk = async () => expect(await checkSerialInvariant(t.db)).toEqual([]);
  const serialsOf = async (itemId: number) =>
    (
      await t.db
        .select({ serial: serialNumbers.serial, status: serialNumbers.status, warehouseId: serialNumbers.warehouseId })
        .from(serialNumbers)
        .where(eq(serialNumbers.itemId, itemId))
        .orderBy(asc(serialNumbers.serial))
    ).map((s) => `${s.serial}:${s.status}${s.warehouseId === mainWarehouse.id ? '@main' : ''}`);

  it('a + line registers exactly its serials; wrong counts and existing serials are refused by name', async () => {
    const item = await product({ serialTracking: true });
    const body = (lines: Array<Record<string, unknown>>) => ({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines,
      post: true,
    });
    const none = await adjust(body([{ itemId: item.id, deltaQty: '2', unitCost: '50' }]));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(`Товар «${item.sku}»: потрібно 2 серійні номери, вказано 0`);
    const fractional = await adjust(body([{ itemId: item.id, deltaQty: '1.5', unitCost: '50', serials: ['A1'] }]));
    expect(fractional.json().error).toBe(
      `Товар «${item.sku}» обліковується за серійними номерами — кількість має бути цілою`,
    );
    // Nothing of the refused documents stays behind.
    expect(await serialsOf(item.id)).toEqual([]);
    const [balance] = await t.db.select().from(stockBalances).where(eq(stockBalances.itemId, item.id));
    expect(balance?.onHand ?? '0.0000').toBe('0.0000');

    const ok = await adjust(body([{ itemId: item.id, deltaQty: '3', unitCost: '50', serials: ['adj-01-adj-03'] }]));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().lines[0]).toMatchObject({ serialTracking: true, serials: ['ADJ-01', 'ADJ-02', 'ADJ-03'] });
    expect(await serialsOf(item.id)).toEqual([
      'ADJ-01:available@main',
      'ADJ-02:available@main',
      'ADJ-03:available@main',
    ]);
    const dup = await adjust(body([{ itemId: item.id, deltaQty: '2', unitCost: '50', serials: ['ADJ-03', 'ADJ-04'] }]));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(`Товар «${item.sku}»: ці серійні номери вже існують: ADJ-03 (На складі)`);
    // Serials on an untracked item's line are a mistake, said so.
    const plain = await product();
    const untracked = await adjust(body([{ itemId: plain.id, deltaQty: '1', unitCost: '5', serials: ['X'] }]));
    expect(untracked.statusCode).toBe(400);
    expect(untracked.json().error).toBe(
      `Товар «${plain.sku}» не веде облік серійних номерів — приберіть серійні номери з рядка`,
    );
    await ledgerOk();
    await invariantOk();
  });

  it('a − line writes the named serials off (defective); cancelling brings them back, and voids registered ones', async () => {
    const item = await product({ serialTracking: true });
    const inDoc = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines: [{ itemId: item.id, deltaQty: '3', unitCost: '80', serials: ['WO-1', 'WO-2', 'WO-3'] }],
      post: true,
    });
    expect(inDoc.statusCode, inDoc.body).toBe(201);
    // A draft posted later names its serials by line number.
    const draft = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-2' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const postUrl = `/api/inventory/adjustments/${draft.json().id}/post`;
    const missing = await api('POST', postUrl, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(`Товар «${item.sku}»: потрібно 2 серійні номери, вказано 0`);
    const unknown = await api('POST', postUrl, { serials: [{ lineNo: 1, serials: ['WO-1', 'WO-9'] }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toBe(`Товар «${item.sku}»: серійних номерів не знайдено: WO-9`);
    const noLine = await api('POST', postUrl, { serials: [{ lineNo: 2, serials: ['WO-1'] }] });
    expect(noLine.json().error).toBe('Серійні номери вказано для рядка 2, якого немає в документі');
    const posted = await api('POST', postUrl, { serials: [{ lineNo: 1, serials: ['wo-1', 'wo-2'] }] });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().lines[0].serials).toEqual(['WO-1', 'WO-2']);
    expect(await serialsOf(item.id)).toEqual(['WO-1:defective', 'WO-2:defective', 'WO-3:available@main']);
    const [event] = await t.db
      .select({ event: serialEvents.event, number: serialEvents.documentNumber })
      .from(serialEvents)
      .innerJoin(serialNumbers, eq(serialNumbers.id, serialEvents.serialId))
      .where(and(eq(serialNumbers.itemId, item.id), eq(serialNumbers.serial, 'WO-1')))
      .orderBy(asc(serialEvents.id))
      .offset(1);
    expect(event).toEqual({ event: 'written_off', number: posted.json().number });
    // A written-off serial cannot leave again.
    const again = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-1', serials: ['WO-1'] }],
      post: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `Товар «${item.sku}»: серійні номери не доступні на складі «${mainWarehouse.name}»: WO-1 (Брак / списано)`,
    );
    await ledgerOk();
    await invariantOk();

    const cancelOut = await api('POST', `/api/inventory/adjustments/${draft.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelOut.statusCode, cancelOut.body).toBe(200);
    expect(await serialsOf(item.id)).toEqual(['WO-1:available@main', 'WO-2:available@main', 'WO-3:available@main']);
    await ledgerOk();
    await invariantOk();

    // The + document's serials must still be on the shelf to be voided.
    const out = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'damage',
      lines: [{ itemId: item.id, deltaQty: '-1', serials: ['WO-3'] }],
      post: true,
    });
    expect(out.statusCode, out.body).toBe(201);
    await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'surplus_found',
      lines: [{ itemId: item.id, deltaQty: '1', serials: ['WO-4'] }],
      post: true,
    });
    const refused = await api('POST', `/api/inventory/adjustments/${inDoc.json().id}/cancel`, { reason: 'Помилка' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Неможливо скасувати: оприбутковані серійні номери вже не на складі: WO-3');
    // Once it is back, the + document cancels and its serials are void.
    expect(
      (await api('POST', `/api/inventory/adjustments/${out.json().id}/cancel`, { reason: 'Знайшли' })).statusCode,
    ).toBe(200);
    const cancelIn = await api('POST', `/api/inventory/adjustments/${inDoc.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancelIn.statusCode, cancelIn.body).toBe(200);
    expect(await serialsOf(item.id)).toEqual(['WO-1:void', 'WO-2:void', 'WO-3:void', 'WO-4:available@main']);
    await ledgerOk();
    await invariantOk();
  });

  it('an opening balance without serials generates them from the template; with serials takes those', async () => {
    const item = await product({ serialTracking: true });
    const other = await product({ serialTracking: true });
    const res = await adjust({
      warehouseId: mainWarehouse.id,
      reason: 'opening',
      documentDate: '2026-03-05',
      lines: [
        { itemId: item.id, deltaQty: '2', unitCost: '100' },
        { itemId: other.id, deltaQty: '1', unitCost: '100', serials: ['OLD-77'] },
      ],
      post: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0].serials).toEqual([
      expect.stringMatching(/^2603-\d{5}$/),
      expect.stringMatching(/^2603-\d{5}$/),
    ]);
    expect(res.json().lines[1].serials).toEqual(['OLD-77']);
    await invariantOk();
    const cancel = await api('POST', `/api/inventory/adjustments/${res.json().id}/cancel`, { reason: 'Помилка' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await serialsOf(item.id)).every((s) => s.endsWith(':void'))).toBe(true);
    expect(await serialsOf(other.id)).toEqual(['OLD-77:void']);
    await ledgerOk();
    await invariantOk();
  });
});
