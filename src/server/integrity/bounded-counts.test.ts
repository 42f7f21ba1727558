// Lists past COUNT_BOUND rows (issue 27, decision 0031), swept over every list that counts bounded: the resource
// engine (products here), orders, notifications and stock movements (costing counts through the same countForPage,
// but a costed item needs a BOM of its own and is left to count.test.ts). Each gets more than 10 000 matching
// rows, cloned in SQL from one row made through the API (cloned movements are not a ledger: this database is
// thrown away and only read through the list). For each: page 1 says 'capped' with 10 000, a narrow filter counts
// exactly, a page past the bound counts every row and reads the right rows from the nearer end.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_BOUND } from '@/shared/list.ts';
import { rowsOf } from '../kernel/rows.ts';
import { createSalesFixture, type SalesFixture } from '../testing/sales-fixture.ts';

let f: SalesFixture;
const EXTRA = COUNT_BOUND + 20;

/** Inserts `n` copies of row `id` of `table`, each with the columns of `overrides` set from g = 1..n. */
async function cloneRow(table: string, id: number, n: number, overrides: Record<string, string>) {
  const columns = rowsOf<{ column_name: string }>(
    await f.t.db.execute(sql`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name <> 'id'
        and is_generated = 'NEVER' order by ordinal_position`),
  ).map((c) => c.column_name);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
  await f.t.db.execute(
    sql.raw(`insert into "${table}" (${list}) select ${values} from "${table}" t, generate_series(1, ${n}) g
      where t.id = ${id}`),
  );
}

const list = async (url: string) => {
  const res = await f.api('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return {
    ids: (res.json() as Array<{ id?: number; itemId?: number }>).map((r) => r.id ?? r.itemId),
    total: Number(res.headers['x-total-count']),
    capped: res.headers['x-total-capped'] === '1',
    exposed: String(res.headers['access-control-expose-headers']),
  };
};

let itemId: number;
let orderId: number;

beforeAll(async () => {
  f = await createSalesFixture();
  itemId = await f.product({ stock: '5', cost: '10.00', price: '20.00' });
  orderId = await f.order([{ itemId, qty: '1', unitPrice: '20.00' }]);
  await cloneRow('orders', orderId, EXTRA, { order_number: `'ORD-CAP-' || lpad(g::text, 6, '0')` });
  await cloneRow('items', itemId, EXTRA, {
    sku: `'CAP-' || lpad(g::text, 6, '0')`,
    name: `'Виріб обмеженого підрахунку ' || g`,
    barcode: 'null',
  });
  const [movement] = rowsOf<{ id: number }>(
    await f.t.db.execute(sql`select id from stock_movements where item_id = ${itemId} limit 1`),
  );
  await cloneRow('stock_movements', movement!.id, EXTRA, {});
  await f.t.db.execute(sql`insert into notifications (user_id, type, priority, title, message)
    select ${f.adminId}, 'system', 'medium', 'Сповіщення ' || g, 'Текст ' || g from generate_series(1, ${EXTRA}) g`);
}, 120_000);

afterAll(async () => {
  await f?.t.close();
});

/** What each list counts in the database, with the filter the list gets. */
const cases = () => [
  {
    name: 'products (resource engine)',
    url: '/api/products?',
    narrow: '/api/products?search=CAP-00001',
    exact: sql`select count(*)::int as n from items where kind in ('product', 'semi_finished', 'service') and is_active`,
  },
  {
    name: 'orders',
    url: '/api/orders?',
    narrow: '/api/orders?search=ORD-CAP-00001',
    exact: sql`select count(*)::int as n from orders`,
  },
  {
    name: 'notifications',
    url: '/api/notifications?',
    narrow: `/api/notifications?searchQuery=${encodeURIComponent('Сповіщення 1000')}`,
    // Paged by page only, and read from the front (no reversed read to check against an offset).
    offset: false,
    exact: sql`select count(*)::int as n from notifications where user_id = ${f.adminId}`,
  },
  {
    name: 'stock movements of an item',
    url: `/api/component-movement?itemId=${itemId}&kind=all&`,
    narrow: `/api/component-movement?itemId=${itemId}&kind=all&dateFrom=2000-01-01&dateTo=2000-01-02`,
    exact: sql`select count(*)::int as n from stock_movements where item_id = ${itemId}`,
  },
];

describe('lists past the count bound', () => {
  it.each(['products (resource engine)', 'orders', 'notifications', 'stock movements of an item'])(
    '%s: page 1 is capped at the bound, a narrow filter and a deep page count exactly',
    async (name) => {
      const c = cases().find((x) => x.name === name)!;
      const [{ n }] = rowsOf<{ n: number }>(await f.t.db.execute(c.exact)) as [{ n: number }];
      expect(n, c.name).toBeGreaterThan(COUNT_BOUND);

      const first = await list(`${c.url}page=1&limit=50`);
      expect(first, c.name).toMatchObject({ total: COUNT_BOUND, capped: true });
      expect(first.ids).toHaveLength(50);
      expect(first.exposed).toContain('x-total-capped');

      const narrow = await list(c.narrow);
      expect(narrow.capped, c.name).toBe(false);
      expect(narrow.total, c.name).toBe(narrow.ids.length);

      // The last counted page still says capped; the next one, past the bound, knows the exact end.
      const lastCounted = await list(`${c.url}page=${COUNT_BOUND / 50}&limit=50`);
      expect(lastCounted.capped, c.name).toBe(true);
      const past = await list(`${c.url}page=${COUNT_BOUND / 50 + 1}&limit=50`);
      expect(past, c.name).toMatchObject({ total: n, capped: false });
      // The last page is read from the other end: the same rows a plain offset read gives.
      const lastPage = Math.ceil(n / 50);
      const last = await list(`${c.url}page=${lastPage}&limit=50`);
      expect(last.total, c.name).toBe(n);
      expect(last.ids, c.name).toHaveLength(n - (lastPage - 1) * 50);
      if (c.offset === false) return;
      const overlap = await list(`${c.url}offset=${n - 60}&limit=60`);
      expect(overlap.ids.slice(-last.ids.length), c.name).toEqual(last.ids);
    },
  );
});
