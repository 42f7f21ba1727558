import { describe, expect, it } from 'vitest';
import { homeExtraRoutes, homeModuleRoutes, owningRoute, routeCatalog, userMenuRoutes } from './route-catalog.ts';

describe('route catalogue', () => {
  it('lists every route once, each with a Ukrainian label', () => {
    const routes = routeCatalog.map((r) => r.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const entry of routeCatalog) expect(entry.label).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
  });

  it('covers the spec sidebar groups in order', () => {
    const sales = routeCatalog.filter((r) => r.group === 'sales' && r.sidebar).map((r) => r.route);
    expect(sales).toEqual(['/orders', '/payments', '/shipments', '/client-mail', '/serial-numbers']);
    const admin = routeCatalog.filter((r) => r.group === 'admin' && r.sidebar).map((r) => r.route);
    expect(admin).toEqual([
      '/users',
      '/roles',
      '/companies',
      '/email-settings',
      '/email-notifications',
      '/integrations',
      '/system-logs',
      '/notifications',
    ]);
  });

  it('knows every route the home page and user menu link to', () => {
    for (const route of [...homeModuleRoutes, ...homeExtraRoutes, ...userMenuRoutes]) {
      expect(owningRoute(route), route).toBe(route);
    }
  });

  it('gives detail routes to their parent and nothing to unknown paths', () => {
    expect(owningRoute('/inventory-audits/12')).toBe('/inventory-audits');
    expect(owningRoute('/clients/7/nova-poshta-settings')).toBe('/clients');
    expect(owningRoute('/production-forecasts/3?x=1')).toBe('/production-forecasts');
    expect(owningRoute('/')).toBe('/');
    expect(owningRoute('/no-such-page')).toBeUndefined();
  });
});
