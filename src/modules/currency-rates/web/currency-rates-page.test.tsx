import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import type { RateList } from '../currency-rates.contract.ts';
import { CurrencyRatesPage } from './currency-rates-page.tsx';

const rate = (id: number, currencyCode: string, date: string, value: string, source: 'nbu' | 'manual' = 'nbu') => ({
  id,
  currencyCode,
  date,
  rate: value,
  source,
  fetchedAt: null,
  version: 1,
});
const list: RateList = {
  from: '2026-11-01',
  to: '2026-11-28',
  currencies: [
    { code: 'EUR', name: 'Євро', autoRates: true },
    { code: 'USD', name: 'Долар США', autoRates: true },
  ],
  rates: [
    rate(4, 'EUR', '2026-11-20', '47.712300'),
    rate(3, 'USD', '2026-11-20', '41.234500', 'manual'),
    rate(2, 'EUR', '2026-11-19', '47.600000'),
    rate(1, 'USD', '2026-11-19', '41.200000'),
  ],
};

describe('CurrencyRatesPage', () => {
  it('shows the date × currency table with the manual rate marked, and converts with the rate it used', async () => {
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
      if (url.startsWith('/api/currency-rates/convert?')) {
        return jsonResponse({
          amount: '100.00',
          date: '2026-11-20',
          from: { code: 'USD', rate: '41.234500', date: '2026-11-20' },
          to: { code: 'UAH', rate: '1.000000', date: null },
          result: '4123.45',
        });
      }
      if (url.startsWith('/api/currency-rates?')) return jsonResponse(list);
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    renderWithProviders(<CurrencyRatesPage />, { path: '/currency-rates' });
    const table = await screen.findByRole('table', { name: 'Курси валют НБУ' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('ДатаEURUSD');
    expect(rows[1]!.textContent).toContain('20.11.2026');
    expect(rows[1]!.textContent).toContain('47,7123');
    expect(rows[1]!.textContent).toContain('41,2345вручну');
    expect(screen.getAllByText('Курс USD, грн').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Дата', { selector: 'input' }), { target: { value: '20.11.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Перерахувати' }));
    expect(await screen.findByText(/^100,00 USD = 4\s123,45 UAH$/)).toBeTruthy();
    expect(screen.getByText('Курс USD: 41,2345 грн на 20.11.2026')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.includes('/convert?'))).toHaveLength(1));
    expect(calls.find((c) => c.includes('/convert?'))).toMatch(
      /^GET \/api\/currency-rates\/convert\?amount=100&from=EUR&to=UAH&date=/,
    );
  });

  it('says so when the period has no rates', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/user') return jsonResponse({ error: 'Потрібно увійти' }, 401);
      if (url.startsWith('/api/currency-rates?')) return jsonResponse({ ...list, rates: [] });
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    renderWithProviders(<CurrencyRatesPage />, { path: '/currency-rates' });
    expect(await screen.findByText('Курсів за цей період немає')).toBeTruthy();
  });
});
