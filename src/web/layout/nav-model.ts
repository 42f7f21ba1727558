// What the navigation offers (spec §2): catalogue entries whose page is registered and which the user may
// view, sidebar groups in catalogue order, and a group with no visible item hidden.
import {
  catalogEntry,
  owningRoute,
  routeCatalog,
  routeGroups,
  userMenuRoutes,
  type CatalogRoute,
  type RouteGroupKey,
} from '@/shared/route-catalog.ts';
import { layoutMessages } from './layout.messages.ts';

export interface NavGroup {
  key: RouteGroupKey;
  label: string;
  items: CatalogRoute[];
}

export type CanView = (route: string) => boolean;

export function isOffered(route: string, registered: ReadonlySet<string>, canView: CanView): boolean {
  return registered.has(route) && canView(route);
}

export function visibleNavGroups(registered: ReadonlySet<string>, canView: CanView): NavGroup[] {
  return routeGroups
    .map((group) => ({
      key: group.key,
      label: group.label,
      items: routeCatalog.filter(
        (entry) => entry.group === group.key && entry.sidebar && isOffered(entry.route, registered, canView),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

/** The user menu of spec §2, in its order; logout is added by the menu itself. */
export function visibleUserMenu(registered: ReadonlySet<string>, canView: CanView): CatalogRoute[] {
  return userMenuRoutes
    .filter((route) => isOffered(route, registered, canView))
    .map((route) => catalogEntry(route))
    .filter((entry): entry is CatalogRoute => entry !== undefined);
}

/** The header's title: the label of the page's catalogue route, or the 404 title for any other path. */
export function pageTitle(pathname: string, registered: ReadonlySet<string>): string {
  const route = owningRoute(pathname);
  const entry = route !== undefined && registered.has(route) ? catalogEntry(route) : undefined;
  return entry?.label ?? layoutMessages.notFoundTitle;
}
