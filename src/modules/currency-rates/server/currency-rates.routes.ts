// /api/currency-rates (reports-admin.md §18) and the NBU card's /api/integrations/nbu (§15). Every answer no-store.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { currencyRatesSchemas, type RateFetchInput } from '../currency-rates.contract.ts';
import { currencyRatesEndpoints } from '../currency-rates.endpoints.ts';
import { convert, createRate, fetchRates, listRates, updateRate } from './currency-rates.service.ts';
import { nbuRunPeriod, presentNbu, runNbu, saveNbu, testNbu } from './nbu.ts';

/** A fetch's days: one date, or a period. */
const periodOf = ({ date, from, to, overwriteManual }: RateFetchInput) => ({
  ...(date ? { from: date, to: date } : { from: from ?? kyivToday(), to: to ?? kyivToday() }),
  overwriteManual,
});

export async function currencyRatesRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const apiUrl = deps.config.nbuApiUrl;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  serve(app, currencyRatesEndpoints, currencyRatesSchemas, {
    list: async (request) => listRates(db, request.query),
    create: async (request) => createRate(db, auditContext(request), request.body),
    update: async (request) => updateRate(db, auditContext(request), request.params.id, request.body),
    fetch: async (request) => fetchRates(db, apiUrl, periodOf(request.body), auditContext(request)),
    backfillNbu: async (request) => fetchRates(db, apiUrl, periodOf(request.body), auditContext(request)),
    convert: async (request) => convert(db, apiUrl, request.query),
    nbu: async () => presentNbu(db),
    saveNbu: async (request) => saveNbu(db, auditContext(request), request.body.enabled),
    testNbu: async () => testNbu(apiUrl),
    runNbu: async (request) => runNbu(db, apiUrl, 'manual', nbuRunPeriod(), auditContext(request)),
  });
}
