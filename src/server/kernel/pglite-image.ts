// A new embedded database starts as a copy of a freshly migrated one (issue 27, decision 0033). Creating a PGlite
// data directory runs initdb inside WebAssembly (≈ 1,9 s here) and then all the migrations (≈ 0,9 s); copying a
// closed, migrated data directory and opening it takes ≈ 0,35 s. The image is made by the migrations themselves —
// the first new database of a fingerprint creates it the long way, in a folder of its own, closes it and then copies
// it like every later one — and is named by the fingerprint of what decides the schema (the migrations, PGlite's
// version, the extensions), so a changed migration or a PGlite upgrade never starts from an older image. An existing
// database is never touched by this: it is migrated as before.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { projectRoot } from './project-root.ts';
import { openPglite, PGLITE_EXTENSIONS } from './pglite.ts';

/** Where the images are kept: a build output, beside the client's and the server's (never committed). */
export const PGLITE_IMAGE_DIR = path.join(projectRoot, 'dist', 'pglite-image');

function pgliteVersion(): string {
  const pkg = path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** SHA-256 over PGlite's version, the extensions and every migration with the journal that orders them. */
export function schemaFingerprint(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\0extensions ${Object.keys(PGLITE_EXTENSIONS).sort().join(',')}\0`);
  const files = [
    ...readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')),
    path.join('meta', '_journal.json'),
  ].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The image's folder for these migrations (it may not exist yet). */
export const imagePath = (migrationsFolder: string, imageDir = PGLITE_IMAGE_DIR) =>
  path.join(imageDir, schemaFingerprint(migrationsFolder).slice(0, 16));

/** True when `dir` holds no PGlite database yet (a new installation, a new demo). */
export const isNewDataDir = (dir: string) => !existsSync(path.join(dir, 'PG_VERSION'));

/**
 * The image of these migrations, created first when there is none: a new database migrated in a folder of its own
 * and closed, then renamed into place (a concurrent creator's finished image wins; a reader never sees half of one).
 * Older images are removed. Null when it cannot be made (a read-only install folder): the caller then creates its
 * database the long way.
 */
export async function ensureImage(migrationsFolder: string, imageDir = PGLITE_IMAGE_DIR): Promise<string | null> {
  const image = imagePath(migrationsFolder, imageDir);
  if (existsSync(path.join(image, 'PG_VERSION'))) return image;
  const temp = `${image}.${process.pid}-${Date.now()}`;
  try {
    mkdirSync(imageDir, { recursive: true });
    const client = await openPglite(temp);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.close();
    }
    if (!existsSync(image)) renameSync(temp, image);
  } catch {
    if (!existsSync(path.join(image, 'PG_VERSION'))) return null;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  for (const old of readdirSync(imageDir)) {
    if (old !== path.basename(image) && /^[0-9a-f]{16}$/.test(old)) {
      rmSync(path.join(imageDir, old), { recursive: true, force: true });
    }
  }
  return image;
}

/** Copies the image of these migrations into the new data directory `dir`; false when there is no image to copy. */
export async function copyImage(dir: string, migrationsFolder: string, imageDir?: string): Promise<boolean> {
  const image = await ensureImage(migrationsFolder, imageDir);
  if (!image) return false;
  cpSync(image, dir, { recursive: true });
  return true;
}
