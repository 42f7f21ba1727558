// The endpoints of the signed-in user's own profile (reports-admin.md §19), named once for the server and the page
// (type imports only: no zod at run time). Every one is the caller's own, so a session is enough.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { profileSchemas } from './profile.contract.ts';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from './profile.constants.ts';

const own = access.session;

export const profileEndpoints = defineEndpoints<typeof profileSchemas>()({
  update: { method: 'PATCH', path: '/api/profile', access: own },
  changePassword: { method: 'POST', path: '/api/profile/password', access: own },
  // The image goes as the raw body, typed by its own content type (decision 0014).
  uploadPhoto: {
    method: 'POST',
    path: '/api/profile/photo',
    access: own,
    bodyTypes: PHOTO_TYPES,
    bodyLimit: PHOTO_MAX_BYTES,
  },
  removePhoto: { method: 'DELETE', path: '/api/profile/photo', access: own },
  // Any colleague's avatar may be shown (sidebar card, user lists).
  photo: { method: 'GET', path: '/api/users/:id/photo', access: own },
  sessions: { method: 'GET', path: '/api/profile/sessions', access: own },
  endOtherSessions: { method: 'DELETE', path: '/api/profile/sessions/others', access: own },
  activity: { method: 'GET', path: '/api/profile/activity', access: own },
  preferences: { method: 'GET', path: '/api/profile/preferences', access: own },
  updatePreferences: { method: 'PATCH', path: '/api/profile/preferences', access: own },
});
