// The endpoints of companies beyond the declared resource (reference-data.md §15), named once for the server and the
// pages (decision 0016): bank accounts (an IBAN belongs to one company only) and the logo printed on documents.
// Keyed to /companies.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { companiesSchemas } from './companies.contract.ts';
import { LOGO_MAX_BYTES, LOGO_TYPES } from './companies.messages.ts';

const companies = access.route('/companies');

export const companiesEndpoints = defineEndpoints<typeof companiesSchemas>()({
  /** The document numbering of the whole business (reports-admin §12 'Нумерація'), on the companies page. */
  numbering: { method: 'GET', path: '/api/companies/numbering', access: companies },
  patchNumbering: { method: 'PATCH', path: '/api/companies/numbering', access: companies },
  bankAccounts: { method: 'GET', path: '/api/companies/:id/bank-accounts', access: companies },
  putBankAccounts: { method: 'PUT', path: '/api/companies/:id/bank-accounts', access: companies },
  putLogo: {
    method: 'PUT',
    path: '/api/companies/:id/logo',
    access: companies,
    bodyTypes: LOGO_TYPES,
    bodyLimit: LOGO_MAX_BYTES,
  },
  logo: { method: 'GET', path: '/api/companies/:id/logo', access: companies },
  removeLogo: { method: 'DELETE', path: '/api/companies/:id/logo', access: companies },
});
