// `npm start`: build the client if it is missing or stale, then serve it and the API on one port.
import '../src/server/alias-hooks.ts';
import { ensureClientBuild } from './client-build.ts';

ensureClientBuild();
const { main } = await import('../src/server/main.ts');
await main();
