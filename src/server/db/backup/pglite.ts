// Backup and restore of the embedded database (PGlite in ERP_DATA_DIR/pglite).
//
// The image is PGlite's own dumpDataDir (a gzipped tar of the data directory taken by the open instance), and a
// restore is PGlite's loadDataDir into a new directory: the pair PGlite documents for moving a database, so the
// image is consistent without us knowing its file layout. PGlite runs in one process only — a second one
// opening the same directory would corrupt it — so both refuse while another process has the database open.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../kernel/pglite.ts';
import { resolveOutPath, writeBackupFile, type BackupFile } from './archive.ts';
import {
  assertCountsMatch,
  END_SESSIONS_SQL,
  BackupError,
  countRows,
  fileStamp,
  migrationState,
  processesUsing,
  totalRows,
  type BackupManifest,
} from './manifest.ts';
import { readTarEntry } from './tar.ts';

export interface PgliteTarget {
  dataDir: string;
  /** SESSION_SECRET from the environment, when set (then the data directory's secret file is not used). */
  envSessionSecret: string | null;
  log: (line: string) => void;
  /** Proceed although postmaster.pid is present where /proc cannot tell whether the app runs. */
  force?: boolean;
}

const databaseDir = (dataDir: string) => path.join(dataDir, 'pglite');
const secretFile = (dataDir: string) => path.join(dataDir, 'session-secret');

function assertNotInUse(dir: string, force: boolean | undefined) {
  const { supported, pids } = processesUsing(dir);
  if (pids.length) {
    throw new BackupError(
      `Вбудовану базу даних у ${dir} зараз відкрито іншим процесом (PID ${pids.join(', ')}) — мабуть, працює ` +
        'програма. Вбудована база працює лише в одному процесі: зупиніть програму й повторіть.',
    );
  }
  if (!supported && !force && existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `Вбудована база даних у ${dir}, схоже, відкрита (є файл postmaster.pid) — мабуть, працює програма. ` +
        'Зупиніть її й повторіть; якщо програму точно зупинено (файл лишився після збою), додайте --force.',
    );
  }
}

async function openExisting(dir: string): Promise<PGlite> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`Вбудованої бази даних у ${dir} не знайдено. Перевірте ERP_DATA_DIR.`);
  }
  return openPglite(dir);
}

async function serverVersion(pg: PGlite): Promise<string> {
  return ((await pg.query(`select current_setting('server_version') as v`)).rows[0] as { v: string }).v;
}

export async function backupPglite(
  target: PgliteTarget & { out?: string; cwd: string; now: Date },
): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const { dataDir, log } = target;
  const dir = databaseDir(dataDir);
  log(`Резервне копіювання вбудованої бази даних з ${dir}`);
  assertNotInUse(dir, target.force);
  const pg = await openExisting(dir);
  let image: Buffer;
  let facts: Pick<BackupManifest, 'serverVersion' | 'migrations' | 'tables'>;
  try {
    facts = {
      serverVersion: await serverVersion(pg),
      migrations: await migrationState(pg),
      tables: await countRows(pg),
    };
    if (facts.migrations.count === 0) {
      throw new BackupError('У базі даних немає таблиць програми (міграції не застосовано) — копіювати нічого.');
    }
    log(`Таблиць: ${Object.keys(facts.tables).length}, рядків: ${totalRows(facts.tables)}. Знімаю образ бази…`);
    image = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pg.close();
  }

  // The secret the app uses seals stored API keys (README, SESSION_SECRET): a database restored without it
  // would hold keys nobody can open. It is taken when it lives in the data directory, as the database does.
  const secretPath = secretFile(dataDir);
  const secret =
    target.envSessionSecret === null && existsSync(secretPath) ? readFileSync(secretPath, 'utf8').trim() : null;
  const out = resolveOutPath(target.out, 'pglite', target.cwd, target.now);
  log(`Записую ${out}…`);
  const written = await writeBackupFile(
    out,
    {
      format: 'erp-backup',
      version: 1,
      kind: 'pglite',
      createdAt: target.now.toISOString(),
      ...facts,
      payload: { file: 'pglite-data.tar.gz' },
      sessionSecretIncluded: secret !== null,
    },
    { data: image },
    secret,
  );
  if (secret !== null) log('Секрет сесій (файл session-secret) збережено в копії разом з базою.');
  else if (target.envSessionSecret !== null) {
    log(
      'Увага: секрет сесій задано змінною SESSION_SECRET, тож у копію він не входить. Зберігайте його значення ' +
        'окремо — без нього збережені API-ключі з копії не розшифрувати.',
    );
  }
  return { file: out, ...written };
}

