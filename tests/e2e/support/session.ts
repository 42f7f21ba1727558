import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const toastTitle = (page: Page, text: string) => page.locator('[data-slot=toast-title]', { hasText: text });
export const toastText = (page: Page, text: string) => page.locator('[data-slot=toast-description]', { hasText: text });

export async function fillLogin(page: Page, username: string, password: string) {
  await page.getByPlaceholder('Email або логін').fill(username);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
}

/** Signed in means: the app is on / and the session answers as this person. */
export async function expectSignedInAs(page: Page, email: string) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForFunction(
    async (expected) => {
      const res = await fetch('/api/auth/user');
      return res.ok && (await res.json()).email === expected;
    },
    email,
    { polling: 200, timeout: 15_000 },
  );
  await page.getByPlaceholder('Email або логін').waitFor({ state: 'detached' });
}

export async function signInThroughPage(page: Page, username: string, password: string, email: string) {
  await page.goto('/');
  await fillLogin(page, username, password);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expectSignedInAs(page, email);
}

export const ADMIN_EMAIL = 'admin@tekhnoprylad.ua';
export const signInAsAdmin = (page: Page) => signInThroughPage(page, 'admin', inject('adminPassword'), ADMIN_EMAIL);

/** Calls the API from inside the page, with its session cookie. */
export async function apiStatus(page: Page, method: string, url: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, url, body },
  );
}

export async function apiJson<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, url, body },
  );
  expect(result.status, `${method} ${url}`).toBeLessThan(300);
  return result.body as T;
}
