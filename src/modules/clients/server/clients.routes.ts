// Clients' and suppliers' endpoints beyond the declared resource (reference-data.md §13), registered from the
// module's endpoints (clients.endpoints.ts) and their schemas: bank accounts, delivery presets and the Nova Poshta
// identity, and a client's balance (what it owes, reports-admin.md §3).
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { clientsMessages, clientsSchemas } from '../clients.contract.ts';
import { clientsEndpoints } from '../clients.endpoints.ts';
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
import { clientBalance } from './client-balance.ts';

type Counterparty = '/clients' | '/suppliers';

export async function clientsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const secret = deps.config.sessionSecret;

  /** A client's or a supplier's accounts: the counterparty must exist under its own route. */
  const accountsOf = async (route: Counterparty, id: number) => {
    await counterpartyOf(db, route, id);
    return listBankAccounts(db, id);
  };

  serve(app, clientsEndpoints, clientsSchemas, {
    clientBankAccounts: async (request) => accountsOf('/clients', request.params.id),
    putClientBankAccounts: async (request) =>
      replaceBankAccounts(db, auditContext(request), '/clients', request.params.id, request.body),
    supplierBankAccounts: async (request) => accountsOf('/suppliers', request.params.id),
    putSupplierBankAccounts: async (request) =>
      replaceBankAccounts(db, auditContext(request), '/suppliers', request.params.id, request.body),
    presets: async (request) => listPresets(db, request.params.id),
    createPreset: async (request) => createPreset(db, auditContext(request), request.params.id, request.body),
    updatePreset: async (request) =>
      updatePreset(db, auditContext(request), request.params.id, request.params.presetId, request.body),
    makePrimary: async (request) => makePrimary(db, auditContext(request), request.params.id, request.params.presetId),
    removePreset: async (request, reply) => {
      await deletePreset(db, auditContext(request), request.params.id, request.params.presetId);
      return reply.status(204).send();
    },
    npSettings: async (request) => getNpSettings(db, request.params.id),
    putNpSettings: async (request) => putNpSettings(db, auditContext(request), secret, request.params.id, request.body),
    testNpKey: async (request) => testNpKey(db, secret, deps.config.novaPoshtaApiUrl, request.params.id),
    balance: async (request) => clientBalance(db, request.params.id),
    removeNpKey: async (request) => ({
      ...(await deleteNpApiKey(db, auditContext(request), request.params.id)),
      message: clientsMessages.keyRemoved,
    }),
  });
}
