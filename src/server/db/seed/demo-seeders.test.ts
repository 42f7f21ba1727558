// The demo dataset goes in through the real services on a fresh database: every seeder runs once, the records
// pass the same validation as the API (requisites with their check digits), and the rules hold (one default
// company, one primary contact per firm).
import { describe, expect, it } from 'vitest';
import { checkEdrpou, checkIbanUa, checkRnokpp } from '@/shared/requisites.ts';
import { resourceEngine } from '@/resources/index.ts';
import { companyBankAccounts } from '@/resources/companies/companies.table.ts';
import { counterpartyBankAccounts } from '@/resources/counterparties/counterparties.table.ts';
import { createTestApp } from '@/server/testing/test-app.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { supplierReceipts } from '@/modules/supplier-receipts/server/supplier-receipts.table.ts';
import { runDemoSeed } from './demo-seeder.ts';
import { demoSeeders } from './demo-seeders.ts';

describe('demo dataset', () => {
  it('fills a fresh database once with valid, realistic records', async () => {
    const t = await createTestApp();
    try {
      await resourceEngine.ensureSeeds(t.db);
      const opts = { demoPassword: 'demo-pass-1', log: () => undefined };
      expect(await runDemoSeed(t.db, demoSeeders, opts)).toEqual(demoSeeders.map((s) => s.name));
      expect(await runDemoSeed(t.db, demoSeeders, opts)).toEqual([]);

      const all = (route: string) => resourceEngine.all(t.db, resourceEngine.resource(route), { filters: {} });
      const components = await all('/components');
      const products = await all('/products');
      expect(components.length + products.length).toBeGreaterThanOrEqual(300);
      expect(new Set(products.map((p) => p.kind))).toEqual(new Set(['product', 'semi_finished', 'service']));

      const clients = await all('/clients');
      const suppliers = await all('/suppliers');
      expect(clients.length).toBeGreaterThanOrEqual(20);
      expect(suppliers.length).toBeGreaterThanOrEqual(5);
      for (const c of [...clients, ...suppliers]) {
        if (c.legalForm === 'legal_entity') expect(checkEdrpou(String(c.taxId)).ok, String(c.taxId)).toBe(true);
        if (c.legalForm === 'sole_proprietor') expect(checkRnokpp(String(c.taxId)).ok).toBe(true);
      }
      // One firm is both a client and a supplier, under one tax id.
      const both = suppliers.filter((s) => clients.some((c) => c.id === s.id));
      expect(both).toHaveLength(1);

      const companies = await all('/companies');
      expect(companies.filter((c) => c.isDefault)).toHaveLength(1);
      const contacts = await all('/client-contacts');
      const primaries = new Map<unknown, number>();
      for (const c of contacts.filter((x) => x.isPrimary)) {
        primaries.set(c.counterpartyId, (primaries.get(c.counterpartyId) ?? 0) + 1);
      }
      expect([...primaries.values()].every((count) => count === 1)).toBe(true);

      // The opening stock came in through posted receipts, and the ledger agrees with itself.
      const posted = (await t.db.select().from(supplierReceipts)).filter((r) => r.status === 'posted');
      expect(posted).toHaveLength(3);
      expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });

      const ibans = [
        ...(await t.db.select().from(counterpartyBankAccounts)),
        ...(await t.db.select().from(companyBankAccounts)),
      ];
      expect(ibans.length).toBeGreaterThan(10);
      expect(ibans.every((a) => checkIbanUa(a.iban).ok)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
