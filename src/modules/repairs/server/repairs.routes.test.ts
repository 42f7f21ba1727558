// Repairs (production.md §7 "Done means"): a unit sold 3 months ago is taken in by its serial as 'Гарантійний', one sold
// 14 months ago with a 12-month warranty as 'Платний'; two posted parts leave stock at the average and show as the
// parts cost, cancelling restores them; a paid repair cannot start before approval; the invoice is an order of
// services that prints and ships without moving stock; the history names each change's user; the serial goes
// sold → in_repair → sold with the repair on its timeline; the guards, deletion, versions, access and photo limits.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { positions } from '@/resources/positions/positions.table.ts';
import { workers } from '@/resources/workers/workers.table.ts';
import { repairMessages, type Repair, type RepairPartsState, type SerialLookup } from '../repairs.contract.ts';

let f: SalesFixture;
type Res = Awaited<ReturnType<SalesFixture['api']>>;
const ok = async (res: Res, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};
let seq = 0;
let workerId = 0;

/** A serial-tracked product with a 12-month warranty and one unit sold `months` ago to the fixture's client. */
async function soldUnit(months: number) {
  const n = ++seq;
  const itemId = (
    await ok(
      await f.api('POST', '/api/products', {
        sku: `REP-U-${n}`,
        name: `Інвертор ${n}`,
        unitId: f.unitId,
        serialTracking: true,
        warrantyMonths: 12,
      }),
      201,
    )
  ).id as number;
  const serial = `RSN-${n}-${months}`;
  const [row] = await f.t.db
    .insert(serialNumbers)
    .values({ itemId, serial, status: 'sold', clientId: f.clientId, soldAt: monthsAgo(months) })
    .returning();
  return { itemId, serial, serialId: row!.id };
}

async function intake(months: number) {
  const unit = await soldUnit(months);
  const found: SerialLookup = await ok(await f.api('GET', `/api/repairs/lookup-serial?serial=${unit.serial}`));
  const repair: Repair = await ok(
    await f.api('POST', '/api/repairs', {
      serialNumberId: found.serialNumberId,
      itemId: found.itemId,
      clientId: found.clientId,
      problemDescription: 'Не вмикається',
      accessories: 'Кабель живлення',
    }),
    201,
  );
  return { unit, found, repair };
}

const serialStatus = async (id: number) =>
  (await f.t.db.select({ s: serialNumbers.status }).from(serialNumbers).where(eq(serialNumbers.id, id)))[0]!.s;
const onHand = async (itemId: number) =>
  rowsOf<{ q: string }>(
    await f.t.db.execute(sql`select coalesce(sum(on_hand), 0)::numeric(18,4)::text as q from stock_balances
      where item_id = ${itemId}`),
  )[0]!.q;
const get = async (id: number): Promise<Repair> => ok(await f.api('GET', `/api/repairs/${id}`));
const move = (id: number, body: Record<string, unknown>) => f.api('POST', `/api/repairs/${id}/status`, body);

beforeAll(async () => {
  f = await createSalesFixture();
  const [position] = await f.t.db.insert(positions).values({ name: 'Майстер ремонту', hourlyRate: '300' }).returning();
  const [worker] = await f.t.db
    .insert(workers)
    .values({ lastName: 'Коваленко', firstName: 'Петро', positionId: position!.id })
    .returning();
  workerId = worker!.id;
  await f.t.db.execute(sql`insert into items (kind, sku, name, unit_id, retail_price, stock_control)
    values ('service', 'REPAIR', 'Ремонт', ${f.unitId}, '500', false)`);
});
afterAll(() => f.t.close());

