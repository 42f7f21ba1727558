import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ManufacturingPage } from './manufacturing-page.tsx';
import { bodiesOf, listUrls, openDrawer, stubApi } from './manufacturing-page.kit.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ManufacturingPage — list', () => {
  it('shows the stat cards and the orders with progress, badges, overdue dates, source orders and responsible', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });

    expect(screen.getByRole('heading', { name: 'Виробництво' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Показники виробництва' });
    await waitFor(() => expect(within(stats).getByText('11')).toBeTruthy());
    for (const label of ['Заплановані', 'Запущені', 'У роботі', 'Завершено цього місяця', 'Прострочені']) {
      expect(within(stats).getByText(label), label).toBeTruthy();
    }

    const row = (await screen.findByText('MO-2026-00004')).closest('tr')!;
    expect(within(row).getByText('Блок живлення БЖ-12/2')).toBeTruthy();
    expect(within(row).getByText('4 / 10')).toBeTruthy();
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(row).getByText('У роботі')).toBeTruthy();
    expect(within(row).getByText('Терміновий')).toBeTruthy();
    expect(within(row).getByText('05.11.2026').className).toContain('text-red-700');
    expect(within(row).getByRole('link', { name: 'ORD-2026-00005' }).getAttribute('href')).toBe(
      '/orders?search=ORD-2026-00005',
    );
    expect(within(row).getByText('Петренко Іван')).toBeTruthy();
    const plannedTr = screen.getByText('MO-2026-00006').closest('tr')!;
    expect(within(plannedTr).getByText('Заплановано')).toBeTruthy();
    expect(within(plannedTr).getByText('20.12.2026').className).not.toContain('text-red-700');
    expect(listUrls(fetchMock)).toEqual(['/api/manufacturing-orders?page=1&limit=20&sort=-createdAt']);
    // The default fetcher stamps every manufacturing-orders GET with `_t`.
    expect(fetchMock.mock.calls.some(([url]) => /^\/api\/manufacturing-orders\?.*_t=\d+/.test(String(url)))).toBe(true);

    // Cards filter the list, and the filters live in the address.
    await user.click(within(stats).getByRole('button', { name: /Заплановані/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('status=planned'));
    expect(location.history.at(-1)).toBe('/manufacturing?status=planned');
    await user.click(within(stats).getByRole('button', { name: /Прострочені/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('overdue=true'));
    expect(listUrls(fetchMock).at(-1)).not.toContain('status=');
    fireEvent.change(screen.getByLabelText('Термін з'), { target: { value: '01.11.2026' } });
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('dueFrom=2026-11-01'));
    await user.click(screen.getByRole('button', { name: /Термін/ }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('sort=dueDate'));
    expect(location.history.at(-1)).toContain('sort=dueDate');
  });

  it('reads the filters from the address', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing?status=released,in_progress&priority=high' });
    await waitFor(() =>
      expect(listUrls(fetchMock)[0]).toBe(
        '/api/manufacturing-orders?page=1&limit=20&sort=-createdAt&status=released%2Cin_progress&priority=high',
      ),
    );
    expect(screen.getByRole('button', { name: /^Статус: / }).textContent).toContain('2 статуси');
  });

  it('opens the order named by ?search= (the notification link) and the one named by ?id=', async () => {
    const fetchMock = stubApi();
    const first = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing?search=MO-2026-00004' });
    expect((screen.getByLabelText('Пошук виробничих замовлень') as HTMLInputElement).value).toBe('MO-2026-00004');
    await waitFor(() => expect(listUrls(fetchMock)[0]).toContain('search=MO-2026-00004'));
    const drawer = await screen.findByRole('dialog', { name: /MO-2026-00004/ });
    expect(await within(drawer).findByText('Резистор 10 кОм')).toBeTruthy();
    expect(first.location.history.at(-1)).toBe('/manufacturing?search=MO-2026-00004&id=4');
    first.unmount();

    stubApi();
    const second = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing?id=6' });
    const plannedDrawer = await screen.findByRole('dialog', { name: /MO-2026-00006/ });
    expect(await within(plannedDrawer).findByRole('button', { name: 'Запустити' })).toBeTruthy();
    await userEvent.setup().click(within(plannedDrawer).getByRole('button', { name: 'Закрити' }));
    await waitFor(() => expect(second.location.history.at(-1)).toBe('/manufacturing'));
  });
});

describe('ManufacturingPage — form', () => {
  it('names what is missing in Ukrainian and does not send it', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове виробниче замовлення' });
    const qty = within(dialog).getByLabelText(/Кількість/);
    await user.clear(qty);
    await user.type(qty, '0');
    fireEvent.change(within(dialog).getByLabelText('Плановий початок'), { target: { value: '10.11.2026' } });
    fireEvent.change(within(dialog).getByLabelText('Термін виконання'), { target: { value: '01.11.2026' } });
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    expect(await within(dialog).findByText('Оберіть товар, який потрібно виготовити')).toBeTruthy();
    expect(within(dialog).getByText('Має бути більше нуля')).toBeTruthy();
    expect(within(dialog).getByText('Термін не може бути раніше планового початку')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates an order with the picked item and opens it', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/lookups/products')) return jsonResponse([{ id: 12, label: 'Блок живлення БЖ-12/2' }]);
      if (url.startsWith('/api/recipes')) {
        return jsonResponse([
          { id: 8, name: 'Серійна', itemId: 12, isDefault: true, status: 'active', batchSize: '50.0000' },
        ]);
      }
      if (url === '/api/manufacturing-orders' && init.method === 'POST') {
        return jsonResponse({ id: 6, number: 'MO-2026-00006' }, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    await user.click(await screen.findByRole('button', { name: 'Нове замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нове виробниче замовлення' });
    await user.click(within(dialog).getByRole('combobox', { name: /Товар/ }));
    await user.click(await screen.findByRole('option', { name: 'Блок живлення БЖ-12/2' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Рецепт/ }));
    await user.click(await screen.findByRole('option', { name: /Серійна/ }));
    const qty = within(dialog).getByLabelText(/Кількість/);
    await user.clear(qty);
    await user.type(qty, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST', '/api/manufacturing-orders')).toEqual([
        {
          itemId: 12,
          qty: '25',
          recipeId: 8,
          plannedStart: null,
          dueDate: null,
          priority: 'normal',
          responsibleWorkerId: null,
          outputWarehouseId: null,
          materialsWarehouseId: null,
          notes: null,
        },
      ]),
    );
    await waitFor(() => expect(location.history.at(-1)).toBe('/manufacturing?id=6'));
  });
});

