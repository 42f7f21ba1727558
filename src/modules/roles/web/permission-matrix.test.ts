import { describe, expect, it } from 'vitest';
import { roleDetailSchema } from '@/modules/roles/roles.contract.ts';
import {
  countChanges,
  groupCatalogue,
  groupRight,
  matrixOf,
  permissionsOf,
  setGroupRight,
  setRight,
} from './permission-matrix.ts';
import type { CatalogRouteInfo } from './roles.api.ts';

const route = (path: string, group: string, extra: Partial<CatalogRouteInfo> = {}): CatalogRouteInfo => ({
  route: path,
  label: path,
  group,
  icon: 'Box',
  sidebar: true,
  alwaysAllowed: false,
  requiresAccess: false,
  ...extra,
});

const catalogue = [
  route('/orders', 'sales'),
  route('/payments', 'sales'),
  route('/', 'main', { alwaysAllowed: true }),
  route('/profile', 'user', { sidebar: false }),
  route('/custom', 'extra'),
];
const role = roleDetailSchema.parse({
  id: 7,
  name: 'Продавець',
  description: '',
  isSystem: false,
  userCount: 0,
  permissions: [{ route: '/orders', canView: false, canAccess: true }],
});

describe('permission matrix', () => {
  it('groups in sidebar order and keeps unknown groups last', () => {
    expect(groupCatalogue(catalogue).map((group) => group.label)).toEqual([
      'Головне',
      'Продажі',
      'Користувач',
      'extra',
    ]);
  });

  it('reads a role: access implies view; fixed routes are not edited', () => {
    const state = matrixOf(role, catalogue);
    expect(state).toEqual({
      '/orders': { canView: true, canAccess: true },
      '/payments': { canView: false, canAccess: false },
      '/custom': { canView: false, canAccess: false },
    });
    expect(matrixOf({ ...role, isSystem: true }, catalogue)['/payments']).toEqual({ canView: true, canAccess: true });
  });

  it('couples the two rights and counts changes', () => {
    const start = matrixOf(role, catalogue);
    const noView = setRight(start, '/orders', 'canView', false);
    expect(noView['/orders']).toEqual({ canView: false, canAccess: false });
    const withAccess = setRight(noView, '/payments', 'canAccess', true);
    expect(withAccess['/payments']).toEqual({ canView: true, canAccess: true });
    expect(countChanges(start, withAccess)).toBe(2);
    expect(countChanges(start, setRight(withAccess, '/payments', 'canView', false))).toBe(1);
  });

  it('toggles groups and builds the PUT body for every route', () => {
    const sales = groupCatalogue(catalogue).find((group) => group.key === 'sales')!;
    const start = matrixOf(role, catalogue);
    expect(groupRight(start, sales, 'canAccess')).toBe('indeterminate');
    const all = setGroupRight(start, sales, 'canAccess', true);
    expect(groupRight(all, sales, 'canView')).toBe(true);
    expect(groupRight(setGroupRight(all, sales, 'canView', false), sales, 'canAccess')).toBe(false);
    expect(permissionsOf(all, catalogue)).toEqual([
      { route: '/orders', canView: true, canAccess: true },
      { route: '/payments', canView: true, canAccess: true },
      { route: '/', canView: true, canAccess: true },
      { route: '/profile', canView: true, canAccess: true },
      { route: '/custom', canView: false, canAccess: false },
    ]);
  });
});
