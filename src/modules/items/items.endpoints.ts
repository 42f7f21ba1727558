// The endpoints of /products and /components beyond CRUD (reference-data.md §16–17), named once for the server and
// the pages (decision 0016). The list, form, import and export of both views are the declared resources engine's own
// routes (decision 0006). Permission is the view's route, as for the declared resource itself.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { itemsSchemas } from './items.contract.ts';

const products = access.route('/products');
const components = access.route('/components');

/** A CommerceML file's size limit: the declared resources' imports' own (10 MiB), so no server code is loaded. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const itemsEndpoints = defineEndpoints<typeof itemsSchemas>()({
  /** The one item picker of every document line: seen by whoever may view a page with such lines. */
  options: {
    method: 'GET',
    path: '/api/items/options',
    access: access.route(
      '/orders',
      '/supplier-orders',
      '/supplier-receipts',
      '/warehouse-transfers',
      '/products',
      '/components',
    ),
  },
  // The XML file arrives as the raw body, one file per request (decision 0006's import transport, decision 0014).
  commerceMl: {
    method: 'POST',
    path: '/api/products/import/commerceml',
    access: products,
    bodyTypes: ['application/xml', 'text/xml'],
    bodyLimit: IMPORT_MAX_BYTES,
  },
  /** The product-code helper (spec §3). */
  checkSku: { method: 'GET', path: '/api/products/check-sku', access: products },
  /** An internal EAN-13 made from the item's id. */
  productBarcode: { method: 'POST', path: '/api/products/:id/barcode', access: products },
  productsBulk: { method: 'POST', path: '/api/products/bulk', access: products },
  componentBarcode: { method: 'POST', path: '/api/components/:id/barcode', access: components },
  componentsBulk: { method: 'POST', path: '/api/components/bulk', access: components },
  suppliers: { method: 'GET', path: '/api/components/:id/suppliers', access: components },
  saveSuppliers: { method: 'PUT', path: '/api/components/:id/suppliers', access: components },
  alternatives: { method: 'GET', path: '/api/components/:id/alternatives', access: components },
  saveAlternatives: { method: 'PUT', path: '/api/components/:id/alternatives', access: components },
});
