// `npm run demo`: a fresh embedded database with the demo company «Техноприлад», then the app on it.
import '../src/server/alias-hooks.ts';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureClientBuild } from './client-build.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.ERP_DEMO_DATA_DIR ?? 'data-demo');
const password = process.env.ERP_ADMIN_PASSWORD ?? randomBytes(6).toString('base64url');

const { openDatabase } = await import('../src/server/kernel/db.ts');
const { runDemoSeed } = await import('../src/server/db/seed/demo-seeder.ts');
const { demoSeeders } = await import('../src/server/db/seed/demo-seeders.ts');
const { ensureAdmin, demoStaff } = await import('../src/modules/users/server/index.ts');
const { loadConfig } = await import('../src/server/kernel/config.ts');

ensureClientBuild();
rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, ERP_DATA_DIR: dataDir, ERP_ADMIN_PASSWORD: password, DATABASE_URL: '' };
const config = loadConfig(env);

console.log(`Створюю демо-базу в ${dataDir} ...`);
const database = await openDatabase({ databaseUrl: null, dataDir });
await ensureAdmin(database.db, { email: config.adminEmail, password });
const { resourceEngine } = await import('../src/resources/index.ts');
await resourceEngine.ensureSeeds(database.db);
const ran = await runDemoSeed(database.db, demoSeeders, {
  demoPassword: password,
  log: (m) => console.log('  ' + m),
});
await database.close();
console.log(`Демо-дані: ${ran.join(', ')}`);

const { main } = await import('../src/server/main.ts');
await main(env);
console.log(
  [
    '',
    '────────────────────────────────────────────────────────────',
    ` Демо запущено: ${config.appUrl}`,
    ` Адміністратор:  логін admin   пароль ${password}`,
    ` Працівники (той самий пароль): ${demoStaff.map((s) => s.username).join(', ')}`,
    '────────────────────────────────────────────────────────────',
    '',
  ].join('\n'),
);
