// `npm run restore -- <file> [--yes]`: replaces the data of the configured database (embedded or PostgreSQL) with
// a backup made by `npm run backup` (docs/backup.md). Asks before changing anything unless --yes.
// Exit code 0 on success, 1 with a message otherwise (also when the operator answers no).
import '../src/server/alias-hooks.ts';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const usage = [
  'Запуск: npm run restore -- <файл> [--yes]',
  '  <файл>      резервна копія, створена npm run backup',
  '  --yes, -y   не питати підтвердження (відновлення замінює поточні дані)',
  '  --force     вбудована база: не зважати на postmaster.pid; PostgreSQL: відновити, хоч до бази є інші підключення',
].join('\n');

let args: { yes?: boolean; force?: boolean; help?: boolean };
let positionals: string[];
try {
  ({ values: args, positionals } = parseArgs({
    options: {
      yes: { type: 'boolean', short: 'y' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  }));
} catch (error) {
  console.error(`Неправильні параметри: ${(error as Error).message}\n${usage}`);
  process.exit(1);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(
    positionals.length === 0
      ? 'Не вказано файл резервної копії, яку слід відновити.'
      : 'Вкажіть один файл резервної копії.',
  );
  console.error(usage);
  const recent = recentBackups();
  if (recent.length) console.error(`Останні копії в ./backups:\n  ${recent.join('\n  ')}`);
  process.exit(1);
}

function recentBackups(): string[] {
  const dir = path.resolve('backups');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.tar'))
      .map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t)
      .slice(0, 5)
      .map(({ f }) => path.join('backups', f));
  } catch {
    return [];
  }
}

async function ask(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const closed = new Promise<string>((resolve) => rl.once('close', () => resolve('')));
  try {
    const answer = await Promise.race([rl.question(`${question} Введіть «так», щоб продовжити: `), closed]);
    if (!process.stdin.isTTY) console.log(); // a piped answer is not echoed
    return ['так', 'т', 'yes', 'y'].includes(answer.trim().toLowerCase());
  } finally {
    rl.close();
  }
}

const { loadConfig, ConfigError } = await import('../src/server/kernel/config.ts');
const { restoreDatabase, BackupError, formatBytes } = await import('../src/server/db/backup/backup.ts');

const envSessionSecret = process.env.SESSION_SECRET?.trim() || null;
try {
  // A stand-in secret keeps loadConfig from generating a session-secret file: the restore writes the backup's.
  const config = loadConfig({ ...process.env, SESSION_SECRET: envSessionSecret ?? 'x'.repeat(32) });
  const result = await restoreDatabase({
    file: path.resolve(positionals[0]!),
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    envSessionSecret,
    force: args.force,
    confirm: args.yes ? async () => true : ask,
    log: (line) => console.log(line),
  });
  console.log(`Готово: дані відновлено з ${result.file} (${formatBytes(result.bytes)}).`);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error(`Відновлення не вдалося: ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
