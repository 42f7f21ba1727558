// The BAS / 1C HTTP-service pull (reports-admin.md §15 'BAS / 1C' 2.) against a local server speaking its protocol,
// on both databases: the password write-only and never answered; an outgoing invoice becomes one draft order and an
// incoming one a draft supplier receipt, each once however often the window is read; an unmapped code creates
// nothing until it is mapped ('Зіставити'), then the next run makes the draft; a newer version rewrites the draft;
// a refused login is the run's failure in the card's log; http only to a local server; 403 without the page.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/kernel/rows.ts';
import { createUser, signIn } from '@/server/testing/test-app.ts';
import { createSalesFixture, type SalesFixture } from '@/server/testing/sales-fixture.ts';
import { startFakeBas, type FakeBas } from '@/server/testing/fake-bas.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';

let f: SalesFixture;
let bas: FakeBas;
let item: number;
let sku: string;
const today = kyivToday();
const supplierTaxId = sampleEdrpou(6161);

const count = async (table: string, where = sql`true`) =>
  Number(
    rowsOf<{ n: number }>(
      await f.t.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`),
    )[0]!.n,
  );

beforeAll(async () => {
  bas = await startFakeBas();
  f = await createSalesFixture();
  item = await f.product({ stock: '10', cost: '50.00' });
  sku = (await f.api('GET', `/api/products/${item}`)).json().sku;
  const supplier = await f.api('POST', '/api/suppliers', {
    legalForm: 'legal_entity',
    name: 'Елкомп',
    fullName: 'ТОВ «Елкомп»',
    taxId: supplierTaxId,
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
});
afterAll(async () => {
  await f?.t.close();
  await bas?.close();
});

describe('BAS / 1C HTTP-service pull', () => {
  it('keeps the password write-only, refuses a plain-http remote address, and tests the connection', async () => {
    const remote = await f.api('PUT', '/api/integrations/bas-pull', { baseUrl: 'http://bas.example.com/hs/erp' });
    expect(remote.statusCode).toBe(400);
    const saved = await f.api('PUT', '/api/integrations/bas-pull', {
      enabled: true,
      baseUrl: bas.url,
      username: bas.user,
      password: bas.password,
      windowDays: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, hasPassword: true, windowDays: 10 });
    expect(saved.body).not.toContain(bas.password);
    const test = (await f.api('POST', '/api/integrations/bas-pull/test')).json();
    expect(test).toEqual({ ok: true, message: "З'єднання є: документів за вікно дат — 0" });
    expect(bas.requests.at(-1)).toMatchObject({ authorized: true, to: today });
  });

  it('turns an outgoing invoice into one draft order and an incoming one into a draft receipt, once', async () => {
    bas.documents.push(
      {
        kind: 'outgoing',
        externalId: 'РН-000123',
        version: 1,
        date: today,
        number: 'РН-123',
        counterparty: { taxId: f.clientTaxId },
        lines: [{ code: sku, qty: '2', price: '150.00' }],
      },
      {
        kind: 'incoming',
        externalId: 'ПН-000077',
        version: 1,
        date: today,
        number: 'ПН-77',
        counterparty: { taxId: supplierTaxId },
        lines: [{ code: sku, qty: '5', price: '48.00', vatRate: '20' }],
      },
    );
    const orders = await count('orders');
    const receipts = await count('supplier_receipts');
    for (let i = 0; i < 2; i++) {
      const run = (await f.api('POST', '/api/integrations/bas-pull/run')).json();
      expect(run.ok).toBe(true);
    }
    expect(await count('orders')).toBe(orders + 1);
    expect(await count('supplier_receipts')).toBe(receipts + 1);
    const [receipt] = rowsOf<{ status: string; supplier_doc_number: string; total_net: string }>(
      await f.t.db.execute(
        sql`select status, supplier_doc_number, total_net::text from supplier_receipts order by id desc limit 1`,
      ),
    );
    expect(receipt).toEqual({ status: 'draft', supplier_doc_number: 'ПН-77', total_net: '240.00' });
    const [order] = rowsOf<{ status: string; external_number: string }>(
      await f.t.db.execute(sql`select status, external_number from orders order by id desc limit 1`),
    );
    expect(order).toEqual({ status: 'draft', external_number: 'РН-123' });
  });

  it('keeps an invoice with an unmapped code waiting until it is mapped, then makes its draft; a newer version rewrites it', async () => {
    bas.documents.push({
      kind: 'incoming',
      externalId: 'ПН-000078',
      version: 1,
      date: today,
      number: 'ПН-78',
      counterparty: { taxId: supplierTaxId },
      lines: [{ code: 'BAS-R-10K', name: 'Резистор 10 кОм', qty: '100', price: '0.50' }],
    });
    const receipts = await count('supplier_receipts');
    const waiting = (await f.api('POST', '/api/integrations/bas-pull/run')).json();
    expect(waiting.message).toContain('чекають зіставлення або контрагента: 1');
    expect(await count('supplier_receipts')).toBe(receipts);
    const unmapped = (await f.api('GET', '/api/integrations/mappings?unmapped=true&system=bas')).json();
    const mapping = unmapped.find((r: { externalCode: string }) => r.externalCode === 'BAS-R-10K');
    expect(mapping).toMatchObject({ externalName: 'Резистор 10 кОм', itemId: null });
    expect((await f.api('PUT', `/api/integrations/mappings/${mapping.id}`, { itemId: item })).statusCode).toBe(200);
    expect((await f.api('POST', '/api/integrations/bas-pull/run')).json().message).toContain('Створено чернеток: 1');
    expect(await count('supplier_receipts')).toBe(receipts + 1);
    // Version 2 of the same invoice: the draft's lines are rewritten, no second receipt.
    bas.documents[2] = { ...bas.documents[2]!, version: 2, lines: [{ code: 'BAS-R-10K', qty: '200', price: '0.50' }] };
    expect((await f.api('POST', '/api/integrations/bas-pull/run')).json().message).toContain('оновлено: 1');
    expect(await count('supplier_receipts')).toBe(receipts + 1);
    const [last] = rowsOf<{ total_net: string }>(
      await f.t.db.execute(sql`select total_net::text from supplier_receipts where supplier_doc_number = 'ПН-78'`),
    );
    expect(last!.total_net).toBe('100.00');
  });

  it('logs a refused login as the run failure on the card, and answers 403 without the page', async () => {
    await f.api('PUT', '/api/integrations/bas-pull', { password: 'wrong' });
    const run = (await f.api('POST', '/api/integrations/bas-pull/run')).json();
    expect(run).toEqual({
      ok: false,
      message: 'HTTP-сервіс BAS відмовив у доступі (HTTP 401): перевірте користувача і пароль',
    });
    const card = (await f.api('GET', '/api/integrations/bas-pull')).json();
    expect(card.lastError).toBe(run.message);
    expect(card.runs[0]).toMatchObject({ ok: false, trigger: 'manual' });
    const clerk = await createUser(f.t.db, { password: 'clerk-pass' });
    const { cookie } = await signIn(f.t.app, clerk.username, 'clerk-pass');
    expect((await f.api('GET', '/api/integrations/bas-pull', undefined, cookie)).statusCode).toBe(403);
  });
});
