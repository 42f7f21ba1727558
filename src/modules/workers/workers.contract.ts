// A worker's photo (reference-data.md §8): PNG, JPEG or WebP up to 2 MB, stored by its real type.
import { idParams, messageSchema } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';

export { WORKER_PHOTO_MAX_BYTES, WORKER_PHOTO_TYPES, workersMessages } from './workers.messages.ts';

/** `?v=` of the photo's URL: a new value makes the browser ask again for a photo replaced under the same URL. */
export const workerPhotoQuerySchema = z.strictObject({ v: z.string().max(40).optional() });

/**
 * The shapes of the module's endpoints (their paths: workers.endpoints.ts, decision 0016). The photo itself is a file
 * answer (no response schema); its upload is the raw image body.
 */
export const workersSchemas = {
  photo: { params: idParams, query: workerPhotoQuerySchema },
  savePhoto: { params: idParams, response: messageSchema },
  removePhoto: { params: idParams, response: messageSchema },
};
