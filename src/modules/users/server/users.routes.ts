import type { FastifyRequest } from 'fastify';
import { z } from '@/shared/zod-uk.ts';
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { issuePasswordLink } from '@/modules/auth/server/index.ts';
import { accessibleMenu, loadRights, rightOn } from '@/modules/roles/server/index.ts';
import {
  accessibleMenuSchema,
  createUserSchema,
  idParamsSchema,
  okSchema,
  setPasswordSchema,
  updateUserSchema,
  userListQuerySchema,
  userSchema,
} from '../users.contract.ts';
import { usersMessages } from '../users.messages.ts';
import { createUser, deleteUser, getUser, listUsers, setUserPassword, updateUser } from './users.service.ts';

export async function usersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const { mailer } = deps;

  /** Queues the link in its own transaction and sends it after the answer. */
  async function sendLink(request: FastifyRequest, id: number, kind: 'reset' | 'invite') {
    const user = await getUser(db, id);
    if (!user.isActive) throw new DomainError(409, usersMessages.inactiveNoReset);
    const mailId = await issuePasswordLink(db, mailer, deps.config.appUrl, user, auditContext(request), kind);
    mailer.deliver(mailId).catch((err: unknown) => request.log.error({ err }, 'Помилка надсилання листа'));
  }

  app.route({
    method: 'GET',
    url: '/api/users/:id/accessible-menu',
    // For oneself always; for another user only with view right on /users (README §9).
    config: { access: access.session },
    schema: { params: idParamsSchema, response: { 200: accessibleMenuSchema } },
    handler: async (request) => {
      const me = request.user!;
      if (request.params.id !== me.id) {
        const mine = await loadRights(db, me.id);
        if (!rightOn(mine, '/users').canView) throw new DomainError(403, commonMessages.forbidden);
        await getUser(db, request.params.id);
      }
      return accessibleMenu(await loadRights(db, request.params.id));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/users',
    config: { access: access.route('/users') },
    schema: { querystring: userListQuerySchema, response: { 200: z.array(userSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listUsers(db, request.query);
      return reply.sendList(rows, total);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/users',
    config: { access: access.route('/users') },
    schema: { body: createUserSchema, response: { 201: userSchema } },
    handler: async (request, reply) => {
      const { sendInvite, ...input } = request.body;
      const user = await createUser(db, auditContext(request), input);
      if (sendInvite || !input.password) await sendLink(request, user.id, 'invite');
      return reply.status(201).send(user);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/users/:id',
    config: { access: access.route('/users') },
    schema: { params: idParamsSchema, response: { 200: userSchema } },
    handler: async (request) => getUser(db, request.params.id),
  });

  app.route({
    method: 'PATCH',
    url: '/api/users/:id',
    config: { access: access.route('/users') },
    schema: { params: idParamsSchema, body: updateUserSchema, response: { 200: userSchema } },
    handler: async (request) => updateUser(db, auditContext(request), request.params.id, request.body),
  });

  for (const [action, isActive] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.route({
      method: 'POST',
      url: `/api/users/:id/${action}`,
      config: { access: access.route('/users') },
      schema: { params: idParamsSchema, response: { 200: userSchema } },
      handler: async (request) => updateUser(db, auditContext(request), request.params.id, { isActive }),
    });
  }

  app.route({
    method: 'POST',
    url: '/api/users/:id/send-reset',
    config: { access: access.route('/users') },
    schema: { params: idParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await sendLink(request, request.params.id, 'reset');
      return { message: usersMessages.resetSent };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/users/:id/set-password',
    config: { access: access.route('/users') },
    schema: { params: idParamsSchema, body: setPasswordSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await setUserPassword(db, auditContext(request), request.params.id, request.body.password);
      return { message: usersMessages.passwordSet };
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/users/:id',
    config: { access: access.route('/users') },
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await deleteUser(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
