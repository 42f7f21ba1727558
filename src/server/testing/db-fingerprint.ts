// A digest of every row of every table: equal before and after a run of requests proves they changed nothing.
// For test databases only (it reads whole tables).
import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/db.ts';

/** Per table (public schema, Drizzle's migration journal left out): row count and an md5 of the sorted rows. */
export async function dbFingerprint(db: Db, except: readonly string[] = []): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ name: string }> };
  const digest: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (except.includes(name)) continue;
    const quoted = sql.identifier(name);
    const result = (await db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as d
          from ${quoted} t`,
    )) as unknown as { rows: Array<{ d: string }> };
    digest[name] = result.rows[0]!.d;
  }
  return digest;
}
