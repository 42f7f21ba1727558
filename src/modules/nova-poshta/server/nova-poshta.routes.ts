// Nova Poshta endpoints (sales.md §3, reports-admin.md §15): our settings, the key test, the sender's own lists and
// the directory refresh keyed to /integrations (every answer `Cache-Control: no-store`, the key never in one), and
// the directory searches of the city and branch pickers for any signed-in user.
import { DomainError } from '@/shared/api-error.ts';
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import {
  npRefreshResultSchema,
  npSenderOptionsQuerySchema,
  npSenderOptionsSchema,
  npSettingsBodySchema,
  npSettingsMessages,
  npSettingsSchema,
  npSettlementQuerySchema,
  npSettlementSchema,
  npTestBodySchema,
  npTestResultSchema,
  npWarehouseQuerySchema,
  npWarehouseSchema,
} from '../nova-poshta.contract.ts';
import { npCall, npMessages } from './np-client.ts';
import { refreshDirectory, searchSettlements, searchWarehouses } from './np-directory.service.ts';
import { openNpKey, presentNpSettings, readNpSettings, saveNpSettings } from './np-settings.ts';

interface NpCounterparty {
  Ref: string;
  Description: string;
}
interface NpContact {
  Ref: string;
  Description: string;
  Phones?: string;
}

export async function novaPoshtaRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const secret = deps.config.sessionSecret;
  const apiUrl = deps.config.novaPoshtaApiUrl;
  const integrations = access.route('/integrations');
  const base = '/api/integrations/nova-poshta';

  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/integrations/')) reply.header('cache-control', 'no-store');
  });

  /** The stored key, or a 409 saying it is missing or unreadable. */
  async function storedKey(): Promise<string> {
    const stored = await readNpSettings(db);
    if (!stored.apiKeySealed) throw new DomainError(409, npSettingsMessages.noApiKey);
    const key = openNpKey(secret, stored);
    if (!key) throw new DomainError(409, npSettingsMessages.keyUnreadable);
    return key;
  }

  app.route({
    method: 'GET',
    url: base,
    config: { access: integrations },
    schema: { response: { 200: npSettingsSchema } },
    handler: async () => presentNpSettings(db),
  });
  app.route({
    method: 'PUT',
    url: base,
    config: { access: integrations },
    schema: { body: npSettingsBodySchema, response: { 200: npSettingsSchema } },
    handler: async (request) => saveNpSettings(db, auditContext(request), secret, request.body),
  });
  app.route({
    method: 'POST',
    url: `${base}/test`,
    config: { access: integrations },
    schema: { body: npTestBodySchema, response: { 200: npTestResultSchema } },
    handler: async (request) => {
      const key = request.body?.apiKey ?? (await storedKey());
      const result = await npCall<NpCounterparty>(apiUrl, key, 'Counterparty', 'getCounterparties', {
        CounterpartyProperty: 'Sender',
        Page: '1',
      });
      return result.ok
        ? {
            valid: true,
            message: npMessages.keyValid,
            counterparties: result.data.map((c) => ({ ref: c.Ref, description: c.Description })),
          }
        : { valid: false, message: result.error, counterparties: [] };
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/sender-options`,
    config: { access: integrations },
    schema: { querystring: npSenderOptionsQuerySchema, response: { 200: npSenderOptionsSchema } },
    handler: async (request) => {
      const key = await storedKey();
      const counterparties = await npCall<NpCounterparty>(apiUrl, key, 'Counterparty', 'getCounterparties', {
        CounterpartyProperty: 'Sender',
        Page: '1',
      });
      if (!counterparties.ok) throw new DomainError(502, counterparties.error);
      const ref = request.query.counterpartyRef;
      let contacts: Array<{ ref: string; description: string; phone: string | null }> = [];
      if (ref) {
        const found = await npCall<NpContact>(apiUrl, key, 'Counterparty', 'getCounterpartyContactPersons', {
          Ref: ref,
          Page: '1',
        });
        if (!found.ok) throw new DomainError(502, found.error);
        contacts = found.data.map((c) => ({ ref: c.Ref, description: c.Description, phone: c.Phones || null }));
      }
      return {
        counterparties: counterparties.data.map((c) => ({ ref: c.Ref, description: c.Description })),
        contacts,
      };
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/refresh-directory`,
    config: { access: integrations },
    schema: { response: { 200: npRefreshResultSchema } },
    handler: async (request) => {
      const result = await refreshDirectory(db, apiUrl, await storedKey());
      await audit(db, auditContext(request), {
        action: 'import',
        entityType: 'np_directory',
        after: {
          settlements: result.settlements,
          warehouses: result.warehouses,
          deactivatedSettlements: result.deactivatedSettlements,
          deactivatedWarehouses: result.deactivatedWarehouses,
        },
      });
      return result;
    },
  });

  // ---- the directory, for any signed-in user (README §9) --------------------------------------------------------

  app.route({
    method: 'GET',
    url: '/api/nova-poshta/settlements',
    config: { access: access.session },
    schema: { querystring: npSettlementQuerySchema, response: { 200: z.array(npSettlementSchema) } },
    handler: async (request, reply) => {
      const rows = await searchSettlements(db, request.query.search, request.query.limit ?? 20);
      return reply.sendList(rows, rows.length);
    },
  });
  app.route({
    method: 'GET',
    url: '/api/nova-poshta/warehouses',
    config: { access: access.session },
    schema: { querystring: npWarehouseQuerySchema, response: { 200: z.array(npWarehouseSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await searchWarehouses(db, request.query);
      return reply.sendList(rows, total);
    },
  });
}
