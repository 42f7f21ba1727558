// The statements of the global search, one per group, kept in this one file (raw SQL over other modules' tables is
// tolerated here, issue 21: no module has a read function that searches by a fragment, and naming no table object
// adds no foreign-table import).
//
// Case: a PostgreSQL made with LC_CTYPE=C folds only ASCII in lower()/ILIKE, so 'Техно' would not find 'ТЕХНО' there,
// and a translate() of every Cyrillic capital costs ~10× a plain scan (measured: 1,9 s against 0,2 s over 100 000
// names). So the query becomes a regular expression whose every letter is a class of its two cases ('кт-1' →
// '[кК][тТ]-1'), compared with `~`: the same answer on PGlite and on PostgreSQL whatever their locale, at the cost of
// an ILIKE. The query's other characters are escaped: '%', '_', '.', '(' mean themselves.
//
// Speed: every searched column has a pg_trgm GIN index (src/server/kernel/trigram-index.ts), which answers `~` with
// such a pattern from the trigrams its classes allow, Cyrillic included, and rechecks what it finds: a rare fragment
// reads a few index pages instead of the whole table (bench, a year of data: orders 58 ms → 0,2 ms). A query of one
// or two characters has no trigram, and the planner then keeps the scan it chose before. So that the planner can
// combine the indexes, each part of a statement has an OR over columns of one table (a BitmapOr); a column of another
// table (a repair by its unit's serial, an item by a supplier's SKU) is a second part, `union all` the rows found
// there and not by the first, never a subplan inside that OR, which would make the planner read the whole table.
// Each statement answers id, title, date (text or null) and extra (text or null), newest or best first, `limit` rows.
import { sql, type SQL } from 'drizzle-orm';
import { valueList } from '@/server/kernel/sql-arrays.ts';
import { ukOrder } from '@/server/kernel/collation.ts';

const CYRILLIC_UPPER = 'АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯЁЪЫЭ';
const CYRILLIC_LOWER = 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюяёъыэ';
const otherCase = new Map<string, string>();
for (const [i, upper] of [...CYRILLIC_UPPER].entries()) {
  otherCase.set(upper, CYRILLIC_LOWER[i]!);
  otherCase.set(CYRILLIC_LOWER[i]!, upper);
}
for (let code = 65; code <= 90; code++) {
  otherCase.set(String.fromCharCode(code), String.fromCharCode(code + 32));
  otherCase.set(String.fromCharCode(code + 32), String.fromCharCode(code));
}

/**
 * The query as a regular expression (PostgreSQL's ARE) that finds it in any case: each Latin or Cyrillic letter a
 * class of both its cases, every other character taken literally.
 */
export function casePattern(text: string): string {
  return [...text]
    .map((c) => {
      const pair = otherCase.get(c);
      if (pair) return `[${c}${pair}]`;
      return /[\\^$.|?*+()[\]{}-]/.test(c) ? `\\${c}` : c;
    })
    .join('');
}

/** What one search looks for, prepared once for every statement. */
export interface SearchTerm {
  /** The query anywhere in the text, in any case. */
  pattern: string;
  /** The query at the start of the text, to rank names that begin with it first. */
  startsWith: string;
  /** `%digits%` of a query that is a phone or a tax id ('+38 (067) 123' → '38067123'), or null. */
  digits: string | null;
}

export function searchTerm(query: string): SearchTerm {
  const pattern = casePattern(query.trim());
  const digits = query.replace(/\D/g, '');
  return {
    pattern,
    startsWith: `^${pattern}`,
    digits: /^[\d\s()+-]+$/.test(query.trim()) && digits.length >= 3 ? `%${digits}%` : null,
  };
}

const like = (column: SQL, term: SearchTerm) => sql`${column} ~ ${term.pattern}`;
/** Whether the text begins with the query: true or false, never null (a null would sort first). */
const begins = (column: SQL, term: SearchTerm) => sql`coalesce(${column} ~ ${term.startsWith}, false)`;
const anyLike = (columns: SQL[], term: SearchTerm) =>
  sql.join(
    columns.map((c) => like(c, term)),
    sql` or `,
  );
