// A new embedded database from the image of its migrations (decision 0033): the first new data directory makes the
// image and every new one is a copy of it, with the same schema as a database migrated the long way — every table,
// column, default, constraint, index, sequence, function, trigger, extension and applied migration. A changed
// migration has another fingerprint, so no older image is ever used for it. PGlite only: the embedded run.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Db } from './db.ts';
import { imagePath, schemaFingerprint } from './pglite-image.ts';
import { openPglite } from './pglite.ts';
import { rowsOf } from './rows.ts';

const work = mkdtempSync(path.join(tmpdir(), 'erp-image-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The schema as the catalogue describes it, in a stable order, without anything that names an OID. */
type Schema = Record<
  'columns' | 'constraints' | 'indexes' | 'sequences' | 'functions' | 'triggers' | 'extensions' | 'migrations',
  unknown[]
>;

async function schemaOf(db: Db): Promise<Schema> {
  const read = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await db.execute(query));
  return {
    columns: await read(sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default,
        numeric_precision, numeric_scale, character_maximum_length, is_identity
      from information_schema.columns where table_schema in ('public', 'drizzle')
      order by table_schema, table_name, column_name`),
    constraints: await read(sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    indexes: await read(sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = 'public' order by 1, 2`),
    sequences: await read(sql`select sequence_name, start_value, increment from information_schema.sequences
      where sequence_schema = 'public' order by 1`),
    functions: await read(sql`select p.proname, pg_get_functiondef(p.oid) as def from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' order by 1, 2`),
    triggers: await read(sql`select tgrelid::regclass::text as tbl, tgname, pg_get_triggerdef(oid) as def
      from pg_trigger where not tgisinternal order by 1, 2`),
    extensions: await read(sql`select extname, extversion from pg_extension order by 1`),
    migrations: await read(sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`),
  };
}

describe.skipIf(process.env.DATABASE_URL)('a new embedded database from the image of its migrations', () => {
  const imageDir = path.join(work, 'images');

  it('the first new database makes the image and starts from it; the next too, with the same schema', async () => {
    const expected = await (async () => {
      const reference = await openPglite(path.join(work, 'reference'));
      const db = drizzle({ client: reference }) as unknown as Db;
      await migrate(drizzle({ client: reference }), { migrationsFolder });
      const schema = await schemaOf(db);
      await reference.close();
      return schema;
    })();
    expect(expected.columns.length).toBeGreaterThan(500);
    expect(expected.extensions.map((e) => (e as { extname: string }).extname)).toContain('pg_trgm');

    const first = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'a'), imageDir });
    const image = imagePath(migrationsFolder, imageDir);
    expect(existsSync(path.join(image, 'PG_VERSION'))).toBe(true);
    expect(await schemaOf(first.db)).toEqual(expected);
    await first.close();

    // A data folder that exists but holds no database yet is new too.
    mkdirSync(path.join(work, 'b', 'pglite'), { recursive: true });
    const second = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'b'), imageDir });
    expect(await schemaOf(second.db)).toEqual(expected);
    // A trigram search works on it: the extension the migrations created comes with the image.
    await second.db.execute(sql`select similarity('техно', 'технології')`);
    await second.close();
    expect(readdirSync(imageDir)).toEqual([path.basename(image)]);

    // And a new database really is a copy of the image: mark the image, and the next new database carries the mark.
    const marking = await openPglite(image);
    await marking.exec('create table image_marker (id int)');
    await marking.close();
    const marked = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'c'), imageDir });
    const [mark] = rowsOf<{ n: number }>(
      await marked.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'image_marker'`),
    );
    await marked.close();
    expect(mark!.n).toBe(1);
  }, 120_000);

  it('a changed migration has another fingerprint, so the older image is not used for it', () => {
    const changed = path.join(work, 'migrations');
    cpSync(migrationsFolder, changed, { recursive: true });
    expect(schemaFingerprint(changed)).toBe(schemaFingerprint(migrationsFolder));
    const newest = readdirSync(changed)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .at(-1)!;
    writeFileSync(path.join(changed, newest), '\n-- changed\n', { flag: 'a' });
    expect(imagePath(changed, imageDir)).not.toBe(imagePath(migrationsFolder, imageDir));
    expect(existsSync(imagePath(changed, imageDir))).toBe(false);
  });

  it('an existing database is opened as it is, never replaced by the image', async () => {
    const dir = path.join(work, 'existing');
    const first = await openDatabase({ databaseUrl: null, dataDir: dir, imageDir });
    await first.db.execute(sql`create table kept_here (id int)`);
    await first.close();
    const again = await openDatabase({ databaseUrl: null, dataDir: dir, imageDir });
    const [kept] = rowsOf<{ n: number }>(
      await again.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'kept_here'`),
    );
    await again.close();
    expect(kept!.n).toBe(1);
  }, 120_000);
});
