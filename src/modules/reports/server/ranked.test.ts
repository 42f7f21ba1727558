// rankedGroups (ranked.ts) pages exactly as the plain ORDER BY measure desc, name in Ukrainian order, key: the same
// rows on every page and size, with ties of the measure across page boundaries, a group without a name last among
// its ties, and the number of groups on every row.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ukOrder } from '@/server/kernel/collation.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import { rankedGroups } from './ranked.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const names = ['Яблуко', 'бук', 'Ґанок', 'Гора', null, 'Їжак', 'абрикос', 'Іній', 'Жито', 'Ель', 'гора'];
// 19 groups; the measures repeat (5, 5, 5, 3, 3, …) so ties cross every page boundary.
const groups = Array.from({ length: 19 }, (_, i) => ({ key: i + 1, rank: [5, 5, 5, 3, 3, 8, 1][i % 7]! }));
const facts = sql.join(
  groups.map((g) => sql`(${g.key}::int, ${g.rank}::numeric)`),
  sql`, `,
);
const labels = sql.join(
  groups.map((g, i) => sql`(${g.key}::int, ${names[i % names.length]}::text)`),
  sql`, `,
);
const groupsSql = sql`select v.key, v.rank from (values ${facts}) as v(key, rank)`;
const namesSql = sql`left join (values ${labels}) as n(id, name) on n.id = a.key`;

describe('rankedGroups', () => {
  it('gives the plain order’s pages, ties and unnamed groups included', async () => {
    const plain = async (limit: number, offset: number) =>
      rowsOf<{ key: number }>(
        await t.db.execute(sql`select a.key from (${groupsSql}) a ${namesSql}
          order by a.rank desc, ${ukOrder(sql`n.name`, 'asc', 'last')}, a.key limit ${limit} offset ${offset}`),
      ).map((r) => Number(r.key));
    for (const limit of [1, 2, 3, 4, 10]) {
      for (let offset = 0; offset <= groups.length; offset += limit) {
        const rows = rowsOf<{ key: number; label: string | null; total: string }>(
          await t.db.execute(
            rankedGroups({ groups: groupsSql, names: namesSql, label: sql`n.name`, window: { limit, offset } }),
          ),
        );
        expect(
          rows.map((r) => Number(r.key)),
          `limit ${limit}, offset ${offset}`,
        ).toEqual(await plain(limit, offset));
        for (const r of rows) expect(Number(r.total)).toBe(19);
      }
    }
    const all = rowsOf<{ key: number }>(
      await t.db.execute(rankedGroups({ groups: groupsSql, names: namesSql, label: sql`n.name`, window: null })),
    );
    expect(all.map((r) => Number(r.key))).toEqual(await plain(100, 0));
  });
});
