import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAnswerSchema } from '@/modules/auth/auth.contract.ts';
import { pageNavigation } from '@/web/lib/navigation.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { authUserQueryKey } from './auth.api.ts';
import { LoginPage } from './login-page.tsx';

const answer = loginAnswerSchema.parse({
  user: {
    id: 1,
    username: 'olena',
    firstName: 'Олена',
    lastName: 'Коваль',
    email: 'olena@example.com',
    profileImageUrl: null,
    workerId: null,
  },
});

function renderLogin() {
  const user = userEvent.setup();
  const view = renderWithProviders(<LoginPage />);
  return { user, ...view };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  if (username) await user.type(screen.getByLabelText('Логін або e-mail'), username);
  if (password) await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Увійти' }));
}

// jsdom cannot load a page: the page load is watched instead.
const pageLoadTo = vi.fn();
beforeEach(() => {
  pageLoadTo.mockReset();
  vi.spyOn(pageNavigation, 'assign').mockImplementation(pageLoadTo);
});

describe('LoginPage', () => {
  it('shows the sign-in form with the login field focused', () => {
    renderLogin();
    const login = screen.getByLabelText('Логін або e-mail');
    expect(screen.getByRole('heading', { name: 'Вхід до системи' })).toBeTruthy();
    expect(screen.getByText('Система управління виробництвом')).toBeTruthy();
    expect(login.getAttribute('placeholder')).toBe('Email або логін');
    expect(document.activeElement).toBe(login);
    expect(screen.getByRole('checkbox', { name: "Запам'ятати мене" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Забули пароль?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('shows and hides the password', async () => {
    const { user } = renderLogin();
    const password = screen.getByLabelText('Пароль');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Показати пароль' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Приховати пароль' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('asks for both fields without calling the server when one is blank after trimming', async () => {
    const fetchMock = stubFetch(() => jsonResponse(answer));
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin', '   ');

    expect(await screen.findByText('Вкажіть логін і пароль')).toBeTruthy();
    expect(screen.getByText('Помилка')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when sign-in fails", async () => {
    stubFetch(() => jsonResponse({ error: 'Забагато невдалих спроб входу. Спробуйте через 15 хвилин.' }, 429));
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin', 'wrong');

    expect(await screen.findByText('Забагато невдалих спроб входу. Спробуйте через 15 хвилин.')).toBeTruthy();
    expect(screen.getByText('Помилка входу')).toBeTruthy();
    expect(pageLoadTo).not.toHaveBeenCalled();
  });

  it('falls back to "Невірний логін або пароль" when the server gives no message', async () => {
    stubFetch(() => new Response('Unauthorized', { status: 401 }));
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin', 'wrong');

    expect(await screen.findByText('Невірний логін або пароль')).toBeTruthy();
    expect(screen.getByText('Помилка входу')).toBeTruthy();
  });

  it('asks to try again when the server cannot be reached', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin', 'secret');

    expect(await screen.findByText('Спробуйте ще раз')).toBeTruthy();
    expect(screen.getByText('Помилка входу')).toBeTruthy();
  });

  it('reads "Входжу..." and is disabled while signing in', async () => {
    const pending = deferred<Response>();
    stubFetch(() => pending.promise);
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin', 'secret');

    const button = await screen.findByRole('button', { name: 'Входжу...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    pending.resolve(jsonResponse({ error: 'Невірний логін або пароль' }, 401));
    expect(await screen.findByRole('button', { name: 'Увійти' })).toBeTruthy();
  });

  it('sends the trimmed credentials with "remember me" and opens / with a page load', async () => {
    const fetchMock = stubFetch(() => jsonResponse(answer));
    const { user, queryClient } = renderLogin();
    await user.click(screen.getByRole('checkbox', { name: "Запам'ятати мене" }));
    await fillAndSubmit(user, '  admin@example.com ', ' secret ');

    await waitFor(() => expect(pageLoadTo).toHaveBeenCalledWith('/'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/simple-login');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'admin@example.com',
      password: 'secret',
      rememberMe: true,
    });
    expect(queryClient.getQueryData(authUserQueryKey)).toEqual(answer.user);
  });
});
