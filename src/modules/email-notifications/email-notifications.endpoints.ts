// The endpoints of /api/email-notifications (reports-admin.md §14), named once for the server and the page; the
// route is guarded, every answer `Cache-Control: no-store`.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { emailNotificationsSchemas } from './email-notifications.contract.ts';

const rules = access.route('/email-notifications');

export const emailNotificationsEndpoints = defineEndpoints<typeof emailNotificationsSchemas>()({
  list: { method: 'GET', path: '/api/email-notifications', access: rules },
  recipientOptions: { method: 'GET', path: '/api/email-notifications/recipient-options', access: rules },
  update: { method: 'PUT', path: '/api/email-notifications/:eventKey', access: rules },
  preview: { method: 'POST', path: '/api/email-notifications/:eventKey/preview', access: rules },
  test: { method: 'POST', path: '/api/email-notifications/:eventKey/test', access: rules },
});
