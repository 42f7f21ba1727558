// The warehouse as people use it (issue 6, started): a supplier receipt posted from its page puts the components
// into stock at their cost; /component-stock shows them, and /component-movement shows the receipt under its number.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
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
