// Roles and their permission matrix (reports-admin.md §11, domain README §9).
import { z } from '@/shared/zod-uk.ts';
import { idParams } from '@/shared/contract.ts';

export const ADMIN_ROLE_NAME = 'Адміністратор';

export const permissionSchema = z.strictObject({
  route: z.string().max(100),
  canView: z.boolean(),
  canAccess: z.boolean(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isSystem: z.boolean(),
  userCount: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleDetailSchema = roleSchema.extend({ permissions: z.array(permissionSchema) });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const roleInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Вкажіть назву ролі').max(100),
  description: z.string().trim().max(500).optional().default(''),
});
export const roleUpdateSchema = roleInputSchema.partial();

export const putPermissionsSchema = z.strictObject({
  permissions: z.array(permissionSchema).max(500),
});

export const catalogRouteSchema = z.object({
  route: z.string(),
  label: z.string(),
  group: z.string(),
  icon: z.string(),
  sidebar: z.boolean(),
  alwaysAllowed: z.boolean(),
  requiresAccess: z.boolean(),
});

/** The shapes of every endpoint of the module (its paths are in roles.endpoints.ts, decision 0016). */
export const rolesSchemas = {
  list: { response: z.array(roleSchema) },
  routes: { response: z.array(catalogRouteSchema) },
  create: { body: roleInputSchema, response: roleDetailSchema },
  get: { params: idParams, response: roleDetailSchema },
  update: { params: idParams, body: roleUpdateSchema, response: roleDetailSchema },
  // 204 without a body.
  remove: { params: idParams },
  setPermissions: { params: idParams, body: putPermissionsSchema, response: roleDetailSchema },
  copy: { params: idParams, response: roleDetailSchema },
};
