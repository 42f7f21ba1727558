// Clients' and suppliers' endpoints beyond the declared resource (reference-data.md §13): bank accounts, delivery
// presets (the /clients/{id}/delivery-settings page) and the Nova Poshta identity (/clients/{id}/nova-poshta-settings).
// Everything is keyed to /clients (or /suppliers for a supplier's accounts): view to read, access to change.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import {
  bankAccountSchema,
  bankAccountsBodySchema,
  clientsMessages,
  npSettingsBodySchema,
  npSettingsSchema,
  npTestSchema,
  presetCreateSchema,
  presetSchema,
  presetUpdateSchema,
} from '../clients.contract.ts';
import {
  counterpartyOf,
  createPreset,
  deleteNpApiKey,
  deletePreset,
  getNpSettings,
  listBankAccounts,
  listPresets,
  makePrimary,
  putNpSettings,
  replaceBankAccounts,
  testNpKey,
  updatePreset,
} from './clients.service.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.strictObject({ id });
const presetParams = z.strictObject({ id, presetId: id });

export async function clientsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const secret = deps.config.sessionSecret;

  for (const route of ['/clients', '/suppliers'] as const) {
    app.route({
      method: 'GET',
      url: `/api${route}/:id/bank-accounts`,
      config: { access: access.route(route) },
      schema: { params: idParams, response: { 200: z.array(bankAccountSchema) } },
      handler: async (request) => {
        await counterpartyOf(db, route, request.params.id);
        return listBankAccounts(db, request.params.id);
      },
    });
    app.route({
      method: 'PUT',
      url: `/api${route}/:id/bank-accounts`,
      config: { access: access.route(route) },
      schema: { params: idParams, body: bankAccountsBodySchema, response: { 200: z.array(bankAccountSchema) } },
      handler: async (request) =>
        replaceBankAccounts(db, auditContext(request), route, request.params.id, request.body),
    });
  }

  const clients = access.route('/clients');
  const base = '/api/clients/:id/delivery-settings';

  app.route({
    method: 'GET',
    url: base,
    config: { access: clients },
    schema: { params: idParams, response: { 200: z.array(presetSchema) } },
    handler: async (request) => listPresets(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: clients },
    schema: { params: idParams, body: presetCreateSchema, response: { 201: presetSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createPreset(db, auditContext(request), request.params.id, request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:presetId`,
    config: { access: clients },
    schema: { params: presetParams, body: presetUpdateSchema, response: { 200: presetSchema } },
    handler: async (request) =>
      updatePreset(db, auditContext(request), request.params.id, request.params.presetId, request.body),
  });
  app.route({
    method: 'POST',
    url: `${base}/:presetId/make-primary`,
    config: { access: clients },
    schema: { params: presetParams, response: { 200: presetSchema } },
    handler: async (request) => makePrimary(db, auditContext(request), request.params.id, request.params.presetId),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:presetId`,
    config: { access: clients },
    schema: { params: presetParams },
    handler: async (request, reply) => {
      await deletePreset(db, auditContext(request), request.params.id, request.params.presetId);
      return reply.status(204).send();
    },
  });

  const np = '/api/clients/:id/nova-poshta-settings';
  app.route({
    method: 'GET',
    url: np,
    config: { access: clients },
    schema: { params: idParams, response: { 200: npSettingsSchema } },
    handler: async (request) => getNpSettings(db, request.params.id),
  });
  app.route({
    method: 'PUT',
    url: np,
    config: { access: clients },
    schema: { params: idParams, body: npSettingsBodySchema, response: { 200: npSettingsSchema } },
    handler: async (request) => putNpSettings(db, auditContext(request), secret, request.params.id, request.body),
  });
  app.route({
    method: 'POST',
    url: `${np}/test`,
    config: { access: clients },
    schema: { params: idParams, response: { 200: npTestSchema } },
    handler: async (request) => testNpKey(db, secret, deps.config.novaPoshtaApiUrl, request.params.id),
  });
  app.route({
    method: 'DELETE',
    url: `${np}/api-key`,
    config: { access: clients },
    schema: { params: idParams, response: { 200: npSettingsSchema.extend({ message: z.string() }) } },
    handler: async (request) => ({
      ...(await deleteNpApiKey(db, auditContext(request), request.params.id)),
      message: clientsMessages.keyRemoved,
    }),
  });
}
