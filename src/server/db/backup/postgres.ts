// Backup and restore of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own tools.
//
// Backup: pg_dump in the custom format of the app's schemas (public and drizzle), taken in the snapshot the
// row counts of the manifest were read in — so the counts describe exactly the dumped data even while the
// app keeps writing.
//
// Restore: one transaction, run by psql, of (1) emptying the app's schemas, (2) pg_restore's script of the dump,
// (3) a check that every table has the manifest's row count, (4) COMMIT — sent only when pg_restore finished
// cleanly. Any error before the COMMIT rolls everything back, so the database is either the backup's or
// untouched. Not `pg_restore --clean --single-transaction`: --clean drops only what the dump contains, so
// tables a later migration added would survive next to a restored migration log that does not list them,
// and the app's next start would fail re-creating them; nor a temporary database renamed into place: that
// needs CREATEDB and ownership of the database, which a hosted PostgreSQL account often lacks, and loses the
// database's own settings and grants.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { resolveOutPath, writeBackupFile, type BackupFile } from './archive.ts';
import {
  APP_SCHEMAS,
  assertCountsMatch,
  countsAfterRestore,
  END_SESSIONS_SQL,
  BackupError,
  countRows,
  migrationState,
  quoteLiteral,
  tableSql,
  totalRows,
  type BackupManifest,
} from './manifest.ts';
import { streamTarEntry } from './tar.ts';

export interface PostgresTarget {
  databaseUrl: string;
  envSessionSecret: string | null;
  log: (line: string) => void;
  /** Restore although other sessions are connected to the database. */
  force?: boolean;
}

/** The URL without its password, for messages and for the tools' command line (the password goes in PGPASSWORD). */
export function describeUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.href;
}

function toolEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(databaseUrl).password);
  return { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: '10' };
}

/** A PostgreSQL client program: from PATH, else the newest Debian/Ubuntu install (/usr/lib/postgresql/<v>/bin). */
export function findPgTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const file = path.join(root, v, 'bin', name);
    if (existsSync(file)) return file;
  }
  throw new BackupError(
    `Не знайдено програму ${name}. Встановіть клієнтські програми PostgreSQL (пакет postgresql-client тієї ж ` +
      'або новішої версії, що й сервер) і додайте їх до PATH.',
  );
}

interface Exit {
  code: number | null;
  stderr: string;
  stdout: string;
}

function collect(child: ReturnType<typeof spawn>, keepStdout: boolean): Promise<Exit> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    let stdout = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString('utf8');
    });
    if (keepStdout) child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr: stderr.trim(), stdout }));
  });
}

