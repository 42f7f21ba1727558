// Companies beyond the declared resource (reference-data.md §15), registered from the module's endpoints
// (companies.endpoints.ts) and their schemas: bank accounts (an IBAN belongs to one company only — it tells whose a
// bank payment is) and the logo printed on documents. Keyed to /companies.
import { asc, eq, sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { ibanMfo } from '@/shared/requisites.ts';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { uniqueViolation } from '@/server/kernel/db-errors.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sniffImage, svgToPng } from '@/server/kernel/images.ts';
import { serve } from '@/server/kernel/serve.ts';
import { kyivToday } from '@/shared/kyiv-date.ts';
import { bankAccountsWithDefaults } from '@/modules/clients/server/index.ts';
import { numberingOverview, updatePrefixes } from '@/modules/stock/server/index.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { companyBankAccounts, companyLogos } from '@/resources/companies/companies.table.ts';
import { companiesMessages, companiesSchemas, type BankAccount } from '../companies.contract.ts';
import { companiesEndpoints } from '../companies.endpoints.ts';

async function accountsOf(db: DbOrTx, companyId: number): Promise<BankAccount[]> {
  const rows = await db
    .select()
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.companyId, companyId))
    .orderBy(asc(companyBankAccounts.id));
  return rows.map(({ companyId: _owner, ...row }) => ({ ...row, mfo: ibanMfo(row.iban) }));
}

export async function companiesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const resource = resourceEngine.resource('/companies');
  const upload = companiesEndpoints.putLogo;

  app.addContentTypeParser(
    [...upload.bodyTypes],
    { parseAs: 'buffer', bodyLimit: upload.bodyLimit },
    (_request, body, done) => done(null, body),
  );

  const thisYear = () => Number(kyivToday().slice(0, 4));

  serve(app, companiesEndpoints, companiesSchemas, {
    numbering: async () => numberingOverview(db, thisYear()),
    patchNumbering: async (request) => updatePrefixes(db, auditContext(request), request.body, thisYear()),
    bankAccounts: async (request) => {
      await resourceEngine.get(db, resource, request.params.id);
      return accountsOf(db, request.params.id);
    },
    putBankAccounts: async (request) => {
      const companyId = request.params.id;
      const ctx = auditContext(request);
      return db
        .transaction(async (tx) => {
          await resourceEngine.get(tx, resource, companyId, true);
          const before = await accountsOf(tx, companyId);
          await tx.delete(companyBankAccounts).where(eq(companyBankAccounts.companyId, companyId));
          const accounts = bankAccountsWithDefaults(
            request.body.accounts.map((a) => ({ ...a, bankName: a.bankName ?? null })),
          );
          if (accounts.length) await tx.insert(companyBankAccounts).values(accounts.map((a) => ({ ...a, companyId })));
          const after = await accountsOf(tx, companyId);
          await audit(tx, ctx, {
            action: 'update',
            entityType: 'company_bank_accounts',
            entityId: companyId,
            before,
            after,
          });
          return after;
        })
        .catch((err: unknown) => {
          if (uniqueViolation(err)?.constraint === 'company_bank_accounts_iban_key') {
            throw new DomainError(409, companiesMessages.ibanTaken, { accounts: companiesMessages.ibanTaken });
          }
          throw err;
        });
    },
    putLogo: async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new DomainError(415, companiesMessages.logoType);
      // An SVG is kept as the PNG it draws: no script, handler or link of it survives (issue 19 §6).
      const data = sniffImage(body) ? body : await svgToPng(body);
      const contentType = data ? sniffImage(data) : null;
      if (!data || (contentType !== 'image/png' && contentType !== 'image/jpeg')) {
        throw new DomainError(415, companiesMessages.logoType);
      }
      const companyId = request.params.id;
      await db.transaction(async (tx) => {
        await resourceEngine.get(tx, resource, companyId, true);
        await tx
          .insert(companyLogos)
          .values({ companyId, contentType, data })
          .onConflictDoUpdate({ target: companyLogos.companyId, set: { contentType, data, updatedAt: sql`now()` } });
        await audit(tx, auditContext(request), {
          action: 'update',
          entityType: 'company_logos',
          entityId: companyId,
          after: { contentType, bytes: data.length },
        });
      });
      return { message: companiesMessages.logoSaved };
    },
    logo: async (request, reply) => {
      const [logo] = await db.select().from(companyLogos).where(eq(companyLogos.companyId, request.params.id));
      if (!logo) throw new DomainError(404, companiesMessages.noLogo);
      return reply
        .type(logo.contentType)
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(logo.data);
    },
    removeLogo: async (request) => {
      const companyId = request.params.id;
      await db.transaction(async (tx) => {
        await resourceEngine.get(tx, resource, companyId, true);
        const removed = await tx.delete(companyLogos).where(eq(companyLogos.companyId, companyId)).returning({
          contentType: companyLogos.contentType,
        });
        if (!removed.length) throw new DomainError(404, companiesMessages.noLogo);
        await audit(tx, auditContext(request), {
          action: 'delete',
          entityType: 'company_logos',
          entityId: companyId,
          before: removed[0],
        });
      });
      return { message: companiesMessages.logoRemoved };
    },
  });
}
