import { describe, expect, it } from 'vitest';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { accessibleMenu, allows, mergeRights, normalisePermissions, rightOn } from './rights.ts';

describe('rights resolution', () => {
  it('unites the roles of a user, with canAccess implying canView', () => {
    const rights = mergeRights([
      { isSystem: false, permissions: [{ route: '/orders', canView: true, canAccess: false }] },
      { isSystem: false, permissions: [{ route: '/orders', canView: false, canAccess: true }] },
      { isSystem: false, permissions: [{ route: '/inventory', canView: false, canAccess: true }] },
    ]);
    expect(rightOn(rights, '/orders')).toEqual({ canView: true, canAccess: true });
    expect(rightOn(rights, '/inventory')).toEqual({ canView: true, canAccess: true });
    expect(rightOn(rights, '/users')).toEqual({ canView: false, canAccess: false });
  });

  it('gives the system role everything and everyone the always-allowed routes', () => {
    const admin = mergeRights([{ isSystem: true, permissions: [] }]);
    expect(routeCatalog.every((r) => rightOn(admin, r.route).canAccess)).toBe(true);
    const nobody = mergeRights([]);
    for (const route of ['/', '/profile', '/notifications', '/documents', '/settings', '/messages']) {
      expect(rightOn(nobody, route)).toEqual({ canView: true, canAccess: true });
    }
    expect(rightOn(nobody, '/dashboard').canView).toBe(false);
  });

  it('lets GET through on canView of any key and changes only on canAccess', () => {
    const viewer = mergeRights([
      { isSystem: false, permissions: [{ route: '/dashboard', canView: true, canAccess: false }] },
    ]);
    expect(allows(viewer, ['/products', '/dashboard'], 'view')).toBe(true);
    expect(allows(viewer, ['/products', '/dashboard'], 'change')).toBe(false);
    expect(allows(viewer, ['/products'], 'view')).toBe(false);
  });

  it('answers the accessible menu for every catalogue route, denied ones too', () => {
    const rights = mergeRights([
      { isSystem: false, permissions: [{ route: '/orders', canView: true, canAccess: false }] },
    ]);
    const menu = accessibleMenu(rights);
    expect(menu).toHaveLength(routeCatalog.length);
    expect(menu.find((m) => m.route === '/orders')).toEqual({ route: '/orders', canView: true, canAccess: false });
    expect(menu.find((m) => m.route === '/users')).toEqual({ route: '/users', canView: false, canAccess: false });
    expect(menu.filter((m) => m.canView).map((m) => m.route)).toEqual(
      routeCatalog.filter((r) => r.alwaysAllowed || r.route === '/orders').map((r) => r.route),
    );
  });

  it('normalises a submitted matrix', () => {
    expect(
      normalisePermissions([
        { route: '/orders', canView: false, canAccess: true },
        { route: '/nowhere', canView: true, canAccess: true },
        { route: '/profile', canView: true, canAccess: true },
        { route: '/inventory', canView: false, canAccess: false },
      ]),
    ).toEqual([{ route: '/orders', canView: true, canAccess: true }]);
  });
});
