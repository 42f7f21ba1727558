// The demo assembly documents (through the real service, after every seeder they rely on): one posted disassembly
// of two stocked kits and two posted assemblies of one kit each, pre-filled from the BOM; the ledger and the serials
// agree.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resourceEngine } from '@/resources/index.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { demoSeeders } from '@/server/db/seed/demo-seeders.ts';
import { createTestApp } from '@/server/testing/test-app.ts';
import { checkSerialInvariant } from '@/modules/serial-numbers/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { assemblies } from './assembly.table.ts';

describe('assemblyDemoSeeder', () => {
  it('posts two assemblies and one disassembly from the demo stock', { timeout: 300_000 }, async () => {
    const t = await createTestApp();
    try {
      await resourceEngine.ensureSeeds(t.db);
      const logs: string[] = [];
      const upTo = demoSeeders.findIndex((s) => s.name === 'assembly');
      expect(upTo).toBeGreaterThan(demoSeeders.findIndex((s) => s.name === 'bom'));
      await runDemoSeed(t.db, demoSeeders.slice(0, upTo + 1), { demoPassword: 'x', log: (m) => void logs.push(m) });
      expect(logs.at(-1)).toBe('Збірка та розбірка: 2 проведені збірки і 1 розбірка');
      const rows = await t.db.select().from(assemblies).orderBy(asc(assemblies.id));
      expect(rows.map((r) => [r.type, r.status])).toEqual([
        ['disassembly', 'posted'],
        ['assembly', 'posted'],
        ['assembly', 'posted'],
      ]);
      expect(new Set(rows.map((r) => r.itemId)).size).toBe(1);
      expect(await checkLedger(t.db)).toEqual({ ok: true, problems: [] });
      expect(await checkSerialInvariant(t.db)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