const phoneLike = (column: SQL, term: SearchTerm) =>
  term.digits ? sql` or regexp_replace(coalesce(${column}, ''), '\\D', '', 'g') like ${term.digits}` : sql``;

interface DocumentSource {
  table: string;
  /** Its unique number (orders call it order_number). */
  number?: string;
  /** The business date shown beside the number. */
  date: string;
  /** A join that names the document's counterparty (or item, warehouse) as `extra`. */
  party?: { join: string; name: string };
  /** Other references a user may type: the client's own number, a tracking number, the supplier's document. */
  also?: string[];
  /**
   * A reference kept in another table: the document's column that points there, the ids of that table's rows
   * (`select … from …`, to which a `where` is added) and its searched column. Such documents are a second part of
   * the statement, not an OR beside the own columns.
   */
  linked?: { via: string; ids: string; column: string };
}

/** A document found by its number (or another reference it carries), newest first. */
function documentStatement(source: DocumentSource, term: SearchTerm, limit: number): SQL {
  const number = `d.${source.number ?? 'number'}`;
  const own = anyLike(
    [number, ...(source.also ?? [])].map((c) => sql.raw(c)),
    term,
  );
  const select = (where: SQL) =>
    sql`select d.id, ${sql.raw(number)} as title, d.${sql.raw(source.date)}::text as date, ${
      source.party ? sql.raw(source.party.name) : sql`null::text`
    } as extra from ${sql.raw(source.table)} d ${source.party ? sql.raw(source.party.join) : sql``} where ${where} order by d.id desc limit ${limit}`;
  if (!source.linked) return select(own);
  const { via, ids, column } = source.linked;
  return sql`select * from ((${select(own)}) union all (${select(
    sql`${sql.raw(via)} in (${sql.raw(ids)} where ${like(sql.raw(column), term)}) and not coalesce(${own}, false)`,
  )})) u order by id desc limit ${limit}`;
}

const counterparty = (column: string) => ({
  join: `left join counterparties p on p.id = d.${column}`,
  name: 'p.name',
});

/** A client or a supplier by name, full name, tax id (ЄДРПОУ / ІПН) or phone; names beginning with it first. */
function counterpartyStatement(flag: 'is_client' | 'is_supplier', term: SearchTerm, limit: number): SQL {
  const name = sql.raw('c.name');
  return sql`select c.id, c.name as title, null::text as date,
      concat_ws(' · ', c.tax_id, c.phone) as extra
    from counterparties c
    where c.${sql.raw(flag)} and (${anyLike([name, sql.raw('c.full_name'), sql.raw('c.tax_id'), sql.raw('c.phone')], term)}${phoneLike(sql.raw('c.phone'), term)})
    order by ${begins(name, term)} desc, ${ukOrder(sql`c.name`)}, c.id limit ${limit}`;
}

/**
 * An item of the given kinds by SKU, name, barcode, MPN or a supplier's SKU; SKUs and names beginning with it first.
 * Two parts: the items found by their own columns, and those found only by a supplier's SKU (no item twice).
 */
function itemStatement(kinds: readonly string[], term: SearchTerm, limit: number): SQL {
  const sku = sql.raw('i.sku');
  const name = sql.raw('i.name');
  const own = anyLike([sku, name, sql.raw('i.barcode'), sql.raw('i.mpn')], term);
  const select = (where: SQL) => sql`select i.id, i.name as title, null::text as date,
      concat_ws(' · ', i.sku, i.barcode) as extra, ${begins(sku, term)} or ${begins(name, term)} as first, i.sku
    from items i
    where i.kind in (${valueList(kinds)}) and ${where}`;
  const bySupplier = sql`i.id in (select s.item_id from item_suppliers s where ${like(sql.raw('s.supplier_sku'), term)})`;
  return sql`select id, title, date, extra from (${select(sql`(${own})`)}
      union all ${select(sql`${bySupplier} and not coalesce(${own}, false)`)}) u
    order by first desc, sku, id
    limit ${limit}`;
}

