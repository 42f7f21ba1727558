// The payloads of sign-in and password recovery (spec §3 and §7). One definition for server and client.
import { z } from '@/shared/zod-uk.ts';
import { messageSchema } from '@/shared/contract.ts';

import { EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth.constants.ts';
import type { CurrentUser } from '@/shared/current-user.ts';

export { EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth.constants.ts';

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({
  email: z.string().trim().min(1).max(254).regex(EMAIL_PATTERN, 'Вкажіть коректну адресу e-mail'),
});

export const validateResetTokenQuerySchema = z.strictObject({
  token: z.string().max(200).optional().default(''),
});
export const validateResetTokenAnswerSchema = z.object({ valid: z.boolean() });

export const resetPasswordBodySchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().min(MIN_PASSWORD_LENGTH, 'Пароль повинен містити мінімум 6 символів').max(MAX_PASSWORD_LENGTH),
});

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  /** The worker this login belongs to (the shop-floor terminal books time to the worker). */
  workerId: z.number().int().nullable(),
}) satisfies z.ZodType<CurrentUser>;
export type { CurrentUser };

/** `GET /api/auth/user` adds the names of the user's roles (reports-admin.md §19). */
export const authUserSchema = currentUserSchema.extend({ roleName: z.string().nullable() });

export const loginAnswerSchema = z.object({ user: currentUserSchema });

/** The shapes of every endpoint of the module (its paths are in auth.endpoints.ts, decision 0016). */
export const authSchemas = {
  user: { response: authUserSchema },
  login: { body: loginBodySchema, response: loginAnswerSchema },
  // A page navigation answered by a redirect: nothing to validate or serialise.
  logout: {},
  forgotPassword: { body: forgotPasswordBodySchema, response: messageSchema },
  validateResetToken: { query: validateResetTokenQuerySchema, response: validateResetTokenAnswerSchema },
  resetPassword: { body: resetPasswordBodySchema, response: messageSchema },
};
