// A product's photo (reference-data.md §16): kept in the database like a worker's photo (decision 0007), its type read
// from its bytes by the kernel's image check, served by that type. Keyed to /products: viewing it is viewing the
// page, replacing or removing it is the right to change products; every change is audited.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sniffImage } from '@/server/kernel/images.ts';
import { serve } from '@/server/kernel/serve.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { itemPhotos } from '@/resources/items/items.table.ts';
import { ITEM_PHOTO_MAX_BYTES, itemPhotoMessages, itemPhotoSchemas } from '../item-photo.contract.ts';
import { itemPhotoEndpoints } from '../item-photo.endpoints.ts';

/** Registered in a scope of its own: the image body parser below touches no other route. */
export async function itemPhotoRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const resource = resourceEngine.resource('/products');

  // The photo arrives as the raw image body (its types are the upload endpoint's, decision 0014).
  app.addContentTypeParser(
    [...(itemPhotoEndpoints.saveProductPhoto.bodyTypes ?? [])],
    { parseAs: 'buffer', bodyLimit: ITEM_PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  serve(app, itemPhotoEndpoints, itemPhotoSchemas, {
    productPhoto: async (request, reply) => {
      await resourceEngine.get(db, resource, request.params.id);
      const [photo] = await db.select().from(itemPhotos).where(eq(itemPhotos.itemId, request.params.id));
      if (!photo) throw new DomainError(404, itemPhotoMessages.noPhoto);
      return reply.type(photo.contentType).header('cache-control', 'private, no-cache').send(photo.data);
    },
    saveProductPhoto: async (request) => {
      const data = request.body;
      if (!Buffer.isBuffer(data)) throw new DomainError(415, itemPhotoMessages.photoType);
      const contentType = sniffImage(data);
      if (!contentType) throw new DomainError(415, itemPhotoMessages.photoType);
      const itemId = request.params.id;
      await db.transaction(async (tx) => {
        await resourceEngine.get(tx, resource, itemId, true);
        const [previous] = await tx
          .select({ contentType: itemPhotos.contentType, bytes: sql<number>`octet_length(${itemPhotos.data})` })
          .from(itemPhotos)
          .where(eq(itemPhotos.itemId, itemId));
        await tx
          .insert(itemPhotos)
          .values({ itemId, contentType, data })
          .onConflictDoUpdate({ target: itemPhotos.itemId, set: { contentType, data, updatedAt: sql`now()` } });
        await audit(tx, auditContext(request), {
          action: previous ? 'update' : 'create',
          entityType: 'item_photos',
          entityId: itemId,
          before: previous ? { contentType: previous.contentType, bytes: Number(previous.bytes) } : undefined,
          after: { contentType, bytes: data.length },
        });
      });
      return { message: itemPhotoMessages.photoSaved };
    },
    removeProductPhoto: async (request) => {
      const itemId = request.params.id;
      await db.transaction(async (tx) => {
        await resourceEngine.get(tx, resource, itemId, true);
        const removed = await tx
          .delete(itemPhotos)
          .where(eq(itemPhotos.itemId, itemId))
          .returning({ contentType: itemPhotos.contentType });
        if (!removed.length) throw new DomainError(404, itemPhotoMessages.noPhoto);
        await audit(tx, auditContext(request), {
          action: 'delete',
          entityType: 'item_photos',
          entityId: itemId,
          before: removed[0],
        });
      });
      return { message: itemPhotoMessages.photoRemoved };
    },
  });
}
