// The server's production bundle (decision 0032): built from the sources into a directory of its own, it starts as
// `npm start` starts it — on a fresh embedded database, which it must migrate from the migrations it finds from the
// bundle's place (dist/…, not src/server/…) — and signs the administrator in; a second call reuses it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@/server/testing/free-port.ts';
import { bundleName, ensureServerBuild, serverSourceHash } from './server-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const outDir = path.join(ROOT, 'dist', `server-test-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-bundle-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('is built once per source fingerprint and serves a fresh embedded database', async () => {
    const said: string[] = [];
    const file = ensureServerBuild(outDir, (m) => said.push(m));
    expect(path.basename(file)).toBe(bundleName(serverSourceHash()));
    expect(existsSync(`${file}.map`)).toBe(true);
    expect(said).toContain('Збираю сервер...');
    expect(ensureServerBuild(outDir, (m) => said.push(`again: ${m}`))).toBe(file);
    expect(said.filter((m) => m.startsWith('again'))).toEqual([]);
    expect(readdirSync(outDir).sort()).toEqual([path.basename(file), `${path.basename(file)}.map`]);

    const port = await freePort();
    let log = '';
    server = spawn(process.execPath, [file], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://localhost:${port}`,
        DATABASE_URL: '',
        ERP_DATA_DIR: dataDir,
        ERP_ADMIN_PASSWORD: 'bundle-Admin-1',
        ERP_WORKERS: '1',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null) throw new Error(`the bundle exited (${server.exitCode}):\n${log}`);
      if (Date.now() > deadline) throw new Error(`the bundle did not answer:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${base}/api/auth/simple-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ username: 'admin', password: 'bundle-Admin-1' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const units = await fetch(`${base}/api/units?limit=5`, { headers: { cookie } });
    expect(units.status).toBe(200);
    expect(((await units.json()) as unknown[]).length).toBeGreaterThan(0);
  }, 120_000);
});
