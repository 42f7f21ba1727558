// The lists people read sort names in Ukrainian alphabetical order on both databases (issue 21, decision 0019):
// suppliers, warehouses and components through the declared-resource engine, asc and desc, page by page (the pages
// past the middle are read from the other end), the pickers' lookups — and the components list by name reads a page
// from the uk_sort_key index instead of sorting the table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleId, replaceUserRoles } from '@/modules/roles/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { compareUk } from '@/shared/collation.ts';
import { ukOrder, ukOrderByKey } from './collation.ts';
import { createTestApp, createUser, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let cookie: string;

const names = [
  'Ґудзик',
  'Гайка',
  'Єнот',
  'Ешелон',
  'Їжак',
  'Іній',
  'Ирій',
  'Йод',
  'Автоматика',
  'ТОВ «Імрад»',
  'Інженерні мережі',
  'АвтоматикаПлюс',
  'apple',
  '1-й',
  'гайка дрібна',
  'Яблуко',
  'Zeta',
];
const expected = [...names].sort(compareUk);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { password: 'collation-pass' });
  await replaceUserRoles(t.db, admin.id, [await adminRoleId(t.db)]);
  cookie = (await signIn(t.app, admin.username, 'collation-pass')).cookie;
  const unit = (await t.db.execute(
    sql`insert into units (name, short_name, type, factor) values ('Штука UK', 'шт UK', 'count', 1) returning id`,
  )) as unknown as { rows: Array<{ id: number }> };
  const unitId = unit.rows[0]!.id;
  for (const [i, name] of names.entries()) {
    await t.db.execute(
      sql`insert into counterparties (is_supplier, legal_form, name) values (true, 'foreign', ${name})`,
    );
    await t.db.execute(sql`insert into warehouses (code, name, type) values (${`UK${i}`}, ${name}, 'general')`);
    await t.db.execute(
      sql`insert into items (kind, sku, name, unit_id) values ('component', ${`UK-${i}`}, ${name}, ${unitId})`,
    );
  }
});
afterAll(() => t.close());

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
/** Our names as a list shows them (other rows, such as the installed warehouse, left out). */
const ours = (rows: Array<{ name?: string; label?: string }>) =>
  rows.map((r) => r.name ?? r.label ?? '').filter((n) => names.includes(n));

describe.each(['/suppliers', '/warehouses', '/components'])('%s sorted by name', (route) => {
  it('lists А…Я as the Ukrainian alphabet has them, and exactly backwards descending', async () => {
    expect(ours(await get(`/api${route}?sort=name&limit=200`))).toEqual(expected);
    expect(ours(await get(`/api${route}?sort=-name&limit=200`))).toEqual([...expected].reverse());
  });

  it('gives the same order page by page, the later pages read from the end', async () => {
    const all = await get<Array<{ id: number }>>(`/api${route}?sort=name&limit=200`);
    const paged: Array<{ id: number }> = [];
    for (let page = 1; paged.length < all.length; page++) {
      const rows = await get<Array<{ id: number }>>(`/api${route}?sort=name&limit=4&page=${page}`);
      expect(rows.length).toBeGreaterThan(0);
      paged.push(...rows);
    }
    expect(paged.map((r) => r.id)).toEqual(all.map((r) => r.id));
  });

  it('offers the picker its options in the same order', async () => {
    expect(ours(await get(`/api/lookups${route}?limit=100`))).toEqual(expected);
  });
});

describe("the items' stored sort key (migration 0053)", () => {
  it('orders exactly as the key computed per row, and follows a renamed item', async () => {
    const byKey = async (order: 'stored' | 'computed') =>
      (
        (await t.db.execute(sql`select name from items where sku like 'UK-%'
          order by ${order === 'stored' ? ukOrderByKey(sql`name_sort_key`, sql`name`) : ukOrder(sql`name`)}, id`)) as unknown as {
          rows: Array<{ name: string }>;
        }
      ).rows.map((r) => r.name);
    expect(await byKey('stored')).toEqual(expected);
    expect(await byKey('computed')).toEqual(expected);
    await t.db.execute(sql`update items set name = 'Ґава' where sku = 'UK-16'`); // the generated key follows the new name
    const renamed = [...names.slice(0, 16), 'Ґава'].sort(compareUk);
    expect(await byKey('stored')).toEqual(renamed);
    await t.db.execute(sql`update items set name = 'Zeta' where sku = 'UK-16'`);
  });

  it('is no part of an item as the API shows it, in a list or a record', async () => {
    const list = await get<Array<Record<string, unknown>>>('/api/components?search=UK-1&limit=5');
    const one = await get<Record<string, unknown>>(`/api/components/${list[0]!.id as number}`);
    expect(list.length).toBeGreaterThan(0);
    for (const row of [...list, one]) expect(Object.keys(row)).not.toContain('nameSortKey');
    expect(one).toHaveProperty('name');
  });
});

describe('the components list by name on a larger table', () => {
  it('reads its page from the uk_sort_key index, in either direction', async () => {
    const unitId = (
      (await t.db.execute(sql`select unit_id from items where sku = 'UK-0'`)) as unknown as {
        rows: Array<{ unit_id: number }>;
      }
    ).rows[0]!.unit_id;
    await t.db.execute(sql`insert into items (kind, sku, name, unit_id)
      select 'component', 'BULK-' || n, 'Деталь ' || md5(n::text), ${unitId} from generate_series(1, 5000) n`);
    await t.db.execute(sql`analyze items`);
    const r = resourceEngine.resource('/components');
    const plans: string[] = [];
    for (const reversed of [false, true]) {
      const query = t.db
        .select()
        .from(r.table)
        .where(resourceEngine.whereOf(r, { filters: {} }))
        .orderBy(...resourceEngine.orderOf(r, 'name', reversed))
        .limit(50);
      const result = (await t.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
      plans.push(result.rows.map((row) => Object.values(row).join(' ')).join('\n'));
    }
    expect(plans[0]).toContain('items_name_uk_idx');
    expect(plans[0]).not.toMatch(/\bSort\b/);
    expect(plans[1]).toContain('Index Scan Backward using items_name_uk_idx');
    expect(plans[1]).not.toMatch(/\bSort\b/);
  });
});
