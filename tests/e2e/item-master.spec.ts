// The item master as people use it (issue 5): a product made in the form with the spec's product-code helper and a
// generated barcode, found by that barcode; the products list exported to XLSX and imported back as updates only.
import type { Browser, Page } from 'playwright-core';
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
const dialog = (page: Page) => page.getByRole('dialog');

async function pick(page: Page, label: string, option: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: 'Пошук' }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('item master', () => {
  it('creates a product with the product-code helper, generates its barcode and finds it by it', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await apiJson(page, 'POST', '/api/product-categories', { name: `Джерела ${stamp}` });
    await page.goto('/products');
    await page.getByRole('heading', { level: 1, name: 'Товари' }).waitFor();

    await page.getByRole('button', { name: 'Новий товар' }).click();
    await dialog(page).getByRole('button', { name: 'Згенерувати артикул' }).click();
    await toastTitle(page, 'Спочатку вкажіть назву').waitFor();

    await dialog(page)
      .getByLabel(/^Назва/)
      .fill(`Блок живлення ${stamp}`);
    await pick(page, 'Категорія', `Джерела ${stamp}`);
    await pick(page, 'Одиниця', 'шт');
    await dialog(page)
      .getByLabel(/^Роздрібна ціна/)
      .fill('1250,5'.replace(',', '.'));
    await dialog(page).getByRole('button', { name: 'Згенерувати артикул' }).click();
    const skuInput = dialog(page).getByLabel(/^Артикул/);
    await page.waitForFunction(
      (el) => /^БЛОДЖ\d{3}$/.test((el as HTMLInputElement).value),
      await skuInput.elementHandle(),
    );
    const sku = await skuInput.inputValue();
    await dialog(page).getByRole('button', { name: 'Створити' }).click();
    await toastTitle(page, 'Створено').waitFor();

    await page.getByLabel('Пошук: Товари').fill(sku);
    await page.getByRole('cell', { name: sku, exact: true }).waitFor();
    await page.getByRole('button', { name: `Редагувати: Блок живлення ${stamp}` }).click();
    await dialog(page).getByRole('button', { name: 'Згенерувати штрих-код' }).click();
    await toastTitle(page, 'Штрих-код згенеровано').waitFor();
    const barcode = await dialog(page)
      .getByLabel(/^Штрих-код/)
      .inputValue();
    expect(barcode).toMatch(/^200\d{10}$/);
    await dialog(page).getByRole('button', { name: 'Скасувати' }).click();

    await page.getByLabel('Пошук: Товари').fill(barcode);
    await page.getByRole('cell', { name: sku, exact: true }).waitFor();

    // A typed barcode with a wrong check digit is refused in Ukrainian.
    await page.getByRole('button', { name: `Редагувати: Блок живлення ${stamp}` }).click();
    await dialog(page)
      .getByLabel(/^Штрих-код/)
      .fill('4006381333932');
    await dialog(page).getByRole('button', { name: 'Зберегти' }).click();
    await dialog(page).getByText('Невірна контрольна цифра штрих-коду').waitFor();
    await context.close();
  });

  it('exports the products to XLSX and imports the file back as updates only', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const unit = (await apiJson<Array<{ id: number; label: string }>>(page, 'GET', '/api/lookups/units?search=шт'))[0]!;
    for (const n of [1, 2]) {
      await apiJson(page, 'POST', '/api/products', {
        sku: `EXP-${stamp}-${n}`,
        name: `Експорт ${stamp} ${n}`,
        unitId: unit.id,
      });
    }
    await page.goto('/products');
    await page.getByLabel('Пошук: Товари').fill(`EXP-${stamp}`);
    await page.getByRole('cell', { name: `EXP-${stamp}-2`, exact: true }).waitFor();

    const file = await page.evaluate(async (search) => {
      const res = await fetch(`/api/products/export?format=xlsx&search=${encodeURIComponent(search)}`);
      return { status: res.status, bytes: [...new Uint8Array(await res.arrayBuffer())] };
    }, `EXP-${stamp}`);
    expect(file.status).toBe(200);

    await page.getByRole('button', { name: 'Імпорт', exact: true }).click();
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'products.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(file.bytes),
      });
    await dialog(page).getByRole('cell', { name: 'Оновлення' }).first().waitFor();
    expect(await dialog(page).getByRole('cell', { name: 'Новий', exact: true }).count()).toBe(0);
    expect(await dialog(page).getByRole('cell', { name: 'Помилка', exact: true }).count()).toBe(0);
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('[role=dialog] button')].find((b) =>
        b.textContent?.includes('Імпортувати'),
      );
      return button && !(button as HTMLButtonElement).disabled;
    });
    await dialog(page).getByRole('button', { name: 'Імпортувати' }).click();
    await page.getByText('Імпортовано: створено 0, оновлено 2').first().waitFor();
    await context.close();
  });
});
