// The three everyday journeys of issue 21 ("Done means"), done as a new office user does them: on the demo company
// «Техноприлад», in the browser only — every action is a click, a keystroke or a scan on a page; nothing is arranged
// through the API. The ledger check runs after each journey.
//   (a) a new client → an order for two products, one serial-tracked → confirm → the invoice PDF → the payment →
//       the shipment, its serials filled by the picker, posted: the order is completed;
//   (b) a supplier order for the components the power-supply board is made of → the receipt → /component-stock
//       shows them on the warehouse production takes materials from;
//   (c) a task for that board on /production → its three operations on /mes, each by a worker of its department →
//       the board on /inventory and the task in 'Виконано'.
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startDemoServer, type DemoServer } from './support/demo-server.ts';
import { startQueuedOperation, tapKeypad } from './support/mes.ts';
import { screenshotsAtBothWidths } from './support/screenshots.ts';
import { signInAsAdmin, toastText, toastTitle } from './support/session.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots/journeys');
const stamp = Date.now().toString(36).slice(-4).toUpperCase();

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startDemoServer('journeys');
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
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

async function ledgerAgrees() {
  const check = await server.ledger();
  if (check) expect(check).toEqual({ ok: true, problems: [] });
}

/** The page at 1280 and 390 px, saved for a look; it must not scroll sideways at either. */
const screenshots = (name: string) => screenshotsAtBothWidths(page, SHOTS, name);

