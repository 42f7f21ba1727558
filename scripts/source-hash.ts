// One fingerprint of the files a build reads, so `npm start` rebuilds the client (client-build.ts) and the server
// (server-build.ts) after a fresh clone, a pull or an edit, and never otherwise.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every non-test file under `dir`, skipping node_modules and the directories named in `skip`. */
export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !skip.includes(entry.name)) walk(full);
      } else if (!/\.test\.tsx?$/.test(entry.name)) {
        out.push(full);
      }
    }
  };
  walk(dir);
  return out;
}

/** SHA-256 over the files' paths (relative to root) and contents; files that do not exist are left out. */
export function hashFiles(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].filter((f) => existsSync(f)).sort()) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}
