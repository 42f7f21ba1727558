import { z } from '@/shared/zod-uk.ts';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { idParamsSchema } from '../../users/users.contract.ts';
import {
  catalogRouteSchema,
  putPermissionsSchema,
  roleDetailSchema,
  roleInputSchema,
  roleSchema,
  roleUpdateSchema,
} from '../roles.contract.ts';
import { copyRole, createRole, deleteRole, getRole, listRoles, setPermissions, updateRole } from './roles.service.ts';

export async function rolesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  app.route({
    method: 'GET',
    url: '/api/roles',
    // The users page needs the role list for its filter and form.
    config: { access: access.route('/roles', '/users') },
    schema: { response: { 200: z.array(roleSchema) } },
    handler: async (_request, reply) => {
      const rows = await listRoles(db);
      return reply.sendList(rows, rows.length);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/roles/routes',
    config: { access: access.route('/roles') },
    schema: { response: { 200: z.array(catalogRouteSchema) } },
    handler: async () =>
      routeCatalog.map((r) => ({
        route: r.route,
        label: r.label,
        group: r.group,
        icon: r.icon,
        sidebar: r.sidebar,
        alwaysAllowed: !!r.alwaysAllowed,
        requiresAccess: !!r.requiresAccess,
      })),
  });

  app.route({
    method: 'POST',
    url: '/api/roles',
    config: { access: access.route('/roles') },
    schema: { body: roleInputSchema, response: { 201: roleDetailSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createRole(db, auditContext(request), request.body)),
  });

  app.route({
    method: 'GET',
    url: '/api/roles/:id',
    config: { access: access.route('/roles') },
    schema: { params: idParamsSchema, response: { 200: roleDetailSchema } },
    handler: async (request) => getRole(db, request.params.id),
  });

  app.route({
    method: 'PATCH',
    url: '/api/roles/:id',
    config: { access: access.route('/roles') },
    schema: { params: idParamsSchema, body: roleUpdateSchema, response: { 200: roleDetailSchema } },
    handler: async (request) => updateRole(db, auditContext(request), request.params.id, request.body),
  });

  app.route({
    method: 'DELETE',
    url: '/api/roles/:id',
    config: { access: access.route('/roles') },
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await deleteRole(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    method: 'PUT',
    url: '/api/roles/:id/permissions',
    config: { access: access.route('/roles') },
    schema: { params: idParamsSchema, body: putPermissionsSchema, response: { 200: roleDetailSchema } },
    handler: async (request) => setPermissions(db, auditContext(request), request.params.id, request.body.permissions),
  });

  app.route({
    method: 'POST',
    url: '/api/roles/:id/copy',
    config: { access: access.route('/roles') },
    schema: { params: idParamsSchema, response: { 201: roleDetailSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await copyRole(db, auditContext(request), request.params.id)),
  });
}
