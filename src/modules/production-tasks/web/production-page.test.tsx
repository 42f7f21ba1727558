import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { taskSchema, type ProductionTask } from '@/modules/production-tasks/production-tasks.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ProductionPage } from './production-page.tsx';

const base: ProductionTask = taskSchema.parse({
  id: 1,
  moNumber: 'MO-2026-00001',
  title: 'Контролер КТ-2',
  itemId: 40,
  sku: 'KT-2',
  quantity: '10.0000',
  producedQuantity: '0.0000',
  unit: 'шт',
  status: 'planned',
  moStatus: 'planned',
  priority: 'high',
  dueDate: '2026-01-10',
  isOverdue: true,
  progress: 0,
  orderNumbers: ['ORD-2026-00012'],
  assignee: { workerId: 5, name: 'Шевченко Тарас' },
  notes: null,
  readyToComplete: false,
  materialsShort: [],
});
const released = taskSchema.parse({
  ...base,
  id: 2,
  moNumber: 'MO-2026-00002',
  moStatus: 'released',
  isOverdue: false,
  dueDate: '2030-01-01',
  priority: 'low',
  orderNumbers: [],
  assignee: null,
});
const working = taskSchema.parse({
  ...base,
  id: 3,
  moNumber: 'MO-2026-00003',
  title: 'Блок живлення БЖ-12',
  status: 'in-progress',
  moStatus: 'in_progress',
  producedQuantity: '4.0000',
  progress: 40,
  isOverdue: false,
  dueDate: '2030-02-01',
  priority: 'urgent',
});
const done = taskSchema.parse({
  ...base,
  id: 4,
  moNumber: 'MO-2026-00004',
  status: 'completed',
  moStatus: 'completed',
  producedQuantity: '10.0000',
  progress: 100,
  isOverdue: false,
});

type Answer = (url: string, init: RequestInit) => Response | undefined;

function stubApi(answer: Answer = () => undefined, tasks: ProductionTask[] = [base, released, working, done]) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
    if (url === '/api/production-tasks' || url.startsWith('/api/production-tasks?')) return jsonResponse(tasks);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

const column = (name: string) => screen.getByRole('region', { name });
const card = (number: string) => screen.getByRole('article', { name: new RegExp(`Завдання ${number}`) }) as HTMLElement;
const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([callUrl, init]) => callUrl === url && init?.method === method)
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

