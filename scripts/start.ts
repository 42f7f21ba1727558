// `npm start`: build the client and the server's bundle if they are missing or stale, then serve the client and the
// API on one port — with one process per core on PostgreSQL (ERP_WORKERS; src/server/cluster.ts). The workers run
// this file too: only the primary builds, and it hands the bundle's path to them in the environment.
import '../src/server/alias-hooks.ts';
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { ensureClientBuild } from './client-build.ts';

/** The bundle the primary built (scripts/server-build.ts), for the workers it forks. */
const BUNDLE_ENV = 'ERP_SERVER_BUNDLE';

if (cluster.isPrimary) {
  ensureClientBuild();
  const { ensureServerBuild } = await import('./server-build.ts');
  process.env[BUNDLE_ENV] = ensureServerBuild();
}
const bundle = pathToFileURL(process.env[BUNDLE_ENV]!).href;
const { start } = await import('../src/server/cluster.ts');
await start(process.env, () => import(bundle) as Promise<typeof import('../src/server/main.ts')>);
