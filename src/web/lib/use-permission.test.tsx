import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { deferred } from '@/web/testing/fetch-mock.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { MENU_URL, menuAllowing, menuOf, seedUser, stubShellApi } from '@/web/layout/shell.fixtures.ts';
import { resolvePermission, usePermission } from '@/web/lib/use-permission.ts';

function Probe({ route }: { route: string }) {
  const { canView, canAccess, isLoading } = usePermission(route);
  return (
    <p>
      {isLoading ? 'завантажується' : 'готово'}; перегляд: {canView ? 'так' : 'ні'}; доступ: {canAccess ? 'так' : 'ні'}
    </p>
  );
}

function renderProbe(route: string, { signedIn = true } = {}) {
  const queryClient = createQueryClient();
  if (signedIn) seedUser(queryClient);
  else queryClient.setQueryData(['/api/auth/user'], null);
  return renderWithProviders(<Probe route={route} />, { queryClient });
}

describe('resolvePermission (spec §6)', () => {
  const menu = menuOf((route) => ({ canView: route === '/orders', canAccess: false }));

  it('follows the menu entry of the route', () => {
    expect(resolvePermission('/orders', menu, { hasUser: true, isLoading: false })).toEqual({
      canView: true,
      canAccess: false,
    });
    expect(resolvePermission('/users', menu, { hasUser: true, isLoading: false })).toEqual({
      canView: false,
      canAccess: false,
    });
  });

  it('allows everything while the menu loads, without a user, and for a route with no entry', () => {
    const allowed = { canView: true, canAccess: true };
    expect(resolvePermission('/users', menu, { hasUser: true, isLoading: true })).toEqual(allowed);
    expect(resolvePermission('/users', undefined, { hasUser: false, isLoading: false })).toEqual(allowed);
    expect(resolvePermission('/users', [], { hasUser: true, isLoading: false })).toEqual(allowed);
    expect(resolvePermission('/not-in-menu', menu, { hasUser: true, isLoading: false })).toEqual(allowed);
  });

  it('never gives access without view', () => {
    const odd = menuOf(() => ({ canView: false, canAccess: true }));
    expect(resolvePermission('/orders', odd, { hasUser: true, isLoading: false }).canAccess).toBe(false);
  });
});

describe('usePermission', () => {
  it('asks GET /api/users/{id}/accessible-menu and answers from it', async () => {
    const fetchMock = stubShellApi({ menu: menuAllowing('/orders') });
    renderProbe('/users');
    expect(await screen.findByText('готово; перегляд: ні; доступ: ні')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([MENU_URL]);
  });

  it('allows access while the menu loads', () => {
    stubShellApi({ menu: () => deferred<Response>().promise });
    renderProbe('/users');
    expect(screen.getByText('завантажується; перегляд: так; доступ: так')).toBeTruthy();
  });

  it('allows access to a route the menu does not list', async () => {
    stubShellApi({ menu: menuAllowing().filter((item) => item.route !== '/users') });
    renderProbe('/users');
    expect(await screen.findByText('готово; перегляд: так; доступ: так')).toBeTruthy();
  });

  it('allows access without a user and does not ask for a menu', () => {
    const fetchMock = stubShellApi({ user: null });
    renderProbe('/users', { signedIn: false });
    expect(screen.getByText('готово; перегляд: так; доступ: так')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('always allows the routes every signed-in user may use', async () => {
    stubShellApi({ menu: menuOf(() => ({ canView: false, canAccess: false })) });
    renderProbe('/profile');
    expect(await screen.findByText('готово; перегляд: так; доступ: так')).toBeTruthy();
  });
});