describe('repairs — intake and warranty', () => {
  it('a unit sold 3 months ago is warranty, 14 months ago with a 12-month warranty is paid; the serial round-trips', async () => {
    const fresh = await intake(3);
    expect(fresh.found).toMatchObject({ isWarranty: true, warrantyLabel: 'Гарантійний', clientId: f.clientId });
    expect(fresh.repair).toMatchObject({
      status: 'received',
      statusLabel: 'Прийнято',
      isWarranty: true,
      warrantyLabel: 'Гарантійний',
      number: expect.stringMatching(/^REP-/),
    });
    expect(await serialStatus(fresh.unit.serialId)).toBe('in_repair');

    const old = await intake(14);
    expect(old.found).toMatchObject({ isWarranty: false, warrantyLabel: 'Платний' });
    expect(old.repair).toMatchObject({ isWarranty: false, warrantyLabel: 'Платний' });
    // The lookup now names the open repair.
    const again: SerialLookup = await ok(await f.api('GET', `/api/repairs/lookup-serial?serial=${old.unit.serial}`));
    expect(again.openRepairId).toBe(old.repair.id);
    expect(again.previousRepairs.map((r) => r.number)).toEqual([old.repair.number]);

    // Override with a reason only.
    const noReason = await f.api('PATCH', `/api/repairs/${fresh.repair.id}`, { version: 1, warrantyOverride: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(repairMessages.overrideReason);
    const overridden: Repair = await ok(
      await f.api('PATCH', `/api/repairs/${fresh.repair.id}`, {
        version: 1,
        warrantyOverride: false,
        warrantyOverrideReason: 'Порушення умов експлуатації',
      }),
    );
    expect(overridden).toMatchObject({ isWarranty: false, computedWarranty: true, version: 2 });
    // A stale version is 409.
    const stale = await f.api('PATCH', `/api/repairs/${fresh.repair.id}`, { version: 1, notes: 'x' });
    expect(stale.statusCode).toBe(409);

    // Refused (cancelled) from received: the serial is sold again and the timeline shows the repair.
    await ok(await move(fresh.repair.id, { to: 'cancelled', comment: 'Клієнт відмовився' }));
    expect(await serialStatus(fresh.unit.serialId)).toBe('sold');
    const timeline = await ok(await f.api('GET', `/api/serial-numbers/${fresh.unit.serialId}`));
    const events = (timeline.events as Array<{ event: string; documentType: string; documentNumber: string }>).filter(
      (e) => e.documentType === 'repair',
    );
    expect(events.map((e) => e.event)).toEqual(['repair_in', 'repair_out']);
    expect(events[0]!.documentNumber).toBe(fresh.repair.number);
    expect((await get(fresh.repair.id)).returnedAt).not.toBeNull();
  });
});

describe('repairs — parts', () => {
  it('posting 2 parts takes them out at the average and shows the parts cost; cancelling restores stock', async () => {
    const { repair } = await intake(2);
    const a = await f.product({ stock: '10', cost: '60.00' });
    const b = await f.product({ stock: '5', cost: '25.50' });
    const saved: RepairPartsState = await ok(
      await f.api('PUT', `/api/repairs/${repair.id}/parts`, {
        lines: [
          { itemId: a, qty: '2', priceForClient: '90.00' },
          { itemId: b, qty: '1', priceForClient: '40.00' },
        ],
      }),
    );
    expect(saved.lines).toHaveLength(2);
    await ok(await move(repair.id, { to: 'diagnosed' }));
    await ok(await move(repair.id, { to: 'in_repair' }));
    // ready needs no unposted lines.
    const early = await move(repair.id, { to: 'ready' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(repairMessages.unpostedParts);

    const posted: RepairPartsState = await ok(await f.api('POST', `/api/repairs/${repair.id}/parts/post`, {}));
    expect(posted.lines).toHaveLength(0);
    expect(posted.postings[0]).toMatchObject({
      status: 'posted',
      value: '145.50',
      number: expect.stringMatching(/^RPP-/),
    });
    expect(await onHand(a)).toBe('8.0000');
    expect(await onHand(b)).toBe('4.0000');
    const withCost = await get(repair.id);
    expect(withCost.costs).toMatchObject({ partsCost: '145.50', warrantyCost: '145.50' });

    await ok(await f.api('POST', `/api/repairs/parts-postings/${posted.postings[0]!.id}/cancel`, {}));
    expect(await onHand(a)).toBe('10.0000');
    expect(await onHand(b)).toBe('5.0000');
    expect((await get(repair.id)).partsCost).toBe('0.00');

    // Deleting is only for a received repair without parts.
    const del = await f.api('DELETE', `/api/repairs/${repair.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe(repairMessages.deleteReceivedOnly);
    const blank = await intake(1);
    expect((await f.api('DELETE', `/api/repairs/${blank.repair.id}`)).statusCode).toBe(204);
    expect(await serialStatus(blank.unit.serialId)).toBe('sold');
  });
});

describe('repairs — paid repair, invoice and return', () => {
  it('needs approval before in_repair, bills services only, returns once paid; history names the user', async () => {
    const { unit, repair } = await intake(14);
    await ok(await move(repair.id, { to: 'diagnosed', comment: 'Пробитий конденсатор' }));
    const early = await move(repair.id, { to: 'in_repair' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(repairMessages.needsApproval);
    const approved: Repair = await ok(
      await f.api('PATCH', `/api/repairs/${repair.id}`, {
        version: (await get(repair.id)).version,
        clientApproved: true,
      }),
    );
    expect(approved.clientApprovedAt).not.toBeNull();
    await ok(await move(repair.id, { to: 'in_repair' }));

    const part = await f.product({ stock: '3', cost: '40.00' });
    await ok(
      await f.api('PUT', `/api/repairs/${repair.id}/parts`, {
        lines: [{ itemId: part, qty: '1', priceForClient: '120.00' }],
      }),
    );
    await ok(await f.api('POST', `/api/repairs/${repair.id}/parts/post`, {}));
    const timed: Repair = await ok(
      await f.api('POST', `/api/repairs/${repair.id}/time-entries`, { workerId, minutes: 90, note: 'Заміна' }),
      201,
    );
    // 90 minutes at the position's 300/h.
    expect(timed.timeEntries[0]).toMatchObject({ minutes: '90.00', hourlyRate: '300.000000', cost: '450.00' });
    expect(timed.costs).toMatchObject({
      partsCost: '40.00',
      labourCost: '450.00',
      total: '490.00',
      warrantyCost: '0.00',
    });

    const invoiced = await ok(await f.api('POST', `/api/repairs/${repair.id}/invoice`, {}));
    const orderId = invoiced.orderId as number;
    const order = await ok(await f.api('GET', `/api/orders/${orderId}`));
    const lines = order.lines as Array<{ qty: string; unitPrice: string; notes: string | null; itemId: number }>;
    expect(lines.map((l) => l.notes)).toEqual([
      `Ремонт ${(await get(repair.id)).itemName}, s/n ${unit.serial}`,
      'Запчастини',
    ]);
    expect(lines[0]).toMatchObject({ qty: '1.5000' });
    expect((await f.api('POST', `/api/repairs/${repair.id}/invoice`, {})).statusCode).toBe(409);
    const pdf = await f.api('GET', `/api/orders/${orderId}/print/invoice`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    await ok(await move(repair.id, { to: 'ready' }));
    const unpaid = await move(repair.id, { to: 'returned' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toBe(repairMessages.needsPayment);

    const total = order.totalGross as string;
    await ok(
      await f.api('POST', '/api/payments', {
        paymentDate: '2026-11-20',
        clientId: f.clientId,
        amount: total,
        allocations: [{ orderId, amount: total }],
      }),
      201,
    );
    // Shipping the paid order of services moves no stock.
    const stockBefore = await onHand(part);
    const shipment = await ok(await f.api('POST', '/api/shipments', { orderId }), 201);
    expect((await ok(await f.api('POST', `/api/shipments/${shipment.id}/post`, {}))).status).toBe('posted');
    const shipped = rowsOf<{ n: number }>(
      await f.t.db.execute(sql`select count(*)::int as n from stock_movements
        where document_type = 'shipment' and document_id = ${shipment.id}`),
    );
    expect(Number(shipped[0]!.n)).toBe(0);
    expect(await onHand(part)).toBe(stockBefore);
    expect(await checkLedger(f.t.db)).toEqual({ ok: true, problems: [] });

    const returned: Repair = await ok(await move(repair.id, { to: 'returned' }));
    expect(returned).toMatchObject({ status: 'returned', billingOrderPaid: true, returnedWithoutPayment: false });
    expect(await serialStatus(unit.serialId)).toBe('sold');

    const history = await ok(await f.api('GET', `/api/repairs/${repair.id}/history`));
    expect(history.map((h: { to: string }) => h.to)).toEqual([
      'received',
      'diagnosed',
      'in_repair',
      'ready',
      'returned',
    ]);
    expect(history.every((h: { userId: number }) => h.userId === f.adminId)).toBe(true);
    expect(history[1].comment).toBe('Пробитий конденсатор');

    for (const form of ['intake', 'act']) {
      const printed = await f.api('GET', `/api/repairs/${repair.id}/print/${form}`);
      expect(printed.statusCode, printed.body).toBe(200);
      expect(printed.headers['content-type']).toContain('application/pdf');
    }
  });

  it("returns an unpaid paid repair only with 'Видати без оплати' and a reason", async () => {
    const { repair } = await intake(14);
    await ok(await move(repair.id, { to: 'diagnosed' }));
    await ok(
      await f.api('PATCH', `/api/repairs/${repair.id}`, {
        version: (await get(repair.id)).version,
        clientApproved: true,
      }),
    );
    await ok(await move(repair.id, { to: 'in_repair' }));
    await ok(await move(repair.id, { to: 'ready' }));
    expect((await move(repair.id, { to: 'returned' })).statusCode).toBe(409);
    expect((await move(repair.id, { to: 'returned', withoutPayment: true })).statusCode).toBe(400);
    const done: Repair = await ok(
      await move(repair.id, { to: 'returned', withoutPayment: true, comment: 'Гарантія лояльності' }),
    );
    expect(done).toMatchObject({ returnedWithoutPayment: true, returnedWithoutPaymentReason: 'Гарантія лояльності' });
    // A warranty repair is never invoiced.
    const warranty = await intake(2);
    const refused = await f.api('POST', `/api/repairs/${warranty.repair.id}/invoice`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(repairMessages.invoiceWarranty);
  });
});

describe('repairs — stats, photos and access', () => {
  it('counts the cards, keeps photos up to 5 MB of image types, and refuses a user without /repairs', async () => {
    const stats = await ok(await f.api('GET', '/api/repairs/stats'));
    expect(stats).toMatchObject({ overdueDays: 14, inWork: expect.any(Number) });
    expect(stats.inWork).toBeGreaterThan(0);
    const list = await f.api('GET', '/api/repairs?warranty=false&limit=50');
    expect(list.statusCode).toBe(200);
    expect((list.json() as Array<{ isWarranty: boolean }>).every((r) => !r.isWarranty)).toBe(true);

    const { repair } = await intake(1);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await f.t.app.inject({
      method: 'POST',
      url: `/api/repairs/${repair.id}/attachments?name=front.png`,
      payload: png,
      headers: { cookie: f.cookie, 'content-type': 'image/png' },
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ fileName: 'front.png', contentType: 'image/png' });
    const file = await f.api('GET', `/api/repairs/${repair.id}/attachments/${up.json().id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const wrong = await f.t.app.inject({
      method: 'POST',
      url: `/api/repairs/${repair.id}/attachments`,
      payload: Buffer.from('not an image'),
      headers: { cookie: f.cookie, 'content-type': 'image/png' },
    });
    expect(wrong.statusCode).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await f.t.app.inject({
      method: 'POST',
      url: `/api/repairs/${repair.id}/attachments`,
      payload: big,
      headers: { cookie: f.cookie, 'content-type': 'image/png' },
    });
    expect(tooBig.statusCode).toBe(413);
    expect((await ok(await f.api('GET', `/api/repairs/${repair.id}/attachments`))).length).toBe(1);

    const clerk = await createUser(f.t.db, { password: 'clerk-pass' });
    const cookie = (await signIn(f.t.app, clerk.username, 'clerk-pass')).cookie;
    expect((await f.api('GET', '/api/repairs', undefined, cookie)).statusCode).toBe(403);
    expect((await f.api('POST', `/api/repairs/${repair.id}/status`, { to: 'diagnosed' }, cookie)).statusCode).toBe(403);
  });
});

describe('repairs — setting, global search and scanner', () => {
  it('keeps repairOverdueDays, and finds a repair by its number and by its serial', async () => {
    expect(await ok(await f.api('GET', '/api/repairs/settings'))).toEqual({ repairOverdueDays: 14 });
    const bad = await f.api('PATCH', '/api/repairs/settings', { repairOverdueDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(await ok(await f.api('PATCH', '/api/repairs/settings', { repairOverdueDays: 7 }))).toEqual({
      repairOverdueDays: 7,
    });
    expect((await ok(await f.api('GET', '/api/repairs/stats'))).overdueDays).toBe(7);

    const { unit, repair } = await intake(4);
    type Group = { key: string; hits: Array<{ id: number; url: string }> };
    for (const q of [repair.number, unit.serial]) {
      const found = await ok(await f.api('GET', `/api/search?q=${encodeURIComponent(q)}`));
      const group = (found.groups as Group[]).find((g) => g.key === 'repairs');
      expect(
        group?.hits.map((h) => h.id),
        q,
      ).toContain(repair.id);
    }
    type Card = { type: string; documentType?: string; id?: number };
    for (const code of [repair.number, unit.serial]) {
      const cards = (await ok(await f.api('GET', `/api/scanner/lookup?code=${encodeURIComponent(code)}`))) as Card[];
      expect(
        cards.some((c) => c.type === 'document' && c.documentType === 'repair' && c.id === repair.id),
        code,
      ).toBe(true);
    }
  });
});
