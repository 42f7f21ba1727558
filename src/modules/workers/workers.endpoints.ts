// The endpoints of a worker's photo (reference-data.md §8), named once for the server and the page (decision 0016).
// Keyed to /workers, like the declared resource's own endpoints.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { workersSchemas } from './workers.contract.ts';
import { WORKER_PHOTO_MAX_BYTES, WORKER_PHOTO_TYPES } from './workers.messages.ts';

const workers = access.route('/workers');

export const workersEndpoints = defineEndpoints<typeof workersSchemas>()({
  photo: { method: 'GET', path: '/api/workers/:id/photo', access: workers },
  // The image goes as the raw body, typed by its own content type (decision 0014).
  savePhoto: {
    method: 'PUT',
    path: '/api/workers/:id/photo',
    access: workers,
    bodyTypes: WORKER_PHOTO_TYPES,
    bodyLimit: WORKER_PHOTO_MAX_BYTES,
  },
  removePhoto: { method: 'DELETE', path: '/api/workers/:id/photo', access: workers },
});
