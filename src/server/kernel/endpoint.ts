// What a route of any module is built with: the app's type, its dependencies, the request's user and session, and
// the audit context of a request. Endpoints are defined once in a module's contract and `*.endpoints.ts`
// (src/shared/endpoint.ts) and registered with `serve` (./serve.ts); `access` says who may call each one, the access
// guard enforces it, and a test fails on any registered /api route that does not declare it.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db.ts';
import type { Access } from '@/shared/endpoint.ts';
import type { ListTotal } from '@/shared/list.ts';
import type { AuditContext, CurrentUser, Mailer } from './context.ts';

export { access, type Access } from '@/shared/endpoint.ts';

export interface RequestSession {
  id: string;
  remember: boolean;
}

export interface RegisteredEndpoint {
  method: string;
  url: string;
  access: Access | undefined;
  /** Upload media types the route takes besides JSON (config.bodyTypes). */
  bodyTypes?: readonly string[];
  /** The route's request schemas as registered (zod), read by the bad-input fuzz. */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Media types of request bodies the route takes besides application/json (an import's CSV or XLSX, an image
     * upload). Any other body of a state-changing request is refused with 415 (decision 0014).
     */
    bodyTypes?: readonly string[];
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access (read by the endpoint-registry test). */
    endpoints: RegisteredEndpoint[];
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    session: RequestSession | null;
  }
  interface FastifyReply {
    /** Sends a list page: the bare array, with the total in X-Total-Count (domain README §10). */
    sendList<T>(rows: T[], total: number | ListTotal): T[];
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Who acts, for the audit log. */
export function auditContext(request: { user: CurrentUser | null; ip: string; id: string }): AuditContext {
  return { userId: request.user?.id ?? null, ip: request.ip, requestId: request.id };
}

/** The signed-in caller of a session or route endpoint (the access guard has already refused anonymous ones). */
export function signedInActor(request: { user: CurrentUser | null; ip: string; id: string }): AuditContext & {
  userId: number;
} {
  if (!request.user) throw new Error('signedInActor on an anonymous request');
  return { ...auditContext(request), userId: request.user.id };
}
