// The endpoints of /notifications (spec §7; reports-admin.md §9), named once for the server and the page.
// /notifications is always allowed to a signed-in user (README §9); everyone sees only his own rows.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { notificationsSchemas } from './notifications.contract.ts';

const own = access.route('/notifications');

export const notificationsEndpoints = defineEndpoints<typeof notificationsSchemas>()({
  list: { method: 'GET', path: '/api/notifications', access: own, list: true },
  stats: { method: 'GET', path: '/api/notifications/stats', access: own },
  markRead: { method: 'PATCH', path: '/api/notifications/:id/read', access: own },
  resolve: { method: 'PATCH', path: '/api/notifications/:id/resolve', access: own },
  resetBadges: { method: 'POST', path: '/api/notifications/reset-badges', access: own },
  bulkDelete: { method: 'DELETE', path: '/api/notifications/bulk-delete', access: own },
  remove: { method: 'DELETE', path: '/api/notifications/:id', access: own },
  // The page's test button: a 'Тест' notification to the caller only, through the same service.
  sendTest: { method: 'POST', path: '/api/notifications/test', access: own, status: 201 },
});
