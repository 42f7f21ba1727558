// Nova Poshta endpoints (sales.md §3, reports-admin.md §15): our settings, the key test, the sender's own lists and
// the directory refresh keyed to /integrations (every answer `Cache-Control: no-store`, the key never in one), and
// the directory searches of the city and branch pickers for any signed-in user. Paths and access are in
// nova-poshta.endpoints.ts (decision 0016).
import { recordRun } from '@/server/kernel/integration-runs.ts';
import { DomainError } from '@/shared/api-error.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { novaPoshtaSchemas, npSettingsMessages } from '../nova-poshta.contract.ts';
import { novaPoshtaEndpoints } from '../nova-poshta.endpoints.ts';
import { npCall, npMessages } from './np-client.ts';
import { refreshDirectory, searchSettlements, searchWarehouses } from './np-directory.service.ts';
import { NP_INTEGRATION, openNpKey, presentNpSettings, readNpSettings, saveNpSettings } from './np-settings.ts';

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

  // Spec §7: no answer under the integration's URL is cached on the way (the settings, the key test, the sender's
  // lists); the directory searches are not integration URLs.
  const integrationUrl = novaPoshtaEndpoints.settings.path;
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith(integrationUrl)) reply.header('cache-control', 'no-store');
  });

  /** The stored key, or a 409 saying it is missing or unreadable. */
  async function storedKey(): Promise<string> {
    const stored = await readNpSettings(db);
    if (!stored.apiKeySealed) throw new DomainError(409, npSettingsMessages.noApiKey);
    const key = openNpKey(secret, stored);
    if (!key) throw new DomainError(409, npSettingsMessages.keyUnreadable);
    return key;
  }

  serve(app, novaPoshtaEndpoints, novaPoshtaSchemas, {
    settings: async () => presentNpSettings(db),
    saveSettings: async (request) => saveNpSettings(db, auditContext(request), secret, request.body),
    test: async (request) => {
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
    senderOptions: async (request) => {
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
    refreshDirectory: async (request) => {
      const startedAt = new Date();
      const key = await storedKey();
      let result: Awaited<ReturnType<typeof refreshDirectory>>;
      try {
        result = await refreshDirectory(db, apiUrl, key);
      } catch (error) {
        // A refused refresh is a run of the card's log too (its answer still goes to the user).
        const message = error instanceof Error ? error.message : String(error);
        await recordRun(db, { integration: NP_INTEGRATION, trigger: 'manual', ok: false, message, startedAt });
        throw error;
      }
      await recordRun(db, {
        integration: NP_INTEGRATION,
        trigger: 'manual',
        ok: true,
        message: `Довідник оновлено: населених пунктів — ${result.settlements}, відділень — ${result.warehouses}`,
        startedAt,
      });
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

    // ---- the directory, for any signed-in user (README §9) ------------------------------------------------------
    settlements: async (request) => {
      const rows = await searchSettlements(db, request.query.search, request.query.limit ?? 20);
      return { rows, total: rows.length };
    },
    warehouses: async (request) => searchWarehouses(db, request.query),
  });
}
