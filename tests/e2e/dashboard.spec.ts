// The dashboard as people use it (issue 9, "Done means"): its cards and the 'Виробництво' panel show what the API and
// the kanban show; taking a card into work on /production moves one task from 'До виконання' to 'В роботі' on the
// dashboard, and 'Виробничі завдання' with it; 'Сканувати штрих-код' opens the lookup, which finds the product; the
// page holds together at 390 px without sideways scrolling, in the light and the dark theme.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

interface Stats {
  totalProducts: number;
  activeOrders: number;
  productionTasks: number;
  lowStockCount: number;
  materialShortages: number;
  criticalShortages: number;
}

/** A stat card's figure as the page shows it ('1 245' → 1245). */
async function cardFigure(page: Page, label: string): Promise<number> {
  const card = page.getByRole('region', { name: 'Дашборд' }).getByRole('link', { name: new RegExp(`^${label}`) });
  const text = (await card.textContent()) ?? '';
  const digits = /^[\d\s\u00a0\u202f]+/.exec(text.slice(label.length).trimStart())?.[0] ?? '';
  return Number(digits.replace(/\D/g, ''));
}

/** The 'Виробництво' panel's three counts. */
async function productionCounts(page: Page): Promise<Record<string, number>> {
  const panel = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Виробництво' }) });
  await panel.getByRole('definition').first().filter({ hasNotText: '…' }).waitFor();
  const counts: Record<string, number> = {};
  for (const term of await panel.getByRole('term').all()) {
    const label = ((await term.textContent()) ?? '').trim();
    counts[label] = Number(await term.locator('xpath=following-sibling::dd[1]').textContent());
  }
  return counts;
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Дашборд' }).waitFor();
  await page.getByRole('heading', { name: 'Швидкі дії' }).waitFor();
}

describe('dashboard', () => {
  it('shows what the lists show, follows the kanban, and opens the scanner lookup', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);

    // A product made of one stocked component, and a planned task for it on the board.
    const [unit] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/lookups/units?search=шт');
    const component = await apiJson<{ id: number }>(page, 'POST', '/api/components', {
      sku: `DSH-C-${stamp}`,
      name: `Конденсатор ${stamp}`,
      unitId: unit!.id,
    });
    const productSku = `DSH-P-${stamp}`;
    const productName = `Терморегулятор ${stamp}`;
    const product = await apiJson<{ id: number }>(page, 'POST', '/api/products', {
      sku: productSku,
      name: productName,
      unitId: unit!.id,
      retailPrice: '1500.00',
    });
    const warehouses = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/warehouses');
    await apiJson(page, 'POST', '/api/component-stock/adjustments', {
      warehouseId: [...warehouses].sort((a, b) => a.id - b.id)[0]!.id,
      reason: 'opening',
      post: true,
      lines: [{ itemId: component.id, deltaQty: '50', unitCost: '3' }],
    });
    await apiJson(page, 'POST', '/api/bom', {
      itemId: product.id,
      name: 'Основна',
      status: 'active',
      isDefault: true,
      lines: [{ componentItemId: component.id, qty: '1' }],
    });
    const task = await apiJson<{ id: number; moNumber: string }>(page, 'POST', '/api/production-tasks', {
      itemId: product.id,
      qty: '3',
    });

    // The cards and the panel say what the API says.
    await openDashboard(page);
    const stats = await apiJson<Stats>(page, 'GET', '/api/dashboard/stats');
    expect(await cardFigure(page, 'Всього товарів')).toBe(stats.totalProducts);
    expect(await cardFigure(page, 'Активні замовлення')).toBe(stats.activeOrders);
    expect(await cardFigure(page, 'Виробничі завдання')).toBe(stats.productionTasks);
    expect(await cardFigure(page, 'Дефіцит товарів')).toBe(stats.lowStockCount);
    expect(await cardFigure(page, 'Дефіцит матеріалів')).toBe(stats.materialShortages);
    expect(await cardFigure(page, 'Критичний дефіцит')).toBe(stats.criticalShortages);
    const before = await productionCounts(page);
    const tasks = await apiJson<Array<{ status: string }>>(page, 'GET', '/api/production-tasks');
    expect(before).toEqual({
      'До виконання': tasks.filter((t) => t.status === 'planned').length,
      'В роботі': tasks.filter((t) => t.status === 'in-progress').length,
      Виконано: tasks.filter((t) => t.status === 'completed').length,
    });
    // The newest product is listed first under 'Нові товари', priced in hryvnia.
    const newest = page.getByRole('listitem').filter({ hasText: productName });
    await newest.getByText('1 500,00 грн').waitFor();
    await newest.getByText('Немає в наявності').waitFor();

    // Taken into work on the board (the focused card, →).
    await page.getByRole('link', { name: 'Повний Kanban' }).click();
    await page.waitForURL('**/production');
    const card = page
      .getByRole('region', { name: 'До виконання' })
      .getByRole('article', { name: new RegExp(task.moNumber) });
    await card.press('ArrowRight');
    await toastTitle(page, `${task.moNumber} — у колонці «В роботі»`).waitFor();

    await openDashboard(page);
    const after = await productionCounts(page);
    expect(after).toEqual({
      'До виконання': before['До виконання']! - 1,
      'В роботі': before['В роботі']! + 1,
      Виконано: before['Виконано'],
    });
    expect(await cardFigure(page, 'Виробничі завдання')).toBe(stats.productionTasks + 1);

    // 'Сканувати штрих-код' opens the lookup; the product's SKU finds its card.
    await page.getByRole('button', { name: 'Сканувати штрих-код' }).click();
    const scanner = page.getByRole('dialog', { name: 'Сканувати штрих-код' });
    await scanner.getByRole('textbox', { name: 'Код' }).fill(productSku);
    await scanner.getByRole('textbox', { name: 'Код' }).press('Enter');
    await scanner.getByText(productName).first().waitFor();
    await page.keyboard.press('Escape');
    await scanner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('fits a phone in both themes', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ['light', 'dark']) {
      const { context, page } = await newPage(browser, { width: 390, height: 844 });
      await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await signInAsAdmin(page);
      await openDashboard(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      // Nothing wider than the screen: the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(SHOTS, `e2e-dashboard-${theme}-390.png`), fullPage: true });
      await context.close();
    }
  });
});
