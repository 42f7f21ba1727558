// The inbound webhook (reports-admin.md §15 'Done means'): a wrong signature gets 401 and creates nothing; a valid
// delivery creates one draft order, even when delivered twice or three times at once; a stale timestamp, a system
// that is off and a session cookie without a signature are refused; an unknown item code creates nothing and waits
// as an unmapped mapping until a person maps it; a newer version rewrites the draft and is refused once the order is
// confirmed. The secret is write-only: no answer and no audit record holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createUser, injectAsIs, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { items } from '@/resources/items/items.table.ts';
import { signBody } from './webhooks.service.ts';

let f: SalesFixture;
const SECRET = 'bas-shared-secret-0123456789abcdef-XYZ';
let sku: string;
let itemId: number;

const orderCount = async () =>
  Number(rowsOf<{ n: number }>(await f.t.db.execute(sql`select count(*)::int as n from orders`))[0]!.n);

function payload(overrides: { externalId?: string; version?: number; code?: string; qty?: string } = {}) {
  return {
    event: 'order',
    externalId: overrides.externalId ?? 'ЗК-000123',
    version: overrides.version ?? 1,
    order: {
      date: '2026-11-20',
      number: 'ЗК-000123',
      client: { taxId: f.clientTaxId },
      lines: [{ code: overrides.code ?? sku, name: 'Кабель', qty: overrides.qty ?? '2', price: '150.00' }],
    },
  };
}

