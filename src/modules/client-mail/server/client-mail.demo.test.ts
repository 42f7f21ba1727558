// The demo correspondence goes in through the real services on top of the demo clients: letters in several
// statuses, one register sent with its letters, one still a draft.
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usersDemoSeeder } from '@/modules/users/server/index.ts';
import { counterpartiesDemoSeeder } from '@/resources/counterparties/counterparties.demo.ts';
import { resourceEngine } from '@/resources/index.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { createTestApp } from '@/server/testing/test-app.ts';
import { clientMailDemoSeeder } from './index.ts';
import { envelopeTemplates, mailItems, mailRegisters } from './client-mail.table.ts';

describe('client mail demo', () => {
  it('seeds letters in several statuses and one sent register, once', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    try {
      await resourceEngine.ensureSeeds(t.db);
      const seeders = [usersDemoSeeder, referenceDataDemoSeeder, counterpartiesDemoSeeder, clientMailDemoSeeder];
      const opts = { demoPassword: 'demo-pass-1', log: () => undefined };
      expect(await runDemoSeed(t.db, seeders, opts)).toEqual(seeders.map((s) => s.name));
      expect(await runDemoSeed(t.db, seeders, opts)).toEqual([]);

      const letters = await t.db.select().from(mailItems).orderBy(asc(mailItems.id));
      expect(letters).toHaveLength(9);
      const statuses = new Set(letters.map((l) => l.status));
      expect(statuses).toEqual(new Set(['draft', 'printed', 'sent', 'delivered', 'returned', 'cancelled']));
      expect(letters.every((l) => /^MAIL-\d{4}-\d{5}$/.test(l.number) && l.recipientAddress.length > 0)).toBe(true);

      const registers = await t.db.select().from(mailRegisters).orderBy(asc(mailRegisters.id));
      expect(registers.map((r) => r.status)).toEqual(['sent', 'draft']);
      expect(registers[0]!.sentAt).not.toBeNull();
      const inSent = letters.filter((l) => l.registerId === registers[0]!.id);
      expect(inSent).toHaveLength(3);
      expect(inSent.every((l) => l.sentAt !== null && /^RR\d{9}UA$/.test(l.trackingNumber ?? ''))).toBe(true);

      const [template] = await t.db.select().from(envelopeTemplates);
      expect(template).toMatchObject({ format: 'DL', isDefault: true });
    } finally {
      await t.close();
    }
  });
});
