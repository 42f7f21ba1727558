// `npm start` with several processes on PostgreSQL (issue 27, src/server/cluster.ts): the real entry spawned with
// ERP_WORKERS=2 on a database of its own (migrated, with no administrator and no seed rows yet), and at the same
// moment a second, single-process server on the same database — the primary starts its second worker only after the
// first listens, so the rival is what races the first worker to the administrator and the seeds. Each request below
// opens a connection of its own, so the primary hands them to the workers in turn; which worker answered is read
// from the server's log (pino writes each process's pid).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS_CACHE_MS } from '@/modules/roles/server/index.ts';
import { rowsOf } from './kernel/rows.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';
import { freePort } from './testing/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_PASSWORD = 'cluster-Admin-1';

interface Answer {
  status: number;
  body: string;
  cookie: string | null;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(process.env.DATABASE_URL)('npm start with two processes on PostgreSQL', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let rival: ChildProcess;
  let port: number;
  let log = '';
  let rivalLog = '';

  /** One request on a connection of its own (no keep-alive), so consecutive requests reach different workers. */
  const call = (method: string, url: string, cookie?: string | null, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          agent: false,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json', origin: `http://localhost:${port}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const sid = (res.headers['set-cookie'] ?? []).map((c) => /^sid=[^;]+/.exec(c)?.[0]).find(Boolean);
            resolve({ status: res.statusCode ?? 0, body: text, cookie: sid ?? null });
          });
        },
      );
      req.once('error', reject);
      req.end(payload);
    });

  const signIn = async (username: string, password: string) => {
    const res = await call('POST', '/api/auth/simple-login', null, { username, password });
    expect(res.status, res.body).toBe(200);
    return res.cookie!;
  };

  const logLines = (text = log) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { pid: number; msg: string; workers?: number; database?: string });
  /** The workers that say they are serving, in the order they started. */
  const workerPids = () =>
    logLines()
      .filter((l) => l.msg === 'Сервер запущено' && l.database === 'postgres')
      .map((l) => l.pid);
  const answeringPids = () =>
    new Set(
      logLines()
        .filter((l) => l.msg === 'request completed')
        .map((l) => l.pid),
    );

  const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!(await ok())) {
      if (server.exitCode !== null) throw new Error(`сервер завершився (${server.exitCode}):\n${log}`);
      if (Date.now() > deadline) throw new Error(`не дочекався: ${what}\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    const spawnServer = (workers: number, serverPort: number, onLog: (chunk: string) => void) => {
      const child = spawn(process.execPath, ['--import', './src/server/alias-hooks.ts', 'src/server/cluster.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(serverPort),
          HOST: '127.0.0.1',
          APP_URL: `http://localhost:${serverPort}`,
          DATABASE_URL: database.url!,
          ERP_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'erp-cluster-')),
          ERP_ADMIN_PASSWORD: ADMIN_PASSWORD,
          ERP_WORKERS: String(workers),
          SMTP_URL: '',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.setEncoding('utf8').on('data', onLog);
      child.stderr!.setEncoding('utf8').on('data', onLog);
      return child;
    };
    const rivalPort = await freePort();
    server = spawnServer(2, port, (chunk) => (log += chunk));
    rival = spawnServer(1, rivalPort, (chunk) => (rivalLog += chunk));
    await waitFor('два робочі процеси', () => logLines().some((l) => l.workers === 2));
    await waitFor('другий сервер', () => logLines(rivalLog).some((l) => l.msg === 'Сервер запущено'));
  }, 120_000);

  afterAll(async () => {
    for (const child of [server, rival]) {
      if (child && child.exitCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await database?.close();
  });

  it('servers starting at once on an empty database make the administrator and the seeds once', async () => {
    expect(new Set(workerPids()).size).toBe(2);
    const created = [...logLines(), ...logLines(rivalLog)].filter((l) => l.msg === 'Створено адміністратора');
    expect(created).toHaveLength(1);
    expect(log).not.toContain('Робочий процес завершився');
    rival.kill('SIGTERM');
    expect(await exited(rival)).toBe(0);
    const [units] = rowsOf<{ n: number; distinct: number }>(
      await database.db.execute(sql`select count(*)::int as n, count(distinct name)::int as distinct from units`),
    );
    expect(units!.n).toBeGreaterThan(0);
    expect(units!.distinct).toBe(units!.n);
    const [admins] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from users where username = 'admin'`),
    );
    expect(admins!.n).toBe(1);
  });

  it('serves from both workers, and a session opened in one is good in the other', async () => {
    const cookie = await signIn('admin', ADMIN_PASSWORD);
    for (let i = 0; i < 8; i++) expect((await call('GET', '/api/auth/user', cookie)).status).toBe(200);
    await waitFor('відповіді обох процесів у журналі', () => answeringPids().size === 2, 5_000);
    expect([...answeringPids()].sort()).toEqual([...workerPids()].sort());
  });

  it('a role change reaches every worker within the rights cache time', async () => {
    const admin = await signIn('admin', ADMIN_PASSWORD);
    const role = await call('POST', '/api/roles', admin, { name: 'Менеджер кластера' });
    expect(role.status, role.body).toBe(201);
    const roleId = (JSON.parse(role.body) as { id: number }).id;
    const grant = (canView: boolean) =>
      call('PUT', `/api/roles/${roleId}/permissions`, admin, {
        permissions: [{ route: '/orders', canView, canAccess: canView }],
      });
    expect((await grant(true)).status).toBe(200);
    const user = await call('POST', '/api/users', admin, {
      username: 'cluster.manager',
      email: 'cluster.manager@firma.ua',
      firstName: 'Олена',
      lastName: 'Коваль',
      roleIds: [roleId],
      password: 'manager-Pass-1',
    });
    expect(user.status, user.body).toBe(201);
    const manager = await signIn('cluster.manager', 'manager-Pass-1');
    // Both workers read and cache the grant.
    for (let i = 0; i < 6; i++) expect((await call('GET', '/api/orders', manager)).status).toBe(200);

    expect((await grant(false)).status).toBe(200);
    const revokedAt = Date.now();
    // Until the caches run out a worker that did not make the change may still answer from its cache; after that
    // time none may.
    await waitFor('кеш прав минув', () => Date.now() - revokedAt > RIGHTS_CACHE_MS + 200, RIGHTS_CACHE_MS + 1_000);
    const after = await Promise.all(Array.from({ length: 8 }, () => call('GET', '/api/orders', manager)));
    expect(after.map((a) => a.status)).toEqual(Array(8).fill(403));
  }, 30_000);

  it('replaces a worker that dies, and stops every process on SIGTERM', async () => {
    const [first, second] = workerPids();
    process.kill(first!, 'SIGKILL');
    await waitFor('новий робочий процес', () => workerPids().length === 3);
    const replacement = workerPids()[2]!;
    expect(replacement).not.toBe(first);
    expect(log).toContain('Робочий процес завершився — запускаю новий');
    for (let i = 0; i < 4; i++) expect((await call('GET', '/healthz')).status).toBe(200);

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect([second!, replacement].filter(alive)).toEqual([]);
  }, 60_000);
});
