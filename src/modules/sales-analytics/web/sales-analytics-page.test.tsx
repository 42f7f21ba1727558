import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { SalesProducts, SalesSummary } from '../sales-analytics.contract.ts';
import { SalesAnalyticsPage } from './sales-analytics-page.tsx';
import { SalesProductsPage } from './sales-products-page.tsx';

const fig = (current: string, previous: string, growthPercent: string | null) => ({ current, previous, growthPercent });
const summary: SalesSummary = {
  from: '2026-11-01',
  to: '2026-11-30',
  previousFrom: '2026-10-02',
  previousTo: '2026-10-31',
  revenue: fig('1000.00', '800.00', '25.00'),
  qty: fig('85.0000', '40.0000', '112.50'),
  orders: fig('3', '0', null),
  averageOrder: fig('333.33', '0', null),
  bookingsCount: fig('3', '2', '50.00'),
  bookingsValue: fig('1200.00', '960.00', '25.00'),
  clients: { active: 3, new: 2, returning: 1, dormant: 4 },
};
const sums = { qty: '10.0000', orders: 1, averageOrder: '700.00' };
const clients = {
  rows: [
    {
      clientId: 1,
      name: 'Альфа',
      revenue: '700.00',
      sharePercent: '70.00',
      firstSaleDate: '2026-11-12',
      status: 'new',
      abcClass: 'A',
      ...sums,
    },
    {
      clientId: 2,
      name: 'Бета',
      revenue: '200.00',
      sharePercent: '20.00',
      firstSaleDate: '2026-03-02',
      status: 'returning',
      abcClass: 'B',
      ...sums,
    },
  ],
  total: 2,
};

describe('SalesAnalyticsPage', () => {
  it('shows the figures against the period before, the clients and the table by client with the ABC class', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
      if (url.startsWith('/api/sales-analytics/summary?')) return jsonResponse(summary);
      if (url.startsWith('/api/sales-analytics/by-period?')) {
        return jsonResponse([
          {
            period: '2026-11-12',
            revenue: '700.00',
            qty: '70.0000',
            orders: 1,
            averageOrder: '700.00',
            sharePercent: '70.00',
          },
        ]);
      }
      if (url.startsWith('/api/sales-analytics/by-client?')) return jsonResponse(clients);
      if (url.startsWith('/api/lookups/')) return jsonResponse([]);
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    renderWithProviders(<SalesAnalyticsPage />, { path: '/sales-analytics' });
    const figures = await screen.findByRole('region', { name: 'Аналітика продажів' });
    expect(figures.textContent).toMatch(/Виручка \(без ПДВ\)1\s000,00 грн/);
    expect(within(figures).getAllByText('25,00 % до попереднього')).toHaveLength(2);
    expect(within(figures).getAllByText('немає бази для порівняння').length).toBeGreaterThan(0);
    const people = screen.getByRole('region', { name: 'Клієнти' });
    expect(people.textContent).toContain('Нові2');
    expect(people.textContent).toContain('Сплячі (180 днів без покупок)4');
    const table = screen.getByRole('table', { name: 'За клієнтами' });
    expect(within(table).getByText('Альфа')).toBeTruthy();
    expect(within(table).getByText('новий')).toBeTruthy();
    expect(within(table).getByText('повторний')).toBeTruthy();
  });
});

describe('SalesProductsPage', () => {
  it('shows the items with ABC and XYZ and sends «Показати без продажів» with the filter', async () => {
    const answer: SalesProducts = {
      from: '2026-11-01',
      to: '2026-11-30',
      months: [],
      totals: { qty: '125.0000', revenue: '2500.00', items: 1 },
      rows: [
        {
          itemId: 5,
          sku: 'PSU-10',
          name: 'Блок живлення',
          qty: '125.0000',
          revenue: '2500.00',
          sharePercent: '100.00',
          averagePrice: '20.00',
          clients: 2,
          lastSaleDate: '2026-11-15',
          trend: Array(12).fill('10.0000'),
          abcClass: 'A',
          xyzClass: 'X',
          cv: '0.00',
        },
      ],
      total: 1,
    };
    const asked: string[] = [];
    stubFetch((url) => {
      if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
      if (url.startsWith('/api/sales-analytics-products?')) {
        asked.push(url);
        return jsonResponse(answer);
      }
      if (url.startsWith('/api/lookups/')) return jsonResponse([]);
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    renderWithProviders(<SalesProductsPage />, { path: '/sales-analytics-products' });
    const table = await screen.findByRole('table', { name: 'Продажі за товарами' });
    const row = within(table).getByText('Блок живлення').closest('tr')!;
    expect(row.textContent).toContain('2\u00a0500,00');
    expect(row.textContent).toContain('15.11.2026');
    expect(within(row).getByText('X')).toBeTruthy();
    expect(within(row).getByRole('img').getAttribute('aria-label')).toContain('Продажі «Блок живлення» за 12 місяців');
    fireEvent.click(screen.getByLabelText('Показати без продажів'));
    await screen.findByRole('table', { name: 'Продажі за товарами' });
    expect(asked.at(-1)).toContain('withoutSales=true');
  });
});
