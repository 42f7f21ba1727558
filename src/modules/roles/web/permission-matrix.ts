// The rules of the permission matrix (reports-admin.md §11), free of React so they are tested directly.
// Ticking 'Повний доступ' ticks 'Перегляд'; unticking 'Перегляд' unticks 'Повний доступ'.
import type { Permission, RoleDetail } from '@/modules/roles/roles.contract.ts';
import { routeGroups } from '@/shared/route-catalog.ts';
import type { CatalogRouteInfo } from './roles.api.ts';

export type Right = 'canView' | 'canAccess';
export type RouteRights = { canView: boolean; canAccess: boolean };
/** Rights of the editable routes, by route. */
export type MatrixState = Readonly<Record<string, RouteRights>>;

export interface MatrixGroup {
  key: string;
  label: string;
  routes: CatalogRouteInfo[];
}

/** Routes every signed-in user has (README §9): shown ticked, never edited. */
export function isFixedRoute(route: CatalogRouteInfo): boolean {
  return route.alwaysAllowed || route.group === 'user';
}

/** The catalogue in sidebar order, grouped as in the sidebar; unknown groups go last under their key. */
export function groupCatalogue(catalogue: readonly CatalogRouteInfo[]): MatrixGroup[] {
  const known = routeGroups.map((group) => ({
    key: group.key as string,
    label: group.label as string,
    routes: catalogue.filter((route) => route.group === group.key),
  }));
  const knownKeys = new Set<string>(routeGroups.map((group) => group.key));
  const otherKeys = [...new Set(catalogue.map((route) => route.group))].filter((key) => !knownKeys.has(key));
  const others = otherKeys.map((key) => ({ key, label: key, routes: catalogue.filter((r) => r.group === key) }));
  return [...known, ...others].filter((group) => group.routes.length > 0);
}

export function matrixOf(role: RoleDetail, catalogue: readonly CatalogRouteInfo[]): MatrixState {
  const granted = new Map(role.permissions.map((permission) => [permission.route, permission]));
  const state: Record<string, RouteRights> = {};
  for (const route of catalogue) {
    if (isFixedRoute(route)) continue;
    const permission = granted.get(route.route);
    const canAccess = role.isSystem || (permission?.canAccess ?? false);
    state[route.route] = { canView: role.isSystem || canAccess || (permission?.canView ?? false), canAccess };
  }
  return state;
}

function withRight(rights: RouteRights, right: Right, value: boolean): RouteRights {
  if (right === 'canAccess') return value ? { canView: true, canAccess: true } : { ...rights, canAccess: false };
  return value ? { ...rights, canView: true } : { canView: false, canAccess: false };
}

export function setRight(state: MatrixState, route: string, right: Right, value: boolean): MatrixState {
  const rights = state[route];
  return rights ? { ...state, [route]: withRight(rights, right, value) } : state;
}

function editableRoutes(state: MatrixState, group: MatrixGroup): string[] {
  return group.routes.map((route) => route.route).filter((route) => route in state);
}

/** true, false, or 'indeterminate' when only some editable routes of the group have the right. */
export function groupRight(state: MatrixState, group: MatrixGroup, right: Right): boolean | 'indeterminate' {
  const routes = editableRoutes(state, group);
  const ticked = routes.filter((route) => state[route]![right]).length;
  if (routes.length === 0) return true;
  if (ticked === routes.length) return true;
  return ticked === 0 ? false : 'indeterminate';
}

export function setGroupRight(state: MatrixState, group: MatrixGroup, right: Right, value: boolean): MatrixState {
  const next = { ...state };
  for (const route of editableRoutes(state, group)) next[route] = withRight(next[route]!, right, value);
  return next;
}

/** How many routes differ between two states. */
export function countChanges(before: MatrixState, after: MatrixState): number {
  return Object.keys(after).filter(
    (route) => before[route]?.canView !== after[route]!.canView || before[route]?.canAccess !== after[route]!.canAccess,
  ).length;
}

/** The PUT body: every catalogue route, the always-allowed ones with every right. */
export function permissionsOf(state: MatrixState, catalogue: readonly CatalogRouteInfo[]): Permission[] {
  return catalogue.map((route) => {
    const rights = isFixedRoute(route)
      ? { canView: true, canAccess: true }
      : (state[route.route] ?? { canView: false, canAccess: false });
    return { route: route.route, canView: rights.canView, canAccess: rights.canAccess };
  });
}
