// A product's photo (reference-data.md §16): PNG, JPEG or WebP up to 5 MB, stored by its real type.
import { idParams, messageSchema } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';

export { ITEM_PHOTO_MAX_BYTES, ITEM_PHOTO_TYPES, itemPhotoMessages } from './item-photo.messages.ts';

/** `?v=` of the photo's URL: a new value makes the browser ask again for a photo replaced under the same URL. */
export const itemPhotoQuerySchema = z.strictObject({ v: z.string().max(40).optional() });

/**
 * The shapes of the photo's endpoints (their paths: item-photo.endpoints.ts, decision 0016). The photo itself is a
 * file answer (no response schema); its upload is the raw image body.
 */
export const itemPhotoSchemas = {
  productPhoto: { params: idParams, query: itemPhotoQuerySchema },
  saveProductPhoto: { params: idParams, response: messageSchema },
  removeProductPhoto: { params: idParams, response: messageSchema },
};
