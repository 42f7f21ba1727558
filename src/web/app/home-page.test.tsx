import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/web/lib/query-client.ts';
import { renderWithProviders } from '@/web/testing/render.tsx';
import { RegisteredRoutesContext } from '@/web/layout/registered-routes.ts';
import { adminMenu, menuAllowing, seedUser, stubShellApi } from '@/web/layout/shell.fixtures.ts';
import { HomePage } from './home-page.tsx';

function renderHome(registered: ReadonlySet<string>) {
  const queryClient = createQueryClient();
  seedUser(queryClient);
  return renderWithProviders(
    <RegisteredRoutesContext value={registered}>
      <HomePage />
    </RegisteredRoutesContext>,
    { queryClient },
  );
}

describe('HomePage', () => {
  it('welcomes the user while no module is available', async () => {
    stubShellApi();
    renderHome(new Set(['/', '/users', '/roles']));
    expect(screen.getByRole('heading', { level: 1, name: 'Система управління виробництвом' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Вітаємо, Олена!' })).toBeTruthy();
    expect(screen.getByText('Модулі системи з’являтимуться тут, щойно вони стануть вам доступні.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the module cards, then the extra modules, that are built and viewable', async () => {
    stubShellApi({ menu: adminMenu });
    renderHome(new Set(['/', '/orders', '/inventory', '/clients', '/workers', '/repairs']));
    const modules = within(await screen.findByRole('region', { name: 'Основні модулі' }));
    expect(modules.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/inventory',
      '/orders',
      '/clients',
    ]);
    expect(modules.getByRole('link', { name: /Замовлення клієнтів/ }).textContent).toContain(
      'Замовлення клієнтів, рахунки та оплати',
    );
    const extras = within(screen.getByRole('region', { name: 'Інші модулі' }));
    expect(extras.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/workers', '/repairs']);
    expect(screen.getByText('Вітаємо, Олена! Оберіть розділ, щоб розпочати роботу.')).toBeTruthy();
  });

  it('hides the modules the user may not view', async () => {
    stubShellApi({ menu: menuAllowing('/orders') });
    renderHome(new Set(['/', '/orders', '/inventory', '/workers']));
    const modules = within(await screen.findByRole('region', { name: 'Основні модулі' }));
    expect(modules.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/orders']);
    expect(screen.queryByRole('region', { name: 'Інші модулі' })).toBeNull();
  });
});