function toolFailure(what: string, exit: Exit): BackupError {
  const detail = exit.stderr ? `:\n${exit.stderr.split('\n').slice(-8).join('\n')}` : ` (код ${exit.code}).`;
  return new BackupError(`${what}${detail}`);
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Не вдалося підключитися до PostgreSQL (${describeUrl(databaseUrl)}): ${(error as Error).message}`,
    );
  }
  return client;
}

function secretNotice(envSessionSecret: string | null): string {
  return envSessionSecret !== null
    ? 'Копія бази PostgreSQL не містить секрету сесій: зберігайте значення SESSION_SECRET окремо — без нього ' +
        'збережені API-ключі з копії не розшифрувати.'
    : 'Копія бази PostgreSQL не містить секрету сесій: зберігайте файл session-secret з ERP_DATA_DIR (або ' +
        'задайте SESSION_SECRET) окремо — без нього збережені API-ключі з копії не розшифрувати.';
}

export async function backupPostgres(
  target: PostgresTarget & { out?: string; cwd: string; now: Date },
): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const { databaseUrl, log } = target;
  log(`Резервне копіювання бази PostgreSQL ${describeUrl(databaseUrl)}`);
  const pgDump = findPgTool('pg_dump');
  const out = resolveOutPath(target.out, 'postgresql', target.cwd, target.now);
  const dumpFile = `${out}.dump.part`;
  const client = await connect(databaseUrl);
  let facts: Pick<BackupManifest, 'serverVersion' | 'migrations' | 'tables'>;
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    facts = {
      serverVersion: (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v,
      migrations: await migrationState(client),
      tables: await countRows(client),
    };
    if (facts.migrations.count === 0) {
      throw new BackupError('У базі даних немає таблиць програми (міграції не застосовано) — копіювати нічого.');
    }
    log(`Таблиць: ${Object.keys(facts.tables).length}, рядків: ${totalRows(facts.tables)}. Виконую pg_dump…`);
    const dump = await collect(
      spawn(
        pgDump,
        [
          '--format=custom',
          '--no-password',
          `--snapshot=${snapshot}`,
          ...APP_SCHEMAS.map((s) => `--schema=${s}`),
          `--file=${dumpFile}`,
          `--dbname=${describeUrl(databaseUrl)}`,
        ],
        { env: toolEnv(databaseUrl), stdio: ['ignore', 'ignore', 'pipe'] },
      ),
      false,
    );
    if (dump.code !== 0) throw toolFailure('pg_dump не зміг зняти копію', dump);
    await client.query('commit');
  } catch (error) {
    await unlink(dumpFile).catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }

  try {
    log(`Записую ${out}…`);
    const written = await writeBackupFile(
      out,
      {
        format: 'erp-backup',
        version: 1,
        kind: 'postgresql',
        createdAt: target.now.toISOString(),
        ...facts,
        payload: { file: 'postgresql.dump' },
        sessionSecretIncluded: false,
      },
      { file: dumpFile },
      null,
    );
    log(secretNotice(target.envSessionSecret));
    return { file: out, ...written };
  } finally {
    await unlink(dumpFile).catch(() => {});
  }
}

/** Empties the app's schemas (public keeps its owner and grants; extensions' objects are left to them). */
const wipeSql = `
DROP SCHEMA IF EXISTS drizzle CASCADE;
DO $wipe$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.relname, c.relkind FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f', 'c')
      -- extension members stay; serial and identity sequences go with their tables
      AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                      WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid
                        AND (d.deptype = 'e' OR (c.relkind = 'S' AND d.deptype IN ('a', 'i'))))
  LOOP
    EXECUTE format('DROP %s IF EXISTS public.%I CASCADE',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                     WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'c' THEN 'TYPE' ELSE 'TABLE' END, r.relname);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure AS sig FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                      WHERE d.classid = 'pg_catalog.pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', r.sig);
  END LOOP;
  FOR r IN
    SELECT t.typname FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'm')
      AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                      WHERE d.classid = 'pg_catalog.pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', r.typname);
  END LOOP;
END
$wipe$;
`;

function verifySql(tables: Record<string, number>): string {
  const checks = Object.entries(tables).map(
    ([key, n]) =>
      `  IF (SELECT count(*) FROM ${tableSql(key)}) <> ${n} THEN\n` +
      `    RAISE EXCEPTION 'Після відновлення кількість рядків у таблиці % не збігається з копією', ${quoteLiteral(key)};\n` +
      '  END IF;',
  );
  const total = Object.keys(tables).length;
  return `
DO $verify$
BEGIN
${checks.join('\n')}
  IF (SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname IN (${APP_SCHEMAS.map(quoteLiteral).join(', ')})) <> ${total} THEN
    RAISE EXCEPTION 'Після відновлення в базі інший набір таблиць, ніж у копії';
  END IF;