describe('ManufacturingPage — permissions', () => {
  it('hides every change from a user who may only view /manufacturing', async () => {
    const fetchMock = stubApi((url) => {
      if (url === '/api/auth/user') {
        return jsonResponse({
          id: 5,
          username: 'viewer',
          firstName: 'Ліна',
          lastName: 'Коваль',
          email: 'viewer@example.com',
          profileImageUrl: null,
          workerId: null,
        });
      }
      if (url.startsWith('/api/users/5/accessible-menu')) {
        return jsonResponse([{ route: '/manufacturing', canView: true, canAccess: false }]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ManufacturingPage />, { path: '/manufacturing' });
    await screen.findByText('MO-2026-00004');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Нове замовлення' })).toBeNull());
    const drawer = await openDrawer(user);
    expect(within(drawer).getByText('У вас немає права змінювати виробничі замовлення.')).toBeTruthy();
    const group = within(drawer).getByRole('group', { name: 'Дії з замовленням' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Маршрутний лист', 'Етикетки', 'Етикетки випуску']);
    await user.click(within(drawer).getByRole('tab', { name: 'Випуск' }));
    expect(within(drawer).queryByRole('button', { name: /Скасувати проведення/ })).toBeNull();
    await user.click(within(drawer).getByRole('tab', { name: 'Облік часу' }));
    expect(within(drawer).queryByRole('button', { name: /Виправити запис/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});
