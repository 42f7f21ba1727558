// Users and the accessible menu (reports-admin.md §10, spec §3 and §7).
import { idFilter, idParams, messageSchema } from '@/shared/contract.ts';
import { listQueryShape } from '@/shared/list.ts';
import { z } from '@/shared/zod-uk.ts';
import { EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/modules/auth/auth.constants.ts';

export const USERNAME_PATTERN = /^[a-z0-9._-]{3,50}$/;

export const accessibleMenuItemSchema = z.object({
  route: z.string(),
  canView: z.boolean(),
  canAccess: z.boolean(),
});
export const accessibleMenuSchema = z.array(accessibleMenuItemSchema);
export type AccessibleMenuItem = z.infer<typeof accessibleMenuItemSchema>;

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  profileImageUrl: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  roles: z.array(roleRefSchema),
  /** The worker this login belongs to (reference-data.md §8), and the worker's name. */
  workerId: z.number().int().nullable(),
  workerName: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(['all', 'active', 'inactive']).optional(),
  roleId: idFilter(),
});
export const userSortFields = ['username', 'lastName', 'email', 'lastLoginAt', 'createdAt'] as const;

const username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, 'Логін: 3–50 символів — латинські літери, цифри, крапка, дефіс або підкреслення');
const email = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Вкажіть коректну адресу e-mail');
const personName = z.string().trim().max(100);
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, 'Пароль повинен містити мінімум 6 символів')
  .max(MAX_PASSWORD_LENGTH);
const workerId = z.number({ error: 'Оберіть працівника зі списку' }).int().positive().nullable().optional();
const roleIds = z.array(z.number().int().positive()).min(1, 'Оберіть щонайменше одну роль').max(50);

export const createUserSchema = z.strictObject({
  username,
  email,
  firstName: personName.min(1, "Вкажіть ім'я"),
  lastName: personName.min(1, 'Вкажіть прізвище'),
  roleIds,
  workerId,
  isActive: z.boolean().optional().default(true),
  /** A temporary password, or none with sendInvite: the user gets a link to set one. */
  password: password.optional(),
  sendInvite: z.boolean().optional().default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z.strictObject({
  username: username.optional(),
  email: email.optional(),
  firstName: personName.min(1, "Вкажіть ім'я").optional(),
  lastName: personName.min(1, 'Вкажіть прізвище').optional(),
  roleIds: roleIds.optional(),
  workerId,
  isActive: z.boolean().optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const setPasswordSchema = z.strictObject({ password });

/** The shapes of every endpoint of the module (its paths are in users.endpoints.ts, decision 0016). */
export const usersSchemas = {
  accessibleMenu: { params: idParams, response: accessibleMenuSchema },
  list: { query: userListQuerySchema, response: z.array(userSchema) },
  create: { body: createUserSchema, response: userSchema },
  get: { params: idParams, response: userSchema },
  update: { params: idParams, body: updateUserSchema, response: userSchema },
  activate: { params: idParams, response: userSchema },
  deactivate: { params: idParams, response: userSchema },
  sendReset: { params: idParams, response: messageSchema },
  setPassword: { params: idParams, body: setPasswordSchema, response: messageSchema },
  // 204 without a body.
  remove: { params: idParams },
};