export async function restorePglite(
  target: PgliteTarget & { backup: BackupFile; confirm: (question: string) => Promise<boolean> },
): Promise<{ previous: string | null }> {
  const { dataDir, log, backup } = target;
  const dir = databaseDir(dataDir);
  assertNotInUse(dir, target.force);
  const hasCurrent = existsSync(dir);
  const question = hasCurrent
    ? `Відновлення замінить усі поточні дані вбудованої бази в ${dir} даними з копії. Продовжити?`
    : `Вбудовану базу буде створено в ${dir} з копії. Продовжити?`;
  if (!(await target.confirm(question))) throw new BackupError('Відновлення скасовано — дані не змінено.');

  // ERP_DATA_DIR is often a mounted volume that cannot itself be renamed, so the swap happens inside it: the
  // restored database is built and checked in a sibling of `pglite`, and only then takes its place. The
  // previous database is kept as `pglite.before-restore-<time>` — the only way back if this was the wrong file.
  const stamp = fileStamp(new Date());
  const staging = `${dir}.restoring-${stamp}`;
  const previous = `${dir}.before-restore-${stamp}`;
  mkdirSync(dataDir, { recursive: true });
  rmSync(staging, { recursive: true, force: true });
  try {
    log('Розгортаю образ бази в новому каталозі…');
    const image = await readTarEntry(backup.file, backup.payload);
    const pg = await openPglite({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(image)]) });
    try {
      log('Перевіряю кількість рядків…');
      assertCountsMatch(backup.manifest.tables, await countRows(pg));
      await pg.exec(END_SESSIONS_SQL);
      log('Усі сеанси завершено: увійдіть знову.');
    } finally {
      await pg.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }

  log('Підміняю базу даних…');
  if (hasCurrent) renameSync(dir, previous);
  try {
    renameSync(staging, dir);
  } catch (error) {
    if (hasCurrent) renameSync(previous, dir);
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  restoreSecret(target, stamp);
  return { previous: hasCurrent ? previous : null };
}

function restoreSecret(target: PgliteTarget & { backup: BackupFile }, stamp: string) {
  const { dataDir, log, backup, envSessionSecret } = target;
  const file = secretFile(dataDir);
  if (backup.secret === null) {
    log(
      'Копія не містить секрету сесій, тож файл session-secret лишається як є. Якщо під час копіювання секрет ' +
        'задавала змінна SESSION_SECRET, задайте те саме значення — інакше збережені API-ключі не розшифрувати.',
    );
    return;
  }
  const current = existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
  if (current !== backup.secret) {
    if (current !== null) renameSync(file, `${file}.before-restore-${stamp}`);
    writeFileSync(`${file}.restoring`, backup.secret + '\n', { mode: 0o600 });
    renameSync(`${file}.restoring`, file);
    log('Секрет сесій відновлено з копії (файл session-secret).');
  }
  if (envSessionSecret !== null && envSessionSecret !== backup.secret) {
    log(
      'Увага: змінна SESSION_SECRET відрізняється від секрету з копії, тож програма не розшифрує збережені ' +
        'API-ключі. Приберіть SESSION_SECRET або задайте йому значення з файлу session-secret.',
    );
  }
}
