import type { FastifyRequest } from 'fastify';
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { issuePasswordLink } from '@/modules/auth/server/index.ts';
import { accessibleMenu, loadRights, rightOn } from '@/modules/roles/server/index.ts';
import { usersSchemas } from '../users.contract.ts';
import { usersEndpoints } from '../users.endpoints.ts';
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

  serve(app, usersEndpoints, usersSchemas, {
    accessibleMenu: async (request) => {
      const me = request.user!;
      if (request.params.id !== me.id) {
        const mine = await loadRights(db, me.id);
        if (!rightOn(mine, '/users').canView) throw new DomainError(403, commonMessages.forbidden);
        await getUser(db, request.params.id);
      }
      return accessibleMenu(await loadRights(db, request.params.id));
    },

    list: async (request) => listUsers(db, request.query),

    create: async (request) => {
      const { sendInvite, ...input } = request.body;
      const user = await createUser(db, auditContext(request), input);
      if (sendInvite || !input.password) await sendLink(request, user.id, 'invite');
      return user;
    },

    get: async (request) => getUser(db, request.params.id),

    update: async (request) => updateUser(db, auditContext(request), request.params.id, request.body),

    activate: async (request) => updateUser(db, auditContext(request), request.params.id, { isActive: true }),

    deactivate: async (request) => updateUser(db, auditContext(request), request.params.id, { isActive: false }),

    sendReset: async (request) => {
      await sendLink(request, request.params.id, 'reset');
      return { message: usersMessages.resetSent };
    },

    setPassword: async (request) => {
      await setUserPassword(db, auditContext(request), request.params.id, request.body.password);
      return { message: usersMessages.passwordSet };
    },

    remove: async (request, reply) => {
      await deleteUser(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