/** What the row of `table` that mentions `rowText` shows in the column headed `column` (as a person reads it). */
async function cell(table: Locator, rowText: string, column: string): Promise<string> {
  const row = table.getByRole('row').filter({ hasText: rowText });
  // The list may still be answering a search typed a moment ago: wait for the one row.
  await expect.poll(() => row.count(), { timeout: 15_000, message: rowText }).toBe(1);
  const headers = (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  const index = headers.indexOf(column);
  expect(index, `${column} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return ((await row.getByRole('cell').nth(index).textContent()) ?? '').trim();
}

/** Several columns of one row, in the order asked. */
const cells = async (table: Locator, rowText: string, columns: string[]) => {
  const out: string[] = [];
  for (const column of columns) out.push(await cell(table, rowText, column));
  return out;
};

/** The number a cell shows ('1 260,5' → 1260.5). */
const shown = (text: string) => Number(text.replace(/\s/g, '').replace(',', '.'));

/** The power-supply board ПЛ-БЖ (a semi-finished product of the demo) and what one board takes (its default BOM). */
const BOARD = { sku: 'ПЛ-БЖ', name: 'Плата блока живлення (змонтована)' };
const BOARD_COMPONENTS = [
  { sku: 'IC-MP1584', name: 'Імпульсний перетворювач MP1584EN' },
  { sku: 'D-SS34', name: 'Діод Шотткі SS34' },
  { sku: 'C-0805-22U', name: 'Конденсатор 22 мкФ 0805 X7R 50 В' },
  { sku: 'C-0603-100N', name: 'Конденсатор 100 нФ 0603 X7R 50 В' },
  { sku: 'D-LED-G0603', name: 'Світлодіод зелений 0603' },
  { sku: 'X-KF301-2', name: 'Клемник KF301-2P' },
];
const MATERIALS_WAREHOUSE = 'Склад комплектуючих';

describe('daily journeys on the demo, through the browser only', () => {
  it('(a) a new client orders two products, one serial-tracked; invoiced, paid and shipped with picked serials', async () => {
    const clientName = `Енергосервіс ${stamp}`;
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1, name: 'Замовлення клієнтів' }).waitFor();
    await page.getByRole('button', { name: 'Нове замовлення' }).click();
    const form = page.getByRole('dialog', { name: 'Нове замовлення клієнта' });

    // The client does not exist yet: created from the order form's client picker.
    await form.getByRole('combobox', { name: 'Клієнт', exact: true }).click();
    await page.getByRole('combobox', { name: 'Пошук клієнта' }).fill(clientName);
    await page.getByRole('option', { name: `Створити клієнта «${clientName}»` }).click();
    const clientForm = page.getByRole('dialog', { name: 'Новий клієнт' });
    await clientForm.getByRole('button', { name: 'Створити' }).click();
    // A legal entity's full name is printed on the invoice: the form says so before creating anything.
    await clientForm.getByText("Повна назва обов'язкова для юридичної особи").waitFor();
    await clientForm.getByRole('textbox', { name: 'Повна назва' }).fill(`ТОВ «${clientName}»`);
    await clientForm.getByRole('textbox', { name: 'Телефон' }).fill('+380671234567');
    await clientForm.getByRole('button', { name: 'Створити' }).click();
    await clientForm.waitFor({ state: 'detached' });
    await form.getByRole('combobox', { name: 'Клієнт', exact: true }).filter({ hasText: clientName }).waitFor();

    // Two lines found by a part of their SKU in small letters: a cable (counted) and a power supply (serials).
    await form.getByRole('combobox', { name: 'Товар або послуга' }).first().click();
    await page.getByRole('combobox', { name: 'Пошук товару' }).fill('акс-каб');
    await page.getByRole('option', { name: /АКС-КАБ-15/ }).click();
    await form.getByRole('textbox', { name: 'Кількість, рядок 1' }).fill('2');
    await form.getByRole('button', { name: 'Додати рядок' }).click();
    await form.getByRole('combobox', { name: 'Товар або послуга' }).nth(1).click();
    await page.getByRole('combobox', { name: 'Пошук товару' }).fill('бж-5-2');
    await page.getByRole('option', { name: /БЖ-5-2/ }).click();
    await form.getByRole('textbox', { name: 'Кількість, рядок 2' }).fill('2');
    // The client's prices: 2 × 95,00 + 2 × 430,00 = 1 050,00 without VAT, 1 260,00 with it — in hryvnias.
    await form.getByText('Всього з ПДВ, грн').waitFor();
    await form.getByRole('button', { name: 'Зберегти' }).click();
    await form.waitFor({ state: 'detached' });

    const drawer = page.getByRole('dialog', { name: /^ORD-\d{4}-\d{5}/ });
    await drawer.waitFor();
    const orderNumber = /ORD-\d{4}-\d{5}/.exec(
      (await drawer.getByRole('heading', { level: 2 }).textContent()) ?? '',
    )![0];
    await drawer.getByText('Без ПДВ 1 050,00 · ПДВ 210,00 · Всього 1 260,00 грн').waitFor();

    // Confirmed: both lines reserved in full.
    await drawer.getByRole('button', { name: 'Підтвердити', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Підтвердити замовлення?' })
      .getByRole('button', { name: 'Підтвердити' })
      .click();
    await toastTitle(page, 'Замовлення підтверджено').waitFor();
    const lines = drawer.getByRole('table', { name: 'Рядки' });
    const columns = ['Замовлено', 'Відвантажено', 'Резерв', 'Залишок'];
    expect(await cells(lines, 'АКС-КАБ-15', columns)).toEqual(['2 шт', '0', '2', '2']);
    expect(await cells(lines, 'БЖ-5-2', columns)).toEqual(['2 шт', '0', '2', '2']);
    await ledgerAgrees();

    // The invoice opens as a PDF in a new tab.
    const [invoiceTab] = await Promise.all([
      context.waitForEvent('page'),
      drawer.getByRole('button', { name: 'Рахунок на оплату' }).click(),
    ]);
    const invoice = await context.request.get(invoiceTab.url());
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toContain('application/pdf');
    expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await invoiceTab.close();

    // The payment: 'Записати оплату' opens the payment form with the client and the amount allocated to the
    // order; posting it brings the user back to the order, now paid.
    await drawer.getByRole('button', { name: 'Записати оплату' }).click();
    const payment = page.getByRole('dialog', { name: 'Новий платіж' });
    await payment.waitFor();
    expect(await payment.getByRole('textbox', { name: 'Сума' }).inputValue()).toBe('1260,00');
    expect(await payment.getByRole('textbox', { name: `Розподілити ${orderNumber}` }).inputValue()).toBe('1260,00');
    await payment.getByRole('button', { name: 'Провести платіж' }).click();
    await page.waitForURL(/\/orders\?open=\d+/);
    const paid = page.getByRole('dialog', { name: new RegExp(`^${orderNumber}`) });
    await paid.getByRole('heading', { level: 2, name: /Оплачено/ }).waitFor();
    await paid.getByRole('region', { name: 'Оплати' }).getByRole('link', { name: /^PAY-/ }).waitFor();
    await ledgerAgrees();

    // The shipment: its serials picked by 'Заповнити автоматично' (oldest first); posting ships everything.
    await paid.getByRole('button', { name: 'Відвантажити' }).click();
    await page
      .getByRole('alertdialog', { name: 'Створити відвантаження?' })
      .getByRole('button', { name: 'Створити' })
      .click();
    await page.waitForURL(/\/shipments\?open=\d+/);
    const shipment = page.getByRole('dialog', { name: /^SHP-/ });
    // Nothing can be posted before the serials are there, and the drawer says which are missing.
    await shipment.getByRole('button', { name: 'Провести: бракує 2 серійні номери' }).waitFor();
    await shipment.getByText('Рядок 2 (БЖ-5-2): потрібно 2 серійні номери, вибрано 0').waitFor();
    await shipment.getByRole('button', { name: 'Заповнити автоматично' }).click();
    await shipment.getByLabel('Серійні номери БЖ-5-2: вибрано 2 з 2').waitFor();
    await screenshots('journey-a-shipment');
    await shipment.getByRole('button', { name: 'Провести', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Провести відвантаження?' })
      .getByRole('button', { name: 'Провести' })
      .click();
    await shipment.getByRole('heading', { level: 2, name: /Проведено/ }).waitFor();
    // Shipped in full and paid: the order completed itself, as its link in the shipment says.
    await shipment.getByRole('region', { name: 'Замовлення клієнтів' }).getByText('Виконано').waitFor();

    await shipment.getByRole('link', { name: `Повернутися до замовлення ${orderNumber}` }).click();
    const done = page.getByRole('dialog', { name: new RegExp(`^${orderNumber}`) });
    await done.getByRole('heading', { level: 2, name: /Виконано/ }).waitFor();
    await done.getByRole('region', { name: 'Відвантаження' }).getByRole('link', { name: /^SHP-/ }).waitFor();
    const shippedLines = done.getByRole('table', { name: 'Рядки' });
    expect(await cells(shippedLines, 'АКС-КАБ-15', columns)).toEqual(['2 шт', '2', '0', '0']);
    expect(await cells(shippedLines, 'БЖ-5-2', columns)).toEqual(['2 шт', '2', '0', '0']);
    await ledgerAgrees();
  });

  it('(b) a supplier order for components is received onto the warehouse production takes materials from', async () => {
    // What /component-stock shows on the materials warehouse before: Залишок of each component.
    const stockPage = async () => {
      await page.goto('/component-stock');
      await page.getByRole('heading', { level: 1, name: 'Запаси компонентів' }).waitFor();
      await page.getByRole('combobox', { name: 'Склад' }).click();
      await page.getByRole('option', { name: MATERIALS_WAREHOUSE }).click();
      return page.getByRole('table', { name: 'Запаси компонентів' });
    };
    const onHand = async (table: Locator, sku: string) => {
      await page.getByRole('searchbox', { name: 'Пошук: Запаси компонентів' }).fill(sku);
      return shown(await cell(table, sku, 'Залишок'));
    };
    let table = await stockPage();
    const before = new Map<string, number>();
    for (const { sku } of BOARD_COMPONENTS) before.set(sku, await onHand(table, sku));

    await page.goto('/supplier-orders');
    await page.getByRole('button', { name: 'Нове замовлення' }).click();
    const form = page.getByRole('dialog', { name: 'Нове замовлення постачальнику' });
    await form.getByRole('combobox', { name: 'Постачальник' }).click();
    await page.getByRole('option', { name: 'ТОВ «Електронні компоненти»' }).click();
    // Components go to the warehouse production takes them from, said before anything is typed.
    await form.getByRole('combobox', { name: 'Склад отримання' }).filter({ hasText: MATERIALS_WAREHOUSE }).waitFor();
    for (const [index, { sku, name }] of BOARD_COMPONENTS.entries()) {
      if (index > 0) await form.getByRole('button', { name: 'Додати рядок' }).click();
      const line = form.getByRole('group', { name: `Рядок ${index + 1}` });
      await line.getByRole('combobox', { name: 'Позиція' }).click();
      // Found by its SKU (an exact code first), which the option shows under the name with its price and free stock.
      await page.keyboard.type(sku);
      const option = page.getByRole('option').filter({ hasText: sku }).first();
      expect(await option.textContent()).toMatch(new RegExp(`^${name}${sku} · .* · Доступно `));
      await option.click();
      await line.getByRole('textbox', { name: 'Кількість' }).fill('10');
      // The last purchase price is suggested; a component bought for the demo has one.
      await expect.poll(() => line.getByRole('textbox', { name: 'Ціна за од.' }).inputValue()).not.toBe('');
    }
    await form.getByRole('button', { name: 'Зберегти' }).click();
    await form.waitFor({ state: 'detached' });
    const order = page.getByRole('dialog', { name: /^PO-\d{4}-\d{5}/ });
    await order.getByText(MATERIALS_WAREHOUSE).first().waitFor();
    await order.getByRole('button', { name: 'Надіслати' }).click();
    await page
      .getByRole('alertdialog', { name: 'Надіслати замовлення?' })
      .getByRole('button', { name: 'Надіслати' })
      .click();

    // Received: the receipt takes the order's warehouse.
    await order.getByRole('button', { name: 'Отримати' }).click();
    const receive = page.getByRole('alertdialog', { name: 'Отримати товар за замовленням' });
    await receive.getByRole('textbox', { name: '№ документа постачальника' }).fill(`ВН-${stamp}`);
    expect(await receive.getByRole('combobox', { name: 'Склад отримання' }).textContent()).toContain(
      MATERIALS_WAREHOUSE,
    );
    await receive.getByRole('button', { name: 'Створити прихід' }).click();
    await page.waitForURL(/\/supplier-receipts\?open=\d+/);
    const receipt = page.getByRole('dialog', { name: /GRN-\d{4}-\d{5}/ });
    expect(await receipt.getByRole('combobox', { name: 'Склад' }).textContent()).toContain(MATERIALS_WAREHOUSE);
    await receipt.getByRole('button', { name: 'Провести' }).click();
    await page.getByRole('alertdialog', { name: 'Провести прихід?' }).getByRole('button', { name: 'Провести' }).click();
    await receipt.getByRole('heading', { level: 2, name: /Проведено/ }).waitFor();
    await ledgerAgrees();

    // /component-stock, on the materials warehouse: ten more of each.
    table = await stockPage();
    // Compared in ten-thousandths, the stock's scale: 1,13 + 10 is not 11,13 in binary floating point.
    for (const { sku } of BOARD_COMPONENTS) {
      expect(Math.round((await onHand(table, sku)) * 10_000), sku).toBe(
        Math.round(before.get(sku)! * 10_000) + 100_000,
      );
    }
    await screenshots('journey-b-component-stock');
  });

  it('(c) a task on /production runs through /mes and lands in «Виконано» with the output on /inventory', async () => {
    await page.goto(`/inventory?search=${encodeURIComponent(BOARD.sku)}`);
    const inventory = page.getByRole('table').first();
    const boardsBefore = shown(await cell(inventory, BOARD.sku, 'Залишок'));

    await page.goto('/production');
    await page.getByRole('heading', { level: 1, name: 'Планування (Kanban)' }).waitFor();
    await page.getByRole('button', { name: 'Нове завдання' }).click();
    const form = page.getByRole('dialog', { name: 'Нове завдання' });
    await form.getByRole('combobox', { name: /Товар або напівфабрикат/ }).click();
    await page.getByRole('combobox', { name: 'Пошук' }).fill(BOARD.sku);
    await page.getByRole('option', { name: BOARD.name }).first().click();
    await form.getByLabel(/^Кількість/).fill('2');
    await form.getByRole('button', { name: 'Створити' }).click();
    const created = toastTitle(page, 'Створено завдання');
    await created.waitFor();
    const moNumber = /Створено завдання (\S+)/.exec((await created.textContent()) ?? '')![1]!;
    await form.waitFor({ state: 'detached' });

    const todo = page.getByRole('region', { name: 'До виконання' });
    const inWork = page.getByRole('region', { name: 'В роботі' });
    const doneColumn = page.getByRole('region', { name: 'Виконано' });
    const card = (column: Locator) => column.getByRole('article', { name: new RegExp(moNumber) });
    // The components bought in (b) cover it: the card does not warn of a shortage.
    await card(todo).getByText('0 / 2 шт').waitFor();
    expect(await card(todo).getByText('Бракує матеріалів').count()).toBe(0);
    await card(todo).press('ArrowRight');
    await toastTitle(page, `${moNumber} — у колонці «В роботі»`).waitFor();
    await card(inWork).waitFor();
    await ledgerAgrees();

    // The terminal: each operation by a worker of its department, identified by the badge.
    const operations = [
      {
        seq: 10,
        name: 'Монтаж SMD і оплавлення',
        department: 'Дільниця поверхневого монтажу',
        badge: 'B0012',
        worker: 'Лисенко Оксана',
      },
      {
        seq: 20,
        name: 'Встановлення вивідних компонентів',
        department: 'Складальний цех',
        badge: 'B0015',
        worker: 'Гребенюк Василь',
      },
      {
        seq: 30,
        name: 'Контроль і перевірка плати',
        department: 'Відділ технічного контролю',
        badge: 'B0030',
        worker: 'Мороз Тетяна',
        qualityCheck: true,
      },
    ];
    await page.goto('/mes');
    await page.getByRole('heading', { level: 1, name: 'Термінал цеху' }).waitFor();
    for (const [index, op] of operations.entries()) {
      // The previous worker steps away: 'Змінити', and the next one scans the badge at his own department.
      if (index > 0) await page.getByRole('button', { name: 'Змінити', exact: true }).click();
      await page.getByRole('combobox', { name: /Дільниця/ }).selectOption({ label: op.department });
      const badgeField = page.getByPlaceholder('Код бейджа');
      await badgeField.fill(op.badge);
      await badgeField.press('Enter');
      await page.getByTestId('mes-operator').filter({ hasText: op.worker }).waitFor();
      await startQueuedOperation(page, moNumber, op);
      await page.getByRole('button', { name: 'Завершити', exact: true }).click();
      const finish = page.getByRole('dialog', { name: 'Завершення роботи' });
      await tapKeypad(finish, '2');
      await finish.getByRole('button', { name: 'Придатні: 2' }).waitFor();
      // The inspection is a quality check: the inspector says it passed.
      if (op.qualityCheck) await finish.getByRole('button', { name: 'Пройдено', exact: true }).click();
      await finish.getByRole('button', { name: 'Підтвердити: Завершити' }).click();
      await finish.waitFor({ state: 'detached' });
      if (index === operations.length - 1) {
        // The last operation's finish posted the output (the components issued by backflush).
        await toastText(page, 'Випуск MOO-').waitFor();
        await screenshots('journey-c-mes');
      }
      await page.getByRole('heading', { level: 2, name: 'Черга' }).waitFor();
    }
    await ledgerAgrees();

    // /inventory: two more boards.
    await page.goto(`/inventory?search=${encodeURIComponent(BOARD.sku)}`);
    expect(shown(await cell(page.getByRole('table').first(), BOARD.sku, 'Залишок'))).toBe(boardsBefore + 2);

    // The board: the task finished itself and sits under 'Виконано'.
    await page.goto('/production');
    await card(doneColumn).getByText('2 / 2 шт').waitFor();
    await card(inWork).waitFor({ state: 'detached' });
    await screenshots('journey-c-board');
    await ledgerAgrees();
  });
});
