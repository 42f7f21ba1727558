import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserSchema } from '@/modules/auth/auth.contract.ts';
import {
  activityItemSchema,
  changePasswordSchema,
  endedSessionsSchema,
  sessionInfoSchema,
  updateProfileSchema,
} from '@/modules/profile/profile.contract.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { photoResizer } from './photo.ts';
import { ProfilePage } from './profile-page.tsx';

// jsdom has no canvas: the resize step is replaced by a ready WebP blob.
const resized = new Blob(['webp'], { type: 'image/webp' });

const me = currentUserSchema.parse({
  id: 5,
  username: 'olena',
  firstName: 'Олена',
  lastName: 'Коваль',
  email: 'olena@example.com',
  profileImageUrl: null,
  workerId: null,
});

const sessions = sessionInfoSchema.array().parse([
  {
    id: 'b',
    current: false,
    ip: '10.0.0.7',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    createdAt: '2025-03-10T07:00:00.000Z',
    lastSeenAt: '2025-03-12T09:30:00.000Z',
    remember: true,
  },
  {
    id: 'a',
    current: true,
    ip: '192.168.1.20',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    createdAt: '2025-03-14T08:00:00.000Z',
    lastSeenAt: '2025-03-14T08:10:00.000Z',
    remember: false,
  },
]);

const activity = activityItemSchema.array().parse([
  { id: 3, at: '2025-03-14T08:00:00.000Z', action: 'permission_change', entityType: 'role', entityId: '2' },
  { id: 2, at: '2025-03-13T08:00:00.000Z', action: 'login', entityType: 'session', entityId: null },
  { id: 1, at: '2025-03-12T08:00:00.000Z', action: 'archive', entityType: 'order', entityId: '17' },
]);

type Answer = (url: string, init: RequestInit) => Response | undefined;

