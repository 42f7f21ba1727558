// One handler maps every error to JSON `{ error: "<Ukrainian message>" }` (DESIGN §6). Nothing else
// reaches the client: no stack traces, no driver messages.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import type { AppInstance } from '../kernel/endpoint.ts';
import { pgCode } from '../kernel/db-errors.ts';

// PostgreSQL refusing a value that validation let through (a NUL character in text or jsonb, a number or text
// out of its column's range, a malformed date, a duplicate or dangling reference) is the caller's bad input, not
// a server fault: it answers 400/409 in Ukrainian like any other invalid request (issue 10, 'Bad input'). The
// statement failed, so its transaction rolled back and nothing was half-written. Logged as a warning, because
// it also means a contract lacks a check.
const refusedInput: Record<string, { status: number; message: string }> = {
  '22021': { status: 400, message: `${commonMessages.badRequest}: текст містить недопустимий символ` },
  '22P05': { status: 400, message: `${commonMessages.badRequest}: текст містить недопустимий символ` },
  '22003': { status: 400, message: `${commonMessages.badRequest}: число поза допустимим діапазоном` },
  '22001': { status: 400, message: `${commonMessages.badRequest}: значення задовге` },
  '22P02': { status: 400, message: commonMessages.badRequest },
  '22007': { status: 400, message: `${commonMessages.badRequest}: некоректна дата` },
  '22008': { status: 400, message: `${commonMessages.badRequest}: дата поза допустимим діапазоном` },
  '23505': { status: 409, message: 'Запис з такими даними вже існує' },
  '23503': { status: 409, message: 'Повʼязаний запис не знайдено або він ще використовується' },
};

/** Told of every 5xx answer (the system-logs module records it as an event; connected in app.ts). */
export type ServerErrorHook = (request: FastifyRequest, error: unknown) => Promise<void>;

export function registerErrorHandler(app: AppInstance, onServerError?: ServerErrorHook) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return reply
        .status(error.status)
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? commonMessages.badRequest;
      }
      const first = Object.entries(fields)[0];
      const summary = first
        ? `${commonMessages.badRequest}: ${first[0] === '_' ? '' : first[0] + ' — '}${first[1]}`
        : commonMessages.badRequest;
      return reply.status(400).send({ error: summary, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      void onServerError?.(request, error);
      return reply.status(500).send({ error: commonMessages.internal });
    }
    const refused = refusedInput[pgCode(error).code ?? ''];
    if (refused) {
      request.log.warn({ err: error }, 'database refused the request input');
      return reply.status(refused.status).send({ error: refused.message });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ error: commonMessages.badJson });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ error: commonMessages.tooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ error: commonMessages.unsupportedMedia });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return reply.status(429).send({ error: 'Забагато запитів. Спробуйте пізніше.' });
      return reply.status(status).send({ error: commonMessages.badRequest });
    }
    request.log.error({ err: error }, 'unexpected error');
    void onServerError?.(request, error);
    return reply.status(500).send({ error: commonMessages.internal });
  });
}

/**
 * Errors Fastify raises before any route, hook or error handler runs — a URL that is not valid percent-encoding
 * (FST_ERR_BAD_URL, e.g. `/api/orders/%ED%A0%80`), a path parameter over maxParamLength — must not answer
 * Fastify's own English JSON either. Pass as the `frameworkErrors` option of Fastify() (buildApp).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500) return reply.status(500).send({ error: commonMessages.internal });
  return reply.status(status).send({ error: commonMessages.badRequest });
}
