// The endpoint of the global search (issue 21), named once for the server and the palette (decision 0016). Every
// signed-in user may ask; what he gets is cut by his rights group by group (server/search.service.ts).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { searchSchemas } from './search.contract.ts';

export const searchEndpoints = defineEndpoints<typeof searchSchemas>()({
  search: { method: 'GET', path: '/api/search', access: access.session },
});
