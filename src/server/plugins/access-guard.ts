// Enforces each endpoint's declared access. An /api route that declares none is refused (fail closed);
// the endpoint-registry test makes sure none exists.
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import { allows, loadRights } from '@/modules/roles/server/index.ts';
import type { AppDeps, AppInstance } from '../endpoint.ts';

export function registerAccessGuard(app: AppInstance, deps: AppDeps) {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const declared = request.routeOptions.config.access;
    if (!declared) {
      // Unknown /api paths reach the not-found handler, which has no routeOptions.url.
      if (!request.routeOptions.url) return;
      throw new DomainError(403, commonMessages.forbidden);
    }
    if (declared.kind === 'public') return;
    if (!request.user) throw new DomainError(401, commonMessages.unauthorized);
    if (declared.kind === 'route') {
      const rights = await loadRights(deps.database.db, request.user.id);
      const mode = request.method === 'GET' || request.method === 'HEAD' ? 'view' : 'change';
      if (!allows(rights, declared.routes, mode)) throw new DomainError(403, commonMessages.forbidden);
    }
  });
}
