// The parts every advanced report is built from (reports-admin.md §3): a definition pairs a report's catalogue entry
// with a reader of one window of its rows; most readers are one SQL select whose columns are named by the report's
// column keys (text, exact decimals as strings) paged and counted in SQL. `readAllRows` walks the whole report in
// chunks for an export, so no single statement holds every row of a large register.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { rowsOf } from '@/server/kernel/rows.ts';
import { ukOrder, ukOrderByKey } from '@/server/kernel/collation.ts';
import type { ReportMeta, ReportQuery } from '../advanced-reports.catalogue.ts';

export type Row = Record<string, string | null>;
export interface Window {
  offset: number;
  limit: number;
}
export interface RowsPage {
  rows: Row[];
  total: number;
}

export interface ReportDefinition {
  meta: ReportMeta;
  read: (db: DbOrTx, q: ReportQuery, window: Window) => Promise<RowsPage>;
}

/** The window count's column: a name no report gives one of its own. */
const TOTAL = '__report_total';

/**
 * A reader from one select (`source`, aliased `r`) ordered by `orderBy`: a page and the count. `leading` names the
 * first column of the order when it is never null and cheap to compare (a day): the page is then sorted only among
 * the rows whose leading value lies between those at the page's first and last positions — a name's Ukrainian sort
 * key (a translate() per row) is computed for a page's worth of rows, not for the year (the sales register's first
 * page: 5,6 s → well under a second on the bench's year).
 */
export function sqlReader(
  source: (q: ReportQuery) => SQL,
  orderBy: SQL,
  options: { leading?: string } = {},
): ReportDefinition['read'] {
  return async (db, q, { offset, limit }) => {
    const src = source(q);
    const countAll = async () =>
      Number(
        rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from (${src}) r`))[0]?.n ?? 0,
      );
    if (!options.leading) {
      // The page and the count in one statement: the source (an aggregate over a year's movements, say) runs once.
      // A page past the end has no row to carry the count, so it is counted apart.
      const found = rowsOf<Row & { [TOTAL]?: unknown }>(
        await db.execute(sql`select *, count(*) over () as ${sql.identifier(TOTAL)} from (${src}) r
          order by ${orderBy} limit ${limit} offset ${offset}`),
      );
      if (!found.length) return { rows: [], total: offset > 0 ? await countAll() : 0 };
      const total = Number(found[0]![TOTAL]);
      const rows = found.map((row) => withoutHelpers(row as Row));
      return { rows, total };
    }
    const total = await countAll();
    if (offset >= total) return { rows: [], total };
    const lead = sql.raw(`r."${options.leading}"`);
    const at = (position: number) => sql`(select ${lead} from (${src}) r order by ${lead} offset ${position} limit 1)`;
    const [bounds] = rowsOf<{ lo: string; hi: string | null; before: number | string }>(
      await db.execute(sql`select b.lo, b.hi, (select count(*) from (${src}) r where ${lead} < b.lo)::int as before
        from (select ${at(offset)} as lo, ${at(offset + limit - 1)} as hi) b`),
    );
    const { lo, hi } = bounds!;
    const rows = rowsOf<Row>(
      await db.execute(sql`select * from (${src}) r
        where ${lead} >= ${lo} ${hi === null ? sql`` : sql`and ${lead} <= ${hi}`}
        order by ${orderBy} limit ${limit} offset ${offset - Number(bounds!.before)}`),
    );
    return { rows: rows.map(withoutHelpers), total };
  };
}

const EXPORT_CHUNK = 5000;

/** Every row of a report, read chunk by chunk (an export). */
export async function* readAllRows(def: ReportDefinition, db: DbOrTx, q: ReportQuery): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const { rows } = await def.read(db, q, { offset, limit: EXPORT_CHUNK });
    if (rows.length) yield rows;
    if (rows.length < EXPORT_CHUNK) return;
  }
}

/** An optional id parameter of the query. */
export const idOf = (q: ReportQuery, name: string): number | undefined =>
  typeof q[name] === 'number' ? (q[name] as number) : undefined;

/** `and <column> = id` when the parameter is set. */
export const andEq = (column: string, id: number | undefined): SQL =>
  id === undefined ? sql`` : sql`and ${sql.raw(column)} = ${id}`;

/** A status column shown by its Ukrainian label. */
export function labelOf(column: string, labels: Readonly<Record<string, string>>): SQL {
  const whens = Object.entries(labels).map(([value, label]) => sql`when ${value}::text then ${label}::text`);
  return sql`(case ${sql.raw(column)}::text ${sql.join(whens, sql` `)} else ${sql.raw(column)}::text end)`;
}

/**
 * The ORDER BY of a report's rows over the select's columns (`r.<key>`): a name (`~item`) in Ukrainian order, nulls
 * last; anything else (a day, a number, a SKU) as it compares. `orderOf('~item', 'sku', '~warehouse')`. A name whose
 * sort key the select already has names that column after a colon — `~item:__itemKey` for `i.name_sort_key as
 * "__itemKey"` — and is ordered by it instead of a key computed per row (the `__` column never reaches a row).
 */
export function orderOf(...keys: string[]): SQL {
  return sql.join(
    keys.map((key) => {
      if (!key.startsWith('~')) return sql.raw(`r."${key}" nulls last`);
      const [name, stored] = key.slice(1).split(':');
      const text = sql.raw(`r."${name}"`);
      return stored ? ukOrderByKey(sql.raw(`r."${stored}"`), text, 'asc', 'last') : ukOrder(text, 'asc', 'last');
    }),
    sql`, `,
  );
}

/** A row without the select's helper columns (`__…`: the window count, stored sort keys). */
function withoutHelpers(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('__'))) as Row;
}
