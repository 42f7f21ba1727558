// Workers beyond the declared resource: the photo (reference-data.md §8), kept in the database like profile
// photos (decision 0007) and served by its real type. Keyed to /workers.
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sniffImage } from '@/server/kernel/images.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { workerPhotos } from '@/resources/workers/workers.table.ts';
import { WORKER_PHOTO_MAX_BYTES, WORKER_PHOTO_TYPES, workersMessages } from '../workers.contract.ts';

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const PHOTO_BODY_TYPES: string[] = [...WORKER_PHOTO_TYPES];

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const okSchema = z.object({ message: z.string() });

export async function workersRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/workers');
  const resource = resourceEngine.resource('/workers');

  app.addContentTypeParser(
    PHOTO_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: WORKER_PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: 'PUT',
    url: '/api/workers/:id/photo',
    config: { bodyTypes: PHOTO_BODY_TYPES, access: key },
    bodyLimit: WORKER_PHOTO_MAX_BYTES,
    schema: { params: idParams, response: { 200: okSchema } },
    handler: async (request) => {
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
  });

  app.route({
    method: 'GET',
    url: '/api/workers/:id/photo',
    config: { access: key },
    schema: { params: idParams, querystring: z.strictObject({ v: z.string().max(40).optional() }) },
    handler: async (request, reply) => {
      const [photo] = await db.select().from(workerPhotos).where(eq(workerPhotos.workerId, request.params.id));
      if (!photo) throw new DomainError(404, workersMessages.noPhoto);
      return reply.type(photo.contentType).header('cache-control', 'private, no-cache').send(photo.data);
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/workers/:id/photo',
    config: { access: key },
    schema: { params: idParams, response: { 200: okSchema } },
    handler: async (request) => {
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
