// A worker's photo (reference-data.md §8): its limits and messages, free of zod so that the endpoints
// (workers.endpoints.ts) and the page can read them without loading it.
export const WORKER_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const WORKER_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const workersMessages = {
  photoTooLarge: 'Фото має бути не більше 2 МБ',
  photoType: 'Фото має бути зображенням PNG, JPEG або WebP',
  noPhoto: 'Фото не завантажено',
  photoSaved: 'Фото збережено',
  photoRemoved: 'Фото видалено',
} as const;
