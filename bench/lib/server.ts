// The production server as `npm start` runs it (`node scripts/start.ts`), spawned on a free port: cold start is
// the time from spawn to the first 200, memory is read from /proc/<pid>/status (Linux).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bundle.ts';
import { freePort } from '@/server/testing/free-port.ts';

export const BENCH_ADMIN = { username: 'admin', email: 'admin@localhost', password: 'bench-admin-2024' } as const;

export interface SpawnOptions {
  /** PostgreSQL connection string, or null for the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  logFile: string;
  /** ERP_WORKERS (decision 0030): 1 unless said — one process, whose memory and CPU the figures are about. */
  workers?: number;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Spawn → first 200 of GET / (the server answers only once migrated, the admin ensured and listening). */
  coldStartMs: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startServer(options: SpawnOptions, timeoutMs = 300_000): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const out = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    // The server's own log (pino, info level as in production) goes to a file, not through this process.
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: options.databaseUrl ?? '',
      ERP_DATA_DIR: options.dataDir,
      ERP_ADMIN_EMAIL: BENCH_ADMIN.email,
      ERP_ADMIN_PASSWORD: BENCH_ADMIN.password,
      SMTP_URL: '',
      ERP_WORKERS: String(options.workers ?? 1),
    },
  });
  closeSync(out);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const done = await Promise.race([exited(child).then(() => true), sleep(20_000).then(() => false)]);
    if (!done) {
      child.kill('SIGKILL');
      await exited(child);
    }
  };
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`Сервер завершився з кодом ${child.exitCode} до готовності; журнал: ${options.logFile}`);
      }
      if (performance.now() - started > timeoutMs) {
        throw new Error(`Сервер не відповів за ${timeoutMs / 1000} с; журнал: ${options.logFile}`);
      }
      const ok = await fetch(url + '/', { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      await sleep(25);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid!, coldStartMs: performance.now() - started, stop };
}

export interface Memory {
  /** Resident set now and its peak (VmHWM), bytes. */
  rss: number;
  peakRss: number;
}

export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peakRss: kb('VmHWM') };
}

/** The resident set of a process and its children (`npm start`'s primary and its workers), bytes. */
export function treeRss(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    /* a kernel without the children file: the process alone */
  }
  return memoryOf(pid).rss + children.reduce((sum, child) => sum + memoryOf(child).rss, 0);
}

function cpuTicks(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), counted after the parenthesised command name.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until the server stops working on its own (jobs the start kicks off, such as the shortage recalculation):
 * below 10 % of one core for two half-second samples in a row. Returns the wait, or null when it never settled.
 */
export async function waitIdle(pid: number, limitMs = 120_000): Promise<number | null> {
  const hz = 100; // USER_HZ on Linux
  const started = performance.now();
  let quiet = 0;
  let last = cpuTicks(pid);
  while (performance.now() - started < limitMs) {
    await sleep(500);
    const now = cpuTicks(pid);
    const busy = (now - last) / hz / 0.5;
    last = now;
    quiet = busy < 0.1 ? quiet + 1 : 0;
    if (quiet >= 2) return performance.now() - started;
  }
  return null;
}

/** Signs in through the real endpoint (POST /api/auth/simple-login) and returns the session cookie. */
export async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/simple-login`, {
    method: 'POST',
    // The app takes state changes from its own pages only (decision 0014); a browser sends this Origin itself.
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ username: BENCH_ADMIN.username, password: BENCH_ADMIN.password, rememberMe: true }),
  });
  if (res.status !== 200) throw new Error(`Вхід адміністратора не вдався: ${res.status} ${await res.text()}`);
  const sid = res.headers
    .getSetCookie()
    .map((c) => /^sid=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!sid) throw new Error('Сервер не видав cookie сесії');
  return `sid=${sid}`;
}
