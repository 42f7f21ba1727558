// What a backup says about itself (manifest.json inside the file) and the checks both database kinds share:
// row counts per table, the applied migrations, and whether another process holds the embedded database.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from '../../kernel/db.ts';

/** A refusal or failure the operator must read: the message is Ukrainian and complete. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export type BackupKind = 'pglite' | 'postgresql';

export const kindLabel: Record<BackupKind, string> = {
  pglite: 'вбудована база даних (PGlite)',
  postgresql: 'PostgreSQL',
};

/** The schemas the app owns: its tables (public) and drizzle's record of applied migrations. */
export const APP_SCHEMAS = ['public', 'drizzle'] as const;

const tableKey = /^(public|drizzle)\.[^"\0]+$/;

export const manifestSchema = z.object({
  format: z.literal('erp-backup'),
  version: z.literal(1),
  kind: z.enum(['pglite', 'postgresql']),
  createdAt: z.iso.datetime(),
  serverVersion: z.string(),
  migrations: z.object({ count: z.number().int().nonnegative(), lastTag: z.string().nullable() }),
  tables: z.record(z.string().regex(tableKey), z.number().int().nonnegative()),
  payload: z.object({
    file: z.enum(['pglite-data.tar.gz', 'postgresql.dump']),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  sessionSecretIncluded: z.boolean(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** pg.Client and PGlite both answer this. */
export interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

async function rows<T>(q: Queryable, text: string): Promise<T[]> {
  return (await q.query(text)).rows as T[];
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `schema.table` → the quoted SQL name. */
export function tableSql(key: string): string {
  const dot = key.indexOf('.');
  return `${quoteIdent(key.slice(0, dot))}.${quoteIdent(key.slice(dot + 1))}`;
}

const appTablesSql = `select n.nspname as schema, c.relname as name
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname in (${APP_SCHEMAS.map(quoteLiteral).join(', ')})
  order by 1, 2`;

/** Exact row counts of every table of the app, keyed `schema.table`. */
export async function countRows(q: Queryable): Promise<Record<string, number>> {
  const tables = await rows<{ schema: string; name: string }>(q, appTablesSql);
  if (tables.length === 0) return {};
  const keys = tables.map((t) => `${t.schema}.${t.name}`);
  const counts = await rows<{ t: string; n: string }>(
    q,
    keys.map((k) => `select ${quoteLiteral(k)} as t, count(*)::text as n from ${tableSql(k)}`).join(' union all '),
  );
  return Object.fromEntries(keys.map((k) => [k, Number(counts.find((c) => c.t === k)!.n)]));
}

/**
 * A restore signs everyone out: the backup's sessions include ones ended since (a sign-out, a reset password, a
 * deactivated user), and bringing them back would open them again (issue 19 §6). The statement runs inside the
 * restore; the row counts after it expect no session.
 */
export const END_SESSIONS_SQL = 'DELETE FROM public.sessions;\n';
export const SESSIONS_TABLE = 'public.sessions';

/** The counts a restored database must have: the backup's, with every session ended. */
export function countsAfterRestore(tables: Record<string, number>): Record<string, number> {
  return SESSIONS_TABLE in tables ? { ...tables, [SESSIONS_TABLE]: 0 } : tables;
}

export function totalRows(tables: Record<string, number>): number {
  return Object.values(tables).reduce((a, b) => a + b, 0);
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this version of the app ships (drizzle's journal). */
export function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** How many migrations the database has applied and the tag of the last one (drizzle stores its `when`). */
export async function migrationState(q: Queryable): Promise<BackupManifest['migrations']> {
  const [table] = await rows<{ present: boolean }>(
    q,
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { count: 0, lastTag: null };
  const [state] = await rows<{ n: string; last: string | null }>(
    q,
    'select count(*)::text as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const count = Number(state!.n);
  if (count === 0 || state!.last === null) return { count, lastTag: null };
  const entry = readJournal().find((e) => String(e.when) === state!.last);
  return { count, lastTag: entry?.tag ?? `невідома (${state!.last})` };
}

/**
 * A backup fits this app when its migrations are a prefix of the app's: an older backup is fine (the app
 * applies the rest at its next start), a newer or foreign one is refused — the app could not run on it.
 * Answers a note for the operator, or null.
 */
export function checkMigrations(manifest: BackupManifest): string | null {
  const journal = readJournal();
  const { count, lastTag } = manifest.migrations;
  if (count > journal.length) {
    throw new BackupError(
      `Копію створено новішою версією програми: у ній застосовано ${count} міграцій бази даних, а ця версія знає ` +
        `лише ${journal.length}. Оновіть програму й повторіть відновлення.`,
    );
  }
  if (count > 0 && journal[count - 1]!.tag !== lastTag) {
    throw new BackupError(
      `Копія не відповідає міграціям цієї версії програми: остання міграція копії — «${lastTag}», ` +
        `а на цьому місці в програмі — «${journal[count - 1]!.tag}».`,
    );
  }
  if (count < journal.length) {
    return `Копію зроблено старішою версією програми: під час наступного запуску програма застосує ще ${
      journal.length - count
    } міграцій.`;
  }
  return null;
}

/** The differences between the counts in the manifest and those found after a restore (empty when equal). */
export function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected)) {
    if (!(table in actual)) problems.push(`${table}: таблиці немає після відновлення (у копії ${n} рядків)`);
    else if (actual[table] !== n) problems.push(`${table}: у копії ${n} рядків, після відновлення ${actual[table]}`);
  }
  for (const table of Object.keys(actual)) {
    if (!(table in expected)) problems.push(`${table}: таблиці немає в копії`);
  }
  return problems;
}

export function assertCountsMatch(expected: Record<string, number>, actual: Record<string, number>) {
  const problems = compareCounts(expected, actual);
  if (problems.length) {
    throw new BackupError(
      `Після відновлення кількість рядків не збігається з копією (${problems.length}):\n  ` +
        problems.slice(0, 10).join('\n  ') +
        (problems.length > 10 ? `\n  … і ще ${problems.length - 10}` : ''),
    );
  }
}

/**
 * Processes that hold a file under `dir` open. PGlite keeps its relation and WAL files open while the
 * database is open and writes no real PID into postmaster.pid (it is always -42), so /proc is the only way to
 * tell a running app from a file left by a crash. `supported` is false where there is no /proc (not Linux).
 */
export function processesUsing(dir: string): { supported: boolean; pids: number[] } {
  let procs: string[];
  try {
    procs = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return { supported: false, pids: [] };
  }
  const prefix = path.resolve(dir) + path.sep;
  const pids: number[] = [];
  for (const pid of procs) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's process we may not inspect
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (target.startsWith(prefix)) {
        pids.push(Number(pid));
        break;
      }
    }
  }
  return { supported: true, pids };
}

/** Local time as a file-name stamp: 2026-11-22_18-05-09. */
export function fileStamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}_` +
    `${p(date.getHours())}-${p(date.getMinutes())}-${p(date.getSeconds())}`
  );
}

/** 4,4 МБ — the way a Ukrainian reader writes sizes. */
export function formatBytes(bytes: number): string {
  const units = ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace('.', ',');
  return `${text} ${units[unit]}`;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleString('uk-UA', { dateStyle: 'medium', timeStyle: 'medium' });
}

export function describeManifest(manifest: BackupManifest): string {
  const tables = Object.keys(manifest.tables).length;
  const last = manifest.migrations.lastTag ? ` (остання — ${manifest.migrations.lastTag})` : '';
  return (
    `${kindLabel[manifest.kind]}, створено ${formatDate(manifest.createdAt)}; ` +
    `міграцій: ${manifest.migrations.count}${last}; таблиць: ${tables}, рядків: ${totalRows(manifest.tables)}`
  );
}
