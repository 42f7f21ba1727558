// Refuses state changes another site could make a signed-in browser send (issue 19 §4, decision 0014).
// SameSite=Lax keeps the cookie off cross-site POSTs only when the other page is another *site*: a page on another
// port of the same host is the same site, and its auto-submitted form or no-cors fetch carried the cookie. So every
// request that is not GET/HEAD/OPTIONS must come from the app's own origin — its Origin header equal to APP_URL's
// origin or to the origin the request was sent to, or, without Origin, `Sec-Fetch-Site: same-origin` — and its body,
// when it has one, must be JSON or a media type the route declares (`config.bodyTypes`): a cross-site form can
// send only text/plain, urlencoded or multipart bodies. Decided before the body is read or the session loaded. The
// one exception to the origin rule is an endpoint that authenticates in its handler instead of by the session cookie
// (access.byHandler: the inbound webhook's signature, 1C's exchange login).
import type { FastifyRequest } from 'fastify';
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import type { AppDeps, AppInstance } from '../kernel/endpoint.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `text/plain; charset=utf-8` → `text/plain`; null when the header is missing or empty. */
export function mediaTypeOf(header: string | undefined): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

/** Whether the request was sent by a page of the app itself (see the file's comment). */
export function fromOwnOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    return origin === appOrigin || origin === `${request.protocol}://${request.host}`;
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}

export function registerCrossSiteGuard(app: AppInstance, deps: AppDeps) {
  const appOrigin = new URL(deps.config.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // An endpoint that authenticates in its handler (the webhook's signature, 1C's exchange login) is called by another
    // server, without an Origin, and reads no session cookie: a cross-site page has nothing to ride on. Its body must
    // still be JSON or a type it declares.
    const ownAuth = !request.is404 && request.routeOptions.config.access?.kind === 'handler';
    if (!ownAuth && !fromOwnOrigin(request, appOrigin)) throw new DomainError(403, commonMessages.crossSite);
    const type = mediaTypeOf(request.headers['content-type']);
    if (type === null || type === 'application/json') return;
    const declared = request.is404 ? undefined : request.routeOptions.config.bodyTypes;
    if (!declared?.includes(type)) throw new DomainError(415, commonMessages.unsupportedMedia);
  });
}
