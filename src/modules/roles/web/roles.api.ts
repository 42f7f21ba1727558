// The calls of the roles page, typed by the module's contract (reports-admin.md §11).
import type { Permission } from '@/modules/roles/roles.contract.ts';
import { usersEndpoints } from '@/modules/users/users.endpoints.ts';
import type { BodyInput, RowOf } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { rolesEndpoints as api } from '../roles.endpoints.ts';

export type CatalogRouteInfo = RowOf<typeof api.routes>;
export type RoleInput = BodyInput<typeof api.create>;

/** Every role query starts with the roles' path (list and details); the catalogue has its own key. */
export const rolesQueryKey = endpointKey(api.list);
export const routeCatalogueQueryKey = endpointKey(api.routes);
/**
 * The users' prefix: the accessible menu lives under /api/users/{id}/accessible-menu and changes with the
 * permissions.
 */
export const usersQueryKey = endpointKey(usersEndpoints.list);

export function roleQueryKey(id: number) {
  return endpointKey(api.get, { params: { id } });
}

export const rolesApi = {
  create: (body: RoleInput) => callEndpoint(api.create, { body }),
  update: (id: number, body: BodyInput<typeof api.update>) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  copy: (id: number) => callEndpoint(api.copy, { params: { id } }),
  savePermissions: (id: number, permissions: Permission[]) =>
    callEndpoint(api.setPermissions, { params: { id }, body: { permissions } }),
};
