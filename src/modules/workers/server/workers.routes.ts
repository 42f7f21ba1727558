// Workers beyond the declared resource: the photo (reference-data.md §8), kept in the database like profile
// photos (decision 0007) and served by its real type. Keyed to /workers.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sniffImage } from '@/server/kernel/images.ts';
import { serve } from '@/server/kernel/serve.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { workerPhotos } from '@/resources/workers/workers.table.ts';
import { WORKER_PHOTO_MAX_BYTES, workersMessages, workersSchemas } from '../workers.contract.ts';
import { workersEndpoints } from '../workers.endpoints.ts';

export async function workersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const resource = resourceEngine.resource('/workers');

  // The photo arrives as the raw image body (its types are the upload endpoint's, decision 0014).
  app.addContentTypeParser(
    [...(workersEndpoints.savePhoto.bodyTypes ?? [])],
    { parseAs: 'buffer', bodyLimit: WORKER_PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  serve(app, workersEndpoints, workersSchemas, {
    photo: async (request, reply) => {
      const [photo] = await db.select().from(workerPhotos).where(eq(workerPhotos.workerId, request.params.id));
      if (!photo) throw new DomainError(404, workersMessages.noPhoto);
      return reply.type(photo.contentType).header('cache-control', 'private, no-cache').send(photo.data);
    },
    savePhoto: async (request) => {
      const data = request.body;
      if (!Buffer.isBuffer(data)) throw new DomainError(415, workersMessages.photoType);
      const contentType = sniffImage(data);
      if (!contentType) throw new DomainError(415, workersMessages.photoType);
      const workerId = request.params.id;
      await db.transaction(async (tx) => {
        await resourceEngine.get(tx, resource, workerId, true);
        await tx
          .insert(workerPhotos)
          .values({ workerId, contentType, data })
          .onConflictDoUpdate({ target: workerPhotos.workerId, set: { contentType, data, updatedAt: sql`now()` } });
        await audit(tx, auditContext(request), {
          action: 'update',
          entityType: 'worker_photos',
          entityId: workerId,
          after: { contentType, bytes: data.length },
        });
      });
      return { message: workersMessages.photoSaved };
    },
    removePhoto: async (request) => {
      const workerId = request.params.id;
      await db.transaction(async (tx) => {
        await resourceEngine.get(tx, resource, workerId, true);
        const removed = await tx
          .delete(workerPhotos)
          .where(eq(workerPhotos.workerId, workerId))
          .returning({ contentType: workerPhotos.contentType });
        if (!removed.length) throw new DomainError(404, workersMessages.noPhoto);
        await audit(tx, auditContext(request), {
          action: 'delete',
          entityType: 'worker_photos',
          entityId: workerId,
          before: removed[0],
        });
      });
      return { message: workersMessages.photoRemoved };
    },
  });
}
