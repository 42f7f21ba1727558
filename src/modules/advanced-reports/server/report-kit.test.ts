// The report reader bounded by its leading column (report-kit.ts `sqlReader` with `leading`) pages exactly as the
// plain reader does: the same rows in the same order on every page, with ties of the leading day across page
// boundaries, names in Ukrainian order within a day, and a page past the end empty. The plain reader's count comes
// with its page (one statement), and past the end apart; the bounded one counts up to its bound.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import type { ReportQuery } from '../advanced-reports.catalogue.ts';
import { orderOf, sqlReader } from './report-kit.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const names = ['Яблуко', 'бук', 'Ґанок', 'Гора', 'Єнот', 'Їжак', 'абрикос', 'Іній', 'Жито', 'Ель'];
// 23 rows over 5 days: 2026-01-01 has 7 rows, 01-02 has 1, 01-03 has 6, 01-04 has 5, 01-05 has 4.
const days = [7, 1, 6, 5, 4].flatMap((n, d) => Array.from({ length: n }, () => `2026-01-0${d + 1}`));
const values = sql.join(
  days.map((day, i) => sql`(${day}::text, ${names[(i * 7) % names.length]}::text, ${`S-${i % 4}`}::text)`),
  sql`, `,
);
const source = () => sql`select v.day, v.client, v.sku from (values ${values}) as v(day, client, sku)`;
const order = orderOf('day', '~client', 'sku');
const q: ReportQuery = { page: 1, pageSize: 50, format: 'json' };

describe('sqlReader bounded by its leading column', () => {
  it('gives the plain reader’s pages for every page size and page', async () => {
    const plain = sqlReader(source, order);
    const bounded = sqlReader(source, order, { leading: 'day' });
    for (const limit of [1, 2, 3, 5, 7, 50]) {
      for (let offset = 0; offset <= days.length + limit; offset += limit) {
        const expected = await plain(t.db, q, { offset, limit });
        const actual = await bounded(t.db, q, { offset, limit });
        expect(actual, `limit ${limit}, offset ${offset}`).toEqual({ ...expected, capped: false });
      }
    }
    const all = await plain(t.db, q, { offset: 0, limit: 100 });
    expect(all.total).toBe(23);
    // The plain reader counts in its page's statement: the rows carry only the report's columns, every page knows the
    // whole count, and a page past the end (no row to carry it) still does.
    expect(Object.keys(all.rows[0]!).sort()).toEqual(['client', 'day', 'sku']);
    expect((await plain(t.db, q, { offset: 20, limit: 2 })).total).toBe(23);
    expect(await plain(t.db, q, { offset: 40, limit: 5 })).toEqual({ rows: [], total: 23 });
    // Within a day the names are in Ukrainian order (а, б, г, ґ, …), not in code-point order.
    const firstDay = all.rows.filter((r) => r.day === '2026-01-01').map((r) => r.client!.toLowerCase());
    expect(firstDay).toEqual([...firstDay].sort(new Intl.Collator('uk').compare));
  });

  it('counts up to its bound: capped above it, just past a page beyond it, exact at the end', async () => {
    const all = (await sqlReader(source, order)(t.db, q, { offset: 0, limit: 100 })).rows;
    const small = sqlReader(source, order, { leading: 'day', bound: 10 });
    expect(await small(t.db, q, { offset: 0, limit: 5 })).toEqual({ rows: all.slice(0, 5), total: 10, capped: true });
    expect(await small(t.db, q, { offset: 10, limit: 5 })).toEqual({
      rows: all.slice(10, 15),
      total: 15,
      capped: true,
    });
    expect(await small(t.db, q, { offset: 20, limit: 5 })).toEqual({ rows: all.slice(20), total: 23, capped: false });
    expect(await small(t.db, q, { offset: 25, limit: 5 })).toEqual({ rows: [], total: 23, capped: false });
    expect(await sqlReader(source, order, { leading: 'day', bound: 23 })(t.db, q, { offset: 0, limit: 5 })).toEqual({
      rows: all.slice(0, 5),
      total: 23,
      capped: false,
    });
  });
});