let user = me;
function stubApi(answer: Answer = () => undefined) {
  return stubFetch((url, init) => {
    const own = answer(url, init);
    if (own) return own;
    if (url === '/api/auth/user') return jsonResponse(user);
    if (url === '/api/profile/sessions') return jsonResponse(sessions);
    if (url === '/api/profile/activity') return jsonResponse(activity);
    if (url === '/api/profile/preferences') {
      return jsonResponse(init.method === 'PATCH' ? JSON.parse(String(init.body)) : { emailDigest: true });
    }
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

function calls(fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) {
  return fetchMock.mock.calls.filter(([callUrl, init]) => callUrl === url && init?.method === method);
}

beforeEach(() => {
  user = me;
  vi.spyOn(photoResizer, 'resize').mockResolvedValue(resized);
});

describe('ProfilePage', () => {
  it('shows the initials, the sessions with the current one marked, and the activity in Ukrainian', async () => {
    stubApi();
    renderWithProviders(<ProfilePage />, { path: '/profile' });

    expect(screen.getByRole('heading', { name: 'Профіль', level: 1 })).toBeTruthy();
    expect(await screen.findByText('ОК')).toBeTruthy();
    expect((screen.getByLabelText("Ім'я") as HTMLInputElement).value).toBe('Олена');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('olena@example.com');

    const current = (await screen.findByText('Цей сеанс')).closest('li')!;
    expect(within(current).getByText('Chrome, Windows')).toBeTruthy();
    expect(within(current).getByText(/192\.168\.1\.20/)).toBeTruthy();
    const other = screen.getByText('Safari, iPhone').closest('li')!;
    expect(within(other).queryByText('Цей сеанс')).toBeNull();
    expect(within(other).getByText(/Остання активність: 12\.03\.2025/)).toBeTruthy();

    expect(await screen.findByText('Зміна дозволів')).toBeTruthy();
    expect(screen.getByText('Роль #2')).toBeTruthy();
    expect(screen.getByText('Вхід')).toBeTruthy();
    expect(screen.getByText('archive')).toBeTruthy();
  });

  it('refuses a photo of the wrong type or size before uploading', async () => {
    const fetchMock = stubApi();
    const events = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    const input = await screen.findByLabelText('Завантажити фото');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');

    await events.upload(input, new File(['gif'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Оберіть зображення PNG, JPEG або WebP')).toBeTruthy();

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await events.upload(input, big);
    expect(await screen.findByText('Розмір фото не повинен перевищувати 2 МБ')).toBeTruthy();
    expect(screen.getByText('Завеликий файл')).toBeTruthy();

    expect(calls(fetchMock, 'POST', '/api/profile/photo')).toHaveLength(0);
  });

  it('uploads the resized photo as the body and shows it', async () => {
    const withPhoto = { ...me, profileImageUrl: '/api/profile/photo/5?v=2' };
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/profile/photo' && init.method === 'POST') {
        user = withPhoto;
        return jsonResponse(withPhoto);
      }
      return undefined;
    });
    const events = userEvent.setup();
    renderWithProviders(<ProfilePage />, { path: '/profile' });

    await events.upload(
      await screen.findByLabelText('Завантажити фото'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );

    expect(await screen.findByText('Фото оновлено')).toBeTruthy();
    const init = calls(fetchMock, 'POST', '/api/profile/photo')[0]?.[1];
    expect(init?.body).toBe(resized);
    expect(init?.headers).toEqual({ 'Content-Type': 'image/webp' });
    expect((await screen.findByRole('img', { name: 'Фото: Олена Коваль' })).getAttribute('src')).toBe(
      '/api/profile/photo/5?v=2',
    );
    expect(screen.getByRole('button', { name: 'Видалити фото' })).toBeTruthy();
  });

  it('saves the personal data and shows a taken e-mail under the field', async () => {
    let attempt = 0;
    const fetchMock = stubApi((url, init) => {
      if (url !== '/api/profile' || init.method !== 'PATCH') return undefined;
      attempt += 1;
      if (attempt === 1) {
        return jsonResponse(
          { error: 'Цей e-mail уже використовується', fields: { email: 'E-mail уже зайнятий' } },
          409,
        );
      }
      user = { ...me, ...updateProfileSchema.parse(JSON.parse(String(init.body))) };
      return jsonResponse(user);
    });
    const events = userEvent.setup();
    renderWithProviders(<ProfilePage />, { path: '/profile' });

    const email = await screen.findByLabelText('E-mail');
    await events.clear(email);
    await events.type(email, 'boss@example.com');
    // A new e-mail asks for the current password.
    await events.type(await screen.findByLabelText('Поточний пароль (для зміни e-mail)'), 'secret1');
    await events.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('E-mail уже зайнятий')).toBeTruthy();

    await events.clear(email);
    await events.type(email, 'olena.k@example.com');
    await events.clear(screen.getByLabelText('Прізвище'));
    await events.type(screen.getByLabelText('Прізвище'), 'Ковальчук');
    await events.click(screen.getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Профіль збережено')).toBeTruthy();
    const last = calls(fetchMock, 'PATCH', '/api/profile').at(-1)!;
    expect(JSON.parse(String(last[1]?.body))).toEqual({
      firstName: 'Олена',
      lastName: 'Ковальчук',
      email: 'olena.k@example.com',
      currentPassword: 'secret1',
    });
    await waitFor(() => expect(screen.getByText('ОК')).toBeTruthy());
  });

  it('checks the new password twice and shows a wrong current password', async () => {
    let sent: unknown;
    stubApi((url, init) => {
      if (url === '/api/profile/password' && init.method === 'POST') {
        sent = changePasswordSchema.parse(JSON.parse(String(init.body)));
        return jsonResponse({ error: 'Поточний пароль невірний' }, 400);
      }
      return undefined;
    });
    const events = userEvent.setup();
    renderWithProviders(<ProfilePage />, { path: '/profile' });

    await events.type(await screen.findByLabelText('Поточний пароль'), 'old-pass');
    await events.type(screen.getByLabelText('Новий пароль'), '12345');
    await events.type(screen.getByLabelText('Підтвердіть новий пароль'), '54321');
    await events.click(screen.getByRole('button', { name: 'Змінити пароль' }));
    expect(await screen.findByText('Пароль повинен містити мінімум 6 символів')).toBeTruthy();
    expect(screen.getByText('Паролі не співпадають')).toBeTruthy();
    expect(sent).toBeUndefined();

    await events.clear(screen.getByLabelText('Новий пароль'));
    await events.type(screen.getByLabelText('Новий пароль'), 'new-secret');
    await events.clear(screen.getByLabelText('Підтвердіть новий пароль'));
    await events.type(screen.getByLabelText('Підтвердіть новий пароль'), 'new-secret');
    await events.click(screen.getByRole('button', { name: 'Змінити пароль' }));

    expect(await screen.findByText('Поточний пароль невірний')).toBeTruthy();
    expect(screen.queryByText('Паролі не співпадають')).toBeNull();
    expect(sent).toEqual({ currentPassword: 'old-pass', newPassword: 'new-secret' });
  });

  it('ends the other sessions', async () => {
    let ended = false;
    const fetchMock = stubApi((url, init) => {
      if (url === '/api/profile/sessions/others' && init.method === 'DELETE') {
        ended = true;
        return jsonResponse(endedSessionsSchema.parse({ ended: 1 }));
      }
      if (url === '/api/profile/sessions' && ended) return jsonResponse(sessions.filter((s) => s.current));
      return undefined;
    });
    const events = userEvent.setup();
    renderWithProviders(<ProfilePage />, { path: '/profile' });

    await screen.findByText('Safari, iPhone');
    await events.click(screen.getByRole('button', { name: 'Завершити інші сеанси' }));

    expect(await screen.findByText('Завершено 1 сеанс')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/api/profile/sessions/others')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Safari, iPhone')).toBeNull());
    expect(screen.getByText('Інших активних сеансів немає')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Завершити інші сеанси' }).hasAttribute('disabled')).toBe(true);
  });

  it('switches the daily e-mail digest off (decision 0026)', async () => {
    const fetchMock = stubApi();
    const clicker = userEvent.setup();
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    const digest = await screen.findByRole('switch', { name: 'Отримувати щоденний дайджест на e-mail' });
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('true'));
    await clicker.click(digest);
    await waitFor(() => expect(calls(fetchMock, 'PATCH', '/api/profile/preferences')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/api/profile/preferences')[0]![1]!.body))).toEqual({
      emailDigest: false,
    });
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('false'));
  });
});
