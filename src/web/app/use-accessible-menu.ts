// The signed-in user's accessible menu (spec §6, §7, §9): GET /api/users/{id}/accessible-menu, one entry
// {route, canView, canAccess} for every catalogue route; asked only with a user id, fresh for 5 s.
//
// The route guard waits for the menu ('Перевірка дозволів...'), and the menu's URL holds the user's id, so a page's
// data waited for the user check, then the menu. The id this browser's signed-in user had last time is kept in
// localStorage, and while the user check is in flight the menu is asked for with it, beside the check: for the same
// user (nearly always) the answer is the one needed; for another user or nobody it is not used (nor, mostly, given:
// the server answers a menu to its own user or to one who may view /users), and the id kept is corrected as soon
// as the check answers. A signed-out visitor's browser keeps none.
import { useEffect } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { AccessibleMenuItem } from '@/modules/users/users.contract.ts';
import { usersEndpoints } from '@/modules/users/users.endpoints.ts';
import { useAuth } from '@/modules/auth/web/use-auth.ts';
import { endpointKey } from '@/web/lib/api.ts';

export const ACCESSIBLE_MENU_STALE_TIME = 5000;
export const LAST_USER_ID_KEY = 'erp.lastUserId';

// Without a user id the query waits (enabled: false): its key only has to be no user's, and is never a URL.
const NO_USER_MENU_KEY = ['accessible-menu', 'no user'] as const;

/** The key is also the URL: the default query function joins the parts with '/'. */
export function accessibleMenuQueryKey(userId: number | undefined): QueryKey {
  if (userId === undefined) return NO_USER_MENU_KEY;
  return endpointKey(usersEndpoints.accessibleMenu, { params: { id: userId } });
}

function lastUserId(): number | undefined {
  try {
    const id = Number(window.localStorage.getItem(LAST_USER_ID_KEY));
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined; // storage refused (private mode, a policy): no head start, nothing else changes
  }
}

function keepLastUserId(id: number | undefined) {
  try {
    if (id === undefined) window.localStorage.removeItem(LAST_USER_ID_KEY);
    else if (window.localStorage.getItem(LAST_USER_ID_KEY) !== String(id)) {
      window.localStorage.setItem(LAST_USER_ID_KEY, String(id));
    }
  } catch {
    // as above
  }
}

export function useAccessibleMenu() {
  const { user, isLoading: userLoading } = useAuth();
  const userId = user?.id ?? (userLoading ? lastUserId() : undefined);
  useEffect(() => {
    if (!userLoading) keepLastUserId(user?.id);
  }, [userLoading, user?.id]);
  const query = useQuery<AccessibleMenuItem[]>({
    queryKey: accessibleMenuQueryKey(userId),
    enabled: userId !== undefined,
    staleTime: ACCESSIBLE_MENU_STALE_TIME,
  });
  return { ...query, user };
}