END
$verify$;
`;
}

export async function restorePostgres(
  target: PostgresTarget & { backup: BackupFile; confirm: (question: string) => Promise<boolean> },
): Promise<{ previous: null }> {
  const { databaseUrl, log, backup } = target;
  const where = describeUrl(databaseUrl);
  const pgRestore = findPgTool('pg_restore');
  const psql = findPgTool('psql');
  const client = await connect(databaseUrl);
  try {
    const others = Number(
      (
        await client.query<{ n: string }>(
          `select count(*)::text as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        )
      ).rows[0]!.n,
    );
    if (others > 0 && !target.force) {
      throw new BackupError(
        `До бази ${where} підключено ще ${others} сеанс(и) — мабуть, працює програма. Зупиніть її й повторіть; ` +
          'якщо ці підключення не від програми, додайте --force.',
      );
    }
    const current = await migrationState(client);
    const question =
      `Відновлення замінить усі дані програми в базі ${where} (зараз міграцій: ${current.count}) даними з копії. ` +
      'Продовжити?';
    if (!(await target.confirm(question))) throw new BackupError('Відновлення скасовано — дані не змінено.');

    const work = mkdtempSync(path.join(tmpdir(), 'erp-restore-'));
    try {
      const dumpFile = path.join(work, 'postgresql.dump');
      await pipeline(streamTarEntry(backup.file, backup.payload), createWriteStream(dumpFile));
      const env = toolEnv(databaseUrl);

      // With --schema=public the dump re-creates the public schema; the database's own one stays (with its
      // owner and grants), so that entry and its comment are left out of the restore list.
      const list = await collect(
        spawn(pgRestore, ['--list', dumpFile], { env, stdio: ['ignore', 'pipe', 'pipe'] }),
        true,
      );
      if (list.code !== 0) throw toolFailure('pg_restore не прочитав дамп з копії', list);
      const listFile = path.join(work, 'restore.list');
      writeFileSync(
        listFile,
        list.stdout
          .split('\n')
          .filter(
            (line) => !/^\d+; \d+ \d+ (SCHEMA - public|COMMENT - SCHEMA public|ACL - SCHEMA public)( |$)/.test(line),
          )
          .join('\n'),
      );

      log('Відновлюю базу (pg_restore → psql, одна транзакція)…');
      const psqlChild = spawn(
        psql,
        ['--no-psqlrc', '--quiet', '--no-password', '--set=ON_ERROR_STOP=1', '--file=-', `--dbname=${where}`],
        { env, stdio: ['pipe', 'ignore', 'pipe'] },
      );
      const psqlExit = collect(psqlChild, false);
      // psql stops at the first error and closes its input; its exit code reports that, not the broken pipe.
      psqlChild.stdin!.on('error', () => {});
      psqlChild.stdin!.write(
        "SET client_min_messages = warning;\nSET lock_timeout = '30s';\nBEGIN;\n" +
          "SELECT pg_catalog.set_config('search_path', '', false);\n" +
          wipeSql,
      );
      const restoreChild = spawn(
        pgRestore,
        ['--no-owner', '--no-privileges', `--use-list=${listFile}`, '--file=-', dumpFile],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      restoreChild.stdout!.pipe(psqlChild.stdin!, { end: false });
      // Once psql has stopped nobody reads pg_restore's output, which would block it for good.
      psqlChild.once('close', () => {
        if (restoreChild.exitCode === null) restoreChild.kill();
      });
      const restored = await collect(restoreChild, false);
      // COMMIT only after pg_restore produced the whole script; otherwise psql's end of input leaves the
      // transaction open and the server rolls it back when psql disconnects.
      if (restored.code === 0) psqlChild.stdin!.end(verifySql(backup.manifest.tables) + END_SESSIONS_SQL + 'COMMIT;\n');
      else psqlChild.stdin!.end();
      const applied = await psqlExit;
      // psql's error comes first: when it stops, pg_restore's failure is only the broken pipe that follows.
      if (applied.code !== 0) {
        throw toolFailure('Відновлення не вдалося; транзакцію скасовано, базу даних не змінено', applied);
      }
      if (restored.code !== 0) throw toolFailure('pg_restore не зміг прочитати дамп; базу даних не змінено', restored);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }

    log('Перевіряю кількість рядків…');
    assertCountsMatch(countsAfterRestore(backup.manifest.tables), await countRows(client));
    log('Усі сеанси завершено: увійдіть знову.');
    log(secretNotice(target.envSessionSecret));
    return { previous: null };
  } finally {
    await client.end().catch(() => {});
  }
}
