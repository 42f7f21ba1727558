import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { validateResetTokenAnswerSchema } from '@/modules/auth/auth.contract.ts';
import { messageSchema } from '@/shared/contract.ts';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const validToken = validateResetTokenAnswerSchema.parse({ valid: true });
const invalidToken = validateResetTokenAnswerSchema.parse({ valid: false });
const changed = messageSchema.parse({ message: 'Пароль успішно змінено' });

function serverWith(resetAnswer: () => Response): FetchHandler {
  return (url) => (url.startsWith('/api/auth/validate-reset-token') ? jsonResponse(validToken) : resetAnswer());
}

async function openForm() {
  const user = userEvent.setup();
  const view = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=abc123' });
  await screen.findByLabelText('Новий пароль');
  return { user, ...view };
}

async function submitPasswords(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  await user.type(screen.getByLabelText('Новий пароль'), password);
  await user.type(screen.getByLabelText('Підтвердіть пароль'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Змінити пароль' }));
}

describe('ResetPasswordPage', () => {
  it('explains a missing token and returns to / after 2 s', () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(() => jsonResponse(validToken));
    const { location } = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });

    const card = screen.getByRole('main');
    expect(within(card).getByRole('heading', { name: 'Недійсне посилання' })).toBeTruthy();
    expect(within(card).getByText('Недійсне посилання для скидання паролю')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1999));
    expect(location.history.at(-1)).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(1));
    expect(location.history.at(-1)).toBe('/');
  });

  it('checks the token, then explains an invalid link and returns to / after 3 s', async () => {
    // Timers run on their own (queries need them) but can also be pushed forward.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = deferred<Response>();
    const fetchMock = stubFetch(() => answer.promise);
    const { location } = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=old' });

    expect(screen.getByText('Перевіряю посилання...')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/validate-reset-token?token=old');

    answer.resolve(jsonResponse(invalidToken));
    await waitFor(() =>
      expect(
        within(screen.getByRole('main')).getByText('Посилання для скидання паролю недійсне або застаріле'),
      ).toBeTruthy(),
    );

    act(() => vi.advanceTimersByTime(2500));
    expect(location.history.at(-1)).toBe('/reset-password?token=old');
    act(() => vi.advanceTimersByTime(500));
    expect(location.history.at(-1)).toBe('/');
  });

  it('refuses passwords that do not match', async () => {
    const fetchMock = stubFetch(serverWith(() => jsonResponse(changed)));
    const { user } = await openForm();
    await submitPasswords(user, 'secret-1', 'secret-2');

    expect(await screen.findByText('Паролі не співпадають')).toBeTruthy();
    expect(screen.getByText('Помилка')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const fetchMock = stubFetch(serverWith(() => jsonResponse(changed)));
    const { user } = await openForm();
    await submitPasswords(user, 'abc', 'abc');

    expect(await screen.findByText('Пароль повинен містити мінімум 6 символів')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('has a show/hide toggle on each password field', async () => {
    stubFetch(serverWith(() => jsonResponse(changed)));
    const { user } = await openForm();
    const [first, second] = screen.getAllByRole('button', { name: 'Показати пароль' });
    await user.click(first!);
    expect(screen.getByLabelText('Новий пароль').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Підтвердіть пароль').getAttribute('type')).toBe('password');
    await user.click(second!);
    expect(screen.getByLabelText('Підтвердіть пароль').getAttribute('type')).toBe('text');
  });

  it('changes the password and offers to sign in', async () => {
    const fetchMock = stubFetch(serverWith(() => jsonResponse(changed)));
    const { user } = await openForm();
    await submitPasswords(user, 'new-secret', 'new-secret');

    expect(await screen.findByRole('heading', { name: 'Пароль змінено' })).toBeTruthy();
    expect(screen.getByText('Успіх')).toBeTruthy();
    expect(screen.getByText('Пароль успішно змінено')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc123', password: 'new-secret' });
  });

  it("shows the server's message, else a default, when the change fails", async () => {
    let reply = jsonResponse({ error: 'Посилання для скидання паролю недійсне або застаріле' }, 400);
    stubFetch(serverWith(() => reply));
    const { user } = await openForm();
    await submitPasswords(user, 'new-secret', 'new-secret');
    expect(await screen.findByText('Посилання для скидання паролю недійсне або застаріле')).toBeTruthy();

    reply = new Response('', { status: 500, statusText: 'Internal Server Error' });
    await user.click(screen.getByRole('button', { name: 'Змінити пароль' }));
    await waitFor(() => expect(screen.getByText('Не вдалося змінити пароль')).toBeTruthy());
  });
});
