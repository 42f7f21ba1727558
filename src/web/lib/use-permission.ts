// Permission of the signed-in user for one catalogue route (spec §6). The library knows no feature module: the
// user's accessible menu is read by a hook the app's root connects (connectAccessibleMenu, called where the app
// defines that hook), the way the server's composition root wires a module's hooks.
import type { MenuAccess } from '@/shared/current-user.ts';
import { catalogEntry } from '@/shared/route-catalog.ts';

/** What the permission checks need: the signed-in user's menu, whether it is loading, whether anyone is signed in. */
export interface AccessibleMenuState {
  data: readonly MenuAccess[] | undefined;
  isLoading: boolean;
  hasUser: boolean;
}

let useMenu: () => AccessibleMenuState = () => {
  throw new Error('usePermissions: no accessible-menu hook is connected (the app root calls connectAccessibleMenu)');
};

/** Connects the hook that reads the signed-in user's accessible menu; the app's root calls it once, at load. */
export function connectAccessibleMenu(hook: () => AccessibleMenuState) {
  useMenu = hook;
}

export interface Permission {
  canView: boolean;
  canAccess: boolean;
}

export interface PermissionState extends Permission {
  isLoading: boolean;
}

const ALLOWED: Permission = { canView: true, canAccess: true };

/**
 * Spec §6: a route is viewable or accessible only if its menu entry says so; while the menu loads, when
 * there is no user, or when the route has no menu entry, access is allowed. A route every signed-in user may
 * use (README §9: /, /profile, /notifications, the placeholders) is always allowed.
 */
export function resolvePermission(
  route: string,
  menu: readonly MenuAccess[] | undefined,
  { hasUser, isLoading }: { hasUser: boolean; isLoading: boolean },
): Permission {
  if (isLoading || !hasUser || !Array.isArray(menu)) return ALLOWED;
  if (catalogEntry(route)?.alwaysAllowed) return ALLOWED;
  const entry = menu.find((item) => item.route === route);
  if (!entry) return ALLOWED;
  return { canView: entry.canView, canAccess: entry.canView && entry.canAccess };
}

/** A checker for many routes at once (the sidebar, the home page, the user menu). */
export function usePermissions() {
  const { data, isLoading, hasUser } = useMenu();
  return {
    isLoading,
    permissionOf: (route: string) => resolvePermission(route, data, { hasUser, isLoading }),
  };
}

export function usePermission(route: string): PermissionState {
  const { isLoading, permissionOf } = usePermissions();
  return { ...permissionOf(route), isLoading };
}
