// The parts every advanced report is built from (reports-admin.md §3): a definition pairs a report's catalogue entry
// with a reader of one window of its rows; most readers are one SQL select whose columns are named by the report's
// column keys (text, exact decimals as strings) paged and counted in SQL. `readAllRows` walks the whole report in
// chunks for an export, so no single statement holds every row of a large register. A report with a row per item ×
// warehouse walks items in their name order instead (`itemWalk`): a page, a count up to REPORT_COUNT_BOUND and an
// export from one item to the next.
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
  /** The total is a lower bound: the count stopped there (REPORT_COUNT_BOUND). */
  capped?: boolean;
}

export interface ReportDefinition {
  meta: ReportMeta;
  read: (db: DbOrTx, q: ReportQuery, window: Window) => Promise<RowsPage>;
  /** Every row in chunks, when the report has a cheaper way than pages of `read` (readAllRows). */
  readAll?: (db: DbOrTx, q: ReportQuery) => AsyncGenerator<Row[]>;
}

/**
 * How far a walked report's preview counts (decision 0031, 'A report's preview'): 'Показано 1–50 з понад 1 000'
 * beyond it. Each counted row of the stock reports costs index probes (≈ 47 µs on the bench year), so counting up to
 * the lists' 10 000 would cost half a second a page; the download has every row.
 */
export const REPORT_COUNT_BOUND = 1000;

/** The window count's column: a name no report gives one of its own. */
const TOTAL = '__report_total';

/**
 * A reader from one select (`source`, aliased `r`) ordered by `orderBy`: a page and the count. `leading` names the
 * first column of the order when it is never null and cheap to compare (a day): the page is then sorted only among
 * the rows whose leading value lies between those at the page's first and last positions — a name's Ukrainian sort
 * key (a translate() per row) is computed for a page's worth of rows, not for the year (the sales register's first
 * page: 5,6 s → well under a second on the bench's year) — and the count stops at `bound` (REPORT_COUNT_BOUND, or
 * just past a page beyond it) as the walked reports' does: a year's register counted 400 000 lines on every page.
 */
export function sqlReader(
  source: (q: ReportQuery) => SQL,
  orderBy: SQL,
  options: { leading?: string; bound?: number } = {},
): ReportDefinition['read'] {
  return async (db, q, { offset, limit }) => {
    const src = source(q);
    const countUpTo = async (most?: number) =>
      Number(
        rowsOf<{ n: number | string }>(
          await db.execute(
            sql`select count(*)::int as n from (select 1 from (${src}) r${most === undefined ? sql`` : sql` limit ${most}`}) c`,
          ),
        )[0]?.n ?? 0,
      );
    if (!options.leading) {
      // The page and the count in one statement: the source (an aggregate over a year's movements, say) runs once.
      // A page past the end has no row to carry the count, so it is counted apart.
      const found = rowsOf<Row & { [TOTAL]?: unknown }>(
        await db.execute(sql`select *, count(*) over () as ${sql.identifier(TOTAL)} from (${src}) r
          order by ${orderBy} limit ${limit} offset ${offset}`),
      );
      if (!found.length) return { rows: [], total: offset > 0 ? await countUpTo() : 0 };
      const total = Number(found[0]![TOTAL]);
      const rows = found.map((row) => withoutHelpers(row as Row));
      return { rows, total };
    }
    const counted = Math.max(options.bound ?? REPORT_COUNT_BOUND, offset + limit);
    const n = await countUpTo(counted + 1);
    const capped = n > counted;
    const total = capped ? counted : n;
    if (offset >= n) return { rows: [], total, capped };
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
    return { rows: rows.map(withoutHelpers), total, capped };
  };
}

const EXPORT_CHUNK = 5000;

/** Every row of a report, read chunk by chunk (an export). */
export async function* readAllRows(def: ReportDefinition, db: DbOrTx, q: ReportQuery): AsyncGenerator<Row[]> {
  if (def.readAll) {
    yield* def.readAll(db, q);
    return;
  }
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const { rows } = await def.read(db, q, { offset, limit: EXPORT_CHUNK });
    if (rows.length) yield rows;
    if (rows.length < EXPORT_CHUNK) return;
  }
}

