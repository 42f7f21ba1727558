// The calls of the users page, typed by the module's contract (reports-admin.md §10).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser } from '@/modules/auth/auth.contract.ts';
import type { CreateUserInput, okSchema, UpdateUserInput, User } from '@/modules/users/users.contract.ts';
import { apiRequest, getListQueryFn, getQueryFn } from '@/web/lib/api.ts';

export type OkAnswer = z.infer<typeof okSchema>;
export type UserStatusFilter = 'all' | 'active' | 'inactive';

export interface UserListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: UserStatusFilter;
  /** 'all' or a role id. */
  roleId: string;
}

/** Every query of this page starts with '/api/users', so one prefix invalidates them all. */
export const usersQueryKey = ['/api/users'] as const;
export const rolesQueryKey = ['/api/roles'] as const;

export function userListQueryKey(filter: UserListFilter) {
  return ['/api/users', filter] as const;
}

export const userListQueryFn = getListQueryFn<User>();

export const usersApi = {
  create: (body: CreateUserInput) => apiRequest<User>('POST', '/api/users', body),
  update: (id: number, body: UpdateUserInput) => apiRequest<User>('PATCH', `/api/users/${id}`, body),
  activate: (id: number) => apiRequest<User>('POST', `/api/users/${id}/activate`),
  deactivate: (id: number) => apiRequest<User>('POST', `/api/users/${id}/deactivate`),
  sendReset: (id: number) => apiRequest<OkAnswer>('POST', `/api/users/${id}/send-reset`),
  setPassword: (id: number, password: string) =>
    apiRequest<OkAnswer>('POST', `/api/users/${id}/set-password`, { password }),
  remove: (id: number) => apiRequest<unknown>('DELETE', `/api/users/${id}`),
};

// The signed-in user, read from the cache the app shell fills. Same key and 401 rule as the auth module's
// useAuth, which this module may not import (DESIGN §1.4).
const currentUserQueryKey = ['/api/auth/user'] as const;
const currentUserQueryFn = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export function useCurrentUserId(): number | undefined {
  const { data } = useQuery({ queryKey: currentUserQueryKey, queryFn: currentUserQueryFn });
  return data?.id;
}
