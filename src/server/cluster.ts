// `npm start` (issue 27, decision 0030): on PostgreSQL the port is served by ERP_WORKERS processes (default one per
// core), so a request's JSON, validation and rendering use every core instead of one. The primary process reads the
// settings (creating the session secret once), forks the workers — the first alone, the rest once it listens —,
// replaces one that dies and stops them all on SIGINT/SIGTERM; it imports nothing else, so the workers' start is the
// whole cold start. Each worker is the ordinary server of main.ts (under `npm start` from its bundle, decision 0032):
// migrations run under their advisory lock and the first administrator and seed directories under transaction
// locks, so servers starting at once on an empty database make them once. What workers share lives in
// the database (decisions 0029, 0030): sessions, login throttling, the background jobs' leases (kernel/jobs.ts: each
// job runs in one process), the shortage memo's input stamp. The rights cache is per process and lives 5 s, so a
// role change reaches every worker within that time. On the embedded PGlite, which belongs to one process, it is
// always the single server of main.ts.
import cluster, { type Worker } from 'node:cluster';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { pluralUk } from '@/shared/plural.ts';
import { loadConfig, type AppConfig } from './kernel/config.ts';
import { exitOnStartFailure } from './kernel/start-failure.ts';

/** A worker that dies before it listens this many times in a row stops the whole start (no endless re-forking). */
const MAX_FAILED_STARTS = 3;
/** How long the primary waits for its workers to finish their requests on shutdown before it kills them. */
const STOP_GRACE_MS = 30_000;

/** Where the server's main() comes from: its sources by default, the production bundle under `npm start`. */
export type MainLoader = () => Promise<Pick<typeof import('./main.ts'), 'main'>>;

export async function start(
  env: NodeJS.ProcessEnv = process.env,
  load: MainLoader = () => import('./main.ts'),
): Promise<void> {
  if (!cluster.isPrimary) {
    const { main } = await load();
    const server = await main(env);
    // The primary is gone (killed, not stopped): a worker must not keep serving a port nobody supervises.
    process.once('disconnect', () => {
      server.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    return;
  }
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (err) {
    exitOnStartFailure(err);
  }
  if (config.workers === 1) {
    const { main } = await load();
    await main(env);
    return;
  }
  runPrimary(config, env);
}

function runPrimary(config: AppConfig, env: NodeJS.ProcessEnv): void {
  const log = pino({ level: env.LOG_LEVEL ?? 'info' });
  let stopping = false;
  let failedStarts = 0;
  let announced = false;
  let othersForked = false;
  const listening = new Set<number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      failedStarts = 0;
      listening.add(worker.id);
      if (!othersForked) {
        othersForked = true;
        for (let i = 1; i < config.workers; i++) fork();
      }
      if (!announced && listening.size === config.workers) {
        announced = true;
        log.info(
          { workers: config.workers, url: config.appUrl },
          `Сервер запущено: ${config.workers} ${pluralUk(config.workers, ['процес', 'процеси', 'процесів'])}`,
        );
      }
    });
    worker.once('exit', (code, signal) => {
      const hadListened = listening.delete(worker.id);
      if (stopping) return;
      if (!hadListened && ++failedStarts >= MAX_FAILED_STARTS) {
        log.error({ code, signal }, 'Робочі процеси не запускаються — сервер зупинено (причина — у журналі вище)');
        stopAll(1);
        return;
      }
      log.warn({ pid: worker.process.pid, code, signal }, 'Робочий процес завершився — запускаю новий');
      fork();
    });
    return worker;
  };

  const stopAll = (exitCode: number) => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
    if (alive.length === 0) process.exit(exitCode);
    let left = alive.length;
    const kill = setTimeout(() => {
      for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    for (const w of alive) {
      w.once('exit', () => {
        left -= 1;
        if (left > 0) return;
        clearTimeout(kill);
        process.exit(exitCode);
      });
      w.process.kill('SIGTERM');
    }
  };

  // The first worker starts alone: it migrates the database and makes the first administrator and the seeds without
  // waiting on the others' locks, and answers first without sharing the cores with them. The rest follow once it
  // listens (on a migrated database their start is the bundle's import and the route table).
  fork();
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await start();
