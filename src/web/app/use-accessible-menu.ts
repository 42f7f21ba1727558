// The signed-in user's accessible menu (spec §6, §7, §9): GET /api/users/{id}/accessible-menu, one entry
// {route, canView, canAccess} for every catalogue route; asked only with a user id, fresh for 5 s.
import { useQuery } from '@tanstack/react-query';
import type { AccessibleMenuItem } from '@/modules/users/users.contract.ts';
import { useAuth } from '@/modules/auth/web/use-auth.ts';

export const ACCESSIBLE_MENU_STALE_TIME = 5000;

/** The key is also the URL: the default query function joins the parts with '/'. */
export function accessibleMenuQueryKey(userId: number | undefined) {
  return ['/api/users', userId, 'accessible-menu'] as const;
}

export function useAccessibleMenu() {
  const { user } = useAuth();
  const userId = user?.id;
  const query = useQuery<AccessibleMenuItem[]>({
    queryKey: accessibleMenuQueryKey(userId),
    enabled: userId !== undefined,
    staleTime: ACCESSIBLE_MENU_STALE_TIME,
  });
  return { ...query, user };
}
