// The endpoints of clients and suppliers beyond the declared resource (reference-data.md §13), named once for the
// server and the pages (decision 0016): bank accounts, a client's delivery presets (the /clients/{id}/delivery-settings
// page), its Nova Poshta identity (/clients/{id}/nova-poshta-settings) and its balance. Everything is keyed to
// /clients (or /suppliers for a supplier's accounts): view to read, access to change.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { clientsSchemas } from './clients.contract.ts';

const clients = access.route('/clients');
const suppliers = access.route('/suppliers');

export const clientsEndpoints = defineEndpoints<typeof clientsSchemas>()({
  clientBankAccounts: { method: 'GET', path: '/api/clients/:id/bank-accounts', access: clients },
  putClientBankAccounts: { method: 'PUT', path: '/api/clients/:id/bank-accounts', access: clients },
  supplierBankAccounts: { method: 'GET', path: '/api/suppliers/:id/bank-accounts', access: suppliers },
  putSupplierBankAccounts: { method: 'PUT', path: '/api/suppliers/:id/bank-accounts', access: suppliers },
  presets: { method: 'GET', path: '/api/clients/:id/delivery-settings', access: clients },
  createPreset: { method: 'POST', path: '/api/clients/:id/delivery-settings', access: clients, status: 201 },
  updatePreset: { method: 'PATCH', path: '/api/clients/:id/delivery-settings/:presetId', access: clients },
  makePrimary: { method: 'POST', path: '/api/clients/:id/delivery-settings/:presetId/make-primary', access: clients },
  // Answers 204 with no body.
  removePreset: { method: 'DELETE', path: '/api/clients/:id/delivery-settings/:presetId', access: clients },
  npSettings: { method: 'GET', path: '/api/clients/:id/nova-poshta-settings', access: clients },
  putNpSettings: { method: 'PUT', path: '/api/clients/:id/nova-poshta-settings', access: clients },
  testNpKey: { method: 'POST', path: '/api/clients/:id/nova-poshta-settings/test', access: clients },
  removeNpKey: { method: 'DELETE', path: '/api/clients/:id/nova-poshta-settings/api-key', access: clients },
  // What the client owes (reports-admin.md §3): the same figure as the /clients list's balance columns.
  balance: { method: 'GET', path: '/api/clients/:id/balance', access: clients },
});
