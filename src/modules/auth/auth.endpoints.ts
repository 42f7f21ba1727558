// The endpoints of sign-in, sign-out and password recovery (spec §7), named once for the server and the pages.
// The login page and the shell import this file: it must stay free of zod at run time (type imports only).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { authSchemas } from './auth.contract.ts';

export const authEndpoints = defineEndpoints<typeof authSchemas>()({
  user: { method: 'GET', path: '/api/auth/user', access: access.session },
  login: { method: 'POST', path: '/api/auth/simple-login', access: access.public },
  // Spec §7: sign-out is a page navigation (a link), not a fetch.
  logout: { method: 'GET', path: '/api/logout', access: access.public },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', access: access.public },
  validateResetToken: { method: 'GET', path: '/api/auth/validate-reset-token', access: access.public },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', access: access.public },
});
