import { authMessages } from '../auth.messages.ts';
import { asc, eq } from 'drizzle-orm';
import { roles, userRoles } from '@/modules/roles/server/index.ts';
import {
  authUserSchema,
  forgotPasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  messageAnswerSchema,
  resetPasswordBodySchema,
  validateResetTokenAnswerSchema,
  validateResetTokenQuerySchema,
} from '../auth.contract.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.ts';
import { isResetTokenValid, login, logout, requestPasswordReset, resetPassword } from './auth.service.ts';

export async function authRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  app.route({
    method: 'GET',
    url: '/api/auth/user',
    config: { access: access.session },
    schema: { response: { 200: authUserSchema } },
    handler: async (request) => {
      const names = await db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, request.user!.id))
        .orderBy(asc(roles.name));
      return { ...request.user!, roleName: names.length ? names.map((r) => r.name).join(', ') : null };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/auth/simple-login',
    config: { access: access.public },
    schema: { body: loginBodySchema, response: { 200: loginAnswerSchema } },
    handler: async (request, reply) => {
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
  });

  app.route({
    method: 'GET',
    url: '/api/logout',
    config: { access: access.public },
    handler: async (request, reply) => {
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
  });

  app.route({
    method: 'POST',
    url: '/api/auth/forgot-password',
    config: { access: access.public },
    schema: { body: forgotPasswordBodySchema, response: { 200: messageAnswerSchema } },
    handler: async (request) => {
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
  });

  app.route({
    method: 'GET',
    url: '/api/auth/validate-reset-token',
    config: { access: access.public },
    schema: { querystring: validateResetTokenQuerySchema, response: { 200: validateResetTokenAnswerSchema } },
    handler: async (request) => ({ valid: await isResetTokenValid(db, request.query.token) }),
  });

  app.route({
    method: 'POST',
    url: '/api/auth/reset-password',
    config: { access: access.public },
    schema: { body: resetPasswordBodySchema, response: { 200: messageAnswerSchema } },
    handler: async (request) => {
      await resetPassword(db, request.body.token, request.body.password, auditContext(request));
      return { message: authMessages.server.passwordChanged };
    },
  });
}
