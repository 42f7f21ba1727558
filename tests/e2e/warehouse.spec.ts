// The warehouse as people use it (issue 6, started): a supplier receipt posted from its page puts the components
// into stock at their cost; /component-stock shows them, and /component-movement shows the receipt under its number.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
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

describe('warehouse', () => {
  it('posts a supplier receipt and shows the stock and its movement', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const [unit] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/lookups/units?search=шт');
    const component = await apiJson<{ id: number }>(page, 'POST', '/api/components', {
      sku: `CAP-${stamp}`,
      name: `Конденсатор ${stamp}`,
      unitId: unit!.id,
    });
    const supplier = await apiJson<{ id: number }>(page, 'POST', '/api/suppliers', {
      legalForm: 'individual',
      name: `Постачальник ${stamp}`,
    });
    const [warehouse] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/warehouses');
    const [docType] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/supplier-document-types');
    const draft = await apiJson<{ id: number; number: string }>(page, 'POST', '/api/supplier-receipts', {
      supplierId: supplier.id,
      warehouseId: warehouse!.id,
      documentTypeId: docType!.id,
      supplierDocNumber: `ВН-${stamp}`,
      supplierDocDate: '2026-11-20',
      documentDate: '2026-11-21',
      lines: [{ itemId: component.id, qty: '250', unitPrice: '0.4', vatRate: '0' }],
    });

    await page.goto('/supplier-receipts');
    await page.getByRole('heading', { level: 1, name: 'Приходи від постачальників' }).waitFor();
    await page
      .getByRole('button', { name: new RegExp(draft.number) })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Провести', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Провести' }).click();
    await toastTitle(page, 'Прихід проведено').waitFor();

    await page.goto(`/component-stock?search=CAP-${stamp}`);
    await page.getByRole('cell', { name: `CAP-${stamp}`, exact: true }).waitFor();
    const [row] = await apiJson<Array<{ onHand: string; avgCost: string }>>(
      page,
      'GET',
      `/api/component-stock?search=CAP-${stamp}`,
    );
    expect(row).toMatchObject({ onHand: '250.0000', avgCost: '0.400000' });

    await page.goto(`/component-movement?itemId=${component.id}`);
    await page
      .getByRole('link', { name: new RegExp(draft.number) })
      .first()
      .waitFor();
    await context.close();
  });
});

/** An EAN-13 with its GS1 check digit, from 12 digits. */
function ean13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

