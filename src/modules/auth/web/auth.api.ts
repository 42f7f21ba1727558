// The calls of sign-in and password recovery (spec §7), typed by the module's contract. The login page and the
// shell import this file: endpoints and types only, so no zod at run time.
import type { CurrentUser, LoginBody } from '@/modules/auth/auth.contract.ts';
import type { ResponseOf } from '@/shared/endpoint.ts';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { authEndpoints as api } from '../auth.endpoints.ts';

export type LoginAnswer = ResponseOf<typeof api.login>;
export type MessageAnswer = ResponseOf<typeof api.forgotPassword>;
export type ValidateResetTokenAnswer = ResponseOf<typeof api.validateResetToken>;

export const authUserQueryKey = endpointKey(api.user);
/** The cache holds the user as sign-in answers it (or GET /api/auth/user, which adds the role names); null: nobody. */
export type AuthUserQueryData = CurrentUser | null;

/** The key is also the URL: the default query function sends GET /api/auth/validate-reset-token?token=… */
export function validateResetTokenQueryKey(token: string) {
  return endpointKey(api.validateResetToken, { query: { token } });
}

export const authApi = {
  login: (body: LoginBody) => callEndpoint(api.login, { body }),
  forgotPassword: (email: string) => callEndpoint(api.forgotPassword, { body: { email } }),
  resetPassword: (token: string, password: string) => callEndpoint(api.resetPassword, { body: { token, password } }),
};
