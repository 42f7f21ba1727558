// Enforces each endpoint's declared access. An /api route that declares none is refused (fail closed);
// the endpoint-registry test makes sure none exists.
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import type { AppInstance } from '../endpoint.ts';

export function registerAccessGuard(app: AppInstance) {
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
  });
}
