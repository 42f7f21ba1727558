// The one way to open an embedded database (PGlite): the app, the tests' templates, backups and the bench all come
// here, so that every instance loads the extensions the migrations create. A data directory whose schema uses an
// extension (pg_trgm: the search's trigram indexes, migration search_trigram_indexes) fails on its first query
// that touches it if the instance was opened without that extension.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions every PGlite is opened with. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens (or creates) a PGlite: a data directory, or PGlite's options (an image to load, none for in-memory). */
export function openPglite(source: string | Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  const options = typeof source === 'string' ? { dataDir: source } : source;
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}
