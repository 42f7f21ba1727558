// `npm start`: build the client if it is missing or stale, then serve it and the API on one port — with one process
// per core on PostgreSQL (ERP_WORKERS; src/server/cluster.ts). The workers run this file too: only the primary builds.
import '../src/server/alias-hooks.ts';
import cluster from 'node:cluster';
import { ensureClientBuild } from './client-build.ts';

if (cluster.isPrimary) ensureClientBuild();
const { start } = await import('../src/server/cluster.ts');
await start();
