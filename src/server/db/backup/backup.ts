// `npm run backup` / `npm run restore` (scripts/backup.ts, scripts/restore.ts; operator guide: docs/backup.md):
// one file per backup of the configured database — the embedded PGlite in ERP_DATA_DIR or PostgreSQL at
// DATABASE_URL — and its restore, which refuses a file of the other kind, a damaged file or a newer schema,
// and checks the restored row counts against the backup's manifest before the data counts as restored.
import { readBackupFile } from './archive.ts';
import {
  BackupError,
  checkMigrations,
  describeManifest,
  kindLabel,
  type BackupKind,
  type BackupManifest,
} from './manifest.ts';
import { backupPglite, restorePglite } from './pglite.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';

export { BackupError, formatBytes } from './manifest.ts';
export type { BackupKind, BackupManifest } from './manifest.ts';

export interface DatabaseTarget {
  /** PostgreSQL when set, else the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** SESSION_SECRET as set in the environment (null when the app uses the generated file in `dataDir`). */
  envSessionSecret: string | null;
  /** Progress lines for the operator (Ukrainian). */
  log?: (line: string) => void;
  /** PGlite without /proc: go on despite a postmaster.pid; PostgreSQL: restore despite other sessions. */
  force?: boolean;
}

export interface BackupOptions extends DatabaseTarget {
  /** The file to write; default: ./backups/erp-<kind>-<time>.tar (relative to `cwd`). */
  out?: string;
  cwd?: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const common = {
    envSessionSecret: options.envSessionSecret,
    log: options.log ?? (() => {}),
    force: options.force,
    out: options.out,
    cwd: options.cwd ?? process.cwd(),
    now: options.now ?? new Date(),
  };
  return options.databaseUrl
    ? backupPostgres({ ...common, databaseUrl: options.databaseUrl })
    : backupPglite({ ...common, dataDir: options.dataDir });
}

export interface RestoreOptions extends DatabaseTarget {
  file: string | undefined;
  /** Asked once every check has passed and before anything changes; false cancels. */
  confirm: (question: string) => Promise<boolean>;
}

export interface RestoreResult extends BackupResult {
  /** Where the replaced embedded database was kept (null for PostgreSQL or when there was none). */
  previous: string | null;
  notes: string[];
}

export async function inspectBackup(file: string) {
  return readBackupFile(file);
}

export async function restoreDatabase(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  if (!options.file) {
    throw new BackupError('Не вказано файл резервної копії. Запуск: npm run restore -- <файл> [--yes]');
  }
  log(`Перевіряю файл ${options.file}…`);
  const backup = await readBackupFile(options.file);
  const { manifest } = backup;
  log(`Копія: ${describeManifest(manifest)}.`);

  const target: BackupKind = options.databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.kind !== target) {
    throw new BackupError(
      manifest.kind === 'pglite'
        ? `Це копія вбудованої бази даних (PGlite), а програма налаштована на PostgreSQL (задано DATABASE_URL). ` +
            'Таку копію можна відновити лише у вбудовану базу — запустіть відновлення без DATABASE_URL.'
        : `Це копія бази PostgreSQL, а програма налаштована на вбудовану базу (PGlite, DATABASE_URL не задано). ` +
            'Задайте DATABASE_URL сервера PostgreSQL, у базу якого слід відновити копію.',
    );
  }
  const notes: string[] = [];
  const note = checkMigrations(manifest);
  if (note) notes.push(note);

  const common = {
    envSessionSecret: options.envSessionSecret,
    log,
    force: options.force,
    backup,
    confirm: options.confirm,
  };
  log(`Відновлюю: ${kindLabel[target]}.`);
  const { previous } = options.databaseUrl
    ? await restorePostgres({ ...common, databaseUrl: options.databaseUrl })
    : await restorePglite({ ...common, dataDir: options.dataDir });
  if (previous) notes.push(`Попередню базу збережено в ${previous} — видаліть її, коли переконаєтеся, що все гаразд.`);
  for (const line of notes) log(line);
  return { file: backup.file, bytes: backup.bytes, manifest, previous, notes };
}
