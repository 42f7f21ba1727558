import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { companyExtensions } from './company-extensions.tsx';

const LOGO = '/api/companies/3/logo';
const row = { id: 3, name: 'ТОВ «Вектор»', isActive: true };

function renderRow() {
  const Actions = companyExtensions.rowActions!;
  const onRowClick = vi.fn();
  renderWithProviders(
    <table>
      <tbody>
        <tr onClick={onRowClick}>
          <td>
            <Actions row={row} canChange />
          </td>
        </tr>
      </tbody>
    </table>,
    { path: '/companies' },
  );
  return { onRowClick };
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([callUrl, init]) => callUrl === url && init?.method === method);

function logoSrc(): string {
  return screen.getByRole('img', { name: 'Логотип компанії ТОВ «Вектор»' }).getAttribute('src') ?? '';
}

describe('companyExtensions', () => {
  it('opens the company’s bank accounts', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    const user = userEvent.setup();
    const { onRowClick } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Банківські рахунки: ТОВ «Вектор»' }));
    const dialog = screen.getByRole('dialog', { name: 'Банківські рахунки: ТОВ «Вектор»' });
    expect(await within(dialog).findByText('Рахунків ще немає')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/companies/3/bank-accounts']);
    await user.click(within(dialog).getByRole('button', { name: 'Додати рахунок' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('shows the logo, or says there is none when the server has none', async () => {
    stubFetch(() => jsonResponse({ error: 'Не знайдено' }, 404));
    const user = userEvent.setup();
    renderRow();
    await user.click(screen.getByRole('button', { name: 'Логотип: ТОВ «Вектор»' }));
    expect(screen.getByRole('dialog', { name: 'Логотип: ТОВ «Вектор»' })).toBeTruthy();
    expect(logoSrc()).toMatch(/^\/api\/companies\/3\/logo\?v=\d+$/);
    expect(screen.getByRole('button', { name: 'Видалити логотип' })).toBeTruthy();

    fireEvent.error(screen.getByRole('img'));
    expect(await screen.findByText('Логотип не завантажено')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Видалити логотип' })).toBeNull();
  });

  it('refuses a file of the wrong type or size in Ukrainian before uploading', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Логотип збережено' }));
    const user = userEvent.setup({ applyAccept: false });
    renderRow();
    await user.click(screen.getByRole('button', { name: 'Логотип: ТОВ «Вектор»' }));
    const input = screen.getByLabelText('Завантажити логотип');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/svg+xml');

    await user.upload(input, new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Логотип має бути зображенням PNG, JPEG або SVG')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Логотип має бути не більше 1 МБ')).toBeTruthy();
    expect(calls(fetchMock, 'PUT', LOGO)).toHaveLength(0);
  });

  it('uploads the file itself, typed by its content type, and shows the new logo', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === LOGO && init.method === 'PUT'
        ? jsonResponse({ message: 'Логотип збережено' })
        : jsonResponse({ error: 'Не знайдено' }, 404),
    );
    const user = userEvent.setup();
    renderRow();
    await user.click(screen.getByRole('button', { name: 'Логотип: ТОВ «Вектор»' }));
    fireEvent.error(screen.getByRole('img'));
    await screen.findByText('Логотип не завантажено');

    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' });
    await user.upload(screen.getByLabelText('Завантажити логотип'), file);

    expect(await screen.findByText('Логотип збережено')).toBeTruthy();
    const put = calls(fetchMock, 'PUT', LOGO);
    expect(put).toHaveLength(1);
    expect(put[0]![1]!.body).toBe(file);
    expect(put[0]![1]!.headers).toEqual({ 'Content-Type': 'image/svg+xml' });
    expect(logoSrc()).toMatch(/^\/api\/companies\/3\/logo\?v=\d+$/);
  });

  it('deletes the logo only after a confirmation', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === LOGO && init.method === 'DELETE'
        ? jsonResponse({ message: 'Логотип видалено' })
        : jsonResponse({ error: 'Не знайдено' }, 404),
    );
    const user = userEvent.setup();
    renderRow();
    await user.click(screen.getByRole('button', { name: 'Логотип: ТОВ «Вектор»' }));
    const before = logoSrc();

    await user.click(screen.getByRole('button', { name: 'Видалити логотип' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Видалити логотип?' });
    expect(calls(fetchMock, 'DELETE', LOGO)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));

    expect(await screen.findByText('Логотип видалено')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', LOGO)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Логотип не завантажено')).toBeTruthy();
    expect(before).toMatch(/\?v=\d+$/);
  });
});
