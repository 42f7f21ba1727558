// Sign-in and password recovery as a person does them, to the letter of spec §§2, 4, 5, 8.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, waitForMail } from './support/browser.ts';
import { expectSignedInAs, fillLogin, toastText, toastTitle } from './support/session.ts';
import { createStaffUser } from './support/users.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in', () => {
  it('shows the login page at / and at any other path, with the login field focused', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/', '/orders', '/some/deep/path']) {
      await page.goto(path);
      const login = page.getByPlaceholder('Email або логін');
      await login.waitFor();
      expect(await login.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByRole('button', { name: 'Увійти' }).isVisible()).toBe(true);
      expect(await page.getByText('Забули пароль?').isVisible()).toBe(true);
    }
    await context.close();
  });

  it('says "Вкажіть логін і пароль" when a field is empty and sends nothing', async () => {
    const { context, page } = await newPage(browser);
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/simple-login')) calls += 1;
    });
    await page.goto('/');
    await page.getByPlaceholder('Email або логін').fill('   ');
    await page.getByRole('button', { name: 'Увійти' }).click();
    await toastTitle(page, 'Помилка').waitFor();
    await toastText(page, 'Вкажіть логін і пароль').waitFor();
    expect(calls).toBe(0);
    await context.close();
  });

  it('shows "Помилка входу" with the server message for a wrong password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await fillLogin(page, 'admin', 'definitely-wrong');
    await page.getByRole('button', { name: 'Увійти' }).click();
    await toastTitle(page, 'Помилка входу').waitFor();
    await toastText(page, 'Невірний логін або пароль').waitFor();
    await context.close();
  });

  it('reads "Входжу..." while busy, lands on / signed in, and logs out through /api/logout', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/api/auth/simple-login', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto('/orders');
    await fillLogin(page, 'ADMIN', inject('adminPassword'));
    await page.getByRole('button', { name: 'Увійти' }).click();
    const busy = page.getByRole('button', { name: 'Входжу...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await expectSignedInAs(page, 'admin@tekhnoprylad.ua');
    await page.goto('/api/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByPlaceholder('Email або логін').waitFor();
    const after = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(after).toBe(401);
    await context.close();
  });

  it('keeps a browser-session cookie without "remember me" and a 30-day cookie with it', async () => {
    for (const remember of [false, true]) {
      const { context, page } = await newPage(browser);
      await page.goto('/');
      await fillLogin(page, 'admin', inject('adminPassword'));
      if (remember) await page.getByLabel("Запам'ятати мене").check();
      await page.getByRole('button', { name: 'Увійти' }).click();
      await expectSignedInAs(page, 'admin@tekhnoprylad.ua');
      const sid = (await context.cookies()).find((c) => c.name === 'sid');
      expect(sid?.httpOnly).toBe(true);
      expect(sid?.sameSite).toBe('Lax');
      if (remember) {
        const days = (sid!.expires * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(29.9);
        expect(days).toBeLessThanOrEqual(30);
      } else {
        expect(sid?.expires).toBe(-1);
      }
      await context.close();
    }
  });
});

describe('password recovery', () => {
  it('forgot → mail through SMTP → reset → sign in with the new password', async () => {
    const email = `oksana.${Date.now()}@tekhnoprylad.ua`;
    const user = await createStaffUser({ email, password: 'old-secret', firstName: 'Оксана' });
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByText('Забули пароль?').click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Надіслати посилання' }).click();
    await toastTitle(page, 'Лист відправлено').waitFor();
    await toastText(page, 'Перевірте електронну пошту для отримання інструкцій з відновлення паролю').waitFor();
    await page.getByText(email).first().waitFor();
    await page.getByText('Не бачите листа?').waitFor();

    const mail = await waitForMail(email);
    expect(mail.text).toContain('Вітаємо, Оксана!');
    const link = /http:\/\/localhost:\d+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel('Новий пароль').fill('new-secret');
    await page.getByLabel('Підтвердіть пароль').fill('other-secret');
    await page.getByRole('button', { name: 'Змінити пароль' }).click();
    await toastText(page, 'Паролі не співпадають').waitFor();
    await page.getByLabel('Підтвердіть пароль').fill('new-secret');
    await page.getByRole('button', { name: 'Змінити пароль' }).click();
    await toastTitle(page, 'Успіх').waitFor();
    await toastText(page, 'Пароль успішно змінено').waitFor();
    await page.getByRole('link', { name: 'Увійти' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await fillLogin(page, user.username, 'old-secret');
    await page.getByRole('button', { name: 'Увійти' }).click();
    await toastText(page, 'Невірний логін або пароль').waitFor();
    await fillLogin(page, user.username, 'new-secret');
    await page.getByRole('button', { name: 'Увійти' }).click();
    await expectSignedInAs(page, email);

    // The link works once.
    const second = await newPage(browser);
    await second.page.goto(link!);
    await second.page.getByText('Посилання для скидання паролю недійсне або застаріле').first().waitFor();
    await second.context.close();
    await context.close();
  });

  it('redirects to / after 2 s without a token and after 3 s with a bad one', async () => {
    const { context, page } = await newPage(browser);
    // Timed from the moment the view is shown (the page's timer starts then), not from navigation, so a slow
    // page load on a busy machine does not eat into the 2 s / 3 s the spec gives.
    await page.goto('/reset-password');
    await page.getByText('Недійсне посилання для скидання паролю').first().waitFor();
    let started = Date.now();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    const missing = Date.now() - started;
    expect(missing).toBeGreaterThanOrEqual(1500);
    expect(missing).toBeLessThan(2600);

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByText('Посилання для скидання паролю недійсне або застаріле').first().waitFor();
    started = Date.now();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    const bad = Date.now() - started;
    expect(bad).toBeGreaterThanOrEqual(2500);
    expect(bad).toBeLessThan(4200);
    await context.close();
  });
});
