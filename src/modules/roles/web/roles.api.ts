// The calls of the roles page, typed by the module's contract (reports-admin.md §11).
import type { z } from 'zod';
import type { catalogRouteSchema, Permission, RoleDetail } from '@/modules/roles/roles.contract.ts';
import { apiRequest } from '@/web/lib/api.ts';

export type CatalogRouteInfo = z.infer<typeof catalogRouteSchema>;

/** Every role query starts with '/api/roles' (list and details); the catalogue has its own key. */
export const rolesQueryKey = ['/api/roles'] as const;
export const routeCatalogueQueryKey = ['/api/roles/routes'] as const;
/** The accessible menu lives under /api/users/{id}/accessible-menu: it changes with the permissions. */
export const usersQueryKey = ['/api/users'] as const;

export function roleQueryKey(id: number) {
  return ['/api/roles', id] as const;
}

export interface RoleInput {
  name: string;
  description?: string;
}

export const rolesApi = {
  create: (body: RoleInput) => apiRequest<RoleDetail>('POST', '/api/roles', body),
  update: (id: number, body: Partial<RoleInput>) => apiRequest<RoleDetail>('PATCH', `/api/roles/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `/api/roles/${id}`),
  copy: (id: number) => apiRequest<RoleDetail>('POST', `/api/roles/${id}/copy`),
  savePermissions: (id: number, permissions: Permission[]) =>
    apiRequest<RoleDetail>('PUT', `/api/roles/${id}/permissions`, { permissions }),
};
