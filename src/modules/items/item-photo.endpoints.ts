// The endpoints of a product's photo (reference-data.md §16), named once for the server and the page (decision 0016).
// Keyed to /products, like the declared resource's own endpoints: seeing it is viewing the page, changing it is
// the right to change products.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { itemPhotoSchemas } from './item-photo.contract.ts';
import { ITEM_PHOTO_MAX_BYTES, ITEM_PHOTO_TYPES } from './item-photo.messages.ts';

const products = access.route('/products');

export const itemPhotoEndpoints = defineEndpoints<typeof itemPhotoSchemas>()({
  productPhoto: { method: 'GET', path: '/api/products/:id/photo', access: products },
  // The image goes as the raw body, typed by its own content type (decision 0014), as a worker's photo does.
  saveProductPhoto: {
    method: 'PUT',
    path: '/api/products/:id/photo',
    access: products,
    bodyTypes: ITEM_PHOTO_TYPES,
    bodyLimit: ITEM_PHOTO_MAX_BYTES,
  },
  removeProductPhoto: { method: 'DELETE', path: '/api/products/:id/photo', access: products },
});
