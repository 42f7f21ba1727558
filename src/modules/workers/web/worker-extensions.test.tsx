import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { workerExtensions } from './worker-extensions.tsx';

const PHOTO = '/api/workers/9/photo';
const row = { id: 9, lastName: 'Коваленко', firstName: 'Олена', isActive: true };

/** The actions in a clickable row, as the resource page renders them. */
function renderRow() {
  const Actions = workerExtensions.rowActions!;
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
    { path: '/workers' },
  );
  return { onRowClick };
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === PHOTO && init?.method === method);

const photoSrc = () => screen.getByRole('img', { name: 'Фото працівника Коваленко Олена' }).getAttribute('src') ?? '';

async function openPhoto(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Фото: Коваленко Олена' }));
  return screen.getByRole('dialog', { name: 'Фото працівника' });
}

describe('workerExtensions', () => {
  it('shows the photo, or says there is none when the server answers 404', async () => {
    stubFetch(() => jsonResponse({ error: 'Фото не завантажено' }, 404));
    const user = userEvent.setup();
    const { onRowClick } = renderRow();
    const dialog = await openPhoto(user);
    expect(within(dialog).getByText('Коваленко Олена')).toBeTruthy();
    expect(photoSrc()).toMatch(/^\/api\/workers\/9\/photo\?v=\d+$/);
    expect(within(dialog).getByRole('button', { name: 'Видалити фото' })).toBeTruthy();

    fireEvent.error(screen.getByRole('img'));
    expect(await within(dialog).findByText('Фото не завантажено')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Видалити фото' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Завантажити фото' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('refuses a file of the wrong type or over 2 MB in Ukrainian before uploading', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Фото збережено' }));
    const user = userEvent.setup({ applyAccept: false });
    renderRow();
    const dialog = await openPhoto(user);
    const input = within(dialog).getByLabelText('Завантажити фото');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');

    await user.upload(input, new File(['gif'], 'photo.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByText('Фото має бути зображенням PNG, JPEG або WebP')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByText('Фото має бути не більше 2 МБ')).toBeTruthy();
    expect(calls(fetchMock, 'PUT')).toHaveLength(0);
  });

  it('uploads a valid file as it is, typed by its content type, and shows the new photo', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === PHOTO && init.method === 'PUT'
        ? jsonResponse({ message: 'Фото збережено' })
        : jsonResponse({ error: 'Фото не завантажено' }, 404),
    );
    const user = userEvent.setup();
    renderRow();
    const dialog = await openPhoto(user);
    fireEvent.error(screen.getByRole('img'));
    await within(dialog).findByText('Фото не завантажено');

    const file = new File([new Uint8Array(2 * 1024 * 1024)], 'face.webp', { type: 'image/webp' });
    await user.upload(within(dialog).getByLabelText('Завантажити фото'), file);

    expect(await screen.findByText('Фото збережено')).toBeTruthy();
    const put = calls(fetchMock, 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]![1]!.body).toBe(file);
    expect(put[0]![1]!.headers).toEqual({ 'Content-Type': 'image/webp' });
    expect(photoSrc()).toMatch(/^\/api\/workers\/9\/photo\?v=\d+$/);
    expect(within(dialog).getByRole('button', { name: 'Замінити фото' })).toBeTruthy();
  });

  it('shows the server’s reason when it refuses the upload', async () => {
    stubFetch(() => jsonResponse({ error: 'Фото має бути зображенням PNG, JPEG або WebP' }, 415));
    const user = userEvent.setup();
    renderRow();
    const dialog = await openPhoto(user);
    await user.upload(
      within(dialog).getByLabelText('Завантажити фото'),
      new File(['not really a png'], 'fake.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText('Фото має бути зображенням PNG, JPEG або WebP')).toBeTruthy();
  });

  it('deletes the photo only after a confirmation', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === PHOTO && init.method === 'DELETE'
        ? jsonResponse({ message: 'Фото видалено' })
        : jsonResponse({ error: 'Фото не завантажено' }, 404),
    );
    const user = userEvent.setup();
    const { onRowClick } = renderRow();
    await openPhoto(user);

    await user.click(screen.getByRole('button', { name: 'Видалити фото' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Видалити фото?' });
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Видалити' }));

    expect(await screen.findByText('Фото видалено')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Фото не завантажено')).toBeTruthy();
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
