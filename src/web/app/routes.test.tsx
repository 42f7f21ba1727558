import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { AppShell } from '@/web/layout/app-shell.tsx';
import {
  clearSidebarCookie,
  menuAllowing,
  menuOf,
  olena,
  seedUser,
  stubShellApi,
} from '@/web/layout/shell.fixtures.ts';
import { AuthenticatedRoutes, definePage, pages, registeredRoutes } from './routes.tsx';

function renderRoutes(path: string) {
  const queryClient = createQueryClient();
  seedUser(queryClient);
  return renderWithProviders(
    <AppShell user={olena} registeredRoutes={registeredRoutes}>
      <AuthenticatedRoutes />
    </AppShell>,
    { path, queryClient },
  );
}

// The first render of a lazy page transforms its module: allow for it on a busy machine.
const lazyPage = { timeout: 5000 };

afterEach(clearSidebarCookie);

describe('route table', () => {
  it('registers the built pages and the placeholders, and nothing else', () => {
    expect([...registeredRoutes].sort()).toEqual(
      [
        '/',
        '/dashboard',
        '/profile',
        '/users',
        '/roles',
        '/notifications',
        '/units',
        '/categories',
        '/product-categories',
        '/package-types',
        '/soldering-types',
        '/departments',
        '/positions',
        '/workers',
        '/warehouses',
        '/carriers',
        '/currencies',
        '/supplier-document-types',
        '/products',
        '/components',
        '/clients',
        '/suppliers',
        '/client-contacts',
        '/companies',
        '/supplier-receipts',
        '/inventory',
        '/component-stock',
        '/component-movement',
        '/supplier-orders',
        '/warehouse-transfers',
        '/inventory-audits',
        '/scanner',
        '/orders',
        '/payments',
        '/shipments',
        '/serial-numbers',
        '/client-mail',
        '/bom',
        '/tech-cards',
        '/recipes',
        '/assembly',
        '/manufacturing',
        '/repairs',
        '/integrations',
        '/email-settings',
        '/email-notifications',
        '/bank-email-test',
        '/currency-rates',
        '/sales-analytics',
        '/sales-analytics-products',
        '/production',
        '/production-stats',
        '/reports',
        '/product-profitability',
        '/components-analysis',
        '/advanced-reports',
        '/analytics',
        '/production-analytics',
        '/production-forecasts',
        '/production-planning',
        '/mes',
        '/ordered-products',
        '/costing',
        '/shortage',
        '/system-logs',
        '/documents',
        '/settings',
        '/my-analytics',
        '/my-documents',
        '/messages',
      ].sort(),
    );
  });

  it('takes only paths of the route catalogue, detail routes belonging to their parent', () => {
    const load = () => Promise.resolve(() => null);
    expect(definePage('/inventory-audits/:id', load).entry.route).toBe('/inventory-audits');
    expect(() => definePage('/no-such-module', load)).toThrow('/no-such-module is not in the route catalogue');
    for (const page of pages) expect(routeCatalog).toContain(page.entry);
  });

  it('shows a placeholder page with its catalogue label', async () => {
    stubShellApi({ menu: menuAllowing() });
    renderRoutes('/my-documents');
    expect(await screen.findByRole('heading', { name: 'Мої документи' }, lazyPage)).toBeTruthy();
    expect(screen.getByText('Сторінка в розробці')).toBeTruthy();
  });

  it('shows the 404 page for an unknown path and for a module that is not built', async () => {
    stubShellApi();
    renderRoutes('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Сторінку не знайдено' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'На головну' }).getAttribute('href')).toBe('/');
  });

  it('guards /users with full access', async () => {
    stubShellApi({ menu: menuOf((_, alwaysAllowed) => ({ canView: true, canAccess: alwaysAllowed })) });
    renderRoutes('/users');
    expect(await screen.findByRole('heading', { name: 'Обмежений доступ' })).toBeTruthy();
  });

  it('refuses /roles to a user who may not view it', async () => {
    stubShellApi({ menu: menuAllowing('/orders') });
    renderRoutes('/roles');
    expect(await screen.findByRole('heading', { name: 'Доступ заборонено' })).toBeTruthy();
  });

  it('opens the home page without a guard', async () => {
    stubShellApi({ menu: menuOf(() => ({ canView: false, canAccess: false })) });
    renderRoutes('/');
    expect(await screen.findByRole('heading', { name: 'Система управління виробництвом' }, lazyPage)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeTruthy();
  });
});
