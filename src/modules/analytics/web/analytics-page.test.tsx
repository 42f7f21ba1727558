import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { tileKeys, type Overview, type Trends } from '../analytics.contract.ts';
import { AnalyticsPage } from './analytics-page.tsx';

const tile = (current: string | null, previous: string | null, changePercent: string | null, filtered = true) => ({
  current,
  previous,
  changePercent,
  filtered,
});
const overview: Overview = {
  from: '2026-11-01',
  to: '2026-11-28',
  previousFrom: '2026-10-04',
  previousTo: '2026-10-31',
  tiles: {
    ...(Object.fromEntries(tileKeys.map((k) => [k, tile('0.00', '0.00', null)])) as Overview['tiles']),
    revenue: tile('300.00', '200.00', '50.00'),
    grossProfit: tile('100.00', '120.00', '-16.67'),
    margin: tile('33.33', '60.00', '-44.45'),
    leadTimeDays: tile('3.0', null, null),
  },
};
const trends: Trends = {
  asOf: '2026-11-28',
  aging: { days0to30: '200.00', days31to60: '0.00', days61to90: '0.00', over90: '0.00' },
  months: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}-01`,
    revenue: i === 10 ? '300.00' : '0.00',
    grossProfit: i === 10 ? '100.00' : '0.00',
    cashIn: '0.00',
    stockValue: '1000.00',
  })),
};

describe('AnalyticsPage', () => {
  it('shows the tiles with their change against the period before and the four charts', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
      if (url.startsWith('/api/analytics/overview?')) return jsonResponse(overview);
      if (url.startsWith('/api/analytics/trends?')) return jsonResponse(trends);
      if (url.startsWith('/api/lookups/')) return jsonResponse([]);
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    renderWithProviders(<AnalyticsPage />, { path: '/analytics' });
    const tiles = await screen.findByRole('region', { name: 'Аналітика' });
    expect(within(tiles).getByText('300,00 грн')).toBeTruthy();
    expect(within(tiles).getByText('50,00 % до попереднього')).toBeTruthy();
    expect(within(tiles).getByText('-16,67 % до попереднього')).toBeTruthy();
    expect(within(tiles).getByText('33,33 %')).toBeTruthy();
    expect(within(tiles).getAllByText('немає бази для порівняння').length).toBeGreaterThan(0);
    expect(screen.getByText('Попередній період: 04.10.2026 – 31.10.2026')).toBeTruthy();
    for (const title of [
      'Виручка і валовий прибуток за 12 місяців',
      'Надходження коштів і виручка',
      'Дебіторська заборгованість за віком',
      'Вартість запасів на кінець місяця',
    ]) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
  });
});
