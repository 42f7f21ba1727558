// A reference-data page as people use it (issue 5): find, create, edit, refuse a duplicate, be told why a record
// cannot be deleted and deactivate it instead, export, and import a file.
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

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const dialog = (page: Page) => page.getByRole('dialog');

describe('reference data', () => {
  it('creates, finds, edits and refuses a duplicate department', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/departments');
    await page.getByRole('heading', { level: 1, name: 'Відділи' }).waitFor();

    await page.getByRole('button', { name: 'Новий відділ' }).click();
    await dialog(page)
      .getByLabel(/^Назва/)
      .fill(`Лабораторія ${stamp}`);
    await dialog(page).getByLabel(/^Код/).fill(`Л${stamp}`);
    await dialog(page).getByRole('button', { name: 'Створити' }).click();
    await toastTitle(page, 'Створено').waitFor();

    await page.getByLabel('Пошук: Відділи').fill(`лабораторія ${stamp.toLowerCase()}`);
    await page.getByRole('cell', { name: `Лабораторія ${stamp}`, exact: true }).waitFor();
    await page.getByRole('button', { name: `Редагувати: Лабораторія ${stamp}` }).click();
    await dialog(page)
      .getByLabel(/^Назва/)
      .fill(`Лабораторія якості ${stamp}`);
    await dialog(page).getByRole('button', { name: 'Зберегти' }).click();
    await toastTitle(page, 'Збережено').waitFor();
    await page.getByLabel('Пошук: Відділи').fill(`якості ${stamp.toLowerCase()}`);
    await page.getByRole('cell', { name: `Лабораторія якості ${stamp}`, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Новий відділ' }).click();
    await dialog(page)
      .getByLabel(/^Назва/)
      .fill(`ЛАБОРАТОРІЯ ЯКОСТІ ${stamp}`);
    await dialog(page).getByRole('button', { name: 'Створити' }).click();
    await dialog(page).getByText('Запис з таким значенням поля «Назва» вже існує').waitFor();
    await context.close();
  });

  it('says why a used record cannot be deleted and makes it inactive instead', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const dept = await apiJson<{ id: number }>(page, 'POST', '/api/departments', { name: `Дільниця ${stamp}` });
    await apiJson(page, 'POST', '/api/positions', { name: `Паяльник ${stamp}`, departmentId: dept.id });

    await page.goto('/departments');
    await page.getByLabel('Пошук: Відділи').fill(`Дільниця ${stamp}`);
    await page.getByRole('button', { name: `Видалити: Дільниця ${stamp}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click();
    await page.getByText('Запис використовується (Посади) — зробіть його неактивним').first().waitFor();
    await page.getByRole('button', { name: 'Зробити неактивним' }).click();
    await toastTitle(page, 'Збережено').waitFor();
    const active = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/departments?isActive=true&limit=500');
    expect(active.some((d) => d.id === dept.id)).toBe(false);
    await context.close();
  });

  it('exports the list and imports a CSV file with a preview, all or nothing', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/units');
    await page.getByRole('cell', { name: 'Штука', exact: true }).waitFor();

    const csv = await page.evaluate(async () => {
      const res = await fetch('/api/units/export?format=csv&isActive=true');
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    });
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.text).toContain('Назва;Скорочення;Тип;Коефіцієнт');
    expect(csv.text).toContain('Грам;г;Вага;0,001');

    await page.getByRole('button', { name: 'Імпорт', exact: true }).click();
    const bad = `Назва;Скорочення;Тип;Коефіцієнт\nКоробка ${stamp};кор${stamp};Кількість;50\nЯщик ${stamp};ящ${stamp};Невідомий тип;12\n`;
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'units.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog(page).getByText('Тип: невідоме значення «Невідомий тип»').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Імпортувати' }).isDisabled()).toBe(true);

    const good = `Назва;Скорочення;Тип;Коефіцієнт\nКоробка ${stamp};кор${stamp};Кількість;50\nШтука;шт;Кількість;1\n`;
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'units.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog(page).getByRole('button', { name: 'Імпортувати' }).waitFor();
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('[role=dialog] button')].find((b) =>
        b.textContent?.includes('Імпортувати'),
      );
      return button && !(button as HTMLButtonElement).disabled;
    });
    await dialog(page).getByRole('button', { name: 'Імпортувати' }).click();
    await page.getByText('Імпортовано: створено 1, оновлено 1').first().waitFor();
    await page.getByLabel('Пошук: Одиниці виміру').fill(`кор${stamp}`);
    await page.getByRole('cell', { name: `Коробка ${stamp}`, exact: true }).waitFor();
    await context.close();
  });
});
