// The /products filter bar's 'Статус запасу' (reference-data.md §16, warehouse.md §0): the one status rule's three
// statuses offered after 'Усі', the chosen one sent to the server as `stockStatus`, and lifted again.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createResourcePage } from '@/resources/_engine/web/resource-page.tsx';
import { productsResource } from '@/resources/items/items.resource.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { productExtensions } from './item-extensions.tsx';

const ProductsPage = createResourcePage(productsResource, productExtensions);

const product = {
  id: 5,
  sku: 'ТП-М01',
  name: 'Мультиметр ТП-М01',
  kind: 'product',
  categoryId: null,
  unitId: 1,
  unitIdLabel: 'шт',
  retailPrice: '1250.00',
  wholesalePrice: null,
  available: '3.0000',
  isActive: true,
};

function stubApi() {
  return stubFetch((url) => {
    if (url.startsWith('/api/products?'))
      return new Response(JSON.stringify([product]), {
        headers: { 'content-type': 'application/json', 'X-Total-Count': '1' },
      });
    if (url.startsWith('/api/lookups/')) return jsonResponse([]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}
const listUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/products?'));

describe('/products stock status filter', () => {
  it('sends the chosen status to the server and lifts it with «Усі»', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<ProductsPage />, { path: '/products' });
    await screen.findByText('Мультиметр ТП-М01');
    expect(listUrls(fetchMock).at(-1)).not.toContain('stockStatus=');

    await user.click(screen.getByRole('combobox', { name: 'Статус запасу' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Усі',
      'В наявності',
      'Закінчується',
      'Немає в наявності',
    ]);
    await user.click(screen.getByRole('option', { name: 'Закінчується' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&stockStatus=low-stock'));

    await user.click(screen.getByRole('combobox', { name: 'Статус запасу' }));
    await user.click(await screen.findByRole('option', { name: 'Немає в наявності' }));
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toContain('&stockStatus=out-of-stock'));

    await user.click(screen.getByRole('combobox', { name: 'Статус запасу' }));
    await user.click(await screen.findByRole('option', { name: 'Усі' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Статус запасу' }).textContent).toContain('Усі'));
  });
});
