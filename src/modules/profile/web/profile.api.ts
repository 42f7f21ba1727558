// The calls of the profile page, typed by the contracts (reports-admin.md §19).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser } from '@/modules/auth/auth.contract.ts';
import type {
  changePasswordSchema,
  endedSessionsSchema,
  updateProfileSchema,
} from '@/modules/profile/profile.contract.ts';
import { apiRequest, getQueryFn } from '@/web/lib/api.ts';

export type ProfileInput = z.input<typeof updateProfileSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

// The signed-in user, in the cache the app shell fills: the same key and 401 rule as the auth module's
// useAuth, which this module may not import (DESIGN §1.4).
export const currentUserQueryKey = ['/api/auth/user'] as const;
const currentUserQueryFn = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: currentUserQueryFn });
}

export const sessionsQueryKey = ['/api/profile/sessions'] as const;
export const activityQueryKey = ['/api/profile/activity'] as const;

export const profileApi = {
  update: (body: ProfileInput) => apiRequest<CurrentUser>('PATCH', '/api/profile', body),
  changePassword: (body: ChangePasswordInput) => apiRequest<{ message: string }>('POST', '/api/profile/password', body),
  /** The image itself is the body, typed by its own content type. */
  uploadPhoto: (image: Blob) => apiRequest<CurrentUser>('POST', '/api/profile/photo', image),
  removePhoto: () => apiRequest<CurrentUser>('DELETE', '/api/profile/photo'),
  endOtherSessions: () => apiRequest<EndedSessions>('DELETE', '/api/profile/sessions/others'),
};
