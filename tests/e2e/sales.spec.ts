// The sales loop as people use it (issue 7, "Done means"): an order for three serial-tracked units is confirmed on
// its page (the stock is reserved), its invoice prints, a payment recorded against it makes it paid; it ships one
// unit and then the rest from the shipments page with a Nova Poshta waybill (against the local stand-in), and the
// shipped serials are found later by scanning them. Stock, reservations and the ledger agree at every step.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { sampleEdrpou } from '@/shared/requisites.ts';
import { NP_VALID_KEY } from './support/global-setup.ts';
import { appDatabase, hasServerDatabase, launchBrowser, newPage } from './support/browser.ts';
import { apiJson, signInAsAdmin, toastTitle } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const FAKE_PRIVATE_PERSON_REF = '2718756a-b39b-11e4-a77a-005056887b8d';

interface OrderDetail {
  id: number;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  totalGross: string;
  lines: Array<{ id: number; reservedQty: string; shippedQty: string }>;
}
interface StockRow {
  sku: string;
  onHand: string;
  reserved: string;
  available: string;
}

const order = (page: Page, id: number) => apiJson<OrderDetail>(page, 'GET', `/api/orders/${id}`);
const stockOf = async (page: Page, sku: string) =>
  (await apiJson<StockRow[]>(page, 'GET', `/api/inventory?search=${encodeURIComponent(sku)}`)).find(
    (r) => r.sku === sku,
  )!;

async function ledgerAgrees() {
  if (!hasServerDatabase()) return;
  const db = await appDatabase();
  try {
    expect(await checkLedger(db.db)).toEqual({ ok: true, problems: [] });
  } finally {
    await db.close();
  }
}

