import { authMessages } from '../auth.messages.ts';
import { eq } from 'drizzle-orm';
import { ukOrder } from '@/server/kernel/collation.ts';
import { roles, userRoles } from '@/modules/roles/server/index.ts';
import { authSchemas } from '../auth.contract.ts';
import { authEndpoints } from '../auth.endpoints.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.ts';
import { isResetTokenValid, login, logout, requestPasswordReset, resetPassword } from './auth.service.ts';

export async function authRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, authEndpoints, authSchemas, {
    user: async (request) => {
      const names = await db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, request.user!.id))
        .orderBy(ukOrder(roles.name));
      return { ...request.user!, roleName: names.length ? names.map((r) => r.name).join(', ') : null };
    },

    login: async (request, reply) => {
      const { user, token } = await login(db, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: readSessionToken(request),
        requestId: request.id,
      });
      setSessionCookie(reply, deps.config, token, request.body.rememberMe);
      return { user };
    },

    logout: async (request, reply) => {
      // Spec §7 makes sign-out a page navigation (a GET). Only a navigation from the app itself or a typed address
      // ends the session: another site's link or image (Sec-Fetch-Site cross-site / same-site) must not sign anyone
      // out (decision 0014). A client that sends no Sec-Fetch-Site at all is not a browser another site can drive.
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return reply.header('cache-control', 'no-store').redirect('/', 302);
      }
      const token = readSessionToken(request);
      if (token) await logout(db, token, auditContext(request));
      clearSessionCookie(reply, deps.config);
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    },

    forgotPassword: async (request) => {
      // Everything happens after the answer, so neither its body nor its timing tells whether the address
      // belongs to an account.
      const ctx = auditContext(request);
      setImmediate(() => {
        requestPasswordReset(db, deps.mailer, deps.config.appUrl, request.body.email, ctx)
          .then((mailId) => (mailId === null ? undefined : deps.mailer.deliver(mailId)))
          .catch((err: unknown) => request.log.error({ err }, 'Помилка відновлення паролю'));
      });
      return { message: authMessages.server.forgotAccepted };
    },

    validateResetToken: async (request) => ({ valid: await isResetTokenValid(db, request.query.token) }),

    resetPassword: async (request) => {
      await resetPassword(db, request.body.token, request.body.password, auditContext(request));
      return { message: authMessages.server.passwordChanged };
    },
  });
}
