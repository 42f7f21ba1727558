// The nightly maintenance of the embedded database: only in Kyiv's small hours, once a night, and it really vacuums
// (the visibility map a count needs to read an index alone is set afterwards).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import { createEmbeddedMaintenance, kyivHour } from './maintenance.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

async function visiblePages(): Promise<number> {
  const result = (await t.db.execute(
    sql`select relallvisible::int as n from pg_class where relname = 'settings' and relkind = 'r'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

describe('embedded maintenance', () => {
  it('vacuums once a night between 01:00 and 05:59 Kyiv time, and not by day', async () => {
    await t.db.execute(
      sql`insert into settings (key, value) select 'test.night.' || g, to_jsonb(g) from generate_series(1, 500) g`,
    );
    const logged: string[] = [];
    const tick = createEmbeddedMaintenance(t.db, { info: (_details, message) => logged.push(message) });
    // 2026-11-23 in winter: Kyiv is UTC+2.
    const day = new Date('2026-11-23T12:00:00Z');
    const night = new Date('2026-11-23T01:30:00Z');
    const laterThatNight = new Date('2026-11-23T02:30:00Z');
    const nextNight = new Date('2026-11-24T00:10:00Z');
    expect([kyivHour(day), kyivHour(night), kyivHour(laterThatNight), kyivHour(nextNight)]).toEqual([14, 3, 4, 2]);

    expect(await tick(day)).toBe(false);
    // PGlite never vacuums by itself (PostgreSQL's autovacuum might, so the check is PGlite's only).
    if (!process.env.DATABASE_URL) expect(await visiblePages()).toBe(0);
    expect(await tick(night)).toBe(true);
    expect(await visiblePages()).toBeGreaterThan(0);
    expect(await tick(laterThatNight)).toBe(false);
    expect(await tick(nextNight)).toBe(true);
    expect(logged).toEqual([
      'Нічне обслуговування бази: VACUUM (ANALYZE)',
      'Нічне обслуговування бази: VACUUM (ANALYZE)',
    ]);
  });
});
