// Pure permission rules (domain README §9): a user's rights are the union of his roles; the system role
// has everything; canAccess implies canView; a few routes are always allowed to a signed-in user.
import { routeCatalog, type CatalogRoute } from '@/shared/route-catalog.ts';
import type { AccessibleMenuItem } from '../../users/users.contract.ts';

export type AccessMode = 'view' | 'change';

export interface RouteRight {
  canView: boolean;
  canAccess: boolean;
}

export interface Rights {
  isAdmin: boolean;
  routes: ReadonlyMap<string, RouteRight>;
}

export interface RoleGrant {
  isSystem: boolean;
  permissions: ReadonlyArray<{ route: string; canView: boolean; canAccess: boolean }>;
}

const alwaysAllowed = new Set(routeCatalog.filter((r) => r.alwaysAllowed).map((r) => r.route));
const known = new Set(routeCatalog.map((r) => r.route));

export function mergeRights(grants: readonly RoleGrant[]): Rights {
  const routes = new Map<string, RouteRight>();
  let isAdmin = false;
  for (const grant of grants) {
    if (grant.isSystem) isAdmin = true;
    for (const p of grant.permissions) {
      if (!known.has(p.route)) continue;
      const prev = routes.get(p.route) ?? { canView: false, canAccess: false };
      routes.set(p.route, {
        canView: prev.canView || p.canView || p.canAccess,
        canAccess: prev.canAccess || p.canAccess,
      });
    }
  }
  return { isAdmin, routes };
}

export function rightOn(rights: Rights, route: string): RouteRight {
  if (rights.isAdmin || alwaysAllowed.has(route)) return { canView: true, canAccess: true };
  return rights.routes.get(route) ?? { canView: false, canAccess: false };
}

/** GET needs canView on any of the keys; every other method needs canAccess on any of them. */
export function allows(rights: Rights, routes: readonly string[], mode: AccessMode): boolean {
  return routes.some((route) => {
    const right = rightOn(rights, route);
    return mode === 'view' ? right.canView : right.canAccess;
  });
}

export function accessibleMenu(rights: Rights, catalog: readonly CatalogRoute[] = routeCatalog): AccessibleMenuItem[] {
  return catalog.map(({ route }) => ({ route, ...rightOn(rights, route) }));
}

/** Normalises a submitted matrix: unknown routes dropped, canAccess implies canView. */
export function normalisePermissions(
  permissions: ReadonlyArray<{ route: string; canView: boolean; canAccess: boolean }>,
): Array<{ route: string; canView: boolean; canAccess: boolean }> {
  const byRoute = new Map<string, RouteRight>();
  for (const p of permissions) {
    if (!known.has(p.route) || alwaysAllowed.has(p.route)) continue;
    byRoute.set(p.route, { canView: p.canView || p.canAccess, canAccess: p.canAccess });
  }
  return [...byRoute].filter(([, r]) => r.canView).map(([route, r]) => ({ route, ...r }));
}
