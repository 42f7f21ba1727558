// The terminal page: a tap that got no answer is retried with the SAME Idempotency-Key, a new tap gets a new one;
// quantities come from the keypad; the department is remembered on the device; a badge scan identifies the operator.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  MesActionResult,
  MesContext,
  MesOperationDetail,
  MesQueueRow,
  MesWorker,
} from '@/modules/mes/mes.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { MesPage } from './mes-page.tsx';

const worker: MesWorker = {
  id: 7,
  name: 'Шевчук Андрій',
  positionName: 'Оператор SMT-лінії',
  departmentId: 3,
  departmentName: 'Дільниця поверхневого монтажу',
  hasBadge: true,
  currentOperationId: null,
  currentMoNumber: null,
};

const context = (linked: MesWorker | null): MesContext => ({
  requireBadge: false,
  autoOutputOnLastOperation: true,
  worker: linked,
  departments: [
    { id: 3, name: 'Дільниця поверхневого монтажу', code: 'SMT' },
    { id: 4, name: 'Складальний цех', code: 'СЦ' },
  ],
});

const row: MesQueueRow = {
  id: 5,
  moId: 2,
  moNumber: 'MO-2026-00002',
  moStatus: 'in_progress',
  priority: 'urgent',
  dueDate: '2026-03-10',
  itemId: 40,
  sku: 'PSU-12',
  itemName: 'Блок живлення 12 В',
  unitShortName: 'шт',
  moQty: '10.0000',
  seq: 20,
  name: 'Пайка',
  departmentId: 3,
  departmentName: 'Дільниця поверхневого монтажу',
  positionName: null,
  equipment: null,
  status: 'ready',
  goodQty: '0.0000',
  scrapQty: '0.0000',
  plannedMinutes: '30.00',
  canRunParallel: false,
  qualityCheck: false,
  isLast: false,
  available: '10.0000',
  workers: [],
  materialsShort: [],
};

const pendingRow: MesQueueRow = { ...row, id: 6, seq: 30, name: 'Контроль', status: 'pending', available: '0.0000' };

const detail = (onIt: boolean): MesOperationDetail => ({
  ...row,
  status: onIt ? 'in_progress' : 'ready',
  workers: onIt ? [{ workerId: 7, name: 'Шевчук Андрій', startedAt: '2026-03-02T06:00:00.000Z' }] : [],
  moNotes: null,
  serialTracking: false,
  autoOutput: false,
  instructions: { operation: 'Паяти при 330 °C', recipe: null, techCard: { name: 'ТК-1', notes: null } },
  materials: [
    {
      id: 1,
      itemId: 9,
      sku: 'R-10K',
      name: 'Резистор 10 кОм',
      unitShortName: 'шт',
      perUnitQty: '2.000000',
      requiredQty: '20.0000',
      issuedQty: '0.0000',
    },
  ],
  entries: [],
});

const result = (action: MesActionResult['action']): MesActionResult => ({
  action,
  operation: { ...row, status: 'in_progress' },
  entry: null,
  pausedEntryId: null,
  output: null,
});

interface Call {
  url: string;
  method: string;
  key: string | undefined;
  body: unknown;
}

function terminal(opts: { linked?: MesWorker | null; startFailures?: number } = {}) {
  let onIt = false;
  let startFailures = opts.startFailures ?? 0;
  const posts: Call[] = [];
  const fetchMock = stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url.startsWith('/api/auth/user')) return jsonResponse({ error: 'Потрібно увійти в систему' }, 401);
    if (url.startsWith('/api/mes/context'))
      return jsonResponse(context(opts.linked === undefined ? worker : opts.linked));
    if (url.startsWith('/api/mes/queue')) return jsonResponse([row, pendingRow]);
    if (url.startsWith('/api/mes/workers')) return jsonResponse([worker]);
    if (url === '/api/mes/identify' && method === 'POST') {
      const { badgeCode } = JSON.parse(String(init.body)) as { badgeCode: string };
      return badgeCode === 'B0007'
        ? jsonResponse(worker)
        : jsonResponse({ error: 'Працівника з таким бейджем не знайдено' }, 404);
    }
    const action = /^\/api\/mes\/operations\/5\/(\w+)$/.exec(url);
    if (action && method === 'POST') {
      const headers = init.headers as Record<string, string>;
      posts.push({ url, method, key: headers['Idempotency-Key'], body: JSON.parse(String(init.body)) });
      if (action[1] === 'start' && startFailures > 0) {
        startFailures -= 1;
        throw new TypeError('Failed to fetch');
      }
      if (action[1] === 'report' && posts.filter((p) => p.url.endsWith('/report')).length === 1) {
        return jsonResponse({ error: 'Доступно 2', fields: { goodQty: 'Доступно 2' } }, 409);
      }
      if (action[1] === 'start' || action[1] === 'resume') onIt = true;
      return jsonResponse(result(action[1] as MesActionResult['action']));
    }
    if (url.startsWith('/api/mes/operations/5')) return jsonResponse(detail(onIt));
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
  return { fetchMock, posts };
}

