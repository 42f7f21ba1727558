import { DomainError } from '@/shared/api-error.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { signedInActor, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { notificationsSchemas } from '../notifications.contract.ts';
import { notificationsEndpoints } from '../notifications.endpoints.ts';
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

export async function notificationsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, notificationsEndpoints, notificationsSchemas, {
    list: async (request) => listNotifications(db, request.user!.id, request.query),
    stats: async (request) => notificationStats(db, request.user!.id),
    markRead: async (request) => {
      await markRead(db, signedInActor(request), request.params.id);
      return { ok: true as const };
    },
    resolve: async (request) => {
      await resolveNotification(db, signedInActor(request), request.params.id);
      return { ok: true as const };
    },
    resetBadges: async (request) => ({ updated: await resetBadges(db, signedInActor(request)) }),
    bulkDelete: async (request) => ({
      deletedCount: await deleteNotifications(db, signedInActor(request), request.body.ids),
    }),
    remove: async (request) => {
      const deletedCount = await deleteNotifications(db, signedInActor(request), [request.params.id]);
      if (!deletedCount) throw new DomainError(404, notificationsMessages.notFound);
      return { deletedCount };
    },
    sendTest: async (request) => {
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
      return { created };
    },
  });
}
