// The endpoints of /api/email-settings (reports-admin.md §13), named once for the server and the page; the route is
// guarded, every answer `Cache-Control: no-store`.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { emailSettingsSchemas } from './email-settings.contract.ts';

const settings = access.route('/email-settings');

export const emailSettingsEndpoints = defineEndpoints<typeof emailSettingsSchemas>()({
  get: { method: 'GET', path: '/api/email-settings', access: settings },
  update: { method: 'PATCH', path: '/api/email-settings', access: settings },
  test: { method: 'POST', path: '/api/email-settings/test', access: settings },
  outbox: { method: 'GET', path: '/api/email-settings/outbox', access: settings },
  retry: { method: 'POST', path: '/api/email-settings/outbox/:id/retry', access: settings },
});