describe('sales', () => {
  it('takes an order, invoices it, is paid, ships it in two parts by Nova Poshta and finds the serials', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);

    // Reference data the journey needs, through the API: our company, Nova Poshta set up, a client, a
    // serial-tracked product with three units in stock and their serials registered.
    await apiJson(page, 'POST', '/api/companies', {
      name: `Техноприлад ${stamp}`,
      fullName: `ТОВ «Техноприлад ${stamp}»`,
      legalForm: 'ТОВ',
      taxId: sampleEdrpou(7000 + (Date.now() % 1000)),
      legalAddress: 'м. Київ, вул. Заводська, 1',
    });
    await apiJson(page, 'PUT', '/api/integrations/nova-poshta', { apiKey: NP_VALID_KEY });
    await apiJson(page, 'POST', '/api/integrations/nova-poshta/refresh-directory');
    const city = async (name: string) =>
      (
        await apiJson<Array<{ ref: string; name: string }>>(
          page,
          'GET',
          `/api/nova-poshta/settlements?search=${encodeURIComponent(name)}`,
        )
      ).find((c) => c.name === name)!;
    const branch = async (cityRef: string) =>
      (
        await apiJson<Array<{ ref: string; number: string; description: string }>>(
          page,
          'GET',
          `/api/nova-poshta/warehouses?cityRef=${cityRef}&type=branch`,
        )
      )[0]!;
    const senderCity = await city('Київ');
    const senderBranch = await branch(senderCity.ref);
    await apiJson(page, 'PUT', '/api/integrations/nova-poshta', {
      senderCounterpartyRef: FAKE_PRIVATE_PERSON_REF,
      senderCounterpartyName: 'Приватна особа',
      senderContactRef: '000000cc-0000-4000-8000-000000000001',
      senderContactName: 'Петренко Олена Іванівна',
      senderCityRef: senderCity.ref,
      senderCityName: senderCity.name,
      senderWarehouseRef: senderBranch.ref,
      senderWarehouseName: senderBranch.description,
      senderPhone: '0501112233',
    });
    const lviv = await city('Львів');
    const lvivBranch = await branch(lviv.ref);
    const [carrier] = (await apiJson<Array<{ id: number; kind: string }>>(page, 'GET', '/api/carriers')).filter(
      (c) => c.kind === 'nova_poshta',
    );

    const client = await apiJson<{ id: number }>(page, 'POST', '/api/clients', {
      legalForm: 'individual',
      name: `Коваль Ігор ${stamp}`,
    });
    const [unit] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/lookups/units?search=шт');
    const sku = `БЖ-E2E-${stamp}`;
    const product = await apiJson<{ id: number }>(page, 'POST', '/api/products', {
      sku,
      name: `Блок живлення ${stamp}`,
      unitId: unit!.id,
      retailPrice: '1200.00',
      serialTracking: true,
      weightKg: '0.8',
    });
    const supplier = await apiJson<{ id: number }>(page, 'POST', '/api/suppliers', {
      legalForm: 'individual',
      name: `Постачальник ${stamp}`,
    });
    const warehouses = await apiJson<Array<{ id: number; isDefault: boolean }>>(page, 'GET', '/api/warehouses');
    const warehouse = warehouses.find((w) => w.isDefault) ?? warehouses[0]!;
    const [docType] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/supplier-document-types');
    const receipt = await apiJson<{ id: number; lines: Array<{ id: number }> }>(
      page,
      'POST',
      '/api/supplier-receipts',
      {
        supplierId: supplier.id,
        warehouseId: warehouse.id,
        documentTypeId: docType!.id,
        supplierDocNumber: `ВН-S-${stamp}`,
        supplierDocDate: '2026-11-20',
        documentDate: '2026-11-20',
        lines: [{ itemId: product.id, qty: '3', unitPrice: '700', vatRate: '0' }],
      },
    );
    // The units arrive with the serials on their labels.
    const serials = [1, 2, 3].map((n) => `SN${stamp}-${n}`);
    await apiJson(page, 'POST', `/api/supplier-receipts/${receipt.id}/post`, {
      serials: [{ lineId: receipt.lines[0]!.id, serials }],
    });
    expect(await stockOf(page, sku)).toMatchObject({ onHand: '3.0000', available: '3.0000' });

    // The order: 3 × 1000.00 (the company is not a VAT payer: no VAT), delivered to a Lviv branch.
    const draft = await apiJson<{ id: number; orderNumber: string }>(page, 'POST', '/api/orders', {
      orderDate: '2026-11-21',
      clientId: client.id,
      warehouseId: warehouse.id,
      carrierId: carrier!.id,
      recipientName: `Коваль Ігор`,
      recipientPhone: '+380671234567',
      npCityRef: lviv.ref,
      npCityName: lviv.name,
      deliveryType: 'branch',
      npWarehouseRef: lvivBranch.ref,
      npWarehouseNumber: lvivBranch.number,
      npWarehouseAddress: lvivBranch.description,
      lines: [{ itemId: product.id, qty: '3', unitPrice: '1000.00', vatRate: '20' }],
    });
    expect(draft.orderNumber).toMatch(/^ORD-\d{4}-\d{5}$/);

    // Confirmed on the page (a notification's /orders?search= link opens it filtered): the stock is reserved.
    await page.goto(`/orders?search=${draft.orderNumber}`);
    await page.getByRole('heading', { level: 1, name: 'Замовлення клієнтів' }).waitFor();
    await page.getByRole('button', { name: `Відкрити замовлення ${draft.orderNumber}` }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(draft.orderNumber) });
    await drawer.getByRole('button', { name: 'Підтвердити', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Підтвердити' }).click();
    await toastTitle(page, 'Замовлення підтверджено').waitFor();
    expect(await order(page, draft.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'unpaid' });
    expect(await stockOf(page, sku)).toMatchObject({ onHand: '3.0000', reserved: '3.0000', available: '0.0000' });
    await ledgerAgrees();

    // The invoice prints as a PDF.
    const invoice = await context.request.get(`/api/orders/${draft.id}/print/invoice`);
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toContain('application/pdf');
    expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The payment of the whole amount, recorded against the order: paid.
    const { totalGross } = await order(page, draft.id);
    expect(totalGross).toBe('3000.00');
    await apiJson(page, 'POST', '/api/payments', {
      paymentDate: '2026-11-21',
      clientId: client.id,
      amount: totalGross,
      method: 'bank_transfer',
      purpose: `Оплата за рахунком № ${draft.orderNumber}`,
      allocations: [{ orderId: draft.id, amount: totalGross }],
      post: true,
    });
    expect(await order(page, draft.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    // First shipment: one unit, its serial scanned in the drawer, posted from the shipments page.
    await drawer.getByRole('button', { name: 'Відвантажити' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Створити' }).click();
    await page.waitForURL(/\/shipments\?open=\d+/);
    const first = Number(new URL(page.url()).searchParams.get('open'));
    const shipmentDrawer = page.getByRole('dialog', { name: /SHP-/ });
    const qty = shipmentDrawer.getByLabel('Кількість').first();
    await qty.fill('1');
    await shipmentDrawer.getByRole('button', { name: 'Зберегти' }).click();
    await toastTitle(page, 'Відвантаження збережено').waitFor();
    // The serial picker of the line: the scanner types the number and Enter.
    const scanBox = shipmentDrawer.getByRole('textbox', { name: `Серійні номери ${sku}`, exact: true });
    await scanBox.fill(serials[0]!);
    await scanBox.press('Enter');
    await shipmentDrawer.getByLabel(`Серійні номери ${sku}: вибрано 1 з 1`).waitFor();
    await shipmentDrawer.getByRole('button', { name: 'Провести' }).click();
    await page
      .getByRole('alertdialog', { name: 'Провести відвантаження?' })
      .getByRole('button', { name: 'Провести' })
      .click();
    await shipmentDrawer.getByRole('button', { name: 'Скасувати' }).waitFor();
    expect(await order(page, draft.id)).toMatchObject({ status: 'partially_shipped' });
    expect(await stockOf(page, sku)).toMatchObject({ onHand: '2.0000', reserved: '2.0000', available: '0.0000' });
    await ledgerAgrees();

    // The Nova Poshta waybill of the first parcel, against the local stand-in: the tracking number shows.
    const block = shipmentDrawer.getByRole('region', { name: 'Нова пошта' });
    await block.getByRole('button', { name: 'Створити ЕН' }).click();
    await block.getByRole('link', { name: /^\d{14}$/ }).waitFor();
    const shipped = await apiJson<{ trackingNumber: string; waybillState: string }>(
      page,
      'GET',
      `/api/shipments/${first}`,
    );
    expect(shipped).toMatchObject({ waybillState: 'created' });
    const label = await context.request.get(`/api/shipments/${first}/np-label?format=100x100`);
    expect(label.status()).toBe(200);
    expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The rest: two units with their serials; the order is shipped and, being paid, completed.
    const rest = await apiJson<{ id: number; version: number; lines: Array<{ id: number }> }>(
      page,
      'POST',
      '/api/shipments',
      { orderId: draft.id },
    );
    await apiJson(page, 'PATCH', `/api/shipments/${rest.id}`, {
      version: rest.version,
      weightKg: '1.6',
      lines: [{ id: rest.lines[0]!.id, serials: serials.slice(1) }],
    });
    await page.goto(`/shipments?open=${rest.id}`);
    const restDrawer = page.getByRole('dialog', { name: /SHP-/ });
    await restDrawer.getByLabel(`Серійні номери ${sku}: вибрано 2 з 2`).waitFor();
    await restDrawer.getByRole('button', { name: 'Провести' }).click();
    await page
      .getByRole('alertdialog', { name: 'Провести відвантаження?' })
      .getByRole('button', { name: 'Провести' })
      .click();
    await restDrawer.getByRole('button', { name: 'Скасувати' }).waitFor();
    await restDrawer.getByRole('region', { name: 'Нова пошта' }).getByRole('button', { name: 'Створити ЕН' }).click();
    await restDrawer
      .getByRole('region', { name: 'Нова пошта' })
      .getByRole('link', { name: /^\d{14}$/ })
      .waitFor();
    const done = await order(page, draft.id);
    expect(done).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(done.lines[0]).toMatchObject({ shippedQty: '3.0000', reservedQty: '0.0000' });
    expect(await stockOf(page, sku)).toMatchObject({ onHand: '0.0000', reserved: '0.0000' });
    await ledgerAgrees();

    // Weeks later a unit comes back for repair: scanning its serial finds it sold to this client.
    await page.goto('/scanner');
    const code = page.getByRole('textbox', { name: 'Код' });
    await code.fill(serials[1]!);
    await code.press('Enter');
    const card = page.getByRole('article', { name: serials[1]! });
    await card.getByText('Продано', { exact: true }).waitFor();
    await card.getByText(new RegExp(`Коваль Ігор ${stamp}`)).waitFor();
    await context.close();
  });
});
