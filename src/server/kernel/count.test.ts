// countForPage (issue 27, decision 0031) on the real database: exact up to the bound, capped above it, exact again
// for a page past the bound; a drizzle select and a raw statement both work as the matching rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearestEndWindow } from '@/shared/list.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { countForPage } from './count.ts';
import { rowsOf } from './rows.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table count_probe (id int primary key, even boolean not null)`);
  await database.db.execute(sql`insert into count_probe select g, g % 2 = 0 from generate_series(1, 25) g`);
});
afterAll(async () => {
  await database?.close();
});

describe('countForPage', () => {
  const matching = (where = sql`true`) => sql`select 1 from count_probe where ${where}`;

  it('counts exactly up to the bound and stops one row past it', async () => {
    const db = database.db;
    const first = { offset: 0, limit: 5 };
    expect(await countForPage(db, matching(), first, 25)).toEqual({ total: 25, capped: false });
    expect(await countForPage(db, matching(), first, 30)).toEqual({ total: 25, capped: false });
    expect(await countForPage(db, matching(), first, 24)).toEqual({ total: 24, capped: true });
    expect(await countForPage(db, matching(), first, 10)).toEqual({ total: 10, capped: true });
    expect(await countForPage(db, matching(sql`even`), first, 12)).toEqual({ total: 12, capped: false });
    expect(await countForPage(db, matching(sql`even`), first, 11)).toEqual({ total: 11, capped: true });
    expect(await countForPage(db, matching(sql`false`), first, 10)).toEqual({ total: 0, capped: false });
  });

  it('counts every row for a page that reaches past the bound', async () => {
    const db = database.db;
    expect(await countForPage(db, matching(), { offset: 5, limit: 5 }, 10)).toEqual({ total: 10, capped: true });
    expect(await countForPage(db, matching(), { offset: 6, limit: 5 }, 10)).toEqual({ total: 25, capped: false });
    expect(await countForPage(db, matching(), { offset: 100, limit: 5 }, 10)).toEqual({ total: 25, capped: false });
  });

  it('takes a drizzle select as the matching rows', async () => {
    const db = database.db;
    const probe = sql.raw('count_probe');
    const select = db
      .select({ one: sql`1` })
      .from(sql`${probe}`)
      .where(sql`even`);
    expect(await countForPage(db, select, { offset: 0, limit: 5 }, 5)).toEqual({ total: 5, capped: true });
    expect(await countForPage(db, select, { offset: 0, limit: 5 }, 50)).toEqual({ total: 12, capped: false });
    // The bounded statement stops reading at bound + 1 rows.
    const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await db.execute(sql`explain (analyze, format json) select count(*) from (${select} limit ${6}) as matching`),
    );
    expect(JSON.stringify(plan)).toMatch(/"Plan Rows"/);
    expect(JSON.stringify(plan)).toMatch(/"Actual Rows":6\b/);
  });

  it('a capped total never reads the page from the other end', () => {
    expect(nearestEndWindow(10, { offset: 8, limit: 2 }, true)).toEqual({ offset: 8, limit: 2, reversed: false });
    expect(nearestEndWindow(10, { offset: 8, limit: 2 })).toEqual({ offset: 0, limit: 2, reversed: true });
  });
});
