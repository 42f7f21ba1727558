import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@/modules/auth/auth.contract.ts';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { deferred, jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';
import { App } from './app.tsx';

const olena = currentUserSchema.parse({
  id: 7,
  username: 'olena',
  firstName: 'Олена',
  lastName: 'Коваль',
  email: 'olena@example.com',
  profileImageUrl: null,
});

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('App', () => {
  it('shows "Завантаження..." while the sign-in state loads', () => {
    stubFetch(() => deferred<Response>().promise);
    renderApp('/');
    expect(screen.getByText('Завантаження...')).toBeTruthy();
  });

  it('shows the login page on any path to a visitor', async () => {
    stubFetch(() => jsonResponse({ error: 'Потрібно увійти в систему' }, 401));
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Вхід до системи' })).toBeTruthy();
  });

  it('shows the password recovery page at /forgot-password', async () => {
    stubFetch(() => jsonResponse({ error: 'Потрібно увійти в систему' }, 401));
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Відновлення паролю' })).toBeTruthy();
  });

  it('greets a signed-in user, offers logout and switches the theme', async () => {
    stubFetch(() => jsonResponse(olena));
    const user = userEvent.setup();
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeTruthy();
    expect(screen.getAllByText('Олена Коваль').length).toBeGreaterThan(0);
    expect(screen.getAllByText('olena@example.com').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Вийти' }).getAttribute('href')).toBe('/api/logout');

    await user.click(screen.getByRole('button', { name: 'Увімкнути темну тему' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Увімкнути світлу тему' })).toBeTruthy();
  });
});
