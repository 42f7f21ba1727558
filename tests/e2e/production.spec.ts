// Production as people use it (issue 8, "Done means"): a task created on the board 'Планування (Kanban)' is a planned
// MO with the same number on /manufacturing; taking it into work releases and starts it and reserves its materials;
// on the shop-floor terminal a worker identified by his badge runs both operations with the numeric keypad, and
// finishing the last one posts the output at once (the components issued by backflush). /inventory shows the made
// units; the card is finished through the completion dialog and lands in 'Виконано'. The ledger agrees throughout.
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { appDatabase, hasServerDatabase, launchBrowser, newPage } from './support/browser.ts';
import { startQueuedOperation, tapKeypad } from './support/mes.ts';
import { screenshotsAtBothWidths } from './support/screenshots.ts';
import { apiJson, signInAsAdmin, toastText, toastTitle } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

interface MoDetail {
  id: number;
  number: string;
  status: string;
  qty: string;
  producedQty: string;
  materialsWarehouseId: number;
  outputWarehouseId: number;
  materials: Array<{ itemId: number; requiredQty: string; issuedQty: string; reservedQty: string }>;
  operations: Array<{ seq: number; name: string; status: string; goodQty: string }>;
  postings: Array<{ kind: string; number: string; status: string }>;
  timeEntries: Array<{
    workerId: number;
    operationSeq: number | null;
    hourlyRate: string | null;
    endedAt: string | null;
  }>;
}
interface StockRow {
  sku: string;
  onHand: string;
  reserved: string;
  available: string;
}

const mo = (page: Page, id: number) => apiJson<MoDetail>(page, 'GET', `/api/manufacturing-orders/${id}`);
const stockOf = async (page: Page, api: string, sku: string) =>
  (await apiJson<StockRow[]>(page, 'GET', `${api}?search=${encodeURIComponent(sku)}`)).find((r) => r.sku === sku)!;

async function ledgerAgrees() {
  if (!hasServerDatabase()) return;
  const db = await appDatabase();
  try {
    expect(await checkLedger(db.db)).toEqual({ ok: true, problems: [] });
  } finally {
    await db.close();
  }
}

/** The page at 1280 and 390 px, saved for a look; it must not scroll sideways at either. */
const screenshots = (page: Page, name: string) => screenshotsAtBothWidths(page, SHOTS, name);

/** An ISO date `days` from today. */
function isoInDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