describe('MesPage', () => {
  it('retries a tap that got no answer with the same Idempotency-Key and gives a new tap a new key', async () => {
    const { posts } = terminal({ startFailures: 1 });
    renderWithProviders(<MesPage />, { path: '/mes' });
    expect((await screen.findByTestId('mes-operator')).textContent).toBe('Шевчук Андрій');
    // The pending operation is shown greyed under 'Наступні' and cannot be opened.
    const next = await screen.findByRole('heading', { name: 'Наступні' });
    expect(within(next.parentElement!).getByRole('button', { name: /Контроль/ })).toHaveProperty('disabled', true);
    fireEvent.click(await screen.findByRole('button', { name: 'MO-2026-00002, 20 Пайка' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Почати' }));
    const alert = await screen.findByText(/Немає зв’язку з сервером/);
    expect(alert).toBeTruthy();
    expect(posts).toHaveLength(1);
    const firstKey = posts[0]!.key;
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Повторити' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.key).toBe(firstKey);
    expect(posts[1]!.body).toEqual({ workerId: 7 });
    await waitFor(() => expect(screen.queryByText(/Немає зв’язку з сервером/)).toBeNull());

    // Now on it: 'Звітувати' opens the keypad; 3 good is refused (409), then 2 good goes with a fresh key each tap.
    fireEvent.click(await screen.findByRole('button', { name: 'Звітувати' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('input, textarea')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '3' }));
    expect(within(dialog).getByTestId('mes-good-value').textContent).toBe('3');
    fireEvent.click(within(dialog).getByRole('button', { name: /Підтвердити/ }));
    expect((await screen.findByText('Доступно 2')).textContent).toBe('Доступно 2');
    expect(posts[2]).toMatchObject({
      url: '/api/mes/operations/5/report',
      body: { workerId: 7, goodQty: '3', scrapQty: '0' },
    });
    expect(posts[2]!.key).not.toBe(firstKey);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Стерти' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Підтвердити/ }));
    await waitFor(() => expect(posts).toHaveLength(4));
    expect(posts[3]!.body).toMatchObject({ goodQty: '2' });
    expect(new Set(posts.map((p) => p.key)).size).toBe(3);
  });

  it('asks a scrap reason before sending scrap', async () => {
    const { posts } = terminal();
    renderWithProviders(<MesPage />, { path: '/mes' });
    fireEvent.click(await screen.findByRole('button', { name: 'MO-2026-00002, 20 Пайка' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Почати' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Завершити' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Брак: 0/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Підтвердити/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Вкажіть причину браку');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Помилка оператора' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Операцію завершено/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Підтвердити/ }));
    await waitFor(() => expect(posts.some((p) => p.url.endsWith('/finish'))).toBe(true));
    expect(posts.find((p) => p.url.endsWith('/finish'))!.body).toEqual({
      workerId: 7,
      goodQty: '0',
      scrapQty: '1',
      scrapReason: 'Помилка оператора',
      closeOperation: true,
    });
  });

  it('identifies by badge on a shared terminal and remembers the department on the device', async () => {
    const { fetchMock } = terminal({ linked: null });
    renderWithProviders(<MesPage />, { path: '/mes' });
    const department = await screen.findByRole('combobox', { name: 'Дільниця' });
    fireEvent.change(department, { target: { value: '3' } });
    expect(window.localStorage.getItem('mes.departmentId')).toBe('3');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/mes/workers?departmentId=3'))).toBe(
        true,
      ),
    );
    const badge = screen.getByPlaceholderText('Код бейджа');
    fireEvent.change(badge, { target: { value: 'B9999' } });
    fireEvent.submit(badge.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Працівника з таким бейджем не знайдено');
    fireEvent.change(badge, { target: { value: 'B0007' } });
    fireEvent.submit(badge.closest('form')!);
    expect((await screen.findByTestId('mes-operator')).textContent).toBe('Шевчук Андрій');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/mes/queue?departmentId=3'))).toBe(true),
    );
  });

  it('starts with the department stored on the device', async () => {
    window.localStorage.setItem('mes.departmentId', '4');
    const { fetchMock } = terminal();
    renderWithProviders(<MesPage />, { path: '/mes' });
    expect(((await screen.findByRole('combobox', { name: 'Дільниця' })) as HTMLSelectElement).value).toBe('4');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/mes/queue?departmentId=4'))).toBe(true),
    );
  });
});
