import { signedInActor, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { profileSchemas } from '../profile.contract.ts';
import { profileEndpoints } from '../profile.endpoints.ts';
import { PHOTO_MAX_BYTES } from '../profile.constants.ts';
import { profileMessages } from '../profile.messages.ts';
import {
  changePassword,
  deletePhoto,
  endOtherSessions,
  getPhoto,
  getPreferences,
  listSessions,
  ownActivity,
  setPhoto,
  updatePreferences,
  updateProfile,
} from './profile.service.ts';

export async function profileRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  // Photos arrive as the raw image body (its types are the upload endpoint's, decision 0014); the service checks
  // the real type from its bytes.
  app.addContentTypeParser(
    [...(profileEndpoints.uploadPhoto.bodyTypes ?? [])],
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  serve(app, profileEndpoints, profileSchemas, {
    update: async (request) => updateProfile(db, signedInActor(request), request.body),

    changePassword: async (request) => {
      await changePassword(db, signedInActor(request), request.session!.id, request.body);
      return { message: profileMessages.passwordChanged };
    },

    uploadPhoto: async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw Object.assign(new Error('unsupported'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
      return setPhoto(db, signedInActor(request), body);
    },

    removePhoto: async (request) => deletePhoto(db, signedInActor(request)),

    photo: async (request, reply) => {
      const photo = await getPhoto(db, request.params.id);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(photo.data);
    },

    preferences: async (request) => getPreferences(db, request.user!.id),
    updatePreferences: async (request) => updatePreferences(db, signedInActor(request), request.body),

    sessions: async (request) => listSessions(db, request.user!.id, request.session!.id),

    endOtherSessions: async (request) => ({
      ended: await endOtherSessions(db, signedInActor(request), request.session!.id),
    }),

    activity: async (request) => ownActivity(db, request.user!.id),
  });
}
