export { rolesRoutes } from './roles.routes.ts';
export {
  adminRoleId,
  ensureRoles,
  invalidateRights,
  loadRights,
  otherActiveAdmins,
  replaceUserRoles,
  RIGHTS_CACHE_MS,
  roleRefsFor,
} from './roles.service.ts';
export { accessibleMenu, allows, rightOn, type Rights } from './rights.ts';
export { roles, rolePermissions, userRoles } from './roles.table.ts';
