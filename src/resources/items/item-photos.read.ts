// Which products have a photo (reference-data.md §16): the list's thumbnail asks for one only when it exists, by its
// version, so a replaced photo is fetched again under the same URL.
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { itemPhotos } from './items.table.ts';

/** Adds `photoVersion` to each row: the photo's last change (epoch milliseconds as text), or null without one. */
export async function withPhotoVersions(db: DbOrTx, rows: Array<Record<string, unknown>>): Promise<void> {
  const ids = rows.map((row) => row.id as number);
  const found = ids.length
    ? await db
        .select({ itemId: itemPhotos.itemId, updatedAt: itemPhotos.updatedAt })
        .from(itemPhotos)
        .where(inArray(itemPhotos.itemId, ids))
    : [];
  const byId = new Map(found.map((photo) => [photo.itemId, String(photo.updatedAt.getTime())]));
  for (const row of rows) row.photoVersion = byId.get(row.id as number) ?? null;
}
