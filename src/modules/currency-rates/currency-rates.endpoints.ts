// The endpoints of /api/currency-rates (reports-admin.md §18) and of the NBU card on /integrations (§15), named once
// for the server and the page.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { currencyRatesSchemas } from './currency-rates.contract.ts';

const page = access.route('/currency-rates');
const integrations = access.route('/integrations');

export const currencyRatesEndpoints = defineEndpoints<typeof currencyRatesSchemas>()({
  list: { method: 'GET', path: '/api/currency-rates', access: page },
  create: { method: 'POST', path: '/api/currency-rates', access: page, status: 201 },
  update: { method: 'PATCH', path: '/api/currency-rates/:id', access: page },
  fetch: { method: 'POST', path: '/api/currency-rates/fetch', access: page },
  // The converter only reads (and may fetch a missing day, as any document would).
  convert: { method: 'GET', path: '/api/currency-rates/convert', access: page },
  nbu: { method: 'GET', path: '/api/integrations/nbu', access: integrations },
  saveNbu: { method: 'PUT', path: '/api/integrations/nbu', access: integrations },
  testNbu: { method: 'POST', path: '/api/integrations/nbu/test', access: integrations },
  runNbu: { method: 'POST', path: '/api/integrations/nbu/run', access: integrations },
  // 'Завантажити за період' from the card (§15 API: the NBU backfill job), the same fetch as the rates page's.
  backfillNbu: { method: 'POST', path: '/api/integrations/nbu/backfill', access: integrations },
});
