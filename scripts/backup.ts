// `npm run backup [-- --out <file>]`: one backup file of the configured database — the embedded one in
// ERP_DATA_DIR or PostgreSQL at DATABASE_URL (docs/backup.md). Exit code 0 on success, 1 with a message otherwise.
import '../src/server/alias-hooks.ts';
import { parseArgs } from 'node:util';

const usage = [
  'Запуск: npm run backup [-- --out <файл>]',
  '  --out, -o <файл>  куди записати копію (типово: ./backups/erp-<вид>-<дата_час>.tar)',
  '  --force           вбудована база: не зважати на postmaster.pid, якщо програму точно зупинено',
].join('\n');

let args: { out?: string; force?: boolean; help?: boolean };
try {
  args = parseArgs({
    options: {
      out: { type: 'string', short: 'o' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  console.error(`Неправильні параметри: ${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const { loadConfig, ConfigError } = await import('../src/server/kernel/config.ts');
const { backupDatabase, BackupError, formatBytes } = await import('../src/server/db/backup/backup.ts');

const envSessionSecret = process.env.SESSION_SECRET?.trim() || null;
try {
  // loadConfig checks DATABASE_URL and resolves ERP_DATA_DIR; a stand-in secret keeps it from generating a
  // session-secret file here — the backup reads the real one itself.
  const config = loadConfig({ ...process.env, SESSION_SECRET: envSessionSecret ?? 'x'.repeat(32) });
  const result = await backupDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    envSessionSecret,
    out: args.out,
    force: args.force,
    log: (line) => console.log(line),
  });
  console.log(`Готово: резервну копію збережено у ${result.file} (${formatBytes(result.bytes)}).`);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error(`Резервне копіювання не вдалося: ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
