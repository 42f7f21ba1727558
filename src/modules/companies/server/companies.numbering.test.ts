// The company's numbering (reports-admin §12 'Нумерація', README §6): each document type's prefix, this year's
// counter and the next number; a new prefix numbers new documents only and continues the same counter; the scanner
// still finds the numbers given before the change; prefixes are 1–6 letters or digits and not shared; audited.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';

let f: SalesFixture;
const year = Number(kyivToday().slice(0, 4));

beforeAll(async () => {
  f = await createSalesFixture();
});
afterAll(() => f.t.close());

const orderNumber = async (id: number) => (await f.api('GET', `/api/orders/${id}`)).json().orderNumber as string;
const counterOf = (n: string) => Number(n.split('-').at(-1));

describe('/api/companies/numbering', () => {
  it('lists every document type with its prefix, this year’s counter and the next number', async () => {
    const item = await f.product({ stock: '5', cost: '10.00' });
    const first = await orderNumber(await f.order([{ itemId: item, qty: '1', unitPrice: '20' }]));
    const res = await f.api('GET', '/api/companies/numbering');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Array<{ docType: string; label: string; prefix: string; counter: number; next: string }>;
    expect(rows).toHaveLength(17);
    const order = rows.find((r) => r.docType === 'order')!;
    expect(order).toMatchObject({ label: 'Замовлення клієнтів', prefix: 'ORD', defaultPrefix: 'ORD' });
    expect(first).toBe(`ORD-${year}-${String(order.counter).padStart(5, '0')}`);
    expect(order.next).toBe(`ORD-${year}-${String(order.counter + 1).padStart(5, '0')}`);
    expect(rows.find((r) => r.docType === 'repair')).toMatchObject({ prefix: 'REP', label: 'Ремонти' });
  });

  it('numbers the next order ЗМ-… on the same counter, and the scanner finds the old and the new number', async () => {
    const item = await f.product({ stock: '5', cost: '10.00' });
    const before = await orderNumber(await f.order([{ itemId: item, qty: '1', unitPrice: '20' }]));
    const saved = await f.api('PATCH', '/api/companies/numbering', { order: 'зм' });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = (saved.json() as Array<{ docType: string; prefix: string; next: string }>).find(
      (r) => r.docType === 'order',
    )!;
    expect(row.prefix).toBe('ЗМ');
    expect(row.next).toBe(`ЗМ-${year}-${String(counterOf(before) + 1).padStart(5, '0')}`);

    const afterId = await f.order([{ itemId: item, qty: '1', unitPrice: '20' }]);
    const after = await orderNumber(afterId);
    expect(after).toBe(row.next);
    // Other types keep their defaults.
    const payment = await f.api('POST', '/api/payments', {
      paymentDate: kyivToday(),
      amount: '10.00',
      method: 'cash',
      payerName: 'Іван Петренко',
      post: false,
    });
    expect(payment.json().number).toMatch(new RegExp(`^PAY-${year}-\\d{5}$`));

    const scan = async (code: string) =>
      (await f.api('GET', `/api/scanner/lookup?code=${encodeURIComponent(code)}`)).json();
    expect(await scan(after.toLowerCase())).toEqual([
      expect.objectContaining({ type: 'document', documentType: 'order', id: afterId, number: after }),
    ]);
    expect(await scan(before)).toEqual([expect.objectContaining({ documentType: 'order', number: before })]);

    const [entry] = await f.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'numbering')));
    expect(entry).toMatchObject({ action: 'setting_change' });
    expect(entry!.before).toMatchObject({ order: 'ORD' });
    expect(entry!.after).toMatchObject({ order: 'ЗМ' });
  });

  it('refuses a malformed prefix or one another type has, in Ukrainian, and changes nothing', async () => {
    for (const prefix of ['', 'ABCDEFG', 'ЗМ-1', 'A B']) {
      const res = await f.api('PATCH', '/api/companies/numbering', { payment: prefix });
      expect(res.statusCode, prefix).toBe(400);
      expect(res.json().fields.payment).toBe('Префікс — від 1 до 6 літер або цифр');
    }
    expect((await f.api('PATCH', '/api/companies/numbering', { unknown: 'X' })).statusCode).toBe(400);
    const taken = await f.api('PATCH', '/api/companies/numbering', { shipment: 'ЗМ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.shipment).toBe('Префікс ЗМ уже має тип «Замовлення клієнтів»');
    const rows = (await f.api('GET', '/api/companies/numbering')).json() as Array<{ docType: string; prefix: string }>;
    expect(rows.find((r) => r.docType === 'shipment')!.prefix).toBe('SHP');
    expect(rows.find((r) => r.docType === 'payment')!.prefix).toBe('PAY');
  });

  it('lets a viewer of /companies read the numbering but not change it', async () => {
    const user = await createUser(f.t.db, { password: 'numbering-pass' });
    const role = (await f.api('POST', '/api/roles', { name: 'Перегляд компаній' })).json();
    await f.api('PUT', `/api/roles/${role.id}/permissions`, {
      permissions: [{ route: '/companies', canView: true, canAccess: false }],
    });
    await replaceUserRoles(f.t.db, user.id, [role.id]);
    const { cookie } = await signIn(f.t.app, user.username, 'numbering-pass');
    const as = (method: 'GET' | 'PATCH') =>
      f.t.app.inject({
        method,
        url: '/api/companies/numbering',
        headers: { cookie },
        payload: method === 'PATCH' ? { order: 'X' } : undefined,
      });
    expect((await as('GET')).statusCode).toBe(200);
    expect((await as('PATCH')).statusCode).toBe(403);
  });
});
