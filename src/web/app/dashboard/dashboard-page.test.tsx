// The dashboard as spec §2 describes it: 'Завантаження...' while the stats load, the six cards with their notes, the
// four newest goods with price and stock badge, the kanban's three counts, the two sample charts, and the quick
// actions opening the scanner lookup, the product form, the order form and the label printing — each offered only to
// a user who may use it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@/modules/dashboard/dashboard.contract.ts';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { adminMenu, MENU_URL, menuOf, olena, seedUser } from '@/web/layout/shell.fixtures.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const stats: DashboardStats = {
  totalProducts: 1245,
  activeOrders: 20,
  productionTasks: 2,
  lowStockCount: 7,
  materialShortages: 5,
  criticalShortages: 1,
};
const products = [
  { id: 9, name: 'Контролер КТ-100', sku: 'КТ-100', retailPrice: '12500.000000', available: '12.0000' },
  { id: 8, name: 'Датчик ДТ-2', sku: 'ДТ-2', retailPrice: '840.500000', available: '0.0000' },
  { id: 7, name: 'Блок живлення БЖ-12', sku: 'БЖ-12', retailPrice: null, available: '-1.0000' },
  { id: 6, name: 'Реле РП-4', sku: 'РП-4', retailPrice: '99.000000', available: '3.0000' },
];
const task = (id: number, status: string) => ({ id, status });
const tasks = [task(1, 'planned'), task(2, 'planned'), task(3, 'in-progress'), task(4, 'completed')];

const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
const cells = (row: Element) => Array.from(row.children).map(text).join(' ');

function renderDashboard({
  menu = adminMenu,
  statsAnswer,
}: {
  menu?: typeof adminMenu;
  statsAnswer?: Promise<Response>;
}) {
  const calls: string[] = [];
  stubFetch((url) => {
    calls.push(url);
    if (url === '/api/auth/user') return jsonResponse(olena);
    if (url === MENU_URL) return jsonResponse(menu);
    if (url === '/api/dashboard/stats') return statsAnswer ?? jsonResponse(stats);
    if (url === '/api/products?kind=product&limit=4') return jsonResponse(products);
    if (url === '/api/production-tasks') return jsonResponse(tasks);
    return jsonResponse([]);
  });
  const queryClient = createQueryClient();
  seedUser(queryClient);
  return { calls, ...renderWithProviders(<DashboardPage />, { queryClient, path: '/dashboard' }) };
}

describe('DashboardPage', () => {
  it("says 'Завантаження...' while the stats load, then shows the six cards with their notes", async () => {
    const answer = deferred<Response>();
    const { calls } = renderDashboard({ statsAnswer: answer.promise });
    expect(screen.getByRole('heading', { level: 1, name: 'Дашборд' })).toBeTruthy();
    expect(screen.getByText('Огляд системи обліку та виробництва')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Завантаження...');
    // The panels' data is already on its way beside the stats, not after them.
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining(['/api/dashboard/stats', '/api/products?kind=product&limit=4', '/api/production-tasks']),
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('Завантаження...');
    answer.resolve(jsonResponse(stats));

    const cards = within(await screen.findByRole('region', { name: 'Дашборд' }));
    expect(cards.getAllByRole('link').map((card) => [text(card), card.getAttribute('href')])).toEqual([
      ['Всього товарів 1 245 +12% за місяць', '/products'],
      ['Активні замовлення 20 +5 сьогодні', '/orders'],
      ['Виробничі завдання 2 В роботі', '/production'],
      ['Дефіцит товарів 7 Потребує уваги', '/inventory'],
      ['Дефіцит матеріалів 5 Потребує замовлення', '/shortage'],
      ['Критичний дефіцит 1 Негайно', '/shortage'],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lists the four newest goods with price in hryvnia and their stock, and the kanban counts', async () => {
    renderDashboard({});
    const panel = (await screen.findByRole('heading', { name: 'Нові товари' })).closest('[data-slot="card"]')!;
    await waitFor(() => expect(within(panel as HTMLElement).getAllByRole('listitem')).toHaveLength(4));
    expect(
      within(panel as HTMLElement)
        .getAllByRole('listitem')
        .map(text),
    ).toEqual([
      'Контролер КТ-100 Артикул: КТ-100 12 500,00 грн В наявності',
      'Датчик ДТ-2 Артикул: ДТ-2 840,50 грн Немає в наявності',
      'Блок живлення БЖ-12 Артикул: БЖ-12 — Немає в наявності',
      'Реле РП-4 Артикул: РП-4 99,00 грн В наявності',
    ]);
    expect(
      within(panel as HTMLElement)
        .getByRole('link', { name: 'Переглянути всі' })
        .getAttribute('href'),
    ).toBe('/products');

    const production = (await screen.findByRole('heading', { name: 'Виробництво' })).closest('[data-slot="card"]')!;
    const counts = () =>
      within(production as HTMLElement)
        .getAllByRole('term')
        .map((term) => `${text(term)} ${text(term.nextElementSibling!)}`);
    await waitFor(() => expect(counts()).toEqual(['До виконання 2', 'В роботі 1', 'Виконано 1']));
    expect(
      within(production as HTMLElement)
        .getByRole('link', { name: 'Повний Kanban' })
        .getAttribute('href'),
    ).toBe('/production');
  });

  it("draws the spec's two sample charts, their data readable as tables and marked as sample data", async () => {
    renderDashboard({});
    expect(await screen.findByRole('img', { name: 'Динаміка запасів' })).toBeTruthy();
    for (const title of ['Динаміка запасів', 'Собівартість виробництва']) {
      const panel = screen.getByRole('heading', { name: title }).closest('[data-slot="card"]') as HTMLElement;
      expect(within(panel).getByText('Приклад даних')).toBeTruthy();
    }
    expect(screen.getByRole('img', { name: 'Собівартість виробництва' })).toBeTruthy();
    const stock = screen.getByRole('table', { name: 'Динаміка запасів' });
    expect(within(stock).getAllByRole('row').slice(1).map(cells)).toEqual([
      'Січ 1 200',
      'Лют 1 150',
      'Бер 1 300',
      'Кві 1 247',
      'Тра 1 180',
      'Чер 1 247',
    ]);
    const cost = screen.getByRole('table', { name: 'Собівартість виробництва' });
    expect(within(cost).getAllByRole('row').slice(1).map(cells)).toEqual([
      'Матеріали 45%',
      'Праця 30%',
      'Накладні витрати 20%',
      'Інше 5%',
    ]);
  });

  it('opens the scanner lookup, the product form, the order form and the label printing', async () => {
    const user = userEvent.setup();
    renderDashboard({});
    const actions = (await screen.findByRole('heading', { name: 'Швидкі дії' })).closest('[data-slot="card"]')!;
    const open = async (action: string, title: string) => {
      await user.click(within(actions as HTMLElement).getByRole('button', { name: action }));
      const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
      expect(within(dialog).getByRole('heading', { name: title })).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await open('Сканувати штрих-код', 'Сканувати штрих-код');
    await open('Новий товар', 'Новий товар');
    await open('Нове замовлення', 'Нове замовлення клієнта');
    await open('Друк етикеток', 'Друк етикеток');
  });

  it('offers a viewer of the dashboard alone neither links nor quick actions', async () => {
    const onlyDashboard = menuOf((route) => ({ canView: route === '/dashboard', canAccess: false }));
    renderDashboard({ menu: onlyDashboard });
    await screen.findByRole('region', { name: 'Дашборд' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Швидкі дії' })).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Дашборд' })).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Переглянути всі' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Повний Kanban' })).toBeNull();
  });
});
