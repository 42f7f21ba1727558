// Clients, suppliers and their sub-pages as people use them (issue 5, reference-data.md §13 "Done means"): the
// ЄДРПОУ check digit refused in Ukrainian, a supplier marked as a client on both lists under one tax id, a second
// firm with that code refused; a delivery preset made primary; a wrong Nova Poshta key gives the service's error
// and the key never comes back.
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

describe('counterparties', () => {
  it('checks the ЄДРПОУ, keeps one record for a supplier that is also a client, and refuses a second one', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/suppliers');
    await page.getByRole('heading', { level: 1, name: 'Постачальники' }).waitFor();

    await page.getByRole('button', { name: 'Новий постачальник' }).click();
    await dialog(page)
      .getByLabel(/^Коротка назва/)
      .fill(`Електросвіт ${stamp}`);
    await dialog(page)
      .getByLabel(/^Повна назва/)
      .fill(`ТОВ «Електросвіт ${stamp}»`);
    await dialog(page)
      .getByLabel(/^ЄДРПОУ/)
      .fill('14360571');
    await dialog(page)
      .getByLabel(/^Телефон/)
      .fill('067 123 45 67');
    await dialog(page).getByRole('button', { name: 'Створити' }).click();
    await dialog(page).getByText('Невірна контрольна цифра ЄДРПОУ').waitFor();
    await dialog(page)
      .getByLabel(/^ЄДРПОУ/)
      .fill('14360570');
    await dialog(page).getByRole('button', { name: 'Створити' }).click();
    await toastTitle(page, 'Створено').waitFor();

    await page.getByLabel('Пошук: Постачальники').fill('14360570');
    await page.getByRole('cell', { name: '+380671234567' }).waitFor();
    await page.getByRole('button', { name: `Редагувати: Електросвіт ${stamp}` }).click();
    await dialog(page).getByRole('switch', { name: 'Також клієнт' }).click();
    await dialog(page).getByRole('button', { name: 'Зберегти' }).click();
    await toastTitle(page, 'Збережено').waitFor();

    await page.goto('/clients');
    await page.getByLabel('Пошук: Клієнти').fill('14360570');
    await page.getByRole('cell', { name: `Електросвіт ${stamp}`, exact: true }).waitFor();
    const clients = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/clients?search=14360570');
    const suppliers = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/suppliers?search=14360570');
    expect(clients.map((c) => c.id)).toEqual(suppliers.map((s) => s.id));

    await page.getByRole('button', { name: 'Новий клієнт' }).click();
    await dialog(page)
      .getByLabel(/^Коротка назва/)
      .fill(`Двійник ${stamp}`);
    await dialog(page)
      .getByLabel(/^Повна назва/)
      .fill(`ТОВ «Двійник ${stamp}»`);
    await dialog(page)
      .getByLabel(/^ЄДРПОУ/)
      .fill('14360570');
    await dialog(page).getByRole('button', { name: 'Створити' }).click();
    await dialog(page)
      .getByText(/Контрагент з таким податковим номером уже є/)
      .waitFor();
    await context.close();
  });

  it('makes a delivery preset primary and keeps the Nova Poshta key write-only', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const client = await apiJson<{ id: number; name: string }>(page, 'POST', '/api/clients', {
      legalForm: 'individual',
      name: `Ірина Мельник ${stamp}`,
    });
    await page.goto('/clients');
    await page.getByLabel('Пошук: Клієнти').fill(`Мельник ${stamp}`);
    await page.getByRole('button', { name: `Налаштування доставки: ${client.name}` }).click();
    await page.waitForURL(`**/clients/${client.id}/delivery-settings`);
    await page.getByText('Пресетів доставки ще немає').waitFor();

    for (const [label, branch] of [
      ['Дім', '12'],
      ['Офіс', '3'],
    ] as const) {
      await page.getByRole('button', { name: 'Новий пресет доставки' }).click();
      await dialog(page)
        .getByLabel(/^Назва пресету/)
        .fill(label);
      await dialog(page)
        .getByRole('combobox', { name: /^Перевізник/ })
        .click();
      await page.getByRole('option', { name: 'Нова пошта', exact: true }).click();
      await dialog(page)
        .getByLabel(/^Одержувач/)
        .fill('Ірина Мельник');
      await dialog(page)
        .getByLabel(/^Телефон одержувача/)
        .fill('050 123 45 67');
      await dialog(page)
        .getByLabel(/^Місто/)
        .fill('Київ');
      await dialog(page)
        .getByLabel(/^Номер відділення/)
        .fill(branch);
      await dialog(page).getByRole('button', { name: 'Створити' }).click();
      await toastTitle(page, 'Пресет доставки створено').waitFor();
      await dialog(page).waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Зробити основним: Офіс' }).first().click();
    await toastTitle(page, 'Основний пресет змінено').waitFor();
    const presets = await apiJson<Array<{ label: string; isPrimary: boolean; recipientPhone: string }>>(
      page,
      'GET',
      `/api/clients/${client.id}/delivery-settings`,
    );
    expect(presets.filter((p) => p.isPrimary).map((p) => p.label)).toEqual(['Офіс']);
    expect(presets[0]!.recipientPhone).toBe('+380501234567');

    await page.goto(`/clients/${client.id}/nova-poshta-settings`);
    await page.getByRole('heading', { level: 1, name: /Нова пошта клієнта/ }).waitFor();
    const wrongKey = 'ffffffffffffffffffffffffffffffff';
    await page.getByLabel(/^Ключ API/).fill(wrongKey);
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await toastTitle(page, 'Налаштування Нової пошти збережено').waitFor();
    await page.getByRole('button', { name: 'Перевірити ключ' }).click();
    await page.getByText('Нова пошта: термін дії ключа API минув').waitFor();
    const settings = await page.evaluate(async (id) => {
      const res = await fetch(`/api/clients/${id}/nova-poshta-settings`);
      return res.text();
    }, client.id);
    expect(settings).not.toContain(wrongKey);
    expect(JSON.parse(settings)).toMatchObject({ hasApiKey: true });
    await context.close();
  });
});
