// The quick 'Коригування' with the quantity in another unit of the item's stock-unit type (reference-data.md §1
// 'Conversion'): choosing 'кг' for an item kept in grams shows the typed quantity in grams, names the unit in the
// quantity's label and sends the unit with the typed quantity.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stockRowSchema, stockStatsSchema } from '@/modules/stock/stock.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ComponentStockPage } from './component-stock-page.tsx';

const grams = { id: 4, name: 'Грам', shortName: 'г', type: 'weight', factor: '0.001000' };
const kilograms = { id: 3, name: 'Кілограм', shortName: 'кг', type: 'weight', factor: '1.000000' };

const solder = stockRowSchema.parse({
  itemId: 7,
  sku: 'ПРП-1',
  name: 'Припій ПОС-61',
  kind: 'material',
  categoryName: null,
  unitShortName: 'г',
  onHand: '2500.0000',
  reserved: '0.0000',
  available: '2500.0000',
  avgCost: '0.400000',
  value: '1000.00',
  threshold: '0',
  stockControl: true,
  status: 'in-stock',
});

describe("the quick 'Коригування' in another unit", () => {
  it("shows the hint for 'кг' and sends unitId with the typed count", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/component-stock/adjustments/item-units?itemId=7') {
        return jsonResponse({ stockUnit: grams, units: [grams, kilograms] });
      }
      if (url === '/api/component-stock/adjustments' && init.method === 'POST') {
        return jsonResponse(
          {
            id: 41,
            number: 'ADJ-2026-00041',
            documentDate: '2026-11-22',
            status: 'posted',
            warehouseId: 5,
            warehouseName: 'Основний склад',
            reason: 'correction',
            comment: null,
            lineCount: 1,
            version: 2,
            postedAt: '2026-11-22T10:00:00.000Z',
            cancelledAt: null,
            cancelReason: null,
            createdAt: '2026-11-22T10:00:00.000Z',
            lines: [],
          },
          201,
        );
      }
      if (url.startsWith('/api/component-stock/stats')) {
        return jsonResponse(stockStatsSchema.parse({ items: 1, value: '1000.00', lowStock: 0, outOfStock: 0 }));
      }
      if (url.startsWith('/api/component-stock?')) {
        return new Response(JSON.stringify([solder]), {
          headers: { 'content-type': 'application/json', 'X-Total-Count': '1' },
        });
      }
      if (url.startsWith('/api/lookups/warehouses')) return jsonResponse([{ id: 5, label: 'Основний склад' }]);
      return jsonResponse({ error: 'Не знайдено' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<ComponentStockPage />, { path: '/component-stock' });
    await user.click(await screen.findByRole('button', { name: 'Коригування: ПРП-1 Припій ПОС-61' }));
    const dialog = await screen.findByRole('dialog', { name: 'Коригування' });

    const unit = within(dialog).getByRole('combobox', { name: 'Одиниця' });
    await waitFor(() => expect(unit.textContent).toBe('г'));
    await user.click(unit);
    await user.click(await screen.findByRole('option', { name: 'кг' }));
    await user.type(within(dialog).getByLabelText('Фактична кількість, кг'), '2,75');
    expect(within(dialog).getByText(/^= 2\s750 г$/)).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: 'Склад' }));
    await user.click(await screen.findByRole('option', { name: 'Основний склад' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Причина' }));
    await user.click(await screen.findByRole('option', { name: 'Виправлення обліку' }));
    await user.click(within(dialog).getByRole('button', { name: 'Провести' }));

    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([u, i]) => u === '/api/component-stock/adjustments' && i?.method === 'POST'),
      ).toHaveLength(1),
    );
    const [, init] = fetchMock.mock.calls.find(
      ([u, i]) => u === '/api/component-stock/adjustments' && i?.method === 'POST',
    )!;
    expect(JSON.parse(String(init!.body))).toEqual({
      warehouseId: 5,
      reason: 'correction',
      comment: null,
      post: true,
      lines: [{ itemId: 7, countedQty: '2.75', unitId: 3 }],
    });
  });
});
