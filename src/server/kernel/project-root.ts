// The repository's root directory (the one with package.json), found by walking up from this module. The server runs
// from its sources (tests, `npm run demo`) and from the bundle `npm start` builds (dist/server/, decision 0032), so a
// path written relative to one module's own place would point elsewhere in the other: files the server reads at run
// time (the migrations, the client's build) are named from here instead.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function findProjectRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