describe('production', () => {
  it('plans a task on the board, runs it on the terminal and finds the output on /inventory', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);

    // Reference data through the API: a production department, a position with its rate, a worker with a badge.
    const departmentName = `Складальна дільниця ${stamp}`;
    const department = await apiJson<{ id: number }>(page, 'POST', '/api/departments', {
      name: departmentName,
      code: `СД${stamp}`,
      isProduction: true,
      overheadRatePerHour: '60',
    });
    const position = await apiJson<{ id: number }>(page, 'POST', '/api/positions', {
      name: `Монтажник ${stamp}`,
      departmentId: department.id,
      hourlyRate: '180',
    });
    const badge = `BDG-${stamp}`;
    const worker = await apiJson<{ id: number }>(page, 'POST', '/api/workers', {
      lastName: 'Ткаченко',
      firstName: 'Олег',
      personnelNumber: `Т-${stamp}`,
      positionId: position.id,
      departmentId: department.id,
      badgeCode: badge,
    });
    const workerName = 'Ткаченко Олег';

    // A component in stock (20 received at 2.50) and the product made of it: BOM 2 × component per unit and a
    // tech card of two operations in the department, both active and the product's default.
    const [unit] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/lookups/units?search=шт');
    const componentSku = `RES-${stamp}`;
    const component = await apiJson<{ id: number }>(page, 'POST', '/api/components', {
      sku: componentSku,
      name: `Резистор 10 кОм ${stamp}`,
      unitId: unit!.id,
    });
    const productSku = `PSU-${stamp}`;
    const productName = `Блок живлення 12 В ${stamp}`;
    const product = await apiJson<{ id: number }>(page, 'POST', '/api/products', {
      sku: productSku,
      name: productName,
      unitId: unit!.id,
      retailPrice: '900.00',
      serialTracking: false,
    });
    const supplier = await apiJson<{ id: number }>(page, 'POST', '/api/suppliers', {
      legalForm: 'individual',
      name: `Постачальник ${stamp}`,
    });
    // The warehouse an MO takes its materials from: the default 'materials' one, else the first.
    const warehouses = await apiJson<Array<{ id: number; type: string; isDefault: boolean }>>(
      page,
      'GET',
      '/api/warehouses',
    );
    const materials = warehouses.filter((w) => w.type === 'materials');
    const warehouse =
      materials.find((w) => w.isDefault) ?? materials[0] ?? [...warehouses].sort((a, b) => a.id - b.id)[0]!;
    const [docType] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/supplier-document-types');
    const receipt = await apiJson<{ id: number }>(page, 'POST', '/api/supplier-receipts', {
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      documentTypeId: docType!.id,
      supplierDocNumber: `ВН-P-${stamp}`,
      supplierDocDate: isoInDays(-2),
      documentDate: isoInDays(-1),
      lines: [{ itemId: component.id, qty: '20', unitPrice: '2.5', vatRate: '0' }],
    });
    await apiJson(page, 'POST', `/api/supplier-receipts/${receipt.id}/post`, {});
    expect(await stockOf(page, '/api/component-stock', componentSku)).toMatchObject({
      onHand: '20.0000',
      reserved: '0.0000',
    });

    const bom = await apiJson<{ id: number; status: string; isDefault: boolean }>(page, 'POST', '/api/bom', {
      itemId: product.id,
      name: 'Основна',
      status: 'active',
      isDefault: true,
      lines: [{ componentItemId: component.id, qty: '2' }],
    });
    expect(bom).toMatchObject({ status: 'active', isDefault: true });
    const techCard = await apiJson<{ id: number }>(page, 'POST', '/api/tech-cards', {
      itemId: product.id,
      name: `Збирання ${productName}`,
      status: 'active',
      operations: [
        {
          seq: 10,
          name: 'Монтаж плати',
          departmentId: department.id,
          positionId: position.id,
          setupMinutes: '5',
          runMinutesPerUnit: '3',
        },
        { seq: 20, name: 'Перевірка і пакування', departmentId: department.id, runMinutesPerUnit: '2' },
      ],
    });
    const defaultCard = await apiJson<{ isDefault: boolean; status: string }>(
      page,
      'POST',
      `/api/tech-cards/${techCard.id}/make-default`,
    );
    expect(defaultCard).toMatchObject({ isDefault: true, status: 'active' });

    // 1. 'Нове завдання' on the board: item, 4 units, a due date, priority and the worker as assignee.
    const dueDate = isoInDays(14);
    await page.goto('/production');
    await page.getByRole('heading', { level: 1, name: 'Планування (Kanban)' }).waitFor();
    await page.getByRole('button', { name: 'Нове завдання' }).click();
    const form = page.getByRole('dialog', { name: 'Нове завдання' });
    await form.getByRole('combobox', { name: /Товар або напівфабрикат/ }).click();
    await page.getByRole('combobox', { name: 'Пошук' }).fill(productSku);
    await page.getByRole('option', { name: new RegExp(productName) }).click();
    await form
      .getByRole('combobox', { name: /Товар або напівфабрикат/ })
      .filter({ hasText: productName })
      .waitFor();
    await form.getByLabel(/^Кількість/).fill('4');
    // The field takes дд.мм.рррр (the toolkit's DateField).
    await form.getByLabel('Термін виконання').fill(dueDate.split('-').reverse().join('.'));
    await form.getByRole('combobox', { name: 'Пріоритет' }).click();
    await page.getByRole('option', { name: 'Високий' }).click();
    await form.getByRole('combobox', { name: 'Виконавець' }).click();
    await page.getByRole('combobox', { name: 'Пошук' }).fill('Ткаченко');
    await page.getByRole('option', { name: new RegExp(workerName) }).click();
    await form.getByRole('button', { name: 'Створити' }).click();
    const created = toastTitle(page, 'Створено завдання');
    await created.waitFor();
    const moNumber = /Створено завдання (\S+)/.exec((await created.textContent()) ?? '')?.[1] ?? '';
    expect(moNumber).toMatch(/^MO-\d{4}-\d{5}$/);
    await form.waitFor({ state: 'detached' });

    const todo = page.getByRole('region', { name: 'До виконання' });
    const inWork = page.getByRole('region', { name: 'В роботі' });
    const done = page.getByRole('region', { name: 'Виконано' });
    const card = (column: Locator) => column.getByRole('article', { name: new RegExp(moNumber) });
    await card(todo).waitFor();
    await card(todo).getByText(moNumber, { exact: true }).waitFor();
    await card(todo).getByText('0 / 4 шт').waitFor();
    await card(todo).getByText('Високий').waitFor();
    await card(todo).getByText(workerName).waitFor();

    // The same number is a planned MO on /manufacturing (the page opens it from ?search=).
    const [listed] = await apiJson<
      Array<{ id: number; number: string; status: string; qty: string; priority: string; dueDate: string }>
    >(page, 'GET', `/api/manufacturing-orders?search=${encodeURIComponent(moNumber)}`);
    expect(listed).toMatchObject({
      number: moNumber,
      status: 'planned',
      qty: '4.0000',
      priority: 'high',
      dueDate,
      responsibleWorkerId: worker.id,
    });
    const moId = listed!.id;
    const planned = await mo(page, moId);
    expect(planned.materialsWarehouseId).toBe(warehouse.id);
    expect(planned).toMatchObject({ producedQty: '0.0000' });
    await page.goto(`/manufacturing?search=${encodeURIComponent(moNumber)}`);
    const drawer = page.getByRole('dialog', { name: new RegExp(moNumber) });
    await drawer.waitFor();
    await drawer.getByText('Заплановано', { exact: true }).first().waitFor();
    await drawer.getByText(productSku).first().waitFor();

    // 2. Taken into work from the keyboard (the focused card, →): released and started, the materials reserved.
    await page.goto('/production');
    await card(todo).waitFor();
    await card(todo).press('ArrowRight');
    await toastTitle(page, `${moNumber} — у колонці «В роботі»`).waitFor();
    await card(inWork).waitFor();
    await card(todo).waitFor({ state: 'detached' });
    const started = await mo(page, moId);
    expect(started.status).toBe('in_progress');
    expect(started.materials).toHaveLength(1);
    expect(started.materials[0]).toMatchObject({
      itemId: component.id,
      requiredQty: '8.0000',
      reservedQty: '8.0000',
      issuedQty: '0.0000',
    });
    expect(await stockOf(page, '/api/component-stock', componentSku)).toMatchObject({
      onHand: '20.0000',
      reserved: '8.0000',
      available: '12.0000',
    });
    await ledgerAgrees();

    // A card cannot go back from 'В роботі': the server refuses and the card stays.
    await card(inWork).press('ArrowLeft');
    await toastTitle(page, 'Завдання вже в роботі').waitFor();
    await card(inWork).waitFor();
    expect((await mo(page, moId)).status).toBe('in_progress');
    await screenshots(page, 'production-board');

    // 3. The terminal: the department, the badge scanned (a wedge scanner types it and Enter), both operations.
    await page.goto('/mes');
    await page.getByRole('heading', { level: 1, name: 'Термінал цеху' }).waitFor();
    await page.getByRole('combobox', { name: /Дільниця/ }).selectOption({ label: departmentName });
    const badgeField = page.getByPlaceholder('Код бейджа');
    await badgeField.fill(badge);
    await badgeField.press('Enter');
    await page.getByTestId('mes-operator').filter({ hasText: workerName }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Черга' }).waitFor();
    // Only the first operation is workable; the second waits under 'Наступні'.
    await page.getByRole('button', { name: `${moNumber}, 20 Перевірка і пакування` }).waitFor();
    expect(await page.getByRole('button', { name: `${moNumber}, 20 Перевірка і пакування` }).isDisabled()).toBe(true);
    await screenshots(page, 'mes-queue');

    const operations: Array<{ seq: number; name: string }> = [
      { seq: 10, name: 'Монтаж плати' },
      { seq: 20, name: 'Перевірка і пакування' },
    ];
    let outputNumber = '';
    for (const [index, op] of operations.entries()) {
      await startQueuedOperation(page, moNumber, op);
      await page.getByText(`${workerName} (ви)`).waitFor();
      await page.getByRole('button', { name: 'Завершити', exact: true }).click();
      const finish = page.getByRole('dialog', { name: 'Завершення роботи' });
      await finish.waitFor();
      await tapKeypad(finish, '4');
      await finish.getByRole('button', { name: 'Придатні: 4' }).waitFor();
      if (index === operations.length - 1) await screenshots(page, 'mes-finish');
      await finish.getByRole('button', { name: 'Підтвердити: Завершити' }).click();
      await finish.waitFor({ state: 'detached' });
      await toastTitle(page, 'Виконано: Завершити').last().waitFor();
      if (index === operations.length - 1) {
        // The last operation's finish posted the output at once: the toast names it.
        const posted = toastText(page, 'Випуск MOO-');
        await posted.waitFor();
        outputNumber = /Випуск (MOO-\S+): 4/.exec((await posted.textContent()) ?? '')?.[1] ?? '';
        expect(outputNumber).toMatch(/^MOO-\d{4}-\d{5}$/);
      }
      // Back at the queue.
      await page.getByRole('heading', { level: 2, name: 'Черга' }).waitFor();
    }

    const made = await mo(page, moId);
    expect(made.producedQty).toBe('4.0000');
    expect(made.operations.map((o) => [o.seq, o.status, o.goodQty])).toEqual([
      [10, 'done', '4.0000'],
      [20, 'done', '4.0000'],
    ]);
    // The worker's time is booked on both operations at his position's rate, every entry closed.
    expect(made.timeEntries.map((e) => [e.workerId, e.operationSeq, e.hourlyRate, e.endedAt !== null]).sort()).toEqual([
      [worker.id, 10, '180.000000', true],
      [worker.id, 20, '180.000000', true],
    ]);
    // The components went out by backflush: 8 issued, nothing left reserved.
    expect(made.materials[0]).toMatchObject({ requiredQty: '8.0000', issuedQty: '8.0000', reservedQty: '0.0000' });
    expect(made.postings.filter((p) => p.status === 'posted').map((p) => [p.kind, p.number])).toEqual(
      expect.arrayContaining([
        ['output', outputNumber],
        ['issue', expect.stringMatching(/^MOI-/)],
      ]),
    );
    expect(await stockOf(page, '/api/component-stock', componentSku)).toMatchObject({
      onHand: '12.0000',
      reserved: '0.0000',
      available: '12.0000',
    });
    await ledgerAgrees();

    // 4. /inventory shows the made units, read from its table.
    await page.goto(`/inventory?search=${encodeURIComponent(productSku)}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: productSku, exact: true }) });
    await row.waitFor();
    // Артикул, Назва, Категорія (hidden below 2xl), Од., Залишок, Резерв, Доступно.
    const cells = row.locator('td');
    expect((await cells.nth(4).textContent())?.trim()).toBe('4');
    expect((await cells.nth(6).textContent())?.trim()).toBe('4');
    expect(await stockOf(page, '/api/inventory', productSku)).toMatchObject({ onHand: '4.0000', available: '4.0000' });

    // 5. The full quantity made, no operation open, nothing left to decide: the MO completed by itself (decision
    //    0020), and the board shows the task under 'Виконано' without a click.
    expect(made.status).toBe('completed');
    await page.goto('/production');
    await card(done).waitFor();
    await card(inWork).waitFor({ state: 'detached' });
    await card(done).getByText('Завершено').waitFor();
    await screenshots(page, 'production-done');

    const completed = await mo(page, moId);
    expect(completed).toMatchObject({ status: 'completed', producedQty: '4.0000' });
    // Completing put out nothing more: still 4 on hand, one output only.
    expect(completed.postings.filter((p) => p.kind === 'output' && p.status === 'posted')).toHaveLength(1);
    expect(await stockOf(page, '/api/inventory', productSku)).toMatchObject({ onHand: '4.0000' });
    expect(await stockOf(page, '/api/component-stock', componentSku)).toMatchObject({ onHand: '12.0000' });
    await ledgerAgrees();
    await context.close();
  });
});
