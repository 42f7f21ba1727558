// The calls of the users page, typed by the module's contract (reports-admin.md §10).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser } from '@/modules/auth/auth.contract.ts';
import { authEndpoints } from '@/modules/auth/auth.endpoints.ts';
import { rolesEndpoints } from '@/modules/roles/roles.endpoints.ts';
import type { CreateUserInput, UpdateUserInput, userListQuerySchema } from '@/modules/users/users.contract.ts';
import type { QueryInput, ResponseOf } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey, endpointListQueryFn, getQueryFn } from '@/web/lib/api.ts';
import { usersEndpoints as api } from '../users.endpoints.ts';

export type OkAnswer = ResponseOf<typeof api.sendReset>;
export type UserStatusFilter = NonNullable<z.input<typeof userListQuerySchema>['status']>;

/**
 * The list query as the page keeps it: the contract's query, with what the page's controls always hold — a page
 * and its size to count with, a status and 'all' or a role id as the selects hold them.
 */
export type UserListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: UserStatusFilter;
  /** 'all' or a role id. */
  roleId: string;
};

/** Every query of this page starts with the users' path, so one prefix invalidates them all. */
export const usersQueryKey = endpointKey(api.list);
export const rolesQueryKey = endpointKey(rolesEndpoints.list);

export function userListQueryKey(filter: UserListFilter) {
  return endpointKey(api.list, { query: filter });
}

export const userListQueryFn = endpointListQueryFn(api.list);

export const usersApi = {
  create: (body: CreateUserInput) => callEndpoint(api.create, { body }),
  update: (id: number, body: UpdateUserInput) => callEndpoint(api.update, { params: { id }, body }),
  activate: (id: number) => callEndpoint(api.activate, { params: { id } }),
  deactivate: (id: number) => callEndpoint(api.deactivate, { params: { id } }),
  sendReset: (id: number) => callEndpoint(api.sendReset, { params: { id } }),
  setPassword: (id: number, password: string) => callEndpoint(api.setPassword, { params: { id }, body: { password } }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
};

// The signed-in user, read from the cache the app shell fills. Same key and 401 rule as the auth module's
// useAuth, which this module may not import (DESIGN §1.4).
const currentUserQueryKey = endpointKey(authEndpoints.user);
const currentUserQueryFn = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export function useCurrentUserId(): number | undefined {
  const { data } = useQuery({ queryKey: currentUserQueryKey, queryFn: currentUserQueryFn });
  return data?.id;
}
