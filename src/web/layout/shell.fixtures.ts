// Test data for the signed-in shell: a user, accessible menus built from the catalogue, and an API stub that
// answers the shell's calls by URL (built from the contracts, DESIGN §8).
import type { QueryClient } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser } from '@/modules/auth/auth.contract.ts';
import { authEndpoints } from '@/modules/auth/auth.endpoints.ts';
import { accessibleMenuSchema, type AccessibleMenuItem } from '@/modules/users/users.contract.ts';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { endpointKey } from '@/web/lib/api.ts';
import { jsonResponse, stubFetch } from '@/web/testing/fetch-mock.ts';

export const olena: CurrentUser = currentUserSchema.parse({
  id: 7,
  username: 'olena',
  firstName: 'Олена',
  lastName: 'Коваль',
  email: 'olena@example.com',
  profileImageUrl: null,
  workerId: null,
});

export const MENU_URL = '/api/users/7/accessible-menu';

type Rights = { canView: boolean; canAccess: boolean };

/** A menu with an entry for every catalogue route (as the server answers), rights chosen per route. */
export function menuOf(rights: (route: string, alwaysAllowed: boolean) => Rights): AccessibleMenuItem[] {
  return accessibleMenuSchema.parse(
    routeCatalog.map((entry) => ({ route: entry.route, ...rights(entry.route, entry.alwaysAllowed === true) })),
  );
}

export const adminMenu = menuOf(() => ({ canView: true, canAccess: true }));

/** Only the always-allowed routes and the given ones may be viewed (and used). */
export function menuAllowing(...routes: string[]): AccessibleMenuItem[] {
  return menuOf((route, alwaysAllowed) => {
    const allowed = alwaysAllowed || routes.includes(route);
    return { canView: allowed, canAccess: allowed };
  });
}

/** Answers GET /api/auth/user with the user, the menu URL with the menu, `others` by URL; 404 otherwise. */
export function stubShellApi({
  user = olena,
  menu = adminMenu,
  others = {},
}: {
  user?: CurrentUser | null;
  menu?: AccessibleMenuItem[] | (() => Promise<Response>);
  others?: Record<string, unknown>;
} = {}) {
  return stubFetch((url) => {
    if (url === '/api/auth/user') {
      return user ? jsonResponse(user) : jsonResponse({ error: 'Потрібно увійти в систему' }, 401);
    }
    if (url === MENU_URL) return typeof menu === 'function' ? menu() : jsonResponse(menu);
    if (url in others) return jsonResponse(others[url]);
    return jsonResponse({ error: 'Не знайдено' }, 404);
  });
}

/** Puts the signed-in user in the cache, as useAuth would have it after GET /api/auth/user. */
export function seedUser(queryClient: QueryClient, user: CurrentUser = olena) {
  queryClient.setQueryData(endpointKey(authEndpoints.user), user);
}

export function clearSidebarCookie() {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}