function deliver(body: unknown, opts: { secret?: string; at?: number; system?: string; cookie?: string } = {}) {
  const raw = JSON.stringify(body);
  return injectAsIs(f.t.app, {
    method: 'POST',
    url: `/api/integrations/webhooks/${opts.system ?? 'bas'}`,
    headers: {
      'content-type': 'application/json',
      'x-signature': signBody(opts.secret ?? SECRET, raw),
      'x-timestamp': String(Math.floor((opts.at ?? Date.now()) / 1000)),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: raw,
  });
}

beforeAll(async () => {
  f = await createSalesFixture();
  itemId = await f.product({ stock: '10', cost: '100.00' });
  [{ sku }] = (await f.t.db.select({ sku: items.sku }).from(items).where(eq(items.id, itemId))) as [{ sku: string }];
  const saved = await f.api('PUT', '/api/integrations/webhooks/bas/settings', { enabled: true, secret: SECRET });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => f.t.close());

describe('webhook settings', () => {
  it('keeps the secret write-only: not in any answer, not in the audit log', async () => {
    const res = await f.api('GET', '/api/integrations/webhooks');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain(SECRET);
    expect(res.json().find((s: { system: string }) => s.system === 'bas')).toMatchObject({
      enabled: true,
      hasSecret: true,
      path: '/api/integrations/webhooks/bas',
    });
    const audit = rowsOf<{ row: string }>(
      await f.t.db.execute(
        sql`select row_to_json(a)::text as row from audit_log a where entity_type = 'integration_webhooks'`,
      ),
    );
    expect(audit.length).toBeGreaterThan(0);
    for (const r of audit) expect(r.row).not.toContain(SECRET);
  });

  it('refuses a short secret in Ukrainian and the settings to a user without /integrations', async () => {
    const short = await f.api('PUT', '/api/integrations/webhooks/bas/settings', { secret: 'коротко' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('Секрет — від 32 до 200 символів');
    const outsider = await createUser(f.t.db, { password: 'outsider-pass' });
    const { cookie } = await signIn(f.t.app, outsider.username, 'outsider-pass');
    expect((await f.api('GET', '/api/integrations/webhooks', undefined, cookie)).statusCode).toBe(403);
  });
});

describe('inbound webhook', () => {
  it('answers 401 to a wrong signature and creates nothing', async () => {
    const before = await orderCount();
    const res = await deliver(payload(), { secret: 'another-secret-of-enough-length-0000000' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Підпис запиту не дійсний');
    expect(await orderCount()).toBe(before);
  });

  it('refuses a timestamp 6 minutes off, a missing signature and a session cookie instead of one', async () => {
    const before = await orderCount();
    const late = await deliver(payload(), { at: Date.now() - 6 * 60 * 1000 });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toContain('5 хвилин');
    const unsigned = await injectAsIs(f.t.app, {
      method: 'POST',
      url: '/api/integrations/webhooks/bas',
      headers: { 'content-type': 'application/json', cookie: f.cookie },
      payload: JSON.stringify(payload()),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  it('answers 400 to a signed body that is not JSON or carries prototype keys, and creates nothing', async () => {
    const before = await orderCount();
    for (const raw of ['{"event":', '{"__proto__":{"polluted":"так"},"event":"order"}']) {
      const res = await injectAsIs(f.t.app, {
        method: 'POST',
        url: '/api/integrations/webhooks/bas',
        headers: {
          'content-type': 'application/json',
          'x-signature': signBody(SECRET, raw),
          'x-timestamp': String(Math.floor(Date.now() / 1000)),
        },
        payload: raw,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await orderCount()).toBe(before);
  });

  it('answers 401 for a system that is switched off, whatever the signature', async () => {
    const res = await deliver(payload(), { system: 'bitrix24' });
    expect(res.statusCode).toBe(401);
  });

  it('creates one draft order from a valid delivery, and nothing more when it comes again', async () => {
    const before = await orderCount();
    const first = await deliver(payload());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'created', orderNumber: expect.any(String) });
    const again = await deliver(payload());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), status: 'duplicate' });
    expect(await orderCount()).toBe(before + 1);

    const order = (await f.api('GET', `/api/orders/${first.json().orderId}`)).json();
    expect(order).toMatchObject({
      status: 'draft',
      clientId: f.clientId,
      externalNumber: 'ЗК-000123',
      totalNet: '300.00',
    });
    const [row] = rowsOf<{ source: string }>(
      await f.t.db.execute(sql`select source from orders where id = ${first.json().orderId}`),
    );
    expect(row!.source).toBe('bas');
  });

  it('creates one order when the same new delivery arrives three times at once', async () => {
    const before = await orderCount();
    const answers = await Promise.all([1, 2, 3].map(() => deliver(payload({ externalId: 'ЗК-PAR' }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('keeps an unknown code unmapped and creates nothing until a person maps it', async () => {
    const before = await orderCount();
    const res = await deliver(payload({ externalId: 'ЗК-MAP', code: 'BAS-777' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toContain('BAS-777');
    expect(await orderCount()).toBe(before);

    const list = await f.api('GET', '/api/integrations/mappings?system=bas&unmapped=true');
    const pending = list.json().find((m: { externalCode: string }) => m.externalCode === 'BAS-777');
    expect(pending).toMatchObject({ externalName: 'Кабель', itemId: null });
    const mapped = await f.api('PUT', `/api/integrations/mappings/${pending.id}`, { itemId });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ itemId, itemSku: sku });

    const retried = await deliver(payload({ externalId: 'ЗК-MAP', code: 'BAS-777' }));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  it('rewrites the draft with a newer version, ignores an older one and refuses once it is confirmed', async () => {
    const created = (await deliver(payload({ externalId: 'ЗК-VER' }))).json();
    const v2 = await deliver(payload({ externalId: 'ЗК-VER', version: 2, qty: '3' }));
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json()).toMatchObject({ status: 'updated', orderId: created.orderId });
    const order = (await f.api('GET', `/api/orders/${created.orderId}`)).json();
    expect(order.lines).toHaveLength(1);
    expect(order.totalNet).toBe('450.00');

    const old = await deliver(payload({ externalId: 'ЗК-VER', version: 1, qty: '9' }));
    expect(old.json()).toMatchObject({ status: 'duplicate' });
    const five = (await deliver(payload({ externalId: 'ЗК-ST', version: 5 }))).json();
    const four = await deliver(payload({ externalId: 'ЗК-ST', version: 4, qty: '9' }));
    expect(four.json()).toEqual({ ...five, status: 'stale' });
    expect((await f.api('GET', `/api/orders/${five.orderId}`)).json().totalNet).toBe('300.00');

    const confirm = await f.api('POST', `/api/orders/${created.orderId}/confirm`, { version: order.version });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const v3 = await deliver(payload({ externalId: 'ЗК-VER', version: 3, qty: '5' }));
    expect(v3.statusCode).toBe(409);
    expect(v3.json().error).toContain('вже не чернетка');
  });

  it('lists the accepted events for the page', async () => {
    const res = await f.api('GET', '/api/integrations/webhook-events?system=bas');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((e: { externalId: string }) => e.externalId);
    expect(ids).toEqual(expect.arrayContaining(['ЗК-000123', 'ЗК-PAR', 'ЗК-MAP', 'ЗК-VER']));
  });
});
