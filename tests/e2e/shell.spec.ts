// The frame every page lives in and the permission model, as people use them (issue 3, spec §§2, 4, 6, 9).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { apiJson, apiStatus, ADMIN_EMAIL, signInAsAdmin, signInThroughPage, toastTitle } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Розділи системи' });

describe('administrator', () => {
  it('sees every group that has pages, creates a role and a user through the UI', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    for (const group of ['Головне', 'Звіти', 'Адміністрування']) {
      await nav(page).getByText(group, { exact: true }).waitFor();
    }
    for (const item of ['Головна', 'Документи', 'Користувачі', 'Ролі та дозволи', 'Повідомлення системи']) {
      await nav(page).getByRole('link', { name: item, exact: true }).waitFor();
    }

    // A role that may view /users and nothing else.
    await nav(page).getByRole('link', { name: 'Ролі та дозволи' }).click();
    await page.waitForURL((url) => url.pathname === '/roles');
    await page.getByRole('button', { name: 'Нова роль' }).click();
    await page.getByRole('dialog').getByLabel('Назва').fill(`Перегляд користувачів ${stamp}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Створити' }).click();
    await toastTitle(page, 'Роль створено').waitFor();
    await page.getByRole('checkbox', { name: 'Перегляд: Користувачі' }).click();
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await toastTitle(page, 'Дозволи збережено').waitFor();

    // A user with that role and a temporary password.
    await nav(page).getByRole('link', { name: 'Користувачі' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await page.getByRole('button', { name: 'Новий користувач' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Логін').fill(`viewer.${stamp}`);
    await dialog.getByLabel('E-mail').fill(`viewer.${stamp}@tekhnoprylad.ua`);
    await dialog.getByLabel("Ім'я").fill('Василь');
    await dialog.getByLabel('Прізвище').fill('Оглядач');
    await dialog.getByRole('checkbox', { name: `Перегляд користувачів ${stamp}` }).click();
    await dialog.getByRole('textbox', { name: 'Тимчасовий пароль' }).fill('viewer-pass');
    await dialog.getByRole('button', { name: 'Створити' }).click();
    await toastTitle(page, 'Користувача створено').waitFor();
    await page.getByRole('cell', { name: `viewer.${stamp}`, exact: true }).waitFor();
    await context.close();
  });
});

describe('a user with a narrow role', () => {
  it('sees exactly what the role allows, in the sidebar, on the pages and on the server', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughPage(page, `viewer.${stamp}`, 'viewer-pass', `viewer.${stamp}@tekhnoprylad.ua`);
    await nav(page).getByRole('link', { name: 'Користувачі' }).waitFor();
    await nav(page).getByRole('link', { name: 'Повідомлення системи' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Ролі та дозволи' }).count()).toBe(0);
    expect(await nav(page).getByText('Головне', { exact: true }).isVisible()).toBe(true);

    await page.goto('/users');
    await page.getByText('Обмежений доступ').waitFor();
    await page.getByText('У вас є дозвіл на перегляд, але немає повного доступу до функцій цієї сторінки.').waitFor();
    await page.goto('/roles');
    await page.getByText('Доступ заборонено').waitFor();
    await page
      .getByText('У вас немає дозволу на перегляд цієї сторінки. Зверніться до адміністратора для отримання доступу.')
      .waitFor();

    expect(await apiStatus(page, 'GET', '/api/users')).toBe(200);
    expect(await apiStatus(page, 'POST', '/api/users', { username: 'x' })).toBe(403);
    expect(await apiStatus(page, 'GET', '/api/roles/routes')).toBe(403);
    await context.close();
  });

  it('a shop-floor operator (only /mes) sees no module, gets "Доступ заборонено" on /users and 403 from /api/users', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const roles = await apiJson<Array<{ id: number; name: string }>>(page, 'GET', '/api/roles');
    const operator = roles.find((r) => r.name === 'Оператор цеху')!;
    await apiJson(page, 'POST', '/api/users', {
      username: `operator.${stamp}`,
      email: `operator.${stamp}@tekhnoprylad.ua`,
      firstName: 'Іван',
      lastName: 'Токар',
      roleIds: [operator.id],
      password: 'operator-pass',
    });
    await context.clearCookies();
    await signInThroughPage(page, `operator.${stamp}`, 'operator-pass', `operator.${stamp}@tekhnoprylad.ua`);
    // /notifications is always allowed, so its group shows; nothing the role does not allow does.
    await nav(page).getByRole('link', { name: 'Повідомлення системи' }).waitFor();
    expect(await nav(page).getByText('Адміністрування', { exact: true }).count()).toBe(1);
    expect(await nav(page).getByRole('link', { name: 'Користувачі' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Ролі та дозволи' }).count()).toBe(0);
    await page.goto('/users');
    await page.getByText('Доступ заборонено').waitFor();
    expect(await apiStatus(page, 'GET', '/api/users')).toBe(403);
    await context.close();
  });
});

describe('shell behaviour', () => {
  it('collapses with the button and with Ctrl+B, remembering it in the sidebar_state cookie', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const sidebarState = async () => (await context.cookies()).find((c) => c.name === 'sidebar_state');
    const collapsed = () => page.locator('[data-state="collapsed"]').first();

    await page.getByRole('button', { name: 'Показати або сховати бічне меню' }).first().click();
    await collapsed().waitFor();
    const cookie = await sidebarState();
    expect(cookie?.value).toBe('false');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await page.reload();
    await collapsed().waitFor();
    await page.keyboard.press('Control+b');
    await page.locator('[data-state="expanded"]').first().waitFor();
    expect((await sidebarState())?.value).toBe('true');
    await context.close();
  });

  it('opens the sidebar as a side sheet at 390 px', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInAsAdmin(page);
    expect(await nav(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Показати або сховати бічне меню' }).first().click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    await sheet.getByRole('link', { name: 'Користувачі' }).waitFor();
    const box = await sheet.boundingBox();
    expect(box!.width).toBeCloseTo(18 * 16, -1);
    await context.close();
  });

  it('keeps the theme across a reload and logs out from the user menu', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: wasDark ? 'Увімкнути світлу тему' : 'Увімкнути темну тему' }).click();
    await page.reload();
    await page.getByRole('button', { name: wasDark ? 'Увімкнути темну тему' : 'Увімкнути світлу тему' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!wasDark);

    await page.getByText(ADMIN_EMAIL).first().click();
    await page.getByRole('menuitem', { name: 'Вийти' }).click();
    await page.getByPlaceholder('Email або логін').waitFor();
    expect(await apiStatus(page, 'GET', '/api/auth/user')).toBe(401);
    await context.close();
  });

  it("loads a signed-in page's code beside the first script and its menu beside the user check", async () => {
    const { context, page } = await newPage(browser);
    const preloads = async () =>
      [
        ...(await (await page.request.get('/orders')).text()).matchAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => m[1]!);
    // Signed out: the built index.html, the signed-in shell not in it.
    expect((await preloads()).some((href) => href.includes('authenticated-app'))).toBe(false);

    await signInAsAdmin(page);
    const menu = `/api/users/${(await apiJson<{ id: number }>(page, 'GET', '/api/auth/user')).id}/accessible-menu`;
    const signedIn = await preloads();
    expect(signedIn.some((href) => /\/assets\/authenticated-app-[\w-]+\.js$/.test(href))).toBe(true);
    expect(signedIn.some((href) => /\/assets\/orders-page-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of signedIn) expect((await page.request.get(href)).status(), href).toBe(200);

    // Asked for in this order: the page's chunk (from the document) before the user check (from the entry
    // script); the menu before the user check has answered.
    const events: string[] = [];
    page.on('request', (r) => events.push(`request ${new URL(r.url()).pathname}`));
    page.on('response', (r) => events.push(`response ${new URL(r.url()).pathname}`));
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1, name: 'Замовлення клієнтів' }).waitFor();
    const at = (event: string) => events.findIndex((e) => e === event || e.startsWith(event));
    expect(at('request /assets/orders-page-')).toBeGreaterThanOrEqual(0);
    expect(at('request /assets/orders-page-')).toBeLessThan(at('request /api/auth/user'));
    expect(at(`request ${menu}`)).toBeGreaterThanOrEqual(0);
    expect(at(`request ${menu}`)).toBeLessThan(at('response /api/auth/user'));
    await context.close();
  });

  it('shows a 404 page for an unknown path and a placeholder for pages in development', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' }).waitFor();
    await page.goto('/settings');
    await page.getByText('Сторінка в розробці').waitFor();
    await context.close();
  });
});
