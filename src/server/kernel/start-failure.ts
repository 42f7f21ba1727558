// How a start that cannot go on ends: one Ukrainian line saying why, and exit code 1 (main.ts, cluster.ts).
import { ConfigError } from './config.ts';

/** Says in Ukrainian why the start failed (a bad setting, a busy port, anything else) and exits with 1. */
export function exitOnStartFailure(err: unknown): never {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else if (err instanceof Error && 'code' in err && err.code === 'EADDRINUSE') {
    console.error(`Порт уже зайнятий іншою програмою: ${err.message}. Вкажіть інший у змінній PORT.`);
  } else {
    console.error('Не вдалося запустити сервер:', err);
  }
  process.exit(1);
}
