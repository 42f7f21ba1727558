// The endpoints of /payments (sales.md §2), named once for the server and the pages (decision 0016).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { paymentsSchemas } from './payments.contract.ts';

export const paymentsEndpoints = defineEndpoints<typeof paymentsSchemas>()({
  // Every client polls the badge: a user without /payments gets 0 instead of 403 (README §9).
  stats: { method: 'GET', path: '/api/payments/stats', access: access.session },
});
