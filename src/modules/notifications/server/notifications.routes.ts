import { DomainError } from '@/shared/api-error.ts';
import { z } from '@/shared/zod-uk.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { access, signedInActor, type AppDeps, type AppInstance } from '@/server/endpoint.ts';
import {
  bulkDeleteBodySchema,
  deletedCountSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationSchema,
  notificationStatsSchema,
  updatedCountSchema,
} from '../notifications.contract.ts';
import { notificationsMessages } from '../notifications.messages.ts';
import {
  deleteNotifications,
  listNotifications,
  markRead,
  notificationStats,
  notify,
  resetBadges,
  resolveNotification,
} from './notifications.service.ts';

const okSchema = z.object({ ok: z.literal(true) });

export async function notificationsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  // /notifications is always allowed to a signed-in user (README §9); everyone sees only his own rows.
  const key = access.route('/notifications');

  app.route({
    method: 'GET',
    url: '/api/notifications',
    config: { access: key },
    schema: { querystring: notificationListQuerySchema, response: { 200: z.array(notificationSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listNotifications(db, request.user!.id, request.query);
      return reply.sendList(rows, total);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/notifications/stats',
    config: { access: key },
    schema: { response: { 200: notificationStatsSchema } },
    handler: async (request) => notificationStats(db, request.user!.id),
  });

  app.route({
    method: 'PATCH',
    url: '/api/notifications/:id/read',
    config: { access: key },
    schema: { params: notificationIdParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await markRead(db, signedInActor(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    method: 'PATCH',
    url: '/api/notifications/:id/resolve',
    config: { access: key },
    schema: { params: notificationIdParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await resolveNotification(db, signedInActor(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/notifications/reset-badges',
    config: { access: key },
    schema: { response: { 200: updatedCountSchema } },
    handler: async (request) => ({ updated: await resetBadges(db, signedInActor(request)) }),
  });

  app.route({
    method: 'DELETE',
    url: '/api/notifications/bulk-delete',
    config: { access: key },
    schema: { body: bulkDeleteBodySchema, response: { 200: deletedCountSchema } },
    handler: async (request) => ({
      deletedCount: await deleteNotifications(db, signedInActor(request), request.body.ids),
    }),
  });

  app.route({
    method: 'DELETE',
    url: '/api/notifications/:id',
    config: { access: key },
    schema: { params: notificationIdParamsSchema, response: { 200: deletedCountSchema } },
    handler: async (request) => {
      const deletedCount = await deleteNotifications(db, signedInActor(request), [request.params.id]);
      if (!deletedCount) throw new DomainError(404, notificationsMessages.notFound);
      return { deletedCount };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/notifications/test',
    // The page's test button: a 'Тест' notification to the caller only, through the same service.
    config: { access: key },
    schema: { response: { 201: z.object({ created: z.number().int() }) } },
    handler: async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const count = await notify(tx, {
          type: 'info',
          priority: 'low',
          title: notificationsMessages.testTitle,
          message: notificationsMessages.testMessage,
          actionUrl: '/notifications',
          userIds: [request.user!.id],
        });
        await audit(tx, signedInActor(request), {
          action: 'create',
          entityType: 'notification',
          after: { title: notificationsMessages.testTitle, test: true },
        });
        return count;
      });
      return reply.status(201).send({ created });
    },
  });
}
