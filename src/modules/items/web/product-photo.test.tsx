// A product's photo on /products (reference-data.md §16) and the kind refusal under its input (domain README §2):
// the thumbnail on the row and beside the name in the form, the upload's checks before sending, the server's 422
// shown under 'Тип'.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { itemMessages, productsResource } from '@/resources/items/items.resource.ts';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import { ResourceFormDialog } from '@/resources/_engine/web/resource-form-dialog.tsx';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { productExtensions } from './item-extensions.tsx';

const PHOTO = '/api/products/5/photo';
const row = {
  id: 5,
  sku: 'ТП-М01',
  name: 'Мультиметр ТП-М01',
  kind: 'product',
  unitId: 1,
  unitIdLabel: 'шт',
  vatRate: '20',
  stockControl: true,
  serialTracking: false,
  warrantyMonths: 12,
  batchSize: 1,
  isActive: true,
  photoVersion: '1764300000000',
};

function renderRow(props: { row: ResourceRow; canChange: boolean }) {
  const Actions = productExtensions.rowActions!;
  const onRowClick = vi.fn();
  renderWithProviders(
    <table>
      <tbody>
        <tr onClick={onRowClick}>
          <td>
            <Actions {...props} />
          </td>
        </tr>
      </tbody>
    </table>,
    { path: '/products' },
  );
  return { onRowClick };
}

const puts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === PHOTO && init?.method === 'PUT');

describe('product photo', () => {
  it('shows the thumbnail on the row by its version, and only shows it to a user who may not change products', () => {
    stubFetch(() => jsonResponse([]));
    renderRow({ row, canChange: false });
    const thumb = screen.getByRole('img', { name: 'Мініатюра фото товару Мультиметр ТП-М01' });
    expect(thumb.getAttribute('src')).toBe(`${PHOTO}?v=1764300000000`);
    expect(screen.queryByRole('button', { name: 'Фото: Мультиметр ТП-М01' })).toBeNull();
  });

  it('offers a camera on a row without a photo, opening the photo dialog without opening the row', async () => {
    stubFetch(() => jsonResponse({ error: 'Фото не завантажено' }, 404));
    const user = userEvent.setup();
    const { onRowClick } = renderRow({ row: { ...row, photoVersion: null }, canChange: true });
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Фото: Мультиметр ТП-М01' }));
    const dialog = screen.getByRole('dialog', { name: 'Фото товару' });
    expect(within(dialog).getByText('PNG, JPEG або WebP, не більше 5 МБ.')).toBeTruthy();
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('opens the photo from the edit form, refuses a wrong type or over 5 MB, and uploads a valid file', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === PHOTO && init.method === 'PUT' ? jsonResponse({ message: 'Фото збережено' }) : jsonResponse([]),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(
      <ResourceFormDialog def={productsResource} row={row} addons={productExtensions.fieldAddons} onClose={() => {}} />,
    );
    const form = await screen.findByRole('dialog', { name: /Мультиметр ТП-М01/ });
    const button = within(form).getByRole('button', { name: 'Фото: Мультиметр ТП-М01' });
    expect(within(button).getByRole('presentation', { hidden: true }).getAttribute('src')).toBe(
      `${PHOTO}?v=1764300000000`,
    );
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Фото товару' });
    const input = within(dialog).getByLabelText('Завантажити фото');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');

    await user.upload(input, new File(['gif'], 'photo.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByText('Фото має бути зображенням PNG, JPEG або WebP')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByText('Фото має бути не більше 5 МБ')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);

    const file = new File([new Uint8Array(5 * 1024 * 1024)], 'front.webp', { type: 'image/webp' });
    await user.upload(input, file);
    expect(await screen.findByText('Фото збережено')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(1);
    expect(puts(fetchMock)[0]![1]!.body).toBe(file);
  });

  it('shows the server’s refusal to make a stocked item a service under the kind input', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === '/api/products/5' && init.method === 'PATCH'
        ? jsonResponse({ error: itemMessages.serviceHasStock, fields: { kind: itemMessages.serviceHasStock } }, 422)
        : jsonResponse([]),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <ResourceFormDialog def={productsResource} row={row} addons={productExtensions.fieldAddons} onClose={() => {}} />,
    );
    const form = await screen.findByRole('dialog', { name: /Мультиметр ТП-М01/ });
    const kind = within(form).getByRole('combobox', { name: 'Тип' });
    await user.click(kind);
    await user.click(await screen.findByRole('option', { name: 'Послуга' }));
    await user.click(within(form).getByRole('button', { name: 'Зберегти' }));

    const message = await within(form).findByText(itemMessages.serviceHasStock);
    expect(kind.getAttribute('aria-describedby')).toBe(message.closest('[id]')?.id);
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    const patch = fetchMock.mock.calls.find(([url, init]) => url === '/api/products/5' && init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toMatchObject({ kind: 'service' });
  });
});
