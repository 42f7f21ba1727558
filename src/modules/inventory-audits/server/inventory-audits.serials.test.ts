// Inventory audits of serial-tracked items (warehouse.md §8, sales.md §4): counted by serial (typed, scanned with the
// item or scanned alone), the count is their number; the lines show the missing and extra serials; posting makes the
// missing ones defective and registers the extra ones; a found serial on another warehouse's books is refused;
// cancelling puts both back. The ledger's and the serials' invariants hold after every step.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { checkLedger, postToLedger } from '@/modules/stock/server/index.ts';
import { checkSerialInvariant, createLineSerials } from '@/modules/serial-numbers/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/serial-numbers.table.ts';
import { stockMovements } from '@/modules/stock/server/stock.table.ts';
import { createTestApp, createUser, signIn, type TestApp } from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';

let t: TestApp;
let cookie: string;
let unitId: number;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'aud-sn-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'aud-sn-pass')).cookie;
  unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
});
afterAll(() => t.close());

const warehouse = async () => {
  const res = await api('POST', '/api/warehouses', { code: `AUS${++n}`, name: `Склад серійний ${n}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
/** Units of a serial-tracked item with their serials on hand in a warehouse (a ledger receipt, then its serials). */
async function stock(itemId: number, sku: string, warehouseId: number, serials: string[]) {
  const k = ++n;
  await t.db.transaction(async (tx) => {
    const document = { type: 'adjustment' as const, id: 800_000 + k, number: `ADJ-S-${k}`, date: '2026-11-20' };
    await postToLedger(tx, { ...document, userId: null }, [
      { kind: 'in', itemId, qty: String(serials.length), warehouseId, unitCost: '200', lineId: 1 },
    ]);
    await createLineSerials(tx, {
      itemId,
      sku,
      warehouseId,
      values: serials,
      event: 'received',
      document,
      userId: null,
    });
  });
}
const serialsOf = async (itemId: number, warehouses: Record<number, string>) =>
  (
    await t.db
      .select({ serial: serialNumbers.serial, status: serialNumbers.status, warehouseId: serialNumbers.warehouseId })
      .from(serialNumbers)
      .where(eq(serialNumbers.itemId, itemId))
      .orderBy(asc(serialNumbers.serial))
  ).map((s) => `${s.serial}:${s.status}:${s.warehouseId === null ? '-' : warehouses[s.warehouseId]}`);
const invariantsOk = async () => {
  expect(await checkSerialInvariant(t.db)).toEqual([]);
  expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
};

async function startedAudit(warehouseId: number, itemId: number) {
  const created = await api('POST', '/api/inventory-audits', {
    documentDate: '2026-11-21',
    warehouseId,
    scope: 'items',
    itemIds: [itemId],
  });
  expect(created.statusCode, created.body).toBe(201);
  const started = await api('POST', `/api/inventory-audits/${created.json().id}/start`, {});
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().id as number;
  const [line] = (await api('GET', `/api/inventory-audits/${id}/lines`)).json();
  return { id, lineId: line.id as number, line };
}

describe('inventory audits — serial-tracked items', () => {
  it('counts by serial, shows missing and extra serials, posts them and puts them back on cancelling', async () => {
    const [w, other] = [await warehouse(), await warehouse()];
    const places = { [w]: 'W', [other]: 'O' };
    const sku = `AUD-SN-${++n}`;
    const res = await api('POST', '/api/products', { sku, name: `Прилад ${n}`, unitId, serialTracking: true });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().id as number;
    await stock(item, sku, w, ['AS-1', 'AS-2', 'AS-3']);
    await stock(item, sku, other, ['AS-8']);
    await invariantsOk();

    const { id, lineId, line } = await startedAudit(w, item);
    expect(line).toMatchObject({ snapshotQty: '3.0000', serialTracking: true, serials: [], countedQty: null });
    const patch = (body: unknown) => api('PATCH', `/api/inventory-audits/${id}/lines/${lineId}`, body);
    // A number alone is not a count of a serial-tracked item.
    const byQty = await patch({ countedQty: '2' });
    expect(byQty.statusCode).toBe(400);
    expect(byQty.json().error).toBe(`Товар «${sku}» рахується за серійними номерами — відскануйте або введіть їх`);
    const typed = await patch({ serials: ['as-1', 'AS-2'] });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({
      countedQty: '2.0000',
      serials: ['AS-1', 'AS-2'],
      missingSerials: ['AS-3'],
      extraSerials: [],
    });
    // Scanning: with its item, or the serial alone (it names its item); the count follows the serials.
    const scan = (body: unknown) => api('POST', `/api/inventory-audits/${id}/scan`, body);
    const withItem = await scan({ code: sku, serial: 'as-4' });
    expect(withItem.statusCode, withItem.body).toBe(200);
    expect(withItem.json().qty).toBe('3.0000');
    const alone = await scan({ code: 'as-1' });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().qty).toBe('3.0000');
    const noSerial = await scan({ code: sku });
    expect(noSerial.statusCode).toBe(400);
    // AS-2 was a mistake: the serials typed again, without it.
    const fixed = await patch({ serials: ['AS-1', 'AS-4'] });
    expect(fixed.json()).toMatchObject({
      countedQty: '2.0000',
      variance: '-1.0000',
      serials: ['AS-1', 'AS-4'],
      missingSerials: ['AS-2', 'AS-3'],
      extraSerials: ['AS-4'],
    });

    const posted = await api('POST', `/api/inventory-audits/${id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    const movements = await t.db.select().from(stockMovements).where(eq(stockMovements.documentId, id));
    expect(movements.filter((m) => m.documentType === 'inventory_audit').map((m) => m.qty)).toEqual(['-1.0000']);
    expect(await serialsOf(item, places)).toEqual([
      'AS-1:available:W',
      'AS-2:defective:-',
      'AS-3:defective:-',
      'AS-4:available:W',
      'AS-8:available:O',
    ]);
    const [postedLine] = (await api('GET', `/api/inventory-audits/${id}/lines`)).json();
    expect(postedLine).toMatchObject({ missingSerials: ['AS-2', 'AS-3'], extraSerials: ['AS-4'] });
    await invariantsOk();

    // A serial found here but on another warehouse's books is refused by name (its transfer comes first).
    const second = await startedAudit(w, item);
    await api('PATCH', `/api/inventory-audits/${second.id}/lines/${second.lineId}`, {
      serials: ['AS-1', 'AS-4', 'AS-8'],
    });
    const refused = await api('POST', `/api/inventory-audits/${second.id}/post`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Товар «${sku}»: знайдені серійні номери обліковуються деінде — спершу оформіть їх рух: AS-8 (інший склад)`,
    );
    expect(await serialsOf(item, places)).toContain('AS-8:available:O');
    await invariantsOk();

    // Cancelling the posted audit: the missing ones back on the shelf, the registered one void.
    const cancelled = await api('POST', `/api/inventory-audits/${id}/cancel`, { reason: 'Перерахунок' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await serialsOf(item, places)).toEqual([
      'AS-1:available:W',
      'AS-2:available:W',
      'AS-3:available:W',
      'AS-4:void:-',
      'AS-8:available:O',
    ]);
    await invariantsOk();
  });
});