/** The item of a walked report's row (`i`, items): the source selects these columns for the walk's order. */
export const ITEM_WALK_COLUMNS = sql`i.name_sort_key as "__itemKey", i.name as "__itemName", i.sku as "__itemSku"`;
/** The walk's order: items as the index of migration 0054 holds them (ukOrderByKey of the name, then the SKU). */
const ITEM_WALK_ORDER = sql`${ukOrderByKey(sql.raw('r."__itemKey"'), sql.raw('r."__itemName"'), 'asc', 'last')}, r."__itemSku"`;

/** How far a walk's count goes and how many rows an export reads at a time (a test makes both small). */
export interface WalkOptions {
  bound?: number;
  chunk?: number;
}

type WalkRow = Row & { __itemKey: string; __itemName: string; __itemSku: string };

/** The items after a row's item in the walk's order (an index range from its key, then the name and the SKU). */
function afterItem(row: WalkRow): SQL {
  const { __itemKey: key, __itemName: name, __itemSku: sku } = row;
  return sql`(i.name_sort_key collate "C" >= ${key} and (i.name_sort_key collate "C" > ${key}
    or i.name collate "C" < ${name} or (i.name = ${name} and i.sku > ${sku})))`;
}

/**
 * A report whose rows come item by item (a row per item × warehouse): `source(q, where)` is a select from `items i`
 * joined laterally to the item's rows, with ITEM_WALK_COLUMNS among its columns and `where` among its conditions
 * (the walk's range of items); `within` orders one item's rows (`r.<column>`). The select is never sorted whole:
 * - a page walks the items index (migration 0054) and stops after offset + limit rows (the bench year's turnover:
 *   7 ms, where deriving and sorting 173 000 rows took 2 s);
 * - the count stops at REPORT_COUNT_BOUND (or just past the page, for a page beyond it) — `capped` when there is
 *   more; a page that ends short of its limit knows the exact total without counting;
 * - the export reads `chunk` rows at a time from the item after the last whole one (a chunk's last item may go on in
 *   the next, so its rows wait for it); one item with more rows than a chunk is read whole.
 */
export function itemWalk(
  source: (q: ReportQuery, where: SQL) => SQL,
  within: SQL,
  { bound = REPORT_COUNT_BOUND, chunk = EXPORT_CHUNK }: WalkOptions = {},
): Pick<ReportDefinition, 'read' | 'readAll'> {
  const order = sql`${ITEM_WALK_ORDER}, ${within}`;
  const ordered = (q: ReportQuery, where: SQL, limit?: number) =>
    sql`select * from (${source(q, where)}) r order by ${order}${limit === undefined ? sql`` : sql` limit ${limit}`}`;
  return {
    read: async (db, q, { offset, limit }) => {
      const rows = rowsOf<Row>(await db.execute(sql`${ordered(q, sql`true`, limit)} offset ${offset}`));
      if (rows.length && rows.length < limit) return { rows: rows.map(withoutHelpers), total: offset + rows.length };
      const counted = Math.max(bound, offset + limit);
      const [found] = rowsOf<{ n: number | string }>(
        await db.execute(
          sql`select count(*)::int as n from (select 1 from (${source(q, sql`true`)}) r limit ${counted + 1}) c`,
        ),
      );
      const n = Number(found?.n ?? 0);
      const capped = n > counted;
      return { rows: rows.map(withoutHelpers), total: capped ? counted : n, capped };
    },
    readAll: async function* (db, q) {
      let where = sql`true`;
      for (;;) {
        const found = rowsOf<WalkRow>(await db.execute(ordered(q, where, chunk)));
        if (found.length < chunk) {
          if (found.length) yield found.map(withoutHelpers);
          return;
        }
        const last = found.at(-1)!;
        let whole = found.length;
        while (whole > 0 && found[whole - 1]!.__itemSku === last.__itemSku) whole--;
        if (whole === 0) {
          yield rowsOf<Row>(await db.execute(ordered(q, sql`i.sku = ${last.__itemSku}`))).map(withoutHelpers);
          where = afterItem(last);
        } else {
          yield found.slice(0, whole).map(withoutHelpers);
          where = afterItem(found[whole - 1]!);
        }
      }
    },
  };
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
