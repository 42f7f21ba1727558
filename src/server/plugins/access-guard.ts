// Enforces each endpoint's declared access, decided by the route the router matched — never by the URL's text
// (decision 0014). The router decodes the path before matching, so `/%61pi/users` reaches the `/api/users` route:
// a check that read `request.url` let such a request through as if it were no API call at all (issue 19).
// A matched route that declares no access is refused (fail closed); the endpoint-registry test makes sure none
// exists. A request no route matches goes to the not-found handler, which answers 404 for anything that spells
// an API path in any way (static.ts).
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import type { AppDeps, AppInstance } from '../kernel/endpoint.ts';

export function registerAccessGuard(app: AppInstance, deps: AppDeps) {
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const declared = request.routeOptions.config.access;
    if (!declared) throw new DomainError(403, commonMessages.forbidden);
    // A signed endpoint's handler checks the signature itself, first thing (access.byHandler).
    if (declared.kind === 'public' || declared.kind === 'handler') return;
    if (!request.user) throw new DomainError(401, commonMessages.unauthorized);
    if (declared.kind === 'route') {
      const rights = await loadRights(deps.database.db, request.user.id);
      const mode = declared.read || request.method === 'GET' || request.method === 'HEAD' ? 'view' : 'change';
      if (!allows(rights, declared.routes, mode)) throw new DomainError(403, commonMessages.forbidden);
    }
  });
}
