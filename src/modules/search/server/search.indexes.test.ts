// The global search reads trigram indexes, not whole tables (search.sql.ts, migration search_trigram_indexes): every
// column a group searches has one the planner can use (a column without would force a scan of its table), and the
// database takes trigrams of Cyrillic in either case, so 'ТЕХНО' and 'техно' find the same index entries. Plans are
// read with scans of whole tables and plain index scans disabled: what remains possible shows which indexes serve.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/server/testing/test-db.ts';
import type { SearchGroupKey } from '../search.constants.ts';
import { searchStatements, searchTerm } from './search.sql.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const counterparty = ['name', 'full_name', 'tax_id', 'phone'].map((c) => `counterparties_${c}_trgm_idx`);
const item = ['sku', 'name', 'barcode', 'mpn']
  .map((c) => `items_${c}_trgm_idx`)
  .concat('item_suppliers_supplier_sku_trgm_idx');

/** The indexes each group's statement reads; the workers (a company's staff, a small table) have none. */
const indexesOf: Record<Exclude<SearchGroupKey, 'workers'>, string[]> = {
  orders: ['orders_order_number_trgm_idx', 'orders_external_number_trgm_idx'],
  shipments: ['shipments_number_trgm_idx', 'shipments_tracking_number_trgm_idx'],
  payments: ['payments_number_trgm_idx', 'payments_bank_doc_number_trgm_idx'],
  supplierOrders: ['supplier_orders_number_trgm_idx', 'supplier_orders_supplier_reference_trgm_idx'],
  supplierReceipts: ['supplier_receipts_number_trgm_idx', 'supplier_receipts_supplier_doc_number_trgm_idx'],
  manufacturing: ['manufacturing_orders_number_trgm_idx'],
  repairs: ['repairs_number_trgm_idx', 'serial_numbers_serial_trgm_idx'],
  transfers: ['warehouse_transfers_number_trgm_idx'],
  audits: ['inventory_audits_number_trgm_idx'],
  clients: counterparty,
  suppliers: counterparty,
  products: item,
  components: item,
  serials: ['serial_numbers_serial_trgm_idx'],
};

const searchedTables = [
  'orders',
  'shipments',
  'payments',
  'supplier_orders',
  'supplier_receipts',
  'manufacturing_orders',
  'repairs',
  'serial_numbers',
  'warehouse_transfers',
  'inventory_audits',
  'counterparties',
  'items',
  'item_suppliers',
];

class Rollback extends Error {
  plan: string;
  constructor(plan: string) {
    super('rollback');
    this.plan = plan;
  }
}

/**
 * The plan of a group's statement over nearly empty tables, where the planner would rather read any other index (the
 * kinds of items, the partial index of tax ids): those are dropped inside a transaction that is then rolled back, and
 * scans of whole tables and plain index scans are disabled, so only the trigram indexes can find the rows.
 */
async function planOf(key: SearchGroupKey, query: string): Promise<string> {
  try {
    await t.db.transaction(async (tx) => {
      // Kept: the primary keys and the indexes of a reference (`…_id`) that the joins use.
      const others = (await tx.execute(sql`select x.relname as indexname
        from pg_index i join pg_class x on x.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
          left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
        where t.relname in (${sql.join(
          searchedTables.map((name) => sql`${name}`),
          sql`, `,
        )}) and x.relname not like '%trgm_idx' and not i.indisprimary
          and (a.attname is null or a.attname not like '%id')`)) as unknown as {
        rows: Array<{ indexname: string }>;
      };
      for (const { indexname } of others.rows) await tx.execute(sql.raw(`drop index "${indexname}"`));
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const result = (await tx.execute(sql`explain ${searchStatements[key](searchTerm(query), 5)}`)) as unknown as {
        rows: Array<Record<string, string>>;
      };
      throw new Rollback(result.rows.map((row) => Object.values(row)[0]).join('\n'));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.plan;
    throw error;
  }
  throw new Error('unreachable');
}

describe('the search statements', () => {
  it('read the trigram index of every column they search, for a Cyrillic word and for a number', async () => {
    for (const [key, indexes] of Object.entries(indexesOf) as Array<[SearchGroupKey, string[]]>) {
      for (const query of ['Техно', 'psu-10']) {
        const plan = await planOf(key, query);
        for (const index of indexes) {
          expect(plan, `${key} «${query}»: ${index}\n${plan}`).toContain(`Bitmap Index Scan on ${index} `);
        }
      }
    }
  });

  it("read the phone's digits from their own index", async () => {
    expect(await planOf('clients', '+38 (067) 123')).toContain('counterparties_phone_digits_trgm_idx');
  });
});

describe('pg_trgm', () => {
  it('takes the trigrams of Cyrillic words, the same for either case', async () => {
    // A PostgreSQL cluster made under the C locale classifies only ASCII as letters: there the search's answers stay
    // the same (the index is rechecked) but a Cyrillic word is not sped up. PGlite and our servers use C.UTF-8.
    const ctype = (await t.db.execute(
      sql`select datctype from pg_database where datname = current_database()`,
    )) as unknown as { rows: Array<{ datctype: string }> };
    if (['C', 'POSIX'].includes(ctype.rows[0]!.datctype)) return;
    const result = (await t.db.execute(
      sql`select show_trgm('ТЕХНОЦЕНТР Ґрунт') as upper, show_trgm('техноцентр ґрунт') as lower`,
    )) as unknown as { rows: Array<{ upper: string[]; lower: string[] }> };
    const { upper, lower } = result.rows[0]!;
    // 'техноцентр' has 11 trigrams with its two leading blanks and one trailing, 'ґрунт' 6.
    expect(upper).toHaveLength(17);
    expect(upper).toEqual(lower);
  });
});
