import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { deferred } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { RouteGuard } from './route-guard.tsx';
import { menuAllowing, menuOf, seedUser, stubShellApi } from './shell.fixtures.ts';

function renderGuard(ui: ReactElement, path = '/users') {
  const queryClient = createQueryClient();
  seedUser(queryClient);
  return renderWithProviders(ui, { path, queryClient });
}

const page = <p>Сторінка користувачів</p>;

describe('RouteGuard', () => {
  it('shows "Перевірка дозволів..." while the permissions load', () => {
    stubShellApi({ menu: () => deferred<Response>().promise });
    renderGuard(<RouteGuard route="/users">{page}</RouteGuard>);
    expect(screen.getByText('Перевірка дозволів...')).toBeTruthy();
    expect(screen.queryByText('Сторінка користувачів')).toBeNull();
  });

  it('shows the page to a user who may view it', async () => {
    stubShellApi({ menu: menuAllowing('/users') });
    renderGuard(
      <RouteGuard route="/users" requireAccess>
        {page}
      </RouteGuard>,
    );
    expect(await screen.findByText('Сторінка користувачів')).toBeTruthy();
  });

  it('refuses a user who cannot view the page', async () => {
    stubShellApi({ menu: menuAllowing('/orders') });
    renderGuard(<RouteGuard route="/users">{page}</RouteGuard>);
    expect(await screen.findByRole('heading', { name: 'Доступ заборонено' })).toBeTruthy();
    expect(
      screen.getByText(
        'У вас немає дозволу на перегляд цієї сторінки. Зверніться до адміністратора для отримання доступу.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Сторінка користувачів')).toBeNull();
  });

  it('redirects a user who cannot view the page when a path is given', async () => {
    stubShellApi({ menu: menuAllowing() });
    const { location } = renderGuard(
      <RouteGuard route="/users" redirectTo="/">
        {page}
      </RouteGuard>,
    );
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.queryByText('Сторінка користувачів')).toBeNull();
    expect(screen.queryByText('Доступ заборонено')).toBeNull();
  });

  it('shows the fallback instead of the refusal when one is given', async () => {
    stubShellApi({ menu: menuAllowing() });
    renderGuard(
      <RouteGuard route="/users" fallback={<p>Замість сторінки</p>}>
        {page}
      </RouteGuard>,
    );
    expect(await screen.findByText('Замість сторінки')).toBeTruthy();
    expect(screen.queryByText('Доступ заборонено')).toBeNull();
  });

  it('limits a user who may view but not use a page that requires access', async () => {
    stubShellApi({
      menu: menuOf((route, alwaysAllowed) => ({ canView: true, canAccess: alwaysAllowed || route !== '/users' })),
    });
    renderGuard(
      <RouteGuard route="/users" requireAccess>
        {page}
      </RouteGuard>,
    );
    expect(await screen.findByRole('heading', { name: 'Обмежений доступ' })).toBeTruthy();
    expect(
      screen.getByText('У вас є дозвіл на перегляд, але немає повного доступу до функцій цієї сторінки.'),
    ).toBeTruthy();
    expect(screen.queryByText('Сторінка користувачів')).toBeNull();
  });

  it('lets a view-only user in when full access is not required', async () => {
    stubShellApi({ menu: menuOf(() => ({ canView: true, canAccess: false })) });
    renderGuard(<RouteGuard route="/users">{page}</RouteGuard>);
    expect(await screen.findByText('Сторінка користувачів')).toBeTruthy();
  });

  it('shows the limited-access fallback when one is given', async () => {
    stubShellApi({ menu: menuOf(() => ({ canView: true, canAccess: false })) });
    renderGuard(
      <RouteGuard route="/users" requireAccess fallback={<p>Лише перегляд</p>}>
        {page}
      </RouteGuard>,
    );
    expect(await screen.findByText('Лише перегляд')).toBeTruthy();
  });
});
