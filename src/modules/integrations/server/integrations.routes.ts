// The integrations' endpoints (reports-admin.md §15): the webhook settings, the signed inbound webhook, the log of
// accepted events and the name mappings. Every answer is `Cache-Control: no-store`. The webhook reads its body raw
// (a scope of its own parses JSON as bytes) so the signature is checked over exactly what was sent, before parsing.
import { recentRuns } from '@/server/kernel/integration-runs.ts';
import type { FastifyRequest } from 'fastify';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { integrationsSchemas } from '../integrations.contract.ts';
import { CML_BODY_TYPES, integrationsEndpoints } from '../integrations.endpoints.ts';
import { commercemlExchange } from './commerceml-exchange.ts';
import { basPullSchemas } from '../bas-pull.contract.ts';
import { basPullEndpoints } from '../bas-pull.endpoints.ts';
import { presentBasPull, runBasPull, saveBasPull, testBasPull } from './bas-pull.ts';
import { webhookSystems } from '../integrations.messages.ts';
import { createMapping, deleteMapping, listMappings, recentWebhookEvents, updateMapping } from './mappings.service.ts';
import { presentWebhookSettings, saveWebhookSettings, webhookSecret } from './webhook-settings.ts';
import { parsePayload, receiveWebhook, verifySignature } from './webhooks.service.ts';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function integrationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const secret = deps.config.sessionSecret;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const { webhook, commercemlGet, commercemlPost, ...rest } = integrationsEndpoints;
  const { webhook: webhookSchemas, commercemlGet: _g, commercemlPost: _p, ...restSchemas } = integrationsSchemas;

  const basDeps = { db, appSecret: secret, nbuApiUrl: deps.config.nbuApiUrl };
  serve(app, basPullEndpoints, basPullSchemas, {
    basPull: async () => presentBasPull(db),
    saveBasPull: async (request) => saveBasPull(db, auditContext(request), secret, request.body),
    testBasPull: async () => testBasPull(db, secret),
    runBasPull: async () => runBasPull(basDeps, 'manual'),
  });

  serve(app, rest, restSchemas, {
    webhookSettings: async () => presentWebhookSettings(db),
    saveWebhookSettings: async (request) =>
      saveWebhookSettings(db, auditContext(request), secret, request.params.system, request.body),
    webhookEvents: async (request) => recentWebhookEvents(db, request.query.system),
    runs: async (request) => recentRuns(db, request.query.key, request.query.limit),
    mappings: async (request) => listMappings(db, request.query),
    createMapping: async (request) => createMapping(db, auditContext(request), request.body),
    updateMapping: async (request) => updateMapping(db, auditContext(request), request.params.id, request.body),
    deleteMapping: async (request) => {
      await deleteMapping(db, auditContext(request), request.params.id);
      return { message: 'Зіставлення видалено' };
    },
  });

  await app.register(async (scope) => {
    const signed = scope as AppInstance;
    signed.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, null);
    });
    // 1C's exchange sends its XML raw; the limit is the exchange's file_limit (and a little more).
    signed.addContentTypeParser(
      [...CML_BODY_TYPES],
      { parseAs: 'buffer', bodyLimit: integrationsEndpoints.commercemlPost.bodyLimit },
      (request, body, done) => {
        rawBodies.set(request, body as Buffer);
        done(null, null);
      },
    );
    serve(
      signed,
      { webhook, commercemlGet, commercemlPost },
      { webhook: webhookSchemas, commercemlGet: {}, commercemlPost: {} },
      {
        commercemlGet: async (request, reply) => commercemlExchange(db, request, reply, null),
        commercemlPost: async (request, reply) =>
          commercemlExchange(db, request, reply, rawBodies.get(request) ?? null),
        webhook: async (request, reply) => {
          // An unknown system has no secret: 401 like a bad signature, before anything is parsed.
          const named = request.params.system;
          const system = webhookSystems.find((known) => known === named) ?? null;
          const raw = rawBodies.get(request) ?? Buffer.alloc(0);
          verifySignature(system && (await webhookSecret(db, secret, system)), raw, {
            signature: header(request, 'x-signature'),
            timestamp: header(request, 'x-timestamp'),
          });
          if (!system) throw new Error('unreachable: an unknown system has no secret');
          const payload = parsePayload(raw);
          const ctx = { ...auditContext(request), actor: `webhook:${system}` };
          const { answer, created } = await receiveWebhook(db, ctx, system, payload);
          if (created) reply.status(201);
          return answer;
        },
      },
    );
  });
}
