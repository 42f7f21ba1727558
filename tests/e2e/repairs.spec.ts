// The repair journey of production.md §7, as the service desk does it on the demo company «Техноприлад», in the
// browser only: a sold serial (read off /serial-numbers) is taken in on /repairs — the intake fills the item and the
// client from it — made a paid repair with a reason, diagnosed, approved by the client, started, a part posted from
// stock (RPP), made ready and invoiced; the invoice's order is paid from its drawer, the unit returned, and the
// serial's timeline shows the repair. The ledger check runs at the end (on PostgreSQL).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startDemoServer, type DemoServer } from './support/demo-server.ts';
import { signInAsAdmin, toastTitle } from './support/session.ts';

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startDemoServer('repairs');
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kyiv',
  });
  page = await context.newPage();
  await signInAsAdmin(page);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A serial the demo sold, as /serial-numbers lists it under 'Продано'. */
async function soldSerial(): Promise<string> {
  await page.goto('/serial-numbers');
  await page.getByRole('combobox', { name: 'Стан' }).click();
  await page.getByRole('option', { name: 'Продано' }).click();
  const table = page.getByRole('table');
  // A body row: the header row says 'Продано' too (the sale date's column).
  const row = table.locator('tbody tr').filter({ hasText: 'Продано' }).first();
  await row.waitFor();
  const headers = (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  // The serial is the row's header cell (the table's primary column); count the header cells and the data cells alike.
  const text = await row.locator('th, td').nth(headers.indexOf('Серійний номер')).textContent();
  return (text ?? '').trim();
}

describe('Repairs — a sold unit from intake to return', () => {
  it('takes a sold serial in, posts a part, invoices it, is paid and returns it', async () => {
    const serial = await soldSerial();
    expect(serial).not.toBe('');

    await page.goto('/repairs');
    await page.getByRole('button', { name: 'Прийняти в ремонт' }).click();
    const intake = page.getByRole('dialog', { name: 'Прийняти в ремонт' });
    await intake.getByLabel('Серійний номер').fill(serial);
    await intake.getByLabel('Серійний номер').press('Enter');
    await expect.poll(() => intake.getByText(/^Знайдено:/).count()).toBe(1);
    // The sale's client came with the serial; the unit is still under warranty, the desk makes it paid.
    expect(await intake.getByRole('combobox', { name: /Клієнт/ }).textContent()).not.toContain('Виберіть');
    await intake.getByLabel('Змінити рішення про гарантію').click();
    await intake.getByRole('button', { name: 'Порушення умов експлуатації' }).click();
    await intake.getByLabel(/Опис несправності/).fill('Не вмикається після потрапляння води');
    await intake.getByLabel('Комплектність').fill('Блок живлення');
    await intake.getByRole('button', { name: 'Прийняти', exact: true }).click();

    const drawer = page.getByRole('dialog', { name: /Ремонт REP-/ });
    await drawer.getByText('Платний').first().waitFor();
    const next = async (label: string) => {
      await drawer.getByRole('button', { name: `До статусу «${label}»` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Так' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    };
    await next('Діагностовано');
    // A paid repair waits for the client's approval.
    expect(await drawer.getByRole('button', { name: 'До статусу «В ремонті»' }).isDisabled()).toBe(true);
    await drawer.getByRole('button', { name: 'Клієнт погодив' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Клієнт погодив' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await next('В ремонті');

    // A part from stock: the demo keeps a few screws M3 on hand.
    await drawer.getByRole('tab', { name: 'Запчастини' }).click();
    await drawer.getByRole('button', { name: 'Додати запчастину' }).click();
    await drawer.getByRole('combobox', { name: 'Запчастина' }).click();
    await page.keyboard.type('M-SCREW-M3');
    await page
      .getByRole('option', { name: /Гвинт M3/ })
      .first()
      .click();
    await drawer.getByRole('textbox', { name: 'Кількість' }).fill('0,4');
    await drawer.getByRole('textbox', { name: 'Ціна для клієнта' }).fill('12,50');
    await drawer.getByRole('button', { name: 'Зберегти запчастини' }).click();
    await toastTitle(page, 'Запчастини збережено').first().waitFor();
    await drawer.getByRole('button', { name: 'Провести запчастини' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Провести запчастини' }).click();
    await drawer.getByText(/RPP-/).first().waitFor();

    await drawer.getByRole('tab', { name: 'Вартість' }).click();
    const partsCost = drawer.getByRole('row', { name: /Запчастини \(собівартість\)/ });
    // The part left stock at its average cost: the repair's parts cost is that value, not nothing.
    const partsValue = ((await partsCost.getByRole('cell').last().textContent()) ?? '').trim();
    expect(partsValue).toMatch(/^\d[\d\s]*,\d{2}$/);
    expect(partsValue).not.toBe('0,00');

    await next('Готово до видачі');
    await drawer.getByRole('button', { name: 'Виставити рахунок' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Виставити рахунок' }).click();
    await toastTitle(page, 'Рахунок виставлено').first().waitFor();
    await expect.poll(() => drawer.getByText(/Рахунок: замовлення/).count()).toBe(1);

    const repairNumber = /REP-\d{4}-\d+/.exec((await drawer.getByRole('heading').first().textContent()) ?? '')?.[0];
    expect(repairNumber).toBeTruthy();
    // The invoice is an order: paid from its drawer ('Записати оплату' fills the client and the amount).
    await drawer.getByRole('link', { name: /^Рахунок: замовлення/ }).click();
    await page.waitForURL(/\/orders\?open=\d+/);
    const order = page.getByRole('dialog', { name: /^ORD-/ });
    await order.getByRole('button', { name: 'Записати оплату' }).click();
    const payment = page.getByRole('dialog', { name: 'Новий платіж' });
    await payment.getByRole('button', { name: 'Провести платіж' }).click();
    await page.waitForURL(/\/orders\?open=\d+/);
    await page
      .getByRole('dialog', { name: /^ORD-/ })
      .getByRole('heading', { level: 2, name: /Оплачено/ })
      .waitFor();

    // Paid: the unit goes back to the client.
    await page.goto(`/repairs?search=${repairNumber}`);
    await page.getByRole('button', { name: `Відкрити ремонт ${repairNumber}` }).click();
    await drawer.getByText(/Рахунок: замовлення .* · оплачено/).waitFor();
    await next('Видано');
    await expect.poll(() => drawer.getByRole('button', { name: /До статусу/ }).count()).toBe(0);

    await drawer.getByRole('tab', { name: 'Історія' }).click();
    await expect.poll(() => drawer.getByRole('row').filter({ hasText: '→ Видано' }).count()).toBe(1);

    // The serial's timeline: taken in for repair and returned from it.
    await page.goto(`/serial-numbers?search=${encodeURIComponent(serial)}`);
    await page.getByRole('button', { name: `Відкрити серійний номер ${serial}` }).click();
    const timeline = page.getByRole('dialog').getByRole('region', { name: 'Історія' });
    await timeline.getByText('Прийнято в ремонт').first().waitFor();
    await timeline.getByText('Повернуто з ремонту').first().waitFor();

    const check = await server.ledger();
    if (check) expect(check).toEqual({ ok: true, problems: [] });
  });
});
