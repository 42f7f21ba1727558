import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '@/server/kernel/config.ts';
import { REMEMBER_MS } from './auth.service.ts';

export const SESSION_COOKIE = 'sid';

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, remember: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    // Without "remember me" the cookie lives as long as the browser session.
    ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}
