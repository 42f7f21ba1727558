// Serves the built client: hashed assets pre-compressed (br/gzip) and cached for a year, index.html never
// cached, every non-API path answers the app, unknown /api paths answer JSON 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { commonMessages } from '@/shared/api-error.ts';
import type { AppInstance } from '../endpoint.ts';

const NO_STORE = 'no-store, max-age=0';

export async function registerStatic(app: AppInstance, clientDir: string | null) {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = indexFile !== null && existsSync(indexFile);
  if (clientDir && hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const html = filePath.endsWith('.html');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : html ? NO_STORE : 'no-cache');
      },
    });
  }
  const indexHtml = indexFile && hasClient ? readFileSync(indexFile) : null;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: commonMessages.notFound });
    }
    return reply.status(200).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(indexHtml);
  });
}
