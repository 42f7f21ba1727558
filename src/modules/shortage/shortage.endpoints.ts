// The endpoints of /api/shortage (warehouse.md §4), named once for the server and the page, every one keyed to
// /shortage: the rows with their filters, the totals, the 'Джерела' drill-down, 'Створити замовлення постачальнику'
// and the gear dialog's settings.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { shortageSchemas } from './shortage.contract.ts';

const shortage = access.route('/shortage');

export const shortageEndpoints = defineEndpoints<typeof shortageSchemas>()({
  list: { method: 'GET', path: '/api/shortage', access: shortage, list: true },
  stats: { method: 'GET', path: '/api/shortage/stats', access: shortage },
  settings: { method: 'GET', path: '/api/shortage/settings', access: shortage },
  updateSettings: { method: 'PATCH', path: '/api/shortage/settings', access: shortage },
  sources: { method: 'GET', path: '/api/shortage/:itemId/sources', access: shortage },
  createSupplierOrders: {
    method: 'POST',
    path: '/api/shortage/create-supplier-orders',
    access: shortage,
    status: 201,
  },
});
