// The global search (issue 21): grouped hits with the address that opens each record, tolerant of case and of a
// partial word in Cyrillic, each group only for those who may view its page, and a validated query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceUserRoles } from '@/modules/roles/server/index.ts';
import { serialNumbers } from '@/modules/serial-numbers/server/index.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { casePattern } from './search.sql.ts';

let f: SalesFixture;
let techno: number;
let productId: number;
let orderId: number;
let orderNumber: string;
let payment: { id: number; number: string };
let workerId: number;

const find = (q: string, as?: string) => f.api('GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, as);
const groupsOf = async (q: string, as?: string) => {
  const res = await find(q, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().groups as Array<{
    key: string;
    hits: Array<{ id: number; title: string; detail: string | null; url: string }>;
  }>;
};
const group = async (q: string, key: string, as?: string) => (await groupsOf(q, as)).find((g) => g.key === key);

/** A signed-in user whose one role has exactly these view rights. */
async function userWith(routes: string[]): Promise<string> {
  const user = await createUser(f.t.db, { password: 'search-pass' });
  const role = (await f.api('POST', '/api/roles', { name: `Пошук ${user.username}` })).json();
  const saved = await f.api('PUT', `/api/roles/${role.id}/permissions`, {
    permissions: routes.map((route) => ({ route, canView: true, canAccess: false })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await replaceUserRoles(f.t.db, user.id, [role.id]);
  return (await signIn(f.t.app, user.username, 'search-pass')).cookie;
}

beforeAll(async () => {
  f = await createSalesFixture();
  const client = await f.api('POST', '/api/clients', {
    legalForm: 'legal_entity',
    name: 'ТЕХНОЦЕНТР Плюс',
    fullName: 'ТОВ «ТЕХНОЦЕНТР Плюс»',
    taxId: sampleEdrpou(5151),
    phone: '+380 67 123 45 67',
  });
  expect(client.statusCode, client.body).toBe(201);
  techno = client.json().id;
  productId = await f.product({ stock: '5' });
  orderId = await f.order([{ itemId: productId, qty: '1', unitPrice: '100.00' }]);
  orderNumber = (await f.api('GET', `/api/orders/${orderId}`)).json().orderNumber;
  const paid = await f.api('POST', '/api/payments', {
    paymentDate: '2026-11-20',
    clientId: f.clientId,
    amount: '10.00',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  payment = paid.json();
  const worker = await f.api('POST', '/api/workers', { lastName: 'Шевчук', firstName: 'Ярина', weeklyHours: 40 });
  expect(worker.statusCode, worker.body).toBe(201);
  workerId = worker.json().id;
});
afterAll(() => f.t.close());

describe('GET /api/search', () => {
  it('finds a client by a partial Cyrillic word in another case, and not among suppliers', async () => {
    for (const q of ['техно', 'Техно', 'ТЕХНОЦ', 'центр пл']) {
      const clients = await group(q, 'clients');
      expect(clients?.hits, q).toEqual([
        {
          id: techno,
          title: 'ТЕХНОЦЕНТР Плюс',
          detail: `${sampleEdrpou(5151)} · +380671234567`,
          url: `/clients?search=${encodeURIComponent('ТЕХНОЦЕНТР Плюс')}`,
        },
      ]);
      expect(await group(q, 'suppliers'), q).toBeUndefined();
    }
  });

  it('finds a counterparty by its tax id and by the digits of its phone', async () => {
    expect((await group(sampleEdrpou(5151), 'clients'))?.hits.map((h) => h.id)).toEqual([techno]);
    expect((await group('067 123-45', 'clients'))?.hits.map((h) => h.id)).toEqual([techno]);
  });

  it('finds an order by a part of its number in small letters, opening its drawer, with date and client', async () => {
    const orders = await group(orderNumber.slice(0, -1).toLowerCase(), 'orders');
    expect(orders?.hits).toContainEqual({
      id: orderId,
      title: orderNumber,
      detail: '10.11.2026 · Енергоплюс',
      url: `/orders?open=${orderId}`,
    });
  });

  it('finds an item by a part of its Cyrillic SKU in small letters', async () => {
    const made = await f.api('POST', '/api/products', {
      sku: 'КТ-100',
      name: 'Контролер температури',
      unitId: f.unitId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const products = await group('кт-1', 'products');
    expect(products?.hits).toEqual([
      {
        id: made.json().id,
        title: 'Контролер температури',
        detail: 'КТ-100',
        url: `/products?search=${encodeURIComponent('Контролер температури')}`,
      },
    ]);
  });

  it('finds an item by SKU or name, and the receipt that brought it', async () => {
    const sku = (await f.api('GET', `/api/products/${productId}`)).json().sku as string;
    expect((await group(sku.toLowerCase(), 'products'))?.hits.map((h) => h.id)).toEqual([productId]);
    const byName = await group('блок живл', 'products');
    expect(byName?.hits.map((h) => h.id)).toContain(productId);
    expect(byName?.hits.find((h) => h.id === productId)?.detail).toBe(sku);
    expect(await group('блок живл', 'components')).toBeUndefined();
    const receipts = await group('grn-', 'supplierReceipts');
    expect(receipts?.hits[0]?.url).toMatch(/^\/supplier-receipts\?open=\d+$/);
  });

  it('finds a payment by its number and a worker by name', async () => {
    const payments = await group(payment.number.toLowerCase(), 'payments');
    expect(payments?.hits).toEqual([
      { id: payment.id, title: payment.number, detail: '20.11.2026 · Енергоплюс', url: `/payments?open=${payment.id}` },
    ]);
    expect((await group('шевч', 'workers'))?.hits).toEqual([
      {
        id: workerId,
        title: 'Шевчук Ярина',
        detail: null,
        url: `/workers?search=${encodeURIComponent('Шевчук Ярина')}`,
      },
    ]);
  });

  it('finds by a fragment in the middle of a document number, and a name in capitals', async () => {
    // Neither its start nor its end.
    const middle = payment.number.slice(3, -2);
    expect((await group(middle, 'payments'))?.hits.map((h) => h.id)).toContain(payment.id);
    expect((await group('КОНТРОЛЕР ТЕМП', 'products'))?.hits.map((h) => h.title)).toEqual(['Контролер температури']);
    expect((await group('центр плюс»', 'clients'))?.hits.map((h) => h.id)).toEqual([techno]);
  });

  it("finds an item by a fragment of a supplier's SKU in any case, once when its own SKU has the fragment too", async () => {
    const supplier = await f.api('POST', '/api/suppliers', {
      legalForm: 'legal_entity',
      name: 'Радіодеталі Схід',
      fullName: 'ТОВ «Радіодеталі Схід»',
      taxId: sampleEdrpou(6262),
    });
    expect(supplier.statusCode, supplier.body).toBe(201);
    const made = async (sku: string, supplierSku: string) => {
      const item = await f.api('POST', '/api/components', { sku, name: `Конденсатор ${sku}`, unitId: f.unitId });
      expect(item.statusCode, item.body).toBe(201);
      const saved = await f.api('PUT', `/api/components/${item.json().id}/suppliers`, {
        suppliers: [{ supplierId: supplier.json().id, supplierSku, isPreferred: true }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return item.json().id as number;
    };
    const bySupplier = await made('C-100N', 'РС-Ємн-4471');
    const byBoth = await made('ЄМН-4471', 'рс-ємн-4471-b');
    for (const q of ['ємн-447', 'ЄМН-447']) {
      const hits = (await group(q, 'components'))?.hits.map((h) => h.id);
      // The SKU that begins with the query first, then by SKU; the item found both ways only once.
      expect(hits, q).toEqual([byBoth, bySupplier]);
    }
    expect((await group('рс-ЄМН', 'components'))?.hits.map((h) => h.id)).toEqual([bySupplier, byBoth]);
    expect(await group('ємн-447', 'products')).toBeUndefined();
  });

  it("finds a repair by its number and by a fragment of its unit's serial, once", async () => {
    const item = await f.api('POST', '/api/products', {
      sku: 'ІНВ-3000',
      name: 'Інвертор 3 кВт',
      unitId: f.unitId,
      serialTracking: true,
      warrantyMonths: 12,
    });
    expect(item.statusCode, item.body).toBe(201);
    const [unit] = await f.t.db
      .insert(serialNumbers)
      .values({ itemId: item.json().id, serial: 'ІНВ-SN-77120', status: 'sold', clientId: f.clientId })
      .returning();
    const repair = await f.api('POST', '/api/repairs', {
      serialNumberId: unit!.id,
      itemId: item.json().id,
      clientId: f.clientId,
      problemDescription: 'Не вмикається',
    });
    expect(repair.statusCode, repair.body).toBe(201);
    const { id, number } = repair.json() as { id: number; number: string };
    const expected = { id, title: number, url: `/repairs?open=${id}` };
    expect((await group('інв-sn-771', 'repairs'))?.hits).toEqual([expect.objectContaining(expected)]);
    expect((await group(number.toLowerCase(), 'repairs'))?.hits).toEqual([expect.objectContaining(expected)]);
    expect((await group('sn-7712', 'serials'))?.hits.map((h) => h.id)).toEqual([unit!.id]);
  });

  it('answers only the groups of the pages the user may view', async () => {
    const salesOnly = await userWith(['/orders', '/clients']);
    // '2026' is in every document number: the administrator gets each document group, this user only orders.
    const all = (await groupsOf('2026')).map((g) => g.key);
    expect(all).toEqual(expect.arrayContaining(['orders', 'payments', 'supplierReceipts']));
    expect((await groupsOf('2026', salesOnly)).map((g) => g.key)).toEqual(['orders']);
    expect((await groupsOf('енерго', salesOnly)).map((g) => g.key)).toEqual(['clients']);
    expect(await group(payment.number, 'payments', salesOnly)).toBeUndefined();
    expect((await group(payment.number, 'payments'))?.hits).toHaveLength(1);

    const nothing = await userWith([]);
    expect(await groupsOf('енерго', nothing)).toEqual([]);
  });

  it('treats %, _ and the marks of a regular expression as the characters they are; nothing found is no groups', async () => {
    for (const q of ['%', '_', '.', '.*', '[а-я]', '(', '\\']) expect(await groupsOf(q), q).toEqual([]);
    expect(await groupsOf('жодного-такого-запису')).toEqual([]);
  });

  it('keeps to the group limit', async () => {
    for (let i = 0; i < 6; i++) await f.product();
    const products = await group('блок живлення', 'products');
    expect(products?.hits).toHaveLength(5);
  });

  it('refuses an empty, a blank or a too long query, and a caller who is not signed in', async () => {
    for (const q of ['', '   ', 'я'.repeat(101)]) expect((await find(q)).statusCode, q).toBe(400);
    expect((await find('  техно  ')).statusCode).toBe(200);
    expect((await f.t.app.inject({ method: 'GET', url: '/api/search?q=техно' })).statusCode).toBe(401);
  });
});

describe('casePattern', () => {
  it('makes each Latin or Cyrillic letter a class of both cases, Ukrainian letters included, and escapes the rest', () => {
    expect(casePattern('кТ-1')).toBe('[кК][Тт]\\-1');
    expect(casePattern('Ґє Ії')).toBe('[Ґґ][єЄ] [Іі][їЇ]');
    expect(casePattern('a.b(c)*ß%_\\')).toBe('[aA]\\.[bB]\\([cC]\\)\\*ß%_\\\\');
  });
});
