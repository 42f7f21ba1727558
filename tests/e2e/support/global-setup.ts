// Starts, once per run: a local SMTP server (smtp-server) that files every message it receives, and the
// production server (`npm start`'s code path: built client + API) on its own fresh database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../../scripts/client-build.ts';
import { startFakeNovaPoshta } from '../../../src/server/testing/fake-nova-poshta.ts';
import { freePort } from '../../../src/server/testing/free-port.ts';
import { DEMO_TEMPLATE } from './demo-template.ts';

/** The one Nova Poshta API key the local stand-in accepts; any other gets the service's "API key expired". */
export const NP_VALID_KEY = '0123456789abcdef0123456789abcdef';

const root = path.resolve(import.meta.dirname, '../../..');
export const ADMIN_PASSWORD = 'Admin-e2e-2026';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string | null;
    mailDir: string;
    adminPassword: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  ensureClientBuild();
  const tmp = path.join(root, '.tmp', 'e2e');
  rmSync(tmp, { recursive: true, force: true });
  const mailDir = path.join(tmp, 'mail');
  const dataDir = path.join(tmp, 'data');
  mkdirSync(mailDir, { recursive: true });

  let count = 0;
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        writeFileSync(
          path.join(mailDir, `${String(count).padStart(4, '0')}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        cb();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', () => r()));

  // Real PostgreSQL when DATABASE_URL is set (CI); the embedded database otherwise.
  let databaseUrl: string | null = null;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('drop database if exists erp_e2e with (force)');
    await admin.query(`drop database if exists ${DEMO_TEMPLATE} with (force)`);
    await admin.query('create database erp_e2e');
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = '/erp_e2e';
    databaseUrl = u.href;
  }

  // Nova Poshta cannot be reached from here: a local server speaks its API 2.0 envelope instead.
  const novaPoshta = await startFakeNovaPoshta([NP_VALID_KEY]);

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
        ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ERP_ADMIN_EMAIL: 'admin@tekhnoprylad.ua',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'ERP <erp@tekhnoprylad.ua>',
        LOG_LEVEL: 'warn',
        NOVA_POSHTA_API_URL: novaPoshta.url,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }

  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('mailDir', mailDir);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', dataDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await new Promise<void>((r) => smtp.close(() => r()));
    await novaPoshta.close();
    // The demo template (support/demo-server.ts): an embedded one is a directory beside the run's data.
    rmSync(path.join(tmp, DEMO_TEMPLATE), { recursive: true, force: true });
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('drop database if exists erp_e2e with (force)');
      await admin.query(`drop database if exists ${DEMO_TEMPLATE} with (force)`);
      await admin.end();
    }
  };
}
