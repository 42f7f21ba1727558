import { routeCatalog } from '@/shared/route-catalog.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { rolesSchemas } from '../roles.contract.ts';
import { rolesEndpoints } from '../roles.endpoints.ts';
import { copyRole, createRole, deleteRole, getRole, listRoles, setPermissions, updateRole } from './roles.service.ts';

export async function rolesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, rolesEndpoints, rolesSchemas, {
    list: async () => {
      const rows = await listRoles(db);
      return { rows, total: rows.length };
    },

    routes: async () =>
      routeCatalog.map((r) => ({
        route: r.route,
        label: r.label,
        group: r.group,
        icon: r.icon,
        sidebar: r.sidebar,
        alwaysAllowed: !!r.alwaysAllowed,
        requiresAccess: !!r.requiresAccess,
      })),

    create: async (request) => createRole(db, auditContext(request), request.body),

    get: async (request) => getRole(db, request.params.id),

    update: async (request) => updateRole(db, auditContext(request), request.params.id, request.body),

    remove: async (request, reply) => {
      await deleteRole(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },

    setPermissions: async (request) =>
      setPermissions(db, auditContext(request), request.params.id, request.body.permissions),

    copy: async (request) => copyRole(db, auditContext(request), request.params.id),
  });
}
