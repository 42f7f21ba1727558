import { z } from '@/shared/zod-uk.ts';
import { access, signedInActor, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { currentUserSchema } from '@/modules/auth/auth.contract.ts';
import { idParamsSchema, okSchema } from '@/modules/users/users.contract.ts';
import {
  activityItemSchema,
  changePasswordSchema,
  endedSessionsSchema,
  PHOTO_MAX_BYTES,
  sessionInfoSchema,
  updateProfileSchema,
} from '../profile.contract.ts';
import { profileMessages } from '../profile.messages.ts';
import {
  changePassword,
  deletePhoto,
  endOtherSessions,
  getPhoto,
  listSessions,
  ownActivity,
  setPhoto,
  updateProfile,
} from './profile.service.ts';

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const PHOTO_BODY_TYPES: string[] = ['image/png', 'image/jpeg', 'image/webp'];

export async function profileRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  // Photos arrive as the raw image body; the service checks the real type from its bytes.
  app.addContentTypeParser(
    PHOTO_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: 'PATCH',
    url: '/api/profile',
    config: { access: access.session },
    schema: { body: updateProfileSchema, response: { 200: currentUserSchema } },
    handler: async (request) => updateProfile(db, signedInActor(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/profile/password',
    config: { access: access.session },
    schema: { body: changePasswordSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await changePassword(db, signedInActor(request), request.session!.id, request.body);
      return { message: profileMessages.passwordChanged };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/profile/photo',
    config: { bodyTypes: PHOTO_BODY_TYPES, access: access.session },
    bodyLimit: PHOTO_MAX_BYTES,
    schema: { response: { 200: currentUserSchema } },
    handler: async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw Object.assign(new Error('unsupported'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
      return setPhoto(db, signedInActor(request), body);
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/profile/photo',
    config: { access: access.session },
    schema: { response: { 200: currentUserSchema } },
    handler: async (request) => deletePhoto(db, signedInActor(request)),
  });

  app.route({
    method: 'GET',
    url: '/api/users/:id/photo',
    // Any colleague's avatar may be shown (sidebar card, user lists).
    config: { access: access.session },
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      const photo = await getPhoto(db, request.params.id);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(photo.data);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/profile/sessions',
    config: { access: access.session },
    schema: { response: { 200: z.array(sessionInfoSchema) } },
    handler: async (request) => listSessions(db, request.user!.id, request.session!.id),
  });

  app.route({
    method: 'DELETE',
    url: '/api/profile/sessions/others',
    config: { access: access.session },
    schema: { response: { 200: endedSessionsSchema } },
    handler: async (request) => ({ ended: await endOtherSessions(db, signedInActor(request), request.session!.id) }),
  });

  app.route({
    method: 'GET',
    url: '/api/profile/activity',
    config: { access: access.session },
    schema: { response: { 200: z.array(activityItemSchema) } },
    handler: async (request) => ownActivity(db, request.user!.id),
  });
}
