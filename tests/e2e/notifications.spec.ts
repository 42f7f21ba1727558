// The notifications page as a person uses it (issue 4, spec §§2, 7, 8).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDatabase, baseUrl, launchBrowser, newPage } from './support/browser.ts';
import { notify } from '@/modules/notifications/server/index.ts';
import { apiJson, signInAsAdmin, signInThroughPage, toastText, toastTitle } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
/** The sidebar item of /notifications: its link and the badge beside it. */
const notificationsItem = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Розділи системи' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Повідомлення системи' }) });

describe('notifications page', () => {
  it('sends a test notification, sees it in the badge and the list, reads, deletes and bulk-deletes it', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Повідомлення системи' }).waitFor();
    // Start from an empty list, whatever earlier journeys left.
    const existing = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/notifications?limit=500');
    if (existing.length)
      await apiJson(page, 'DELETE', '/api/notifications/bulk-delete', { ids: existing.map((n) => n.id) });
    await page.reload();
    await page.getByText('Немає повідомлень').waitFor();

    await page.getByRole('button', { name: 'Тестове повідомлення' }).click();
    const card = page.getByRole('article').filter({ hasText: 'Тестове повідомлення: сповіщення працюють.' });
    await card.waitFor();
    await card.getByText('Нове').waitFor();
    // The badge shows the unread count (refreshed after the mutation, else by the 10 s poll).
    await notificationsItem(page).getByText('1', { exact: true }).waitFor({ timeout: 15_000 });

    await card.getByRole('button', { name: 'Прочитано' }).click();
    await toastTitle(page, 'Повідомлення позначено як прочитане').waitFor();
    await card.getByText('Нове').waitFor({ state: 'detached' });
    await notificationsItem(page).getByText('1', { exact: true }).waitFor({ state: 'detached' });
    expect(await card.getByRole('button', { name: 'Вирішити' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Видалити' }).click();
    await toastTitle(page, 'Повідомлення видалено').waitFor();
    await page.getByText('Немає повідомлень').waitFor();

    await page.getByRole('button', { name: 'Тестове повідомлення' }).click();
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'Тестове повідомлення' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 2);
    await page.getByRole('checkbox', { name: 'Вибрати всі на сторінці' }).click();
    await page.getByRole('button', { name: /Видалити вибрані/ }).click();
    await toastTitle(page, 'Видалено 2 повідомлення').waitFor();
    await page.getByText('Немає повідомлень').waitFor();
    await context.close();
  });

  it('never shows one user’s notification to another', async () => {
    const admin = await newPage(browser);
    await signInAsAdmin(admin.page);
    await apiJson(admin.page, 'POST', '/api/notifications/test');
    const mine = await apiJson<Array<{ id: number }>>(admin.page, 'GET', '/api/notifications');
    const roles = await apiJson<Array<{ id: number; name: string }>>(admin.page, 'GET', '/api/roles');
    await apiJson(admin.page, 'POST', '/api/users', {
      username: `colleague.${stamp}`,
      email: `colleague.${stamp}@tekhnoprylad.ua`,
      firstName: 'Галина',
      lastName: 'Сусідня',
      roleIds: [roles.find((r) => r.name === 'Лише перегляд')!.id],
      password: 'colleague-pass',
    });
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await signInThroughPage(page, `colleague.${stamp}`, 'colleague-pass', `colleague.${stamp}@tekhnoprylad.ua`);
    await page.goto('/notifications');
    await page.getByText('Немає повідомлень').waitFor();
    const status = await page.evaluate(
      async (id) => (await fetch(`/api/notifications/${id}/read`, { method: 'PATCH' })).status,
      mine[0]!.id,
    );
    expect(status).toBe(404);
    await page.getByRole('button', { name: 'Прочитано все' }).click();
    await toastTitle(page, 'Бейджі скинуті').waitFor();
    await toastText(page, 'Всі банківські та звичайні сповіщення позначені як прочитані').waitFor();
    await context.close();
  });

  it('resolves what needs action and goes back to page 1 when a filter changes', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const me = await apiJson<{ id: number }>(page, 'GET', '/api/auth/user');
    const existing = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/notifications?limit=500');
    if (existing.length) {
      await apiJson(page, 'DELETE', '/api/notifications/bulk-delete', { ids: existing.map((n) => n.id) });
    }
    // Events raised the way modules raise them: 54 low-stock ones and one that needs action.
    const database = await appDatabase();
    try {
      await database.db.transaction(async (tx) => {
        for (let i = 1; i <= 54; i++) {
          await notify(tx, {
            type: 'warning',
            priority: 'medium',
            title: `Закінчується: позиція ${i}`,
            message: `Залишок ${i} шт`,
            userIds: [me.id],
            dedupeKey: `e2e-low-stock:${stamp}:${i}`,
          });
        }
        await notify(tx, {
          type: 'payment',
          priority: 'high',
          title: 'Платіж потребує зіставлення',
          message: 'Надійшло 1 250,00 грн',
          actionRequired: true,
          actionUrl: '/unprocessed-payments/1',
          userIds: [me.id],
        });
      });
    } finally {
      await database.close();
    }

    await page.goto('/notifications');
    const payment = page.getByRole('article').filter({ hasText: 'Платіж потребує зіставлення' });
    await payment.getByRole('button', { name: 'Вирішити' }).click();
    await toastTitle(page, 'Повідомлення вирішено').waitFor();
    await payment.getByText('Вирішено', { exact: true }).waitFor();
    expect(await payment.getByRole('button', { name: 'Вирішити' }).count()).toBe(0);

    await page.getByText('Показано 1–50 з 55').waitFor();
    await page.getByRole('button', { name: 'Наступна сторінка' }).click();
    await page.getByText('Показано 51–55 з 55').waitFor();
    await page.getByRole('combobox', { name: 'Пріоритет' }).click();
    await page.getByRole('option', { name: 'Середній' }).click();
    await page.getByText('Показано 1–50 з 54').waitFor();
    await context.close();
  });

  it('shows a browser notification for a new unread one while the app is open', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    // Record what the app hands to the browser's Notification API (headless Chromium draws nothing).
    await page.addInitScript(() => {
      const Original = window.Notification;
      const shown: Array<{ title: string; tag?: string; requireInteraction?: boolean }> = [];
      (window as unknown as { __shown: typeof shown }).__shown = shown;
      class Recording extends Original {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, tag: options?.tag, requireInteraction: options?.requireInteraction });
        }
      }
      Object.defineProperty(Recording, 'permission', { get: () => Original.permission });
      Object.defineProperty(Recording, 'requestPermission', { value: Original.requestPermission.bind(Original) });
      (window as unknown as { Notification: typeof Notification }).Notification = Recording;
    });
    await signInAsAdmin(page);
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Повідомлення системи' }).waitFor();
    // Let the first poll settle, so the test notification is new to this tab.
    await page.waitForTimeout(1500);
    await apiJson(page, 'POST', '/api/notifications/test');
    await page.waitForFunction(
      () => (window as unknown as { __shown: Array<{ title: string }> }).__shown.some((n) => n.title.includes('Тест')),
      null,
      { timeout: 25_000, polling: 250 },
    );
    const shown = await page.evaluate(
      () =>
        (window as unknown as { __shown: Array<{ title: string; tag?: string; requireInteraction?: boolean }> })
          .__shown,
    );
    const test = shown.find((n) => n.title.includes('Тест'))!;
    expect(test.tag).toMatch(/^erp-notification-\d+$/);
    expect(test.requireInteraction).toBeFalsy();
    await context.close();
  });
});