describe('ProductionPage — the board', () => {
  it('shows the three columns with their counts and the cards in them', async () => {
    stubApi();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    expect(screen.getByRole('heading', { name: 'Планування (Kanban)' })).toBeTruthy();
    expect(screen.getByText('Завантаження завдань...')).toBeTruthy();
    await screen.findByText('MO-2026-00001');

    const todo = column('До виконання');
    const work = column('В роботі');
    const finished = column('Виконано');
    expect(within(todo).getByLabelText('2 завдання').textContent).toBe('2');
    expect(within(work).getByLabelText('1 завдання').textContent).toBe('1');
    expect(within(finished).getByLabelText('1 завдання').textContent).toBe('1');
    expect(within(todo).getByText('MO-2026-00001')).toBeTruthy();
    expect(within(todo).getByText('MO-2026-00002')).toBeTruthy();
    expect(within(work).getByText('MO-2026-00003')).toBeTruthy();
    expect(within(finished).getByText('MO-2026-00004')).toBeTruthy();

    const first = card('MO-2026-00001');
    expect(within(first).getByText('Прострочено')).toBeTruthy();
    expect(within(first).getByText('10.01.2026')).toBeTruthy();
    expect(within(first).getByText('Високий')).toBeTruthy();
    expect(within(first).getByText('ORD-2026-00012')).toBeTruthy();
    expect(within(first).getByText('Шевченко Тарас')).toBeTruthy();
    expect(within(first).getByText('MO-2026-00001').closest('a')?.getAttribute('href')).toBe('/manufacturing?id=1');
    expect(within(card('MO-2026-00003')).getByText('4 / 10 шт')).toBeTruthy();
    expect(within(card('MO-2026-00003')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(card('MO-2026-00002')).queryByText('Прострочено')).toBeNull();
    expect(within(card('MO-2026-00002')).getByText('Не призначено')).toBeTruthy();
  });

  it('says so when there are no tasks', async () => {
    stubApi(undefined, []);
    renderWithProviders(<ProductionPage />, { path: '/production' });
    expect(await screen.findByText('Завдань ще немає')).toBeTruthy();
    expect(within(column('В роботі')).getByText('Немає завдань')).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    stubApi((url) => (url.startsWith('/api/production-tasks') ? jsonResponse({ error: 'Збій' }, 500) : undefined));
    renderWithProviders(<ProductionPage />, { path: '/production' });
    expect((await screen.findByRole('alert')).textContent).toContain('Не вдалося завантажити завдання: Збій');
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeTruthy();
  });

  it('moves a focused card to the next column with the arrow key through the endpoint', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/production-tasks/1/move' && init.method === 'POST'
        ? jsonResponse({ ...base, status: 'in-progress', moStatus: 'in_progress' })
        : undefined,
    );
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00001');
    const target = card('MO-2026-00001');
    target.focus();
    fireEvent.keyDown(target, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/production-tasks/1/move')).toEqual([{ to: 'in-progress' }]),
    );
    expect(await screen.findByText('MO-2026-00001 — у колонці «В роботі»')).toBeTruthy();
  });

  it('shows the server refusal as a toast and keeps the card in its column', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/production-tasks/3/move' && init.method === 'POST'
        ? jsonResponse({ error: 'Завдання вже в роботі' }, 409)
        : undefined,
    );
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00003');
    const target = card('MO-2026-00003');
    target.focus();
    fireEvent.keyDown(target, { key: 'ArrowLeft' });
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/production-tasks/3/move')).toEqual([{ to: 'planned' }]));
    expect(await screen.findByText('Завдання вже в роботі')).toBeTruthy();
    expect(within(column('В роботі')).getByText('MO-2026-00003')).toBeTruthy();
  });

  it('drags a planned card into «В роботі»', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/production-tasks/2/move' && init.method === 'POST'
        ? jsonResponse({ ...released, status: 'in-progress', moStatus: 'in_progress' })
        : undefined,
    );
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00002');
    fireEvent.dragStart(card('MO-2026-00002'));
    fireEvent.dragOver(column('В роботі'));
    fireEvent.drop(column('В роботі'));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/production-tasks/2/move')).toEqual([{ to: 'in-progress' }]),
    );
  });

  it('opens the completion dialog on a drop into «Виконано» and completes through it', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/production-tasks/3/complete' && init.method === 'POST'
        ? jsonResponse({ ...working, status: 'completed', moStatus: 'completed' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00003');
    fireEvent.dragStart(card('MO-2026-00003'));
    fireEvent.dragOver(column('Виконано'));
    fireEvent.drop(column('Виконано'));

    const dialog = await screen.findByRole('dialog', { name: 'Завершити MO-2026-00003' });
    // No move request: completion goes through the dialog.
    expect(calls(fetchMock, 'POST', '/api/production-tasks/3/move')).toEqual([]);
    const good = within(dialog).getByLabelText('Випустити придатних') as HTMLInputElement;
    expect(good.value).toBe('6');

    // Less than planned needs the confirmation.
    await user.clear(good);
    await user.type(good, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Завершити' }));
    expect(await within(dialog).findByText('Підтвердіть завершення з недовипуском')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/production-tasks/3/complete')).toEqual([]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Завершити з недовипуском' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Віднести на відхилення' }));
    await user.click(within(dialog).getByRole('button', { name: 'Завершити' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/production-tasks/3/complete')).toEqual([
        { goodQty: '5', confirmShort: true, excess: 'variance' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('passes the filters to the list URL', async () => {
    const fetchMock = stubApi((url) =>
      url.startsWith('/api/production-tasks/options/workers')
        ? jsonResponse([{ id: 5, label: 'Шевченко Тарас', hint: null }])
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00001');
    await user.click(screen.getByRole('combobox', { name: 'Виконавець' }));
    await user.click(await screen.findByRole('option', { name: 'Шевченко Тарас' }));
    await user.click(screen.getByRole('combobox', { name: 'Пріоритет' }));
    await user.click(await screen.findByRole('option', { name: 'Терміновий' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([url]) => String(url))
          .filter((url) => url.startsWith('/api/production-tasks?'))
          .at(-1),
      ).toBe('/api/production-tasks?assigneeWorkerId=5&priority=urgent'),
    );
  });

  it('creates a task in the «Нове завдання» dialog', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/production-tasks/options/items')) {
        return jsonResponse([{ id: 40, label: 'Контролер КТ-2', hint: 'KT-2' }]);
      }
      if (url.startsWith('/api/production-tasks/options/recipes')) return jsonResponse([]);
      if (url === '/api/production-tasks' && init.method === 'POST') {
        return jsonResponse({ ...base, id: 9, moNumber: 'MO-2026-00009' }, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00001');
    await user.click(screen.getByRole('button', { name: 'Нове завдання' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове завдання' });
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Оберіть товар');

    await user.click(within(dialog).getByRole('combobox', { name: /Товар або напівфабрикат/ }));
    await user.click(await screen.findByRole('option', { name: /Контролер КТ-2/ }));
    const qty = within(dialog).getByLabelText(/Кількість/) as HTMLInputElement;
    await user.clear(qty);
    await user.type(qty, '12,5');
    fireEvent.change(within(dialog).getByLabelText('Термін виконання'), { target: { value: '01.12.2026' } });
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/production-tasks')).toEqual([
        {
          itemId: 40,
          qty: '12.5',
          dueDate: '2026-12-01',
          priority: 'normal',
          assigneeWorkerId: null,
          notes: null,
          recipeId: null,
        },
      ]),
    );
    expect(await screen.findByText('Створено завдання MO-2026-00009')).toBeTruthy();
  });

  it('opens a card in the edit dialog and saves only what changed, with the version read', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/production-tasks/1' && (init.method ?? 'GET') === 'GET') {
        return jsonResponse({ ...base, recipeId: null, recipeName: null, version: 3 });
      }
      if (url.startsWith('/api/production-tasks/options/recipes')) return jsonResponse([]);
      if (url === '/api/production-tasks/1' && init.method === 'PATCH') {
        return jsonResponse({ ...base, priority: 'urgent', recipeId: null, recipeName: null, version: 4 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00001');
    await user.click(within(card('MO-2026-00001')).getByText('Контролер КТ-2'));
    const dialog = await screen.findByRole('dialog', { name: 'Завдання MO-2026-00001' });
    expect((within(dialog).getByLabelText(/Кількість/) as HTMLInputElement).value).toBe('10');
    expect(within(dialog).getByRole('link', { name: 'Відкрити замовлення на виробництво' }).getAttribute('href')).toBe(
      '/manufacturing?id=1',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Пріоритет' }));
    await user.click(await screen.findByRole('option', { name: 'Терміновий' }));
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'PATCH', '/api/production-tasks/1')).toEqual([{ version: 3, priority: 'urgent' }]),
    );
    expect(await screen.findByText('Зміни збережено')).toBeTruthy();
  });

  it('takes a card into work from its actions menu', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/production-tasks/2/move' && init.method === 'POST'
        ? jsonResponse({ ...released, status: 'in-progress', moStatus: 'in_progress' })
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00002');
    await user.click(screen.getByRole('button', { name: 'Дії із завданням MO-2026-00002' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Взяти в роботу' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/production-tasks/2/move')).toEqual([{ to: 'in-progress' }]),
    );
  });

  it('turns chosen order lines into tasks in the «З замовлень» dialog', async () => {
    const line = {
      orderLineId: 71,
      orderId: 12,
      orderNumber: 'ORD-2026-00012',
      clientName: 'Енергоплюс',
      itemId: 40,
      sku: 'KT-2',
      itemName: 'Контролер КТ-2',
      remaining: '5.0000',
      reserved: '1.0000',
      uncovered: '4.0000',
      coveredByMo: '0.0000',
      toCover: '4.0000',
      dueDate: '2026-12-05',
      approved: true,
    };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/production-tasks/from-orders?approvedOnly=true') return jsonResponse([line]);
      if (url === '/api/production-tasks/from-orders' && init.method === 'POST') {
        return jsonResponse([{ ...base, id: 11, moNumber: 'MO-2026-00011' }], 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00001');
    await user.click(screen.getByRole('button', { name: 'З замовлень' }));
    const dialog = await screen.findByRole('dialog', { name: 'Завдання з замовлень' });
    await within(dialog).findByText('Енергоплюс');
    expect(within(dialog).getByRole('button', { name: 'Створити завдання (0)' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Обрати ORD-2026-00012: Контролер КТ-2' }));
    const qty = within(dialog).getByRole('textbox', { name: 'Кількість для ORD-2026-00012' }) as HTMLInputElement;
    expect(qty.value).toBe('4');
    await user.clear(qty);
    await user.type(qty, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Створити завдання (1)' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/production-tasks/from-orders')).toEqual([
        { lines: [{ orderLineId: 71, qty: '3' }], dueDate: null, priority: 'normal' },
      ]),
    );
    expect(await screen.findByText('Створено 1 завдання')).toBeTruthy();
  });

  it('marks a finished card «Готово до завершення» with «Завершити» as its action, and a short one «Бракує матеріалів»', async () => {
    const finished = taskSchema.parse({
      ...working,
      producedQuantity: '10.0000',
      progress: 100,
      readyToComplete: true,
    });
    const short = taskSchema.parse({
      ...released,
      materialsShort: [
        { itemId: 7, sku: 'M-CASE-Z1', name: 'Корпус', unit: 'шт', needed: '4.0000', available: '1.0000' },
        { itemId: 8, sku: 'MAT-LABEL', name: 'Етикетка', unit: 'м', needed: '2.5000', available: '0.0000' },
      ],
    });
    stubApi(undefined, [base, short, finished]);
    const user = userEvent.setup();
    renderWithProviders(<ProductionPage />, { path: '/production' });
    await screen.findByText('MO-2026-00003');

    const done = within(card('MO-2026-00003'));
    expect(done.getByText('Готово до завершення')).toBeTruthy();
    expect(within(card('MO-2026-00001')).queryByText('Готово до завершення')).toBeNull();
    expect(within(card('MO-2026-00001')).queryByRole('button', { name: /^Завершити/ })).toBeNull();

    const badge = within(card('MO-2026-00002')).getByLabelText(/^Бракує матеріалів/);
    expect(badge.getAttribute('title')).toBe(
      'M-CASE-Z1 Корпус — потрібно 4 шт, є 1 шт\nMAT-LABEL Етикетка — потрібно 2,5 м, є 0 м',
    );
    expect(within(card('MO-2026-00001')).queryByText('Бракує матеріалів')).toBeNull();

    await user.click(done.getByRole('button', { name: 'Завершити MO-2026-00003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Завершити MO-2026-00003' });
    expect((within(dialog).getByLabelText('Випустити придатних') as HTMLInputElement).value).toBe('0');
  });
});
