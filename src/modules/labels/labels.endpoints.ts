// The endpoints of the barcode labels (warehouse.md §10), named once for the server and the dialog (decision 0016).
// Printing only reads: canView on any stock or item page is enough, for the POST too (`access.read`).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { labelsSchemas } from './labels.contract.ts';

/** Whoever may see stock or the item pages may print labels (canView on any of them). */
export const LABEL_ROUTES = [
  '/inventory',
  '/component-stock',
  '/products',
  '/components',
  '/scanner',
  '/serial-numbers',
] as const;

export const labelsEndpoints = defineEndpoints<typeof labelsSchemas>()({
  // /manufacturing viewers print the labels of an MO's output (its drawer opens the dialog).
  render: { method: 'POST', path: '/api/labels/render', access: access.read(...LABEL_ROUTES, '/manufacturing') },
  items: { method: 'GET', path: '/api/labels/items', access: access.route(...LABEL_ROUTES) },
});
