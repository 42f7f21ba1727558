// Permission of the signed-in user for one catalogue route (spec §6).
import type { AccessibleMenuItem } from '@/modules/users/users.contract.ts';
import { catalogEntry } from '@/shared/route-catalog.ts';
import { useAccessibleMenu } from './use-accessible-menu.ts';

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
  menu: readonly AccessibleMenuItem[] | undefined,
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
  const { data, isLoading, user } = useAccessibleMenu();
  const hasUser = user !== null;
  return {
    isLoading,
    permissionOf: (route: string) => resolvePermission(route, data, { hasUser, isLoading }),
  };
}

export function usePermission(route: string): PermissionState {
  const { isLoading, permissionOf } = usePermissions();
  return { ...permissionOf(route), isLoading };
}
