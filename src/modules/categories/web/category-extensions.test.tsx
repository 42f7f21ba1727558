import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { productCategoryExtensions } from './category-extensions.tsx';

const row = { id: 7, name: 'Джерела живлення', isActive: true };

function renderRow(canChange = true) {
  const Actions = productCategoryExtensions.rowActions!;
  const onRowClick = vi.fn();
  renderWithProviders(
    <table>
      <tbody>
        <tr onClick={onRowClick}>
          <td>
            <Actions row={row} canChange={canChange} />
          </td>
        </tr>
      </tbody>
    </table>,
    { path: '/product-categories' },
  );
  return { onRowClick };
}

const api = (saved: unknown = []) =>
  stubFetch((url, init) => {
    if (url === '/api/product-categories/7/departments' && init.method === 'PUT') return jsonResponse(saved);
    if (url === '/api/product-categories/7/departments') {
      return jsonResponse([{ id: 3, name: 'Пакування', isActive: true }]);
    }
    if (url.startsWith('/api/lookups/departments')) {
      return jsonResponse([
        { id: 2, label: 'Монтаж' },
        { id: 3, label: 'Пакування' },
      ]);
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });

describe('productCategoryExtensions', () => {
  it('ticks the category’s departments and saves the whole set', async () => {
    const fetchMock = api([
      { id: 2, name: 'Монтаж', isActive: true },
      { id: 3, name: 'Пакування', isActive: true },
    ]);
    const user = userEvent.setup();
    const { onRowClick } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Відділи: Джерела живлення' }));
    const dialog = screen.getByRole('dialog', { name: 'Відділи категорії «Джерела живлення»' });
    const packing = await within(dialog).findByRole('checkbox', { name: 'Пакування' });
    expect(packing.getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Монтаж' }));
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ departmentIds: [3, 2] });
    expect(await screen.findByText('Відділи категорії збережено')).toBeTruthy();
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('shows the departments read-only to a user who may not change categories', async () => {
    api();
    const user = userEvent.setup();
    renderRow(false);
    await user.click(screen.getByRole('button', { name: 'Відділи: Джерела живлення' }));
    const dialog = screen.getByRole('dialog');
    expect(((await within(dialog).findByRole('checkbox', { name: 'Монтаж' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).queryByRole('button', { name: 'Зберегти' })).toBeNull();
  });
});
