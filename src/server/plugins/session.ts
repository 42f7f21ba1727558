// Loads the signed-in user for every /api request from the database session behind the cookie.
import { loadSession, readSessionToken } from '@/modules/auth/server/index.ts';
import type { AppDeps, AppInstance } from '../endpoint.ts';

export function registerSession(app: AppInstance, deps: AppDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = readSessionToken(request);
    if (!token) return;
    const found = await loadSession(deps.database.db, token);
    if (found) {
      request.user = found.user;
      request.session = found.session;
    }
  });
}
