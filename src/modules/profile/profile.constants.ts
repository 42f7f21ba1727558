// Plain constants of the profile photo, free of zod, so the endpoints file (and through it any page) does not pull
// the schema library in.
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PHOTO_SIZE_PX = 256;
