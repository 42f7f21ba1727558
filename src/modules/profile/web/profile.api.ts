// The calls of the profile page, typed by the contracts (reports-admin.md §19).
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/modules/auth/auth.contract.ts';
import { authEndpoints } from '@/modules/auth/auth.endpoints.ts';
import type { BodyInput, ResponseOf } from '@/shared/endpoint.ts';
import { apiRequest, callEndpoint, endpointKey, endpointUrl, getQueryFn } from '@/web/lib/api.ts';
import { profileEndpoints as api } from '../profile.endpoints.ts';

export type ProfileInput = BodyInput<typeof api.update>;
export type ChangePasswordInput = BodyInput<typeof api.changePassword>;
export type EndedSessions = ResponseOf<typeof api.endOtherSessions>;

// The signed-in user, in the cache the app shell fills: the same key and 401 rule as the auth module's
// useAuth, which this module may not import (DESIGN §1.4).
export const currentUserQueryKey = endpointKey(authEndpoints.user);
const currentUserQueryFn = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: currentUserQueryFn });
}

export const sessionsQueryKey = endpointKey(api.sessions);
export const activityQueryKey = endpointKey(api.activity);
export const preferencesQueryKey = endpointKey(api.preferences);

export const profileApi = {
  update: (body: ProfileInput) => callEndpoint(api.update, { body }),
  changePassword: (body: ChangePasswordInput) => callEndpoint(api.changePassword, { body }),
  /**
   * The image itself is the body, typed by its own content type: no schema describes it, so the endpoint's method
   * and URL go to the fetch helper directly.
   */
  uploadPhoto: (image: Blob) =>
    apiRequest<ResponseOf<typeof api.uploadPhoto>>(api.uploadPhoto.method, endpointUrl(api.uploadPhoto), image),
  removePhoto: () => callEndpoint(api.removePhoto),
  endOtherSessions: () => callEndpoint(api.endOtherSessions),
  updatePreferences: (body: BodyInput<typeof api.updatePreferences>) => callEndpoint(api.updatePreferences, { body }),
};
