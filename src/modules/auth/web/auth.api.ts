// The calls of sign-in and password recovery (spec §7), typed by the module's contract.
import type { z } from 'zod';
import type {
  CurrentUser,
  LoginBody,
  loginAnswerSchema,
  messageAnswerSchema,
  validateResetTokenAnswerSchema,
} from '@/modules/auth/auth.contract.ts';
import { apiRequest } from '@/web/lib/api.ts';

export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
export type ValidateResetTokenAnswer = z.infer<typeof validateResetTokenAnswerSchema>;

export const authUserQueryKey = ['/api/auth/user'] as const;
export type AuthUserQueryData = CurrentUser | null;

/** The key is also the URL: the default query function sends GET /api/auth/validate-reset-token?token=… */
export function validateResetTokenQueryKey(token: string) {
  return ['/api/auth/validate-reset-token', { token }] as const;
}

export const authApi = {
  login: (body: LoginBody) => apiRequest<LoginAnswer>('POST', '/api/auth/simple-login', body),
  forgotPassword: (email: string) => apiRequest<MessageAnswer>('POST', '/api/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) =>
    apiRequest<MessageAnswer>('POST', '/api/auth/reset-password', { token, password }),
};
