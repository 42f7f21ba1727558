// Test fixture of the sales modules (orders, payments, shipments): an admin, a VAT-paying company, a client, a
// warehouse and products with stock put in through posted supplier receipts — all through the real endpoints.
// Used only by tests.
import { expect } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import {
  createTestApp,
  createUser,
  fixtureNumber,
  signIn,
  type TestApp,
  type TestAppOptions,
} from '@/server/testing/test-app.ts';
import { resourceEngine } from '@/resources/index.ts';
import { sampleEdrpou, sampleIbanUa } from '@/shared/requisites.ts';
import { orderCreateSchema, type OrderCreateInput } from '@/modules/orders/orders.contract.ts';
import { confirmOrder, createOrder } from '@/modules/orders/server/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

export interface SalesFixture {
  t: TestApp;
  cookie: string;
  adminId: number;
  api: (method: Method, url: string, payload?: unknown, as?: string) => Promise<Injected>;
  companyId: number;
  companyIban: string;
  clientId: number;
  clientTaxId: string;
  warehouseId: number;
  unitId: number;
  /** A product (optionally serial-tracked, in another stock unit than 'шт') with `stock` units received at `cost`. */
  product: (opts?: {
    stock?: string;
    cost?: string;
    price?: string;
    serialTracking?: boolean;
    unitId?: number;
  }) => Promise<number>;
  /** A draft order through the service; `confirm` confirms it (reserving stock). Answers the order id. */
  order: (
    lines: Array<{ itemId: number; qty: string; unitPrice: string }>,
    opts?: Partial<OrderCreateInput> & { confirm?: boolean },
  ) => Promise<number>;
  /** Another client (for third-party payer tests). */
  client: (name: string, n: number) => Promise<number>;
  /** GET a URL as the admin, expecting 200: its JSON. */
  getJson: <T>(url: string) => Promise<T>;
  /** A sale fact: a confirmed order of `qty` × `price` for the client, shipped and posted on `date`. */
  sell: (clientId: number, itemId: number, qty: string, price: string, date: string) => Promise<void>;
}

let seq = 0;

export async function createSalesFixture(options: Pick<TestAppOptions, 'openDatabase'> = {}): Promise<SalesFixture> {
  const t = await createTestApp({}, options);
  await resourceEngine.ensureSeeds(t.db);
  const admin = await createUser(t.db, { password: 'sales-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  const cookie = (await signIn(t.app, admin.username, 'sales-pass')).cookie;
  const api: SalesFixture['api'] = (method, url, payload, as = cookie) =>
    t.app.inject({ method, url, payload: payload as object | undefined, headers: { cookie: as } });
  const ok = async (res: Injected, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const unitId = (await resourceEngine.idsByLabel(t.db, '/units')).get('шт')!;
  const companyIban = sampleIbanUa('300465', 41);
  const company = await ok(
    await api('POST', '/api/companies', {
      name: 'Техноприлад',
      fullName: 'ТОВ «Техноприлад»',
      legalForm: 'ТОВ',
      taxId: sampleEdrpou(4100),
      isVatPayer: true,
      vatNumber: '123456789012',
      legalAddress: 'м. Київ, вул. Заводська, 1',
    }),
  );
  await ok(
    await api('PUT', `/api/companies/${company.id}/bank-accounts`, {
      accounts: [{ iban: companyIban, bankName: 'Ощадбанк' }],
    }),
    200,
  );
  const clientTaxId = sampleEdrpou(4200);
  const client = async (name: string, n: number) =>
    (
      await ok(
        await api('POST', '/api/clients', {
          legalForm: 'legal_entity',
          name,
          fullName: `ТОВ «${name}»`,
          taxId: n === 4200 ? clientTaxId : sampleEdrpou(n),
          legalAddress: 'м. Львів, вул. Городоцька, 10',
        }),
      )
    ).id as number;
  const clientId = await client('Енергоплюс', 4200);
  const warehouseId = (
    await ok(
      await api('POST', '/api/warehouses', {
        code: `ГП-${Date.now() % 100000}`,
        name: 'Склад готової продукції',
        type: 'finished_goods',
        isDefault: true,
      }),
    )
  ).id as number;
  const supplierId = (
    await ok(
      await api('POST', '/api/suppliers', {
        legalForm: 'legal_entity',
        name: 'Постачальник',
        fullName: 'ТОВ «Постачальник»',
        taxId: sampleEdrpou(4300),
      }),
    )
  ).id as number;
  const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id as number;

  const product: SalesFixture['product'] = async (opts = {}) => {
    const n = ++seq;
    const id = (
      await ok(
        await api('POST', '/api/products', {
          sku: `SALE-P-${n}`,
          name: `Блок живлення ${fixtureNumber(n)}`,
          unitId: opts.unitId ?? unitId,
          retailPrice: opts.price ?? '100.00',
          serialTracking: opts.serialTracking ?? false,
        }),
      )
    ).id as number;
    if (opts.stock) {
      const draft = await ok(
        await api('POST', '/api/supplier-receipts', {
          supplierId,
          warehouseId,
          documentTypeId,
          supplierDocNumber: `ВН-S-${n}`,
          supplierDocDate: '2026-11-02',
          documentDate: '2026-11-02',
          lines: [{ itemId: id, qty: opts.stock, unitPrice: opts.cost ?? '60.00', vatRate: '0' }],
        }),
      );
      await ok(await api('POST', `/api/supplier-receipts/${draft.id}/post`), 200);
    }
    return id;
  };

  const order: SalesFixture['order'] = async (lines, opts = {}) => {
    const { confirm, ...rest } = opts;
    const body = orderCreateSchema.parse({ orderDate: '2026-11-10', clientId, lines, ...rest });
    const ctx = { userId: admin.id };
    return t.db.transaction(async (tx) => {
      const id = await createOrder(tx, ctx, body);
      if (confirm) await confirmOrder(tx, ctx, id);
      return id;
    });
  };

  const getJson: SalesFixture['getJson'] = async <T>(url: string) => (await ok(await api('GET', url), 200)) as T;
  const sell: SalesFixture['sell'] = async (saleClientId, itemId, qty, price, date) => {
    const orderId = await order([{ itemId, qty, unitPrice: price }], {
      confirm: true,
      clientId: saleClientId,
      orderDate: date,
    });
    const draft = await ok(await api('POST', '/api/shipments', { orderId, shipmentDate: date }));
    await ok(await api('POST', `/api/shipments/${draft.id}/post`), 200);
  };

  return {
    t,
    cookie,
    adminId: admin.id,
    api,
    companyId: company.id,
    companyIban,
    clientId,
    clientTaxId,
    warehouseId,
    unitId,
    product,
    order,
    client,
    getJson,
    sell,
  };
}
