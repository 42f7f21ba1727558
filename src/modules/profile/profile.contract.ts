// The signed-in user's own profile (reports-admin.md §19).
import { z } from '@/shared/zod-uk.ts';
import { EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/modules/auth/auth.constants.ts';
import { currentUserSchema } from '@/modules/auth/auth.contract.ts';
import { idParams, messageSchema } from '@/shared/contract.ts';

export { PHOTO_MAX_BYTES, PHOTO_SIZE_PX, PHOTO_TYPES } from './profile.constants.ts';

export const updateProfileSchema = z.strictObject({
  firstName: z.string().trim().min(1, "Вкажіть ім'я").max(100),
  lastName: z.string().trim().min(1, 'Вкажіть прізвище').max(100),
  email: z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Вкажіть коректну адресу e-mail'),
  /** Required when the e-mail changes: it signs in and receives password links (issue 19 §6). */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Вкажіть поточний пароль').max(MAX_PASSWORD_LENGTH),
  newPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, 'Пароль повинен містити мінімум 6 символів')
    .max(MAX_PASSWORD_LENGTH),
});

export const sessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  remember: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const activityItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** The user's own preferences: `emailDigest` off — no daily digest e-mails of the e-mail rules (decision 0026). */
export const preferencesSchema = z.object({ emailDigest: z.boolean() });
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesBodySchema = z.strictObject({ emailDigest: z.boolean() });

/** The shapes of every endpoint of the module (its paths are in profile.endpoints.ts, decision 0016). */
export const profileSchemas = {
  update: { body: updateProfileSchema, response: currentUserSchema },
  changePassword: { body: changePasswordSchema, response: messageSchema },
  // The body is the raw image (a Buffer on the server); the service checks its real type from its bytes.
  uploadPhoto: { response: currentUserSchema },
  removePhoto: { response: currentUserSchema },
  // An image answer.
  photo: { params: idParams },
  sessions: { response: z.array(sessionInfoSchema) },
  endOtherSessions: { response: endedSessionsSchema },
  activity: { response: z.array(activityItemSchema) },
  preferences: { response: preferencesSchema },
  updatePreferences: { body: preferencesBodySchema, response: preferencesSchema },
};
