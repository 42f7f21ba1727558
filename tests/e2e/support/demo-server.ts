// A second app server, on its own database filled with the demo dataset (scripts/demo.ts: the «Техноприлад»
// company through the real services), for a spec that must see every page with realistic data. It runs beside the
// run's shared server so that no other spec ever meets demo records it did not create (their order is Vitest's).
//
// The dataset is seeded once per run, into a template (a PostgreSQL template database, or an embedded database's
// directory), and each spec's server gets a copy of it: seeding takes half a minute, copying a second, and four
// specs use it. Global setup removes the template at the start and the end of a run, so a run never meets the
// dataset an earlier version of the seeders made.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { passwordResetTokens, sha256 } from '@/modules/auth/server/index.ts';
import { demoStaff, ensureAdmin, users } from '@/modules/users/server/index.ts';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { resourceEngine } from '@/resources/index.ts';
import { openDatabase } from '@/server/kernel/db.ts';
import { runDemoSeed } from '@/server/db/seed/demo-seeder.ts';
import { demoSeeders } from '@/server/db/seed/demo-seeders.ts';
import { startFakeNovaPoshta } from '@/server/testing/fake-nova-poshta.ts';
import { DEMO_TEMPLATE } from './demo-template.ts';
import { ADMIN_EMAIL } from './session.ts';
import { freePort } from '../../../src/server/testing/free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface DemoServer {
  baseUrl: string;
  /** A valid password-reset token of a demo employee, for the reset page's form. */
  resetToken: string;
  /**
   * The ledger check (`npm run ledger:check`) of the demo's database: null on the embedded database, which belongs
   * to the server process while it runs (CI runs the browser journeys on PostgreSQL).
   */
  ledger(): Promise<{ ok: boolean; problems: unknown[] } | null>;
  stop(): Promise<void>;
}

export async function startDemoServer(name: string): Promise<DemoServer> {
  const adminPassword = inject('adminPassword');
  const sharedUrl = inject('databaseUrl');
  // PostgreSQL when the run uses it (a sibling database of the shared one), else an embedded one of its own.
  let databaseUrl: string | null = null;
  const dataDir = path.join(inject('dataDir'), '..', `${name}-data`);
  if (sharedUrl) {
    await ensurePostgresTemplate(sharedUrl, adminPassword);
    const url = new URL(sharedUrl);
    url.pathname = `/erp_e2e_${name}`;
    databaseUrl = url.href;
    await adminQuery(sharedUrl, `drop database if exists erp_e2e_${name} with (force)`);
    await adminQuery(sharedUrl, `create database erp_e2e_${name} template ${DEMO_TEMPLATE}`);
  } else {
    const templateDir = path.join(inject('dataDir'), '..', DEMO_TEMPLATE);
    if (!existsSync(templateDir)) {
      // Seeded aside and renamed when whole: a half-seeded template must not be copied by the next spec.
      const partial = `${templateDir}.partial`;
      rmSync(partial, { recursive: true, force: true });
      await seedDemo({ databaseUrl: null, dataDir: partial }, adminPassword);
      renameSync(partial, templateDir);
    }
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(templateDir, dataDir, { recursive: true });
  }

  const resetToken = randomBytes(32).toString('base64url');
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
  try {
    const [employee] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, demoStaff[0]!.username));
    await database.db.insert(passwordResetTokens).values({
      userId: employee!.id,
      tokenHash: sha256(resetToken),
      expiresAt: new Date(Date.now() + 3600_000),
    });
  } finally {
    await database.close();
  }

  // Nova Poshta is never reached from a test: its local stand-in answers instead (as in global-setup.ts).
  const novaPoshta = await startFakeNovaPoshta([]);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', './src/server/alias-hooks.ts', 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATABASE_URL: databaseUrl ?? '',
        ERP_DATA_DIR: dataDir,
        ERP_ADMIN_PASSWORD: adminPassword,
        ERP_ADMIN_EMAIL: ADMIN_EMAIL,
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        NOVA_POSHTA_API_URL: novaPoshta.url,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    }
    await novaPoshta.close();
    if (sharedUrl) await adminQuery(sharedUrl, `drop database if exists erp_e2e_${name} with (force)`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if (server.exitCode !== null) throw new Error(`demo server exited with ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error('demo server did not start within 60 s');
    } catch (err) {
      await stop();
      throw err;
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const ledger = async () => {
    if (!databaseUrl) return null;
    const db = await openDatabase({ databaseUrl, migrate: false, poolSize: 1 });
    try {
      return await checkLedger(db.db);
    } finally {
      await db.close();
    }
  };
  return { baseUrl, resetToken, ledger, stop };
}

/** The demo dataset seeded into a database, as `npm run demo` seeds it, under the run's administrator. */
async function seedDemo(target: { databaseUrl: string | null; dataDir: string }, adminPassword: string) {
  const database = await openDatabase({ ...target, poolSize: 2 });
  try {
    await ensureAdmin(database.db, { email: ADMIN_EMAIL, password: adminPassword });
    await resourceEngine.ensureSeeds(database.db);
    await runDemoSeed(database.db, demoSeeders, { demoPassword: randomBytes(9).toString('base64url'), log: () => {} });
  } finally {
    await database.close();
  }
}

/** The run's template database, seeded by the first spec that asks for it (specs run one at a time). */
async function ensurePostgresTemplate(sharedUrl: string, adminPassword: string) {
  const exists = await adminQuery(sharedUrl, `select 1 from pg_database where datname = '${DEMO_TEMPLATE}'`);
  if (exists.rowCount) return;
  await adminQuery(sharedUrl, `create database ${DEMO_TEMPLATE}`);
  const url = new URL(sharedUrl);
  url.pathname = `/${DEMO_TEMPLATE}`;
  try {
    await seedDemo({ databaseUrl: url.href, dataDir: '' }, adminPassword);
  } catch (err) {
    // A half-seeded template must not be copied by the next spec.
    await adminQuery(sharedUrl, `drop database if exists ${DEMO_TEMPLATE} with (force)`);
    throw err;
  }
}

async function adminQuery(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
