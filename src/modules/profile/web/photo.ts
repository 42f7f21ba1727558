// The profile photo before upload (reports-admin.md §19): PNG, JPEG or WebP up to 2 MB, shrunk in the
// browser to at most 256×256 so the upload stays small.
import { PHOTO_MAX_BYTES, PHOTO_SIZE_PX, PHOTO_TYPES } from '@/modules/profile/profile.constants.ts';
import { profileMessages } from './profile.messages.ts';

export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/** Why a file cannot be a photo, as a toast's title and text; null when it can. */
export function photoProblem(file: File): { title: string; description: string } | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return { title: profileMessages.photo.wrongTypeTitle, description: profileMessages.photo.wrongType };
  }
  if (file.size > PHOTO_MAX_BYTES) {
    return { title: profileMessages.photo.tooLargeTitle, description: profileMessages.photo.tooLarge };
  }
  return null;
}

/** The size that fits within `max`×`max`, keeping proportions and never enlarging. */
export function fitWithin(width: number, height: number, max = PHOTO_SIZE_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(profileMessages.photo.unreadable));
    };
    image.src = url;
  });
}

/**
 * Draws the image on a canvas of at most 256×256 and encodes it as WebP; a browser that cannot encode
 * WebP gives PNG instead, and the blob's type says which.
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const image = await loadImage(file);
  const size = fitWithin(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(profileMessages.photo.unreadable);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9));
  if (!blob) throw new Error(profileMessages.photo.unreadable);
  return blob;
}

/** The resize step, kept in an object so that a test in jsdom (which has no canvas) can replace it. */
export const photoResizer = { resize: resizePhoto };
