// A product's photo (reference-data.md §16): its limits and messages, free of zod so that the endpoints
// (item-photo.endpoints.ts) and the page can read them without loading it.
export const ITEM_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const ITEM_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const itemPhotoMessages = {
  photoTooLarge: 'Фото має бути не більше 5 МБ',
  photoType: 'Фото має бути зображенням PNG, JPEG або WebP',
  noPhoto: 'Фото не завантажено',
  photoSaved: 'Фото збережено',
  photoRemoved: 'Фото видалено',
} as const;
