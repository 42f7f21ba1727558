// One handler maps every error to JSON `{ error: "<Ukrainian message>" }` (DESIGN §6). Nothing else
// reaches the client: no stack traces, no driver messages.
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { commonMessages, DomainError } from '@/shared/api-error.ts';
import type { AppInstance } from '../endpoint.ts';

export function registerErrorHandler(app: AppInstance) {
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
      return reply.status(500).send({ error: commonMessages.internal });
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
    return reply.status(500).send({ error: commonMessages.internal });
  });
}