// Issue 6 "done means": components received against a supplier order change stock and cost, part moves to another
// warehouse, the warehouse is counted with a (keyboard-wedge) scanner and the variance posted — each step on
// /component-movement, the ledger's invariant intact.
describe('warehouse journey', () => {
  it('receives an order, moves part, counts by scanning and posts the variance', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const tag = `${stamp}J`;
    const barcode = ean13(`2${String(Date.now()).slice(-11)}`);
    const [unit] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/lookups/units?search=шт');
    const item = await apiJson<{ id: number }>(page, 'POST', '/api/components', {
      sku: `MCU-${tag}`,
      name: `Мікроконтролер ${tag}`,
      unitId: unit!.id,
      barcode,
    });
    const supplier = await apiJson<{ id: number }>(page, 'POST', '/api/suppliers', {
      legalForm: 'individual',
      name: `Постачальник ${tag}`,
    });
    const main = await apiJson<{ id: number }>(page, 'POST', '/api/warehouses', {
      code: `A${tag}`.slice(0, 20),
      name: `Склад А ${tag}`,
      type: 'general',
    });
    const second = await apiJson<{ id: number }>(page, 'POST', '/api/warehouses', {
      code: `B${tag}`.slice(0, 20),
      name: `Склад Б ${tag}`,
      type: 'general',
    });
    const order = await apiJson<{ id: number; number: string }>(page, 'POST', '/api/supplier-orders', {
      supplierId: supplier.id,
      warehouseId: main.id,
      orderDate: '2026-11-20',
      lines: [{ itemId: item.id, qty: '10', unitPrice: '12.5', vatRate: '0' }],
    });
    await apiJson(page, 'POST', `/api/supplier-orders/${order.id}/send`, {});
    await apiJson(page, 'POST', `/api/supplier-orders/${order.id}/confirm`, {});

    // 1. 'Отримати' on the order makes the receipt draft; posting it puts 10 at 12.50 into stock.
    await page.goto('/supplier-orders');
    await page.getByRole('heading', { level: 1, name: 'Замовлення постачальникам' }).waitFor();
    await page.getByRole('button', { name: `Відкрити замовлення ${order.number}` }).click();
    await page.getByRole('button', { name: 'Отримати', exact: true }).click();
    const receive = page.getByRole('alertdialog', { name: 'Отримати товар за замовленням' });
    await receive.getByLabel('№ документа постачальника').fill(`ВН-${tag}`);
    await receive.getByLabel('Дата документа постачальника').fill('21.11.2026');
    await receive.getByRole('button', { name: 'Створити прихід' }).click();
    await page.waitForURL(/\/supplier-receipts\?open=\d+/);
    await page.getByRole('dialog').getByRole('button', { name: 'Провести', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Провести' }).click();
    await toastTitle(page, 'Прихід проведено').waitFor();
    const afterReceipt = await apiJson<{ status: string }>(page, 'GET', `/api/supplier-orders/${order.id}`);
    expect(afterReceipt.status).toBe('received');
    const [received] = await apiJson<Array<{ onHand: string; avgCost: string }>>(
      page,
      'GET',
      `/api/component-stock?search=MCU-${tag}&warehouseId=${main.id}`,
    );
    expect(received).toMatchObject({ onHand: '10.0000', avgCost: '12.500000' });

    // 2. Three move to the second warehouse through the transfer form the stock page links to.
    await page.goto(`/warehouse-transfers?new=1&itemId=${item.id}&fromWarehouseId=${main.id}`);
    const form = page.getByRole('dialog', { name: 'Нове переміщення' });
    await form.getByRole('combobox', { name: /^Склад-одержувач/ }).click();
    await page.getByRole('combobox', { name: 'Пошук' }).fill(`Склад Б ${tag}`);
    await page.getByRole('option', { name: new RegExp(`Склад Б ${tag}`) }).click();
    await form.getByLabel('Кількість').first().fill('3');
    await form.getByRole('button', { name: 'Зберегти' }).click();
    await page.getByRole('button', { name: 'Провести', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Провести' }).click();
    await toastTitle(page, 'Переміщення проведено').waitFor();
    const [left] = await apiJson<Array<{ onHand: string; avgCost: string }>>(
      page,
      'GET',
      `/api/component-stock?search=MCU-${tag}&warehouseId=${main.id}`,
    );
    expect(left).toMatchObject({ onHand: '7.0000', avgCost: '12.500000' });
    const [arrived] = await apiJson<Array<{ onHand: string }>>(
      page,
      'GET',
      `/api/component-stock?search=MCU-${tag}&warehouseId=${second.id}`,
    );
    expect(arrived).toMatchObject({ onHand: '3.0000' });

    // 3. The first warehouse is counted by scanning the barcode six times: one short, posted at the average.
    const audit = await apiJson<{ id: number; number: string }>(page, 'POST', '/api/inventory-audits', {
      warehouseId: main.id,
      scope: 'full',
    });
    await page.goto(`/inventory-audits/${audit.id}`);
    await page.getByRole('button', { name: 'Почати підрахунок' }).click();
    await toastTitle(page, 'Підрахунок почато').waitFor();
    const scanner = page.getByLabel('Сканер', { exact: true });
    for (let i = 1; i <= 6; i++) {
      await scanner.fill(barcode);
      await scanner.press('Enter');
      await page.getByText(`пораховано ${i}`, { exact: false }).first().waitFor();
    }
    await page.getByRole('button', { name: 'Провести', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Провести' }).click();
    await toastTitle(page, 'Інвентаризацію проведено').waitFor();
    const [counted] = await apiJson<Array<{ onHand: string; avgCost: string }>>(
      page,
      'GET',
      `/api/component-stock?search=MCU-${tag}&warehouseId=${main.id}`,
    );
    expect(counted).toMatchObject({ onHand: '6.0000', avgCost: '12.500000' });

    // 4. Every step is on the ledger page under its document number.
    const receipts = await apiJson<Array<{ number: string }>>(page, 'GET', `/api/supplier-orders/${order.id}/receipts`);
    const transfers = await apiJson<Array<{ number: string }>>(
      page,
      'GET',
      `/api/warehouse-transfers?warehouseId=${main.id}`,
    );
    await page.goto(`/component-movement?itemId=${item.id}`);
    for (const number of [receipts[0]!.number, transfers[0]!.number, audit.number]) {
      await page
        .getByRole('link', { name: new RegExp(number) })
        .first()
        .waitFor();
    }
    const moves = await apiJson<Array<{ qty: string; value: string }>>(
      page,
      'GET',
      `/api/component-movement?itemId=${item.id}`,
    );
    expect(moves.map((m) => [m.qty, m.value]).sort()).toEqual(
      [
        ['10.0000', '125.00'],
        ['-3.0000', '-37.50'],
        ['3.0000', '37.50'],
        ['-1.0000', '-12.50'],
      ].sort(),
    );

    if (hasServerDatabase()) {
      const database = await appDatabase();
      try {
        expect(await checkLedger(database.db)).toEqual({ ok: true, problems: [] });
      } finally {
        await database.close();
      }
    }
    await context.close();
  });
});
