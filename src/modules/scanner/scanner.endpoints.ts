// The endpoint of the scanner (warehouse.md §9), named once for the server and the page (decision 0016): the lookup
// behind the scanner page and the stock pages' scan dialog. A document's scan goes to its own module's endpoint.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { scannerSchemas } from './scanner.contract.ts';

/** The lookup is also opened as a dialog from the stock pages. */
export const SCANNER_ROUTES = ['/scanner', '/inventory', '/component-stock'] as const;

export const scannerEndpoints = defineEndpoints<typeof scannerSchemas>()({
  lookup: { method: 'GET', path: '/api/scanner/lookup', access: access.route(...SCANNER_ROUTES) },
});