/** The statement of each group, by its key (search.constants.ts). */
export const searchStatements = {
  orders: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'orders',
        number: 'order_number',
        date: 'order_date',
        party: counterparty('client_id'),
        also: ['d.external_number'],
      },
      t,
      n,
    ),
  shipments: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'shipments',
        date: 'shipment_date',
        party: {
          join: 'left join orders o on o.id = d.order_id left join counterparties p on p.id = o.client_id',
          name: 'p.name',
        },
        also: ['d.tracking_number'],
      },
      t,
      n,
    ),
  payments: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'payments',
        date: 'payment_date',
        party: { join: 'left join counterparties p on p.id = d.client_id', name: 'coalesce(p.name, d.payer_name)' },
        also: ['d.bank_doc_number'],
      },
      t,
      n,
    ),
  supplierOrders: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'supplier_orders',
        date: 'order_date',
        party: counterparty('supplier_id'),
        also: ['d.supplier_reference'],
      },
      t,
      n,
    ),
  supplierReceipts: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'supplier_receipts',
        date: 'document_date',
        party: counterparty('supplier_id'),
        also: ['d.supplier_doc_number'],
      },
      t,
      n,
    ),
  manufacturing: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'manufacturing_orders',
        date: 'planned_start',
        party: { join: 'left join items i on i.id = d.item_id', name: "concat_ws(' ', i.sku, i.name)" },
      },
      t,
      n,
    ),
  // A repair by its number or the serial of its unit; the client and the serial beside it.
  repairs: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'repairs',
        date: 'intake_date',
        party: {
          join: 'left join counterparties p on p.id = d.client_id left join serial_numbers sn on sn.id = d.serial_number_id',
          name: "concat_ws(' · ', p.name, sn.serial)",
        },
        linked: { via: 'd.serial_number_id', ids: 'select s.id from serial_numbers s', column: 's.serial' },
      },
      t,
      n,
    ),
  transfers: (t: SearchTerm, n: number) =>
    documentStatement({ table: 'warehouse_transfers', date: 'document_date' }, t, n),
  audits: (t: SearchTerm, n: number) =>
    documentStatement(
      {
        table: 'inventory_audits',
        date: 'document_date',
        party: { join: 'left join warehouses w on w.id = d.warehouse_id', name: 'w.name' },
      },
      t,
      n,
    ),
  clients: (t: SearchTerm, n: number) => counterpartyStatement('is_client', t, n),
  suppliers: (t: SearchTerm, n: number) => counterpartyStatement('is_supplier', t, n),
  products: (t: SearchTerm, n: number) => itemStatement(['product', 'semi_finished', 'service'], t, n),
  components: (t: SearchTerm, n: number) => itemStatement(['component', 'material'], t, n),
  serials: (t: SearchTerm, n: number) => sql`select s.id, s.serial as title, null::text as date,
      concat_ws(' ', i.sku, i.name) as extra
    from serial_numbers s join items i on i.id = s.item_id
    where ${like(sql.raw('s.serial'), t)}
    order by s.id desc limit ${n}`,
  workers: (t: SearchTerm, n: number) => {
    const fullName = sql.raw("concat_ws(' ', w.last_name, w.first_name, w.middle_name)");
    return sql`select w.id, ${fullName} as title, null::text as date,
        concat_ws(' · ', w.personnel_number, w.phone) as extra
      from workers w
      where ${anyLike([fullName, sql.raw('w.personnel_number'), sql.raw('w.phone')], t)}${phoneLike(sql.raw('w.phone'), t)}
      order by ${begins(fullName, t)} desc, ${ukOrder(sql`w.last_name`)}, ${ukOrder(sql`w.first_name`)}, w.id limit ${n}`;
  },
};
