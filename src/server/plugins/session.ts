// Loads the signed-in user from the database session behind the cookie, for every matched route that needs one
// (declared access 'session' or 'route'). Decided by the matched route, not the URL's text (decision 0014).
import { loadSession, readSessionToken } from '@/modules/auth/server/index.ts';
import type { AppDeps, AppInstance } from '../kernel/endpoint.ts';

export function registerSession(app: AppInstance, deps: AppDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const declared = request.routeOptions.config.access;
    if (!declared || declared.kind === 'public' || declared.kind === 'handler') return;
    const token = readSessionToken(request);
    if (!token) return;
    const found = await loadSession(deps.database.db, token);
    if (found) {
      request.user = found.user;
      request.session = found.session;
    }
  });
}
