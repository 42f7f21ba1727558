// Backup and restore (issue 10): data made through the real endpoints is backed up, changed (renamed, deleted,
// added), restored, and found as it was — with the ledger invariants holding. Runs on the database of the test
// run: the embedded PGlite (a data directory of its own), or PostgreSQL when DATABASE_URL is set (a throwaway
// database of its own, created from the migrated template). Also the refusals: no file, a damaged file, the
// other kind, a newer schema, counts that do not match (nothing changes), an open embedded database.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/modules/stock/server/index.ts';
import { stockBalances, stockMovements } from '@/modules/stock/server/stock.table.ts';
import { users } from '@/modules/users/server/index.ts';
import { sessions } from '@/modules/auth/server/index.ts';
import { dropDatabase } from '@/server/testing/drop-database.ts';
import { createSalesFixture } from '@/server/testing/sales-fixture.ts';
import { createTestApp, signIn, type TestApp } from '@/server/testing/test-app.ts';
import type { TestDatabase } from '@/server/testing/test-db.ts';
import {
  PGLITE_TEMPLATE_FILE,
  TEMPLATE_DB_NAME,
  TEST_DB_PREFIX,
  withDatabaseName,
} from '@/server/testing/test-paths.ts';
import { openDatabase } from '../../kernel/db.ts';
import { openPglite } from '../../kernel/pglite.ts';
import {
  backupDatabase,
  BackupError,
  formatBytes,
  inspectBackup,
  restoreDatabase,
  type BackupManifest,
} from './backup.ts';
import { readJournal } from './manifest.ts';
import { readTarEntry, readTarIndex, writeTar } from './tar.ts';

// The app (and the sales fixture built on it) opens the one database this file backs up and restores, again after
// every close.
const target: { open?: () => Promise<TestDatabase> } = {};
const openTarget = () => target.open!();

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const serverUrl = process.env.DATABASE_URL || null;
const kind = serverUrl ? 'postgresql' : 'pglite';

const work = mkdtempSync(path.join(tmpdir(), 'erp-backup-test-'));
const dataDir = path.join(work, 'data');
let databaseUrl: string | null = null;
let dbName = '';

const silent = () => {};
const target0 = () => ({ databaseUrl, dataDir, envSessionSecret: null });
const yes = async () => true;

beforeAll(async () => {
  if (serverUrl) {
    dbName = `${TEST_DB_PREFIX}backup_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}" template "${TEMPLATE_DB_NAME}"`);
    await admin.end();
    databaseUrl = withDatabaseName(serverUrl, dbName);
    const url = databaseUrl;
    target.open = async () => ({ ...(await openDatabase({ databaseUrl: url, migrate: false })), url });
  } else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dataDir);
    const seed = await openPglite({ dataDir: dir, loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]) });
    await seed.close();
    target.open = async () => ({
      ...(await openDatabase({ databaseUrl: null, pglite: await openPglite(dir), migrate: false })),
      url: null,
    });
  }
});

afterAll(async () => {
  if (serverUrl) {
    await dropDatabase(serverUrl, dbName);
  }
  rmSync(work, { recursive: true, force: true });
});

async function withApp<T>(fn: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await createTestApp({}, { openDatabase: openTarget });
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

async function stockOf(t: TestApp, itemId: number) {
  const [balance] = await t.db
    .select({ onHand: stockBalances.onHand, reserved: stockBalances.reserved })
    .from(stockBalances)
    .where(eq(stockBalances.itemId, itemId));
  const [movements] = await t.db.select({ n: count() }).from(stockMovements);
  return { ...balance, movements: movements!.n };
}

/** A copy of a backup file with its manifest changed (and, optionally, its payload damaged). */
async function alteredCopy(file: string, change: (m: BackupManifest) => void, damagePayload = false) {
  const entries = await readTarIndex(file);
  const sources = [];
  for (const entry of entries) {
    let data = await readTarEntry(file, entry);
    if (entry.name === 'manifest.json') {
      const manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
      change(manifest);
      data = Buffer.from(JSON.stringify(manifest));
    } else if (damagePayload && entry.name !== 'session-secret') {
      const at = Math.floor(data.length / 2);
      data[at] = data[at]! ^ 0xff;
    }
    sources.push({ name: entry.name, data });
  }
  const out = path.join(work, `altered-${randomBytes(4).toString('hex')}.tar`);
  await writeTar(out, sources);
  return out;
}

/** The npm script as an operator runs it (npm run backup / restore), on this file's database. */
function cli(script: 'backup.ts' | 'restore.ts', args: string[]) {
  const env = { ...process.env, ERP_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SESSION_SECRET: '' };
  return run(process.execPath, [path.join(root, 'scripts', script), ...args], { cwd: work, env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

let backupFile = '';
let productIds: { kept: number; spare: number } = { kept: 0, spare: 0 };

describe(`backup and restore (${kind})`, () => {
  // Three app starts, a backup and a restore in a child process: more than the default 30 s on a loaded machine.
  it('backs up, and a restore brings back the data as it was before later changes', { timeout: 90_000 }, async () => {
    const f = await createSalesFixture({ openDatabase: openTarget });
    const kept = await f.product({ stock: '10', cost: '60.00' });
    const spare = await f.product();
    await f.order([{ itemId: kept, qty: '3', unitPrice: '100.00' }], { confirm: true });
    productIds = { kept, spare };
    const [admin] = await f.t.db.select({ username: users.username }).from(users).where(eq(users.id, f.adminId));
    const original = {
      name: (await f.api('GET', `/api/products/${kept}`)).json().name as string,
      stock: await stockOf(f.t, kept),
    };
    await f.t.close();
    expect(original.stock).toMatchObject({ onHand: '10.0000', reserved: '3.0000' });
    const secretFile = path.join(dataDir, 'session-secret');
    if (kind === 'pglite') writeFileSync(secretFile, 'original-secret-'.padEnd(48, 'x') + '\n');

    const lines: string[] = [];
    const backup = await backupDatabase({
      ...target0(),
      out: path.join(work, 'backups', 'before-changes.tar'),
      log: (line) => lines.push(line),
    });
    backupFile = backup.file;
    expect(existsSync(backup.file)).toBe(true);
    expect(backup.manifest).toMatchObject({
      kind,
      migrations: { count: readJournal().length, lastTag: readJournal().at(-1)!.tag },
      sessionSecretIncluded: kind === 'pglite',
    });
    expect(backup.manifest.tables['public.items']).toBeGreaterThanOrEqual(2);
    // The fixture's sign-ins are in the backup; a restore must not bring them back (issue 19 §6).
    expect(backup.manifest.tables['public.sessions']).toBeGreaterThanOrEqual(1);
    expect(backup.manifest.tables['public.stock_movements']).toBe(Number(original.stock.movements));
    expect(lines.join('\n')).toMatch(kind === 'pglite' ? /session-secret/ : /SESSION_SECRET/);

    // Later changes: a rename, a deletion, a new product and a new posted receipt.
    const sku = `AFTER-${randomBytes(3).toString('hex')}`;
    await withApp(async (t) => {
      const { cookie } = await signIn(t.app, admin!.username, 'sales-pass');
      const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
        t.app.inject({ method, url, payload, headers: { cookie } });
      const renamed = await api('PATCH', `/api/products/${kept}`, { name: 'Перейменований після копії' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const deleted = await api('DELETE', `/api/products/${spare}`);
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      const added = await api('POST', '/api/products', { sku, name: 'Доданий після копії', unitId: f.unitId });
      expect(added.statusCode, added.body).toBe(201);
      const [supplier] = (await api('GET', '/api/suppliers')).json() as Array<{ id: number }>;
      const documentTypeId = (await api('GET', '/api/supplier-document-types')).json()[0].id as number;
      const draft = await api('POST', '/api/supplier-receipts', {
        supplierId: supplier!.id,
        warehouseId: f.warehouseId,
        documentTypeId,
        supplierDocNumber: 'ВН-ПІСЛЯ-1',
        supplierDocDate: '2026-11-03',
        documentDate: '2026-11-03',
        lines: [{ itemId: kept, qty: '5', unitPrice: '70.00', vatRate: '0' }],
      });
      expect(draft.statusCode, draft.body).toBe(201);
      expect((await api('POST', `/api/supplier-receipts/${draft.json().id}/post`)).statusCode).toBe(200);
      expect((await stockOf(t, kept)).onHand).toBe('15.0000');
    });
    if (kind === 'pglite') writeFileSync(secretFile, 'changed-secret-'.padEnd(48, 'y') + '\n');

    const restored = await cli('restore.ts', [backup.file, '--yes']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Перевіряю кількість рядків/);
    expect(restored.stdout.trim().split('\n').at(-1)).toBe(
      `Готово: дані відновлено з ${backup.file} (${formatBytes(statSync(backup.file).size)}).`,
    );

    expect(restored.stdout).toMatch(/Усі сеанси завершено/);
    await withApp(async (t) => {
      // Every session is ended by the restore, those of the backup included.
      const [open] = await t.db.select({ n: count() }).from(sessions);
      expect(open!.n).toBe(0);
      const { cookie } = await signIn(t.app, admin!.username, 'sales-pass');
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect((await get(`/api/products/${kept}`)).json().name).toBe(original.name);
      expect((await get(`/api/products/${spare}`)).statusCode).toBe(200);
      expect((await get(`/api/products?search=${sku}`)).json()).toEqual([]);
      expect(await stockOf(t, kept)).toEqual(original.stock);
      const [receipts] = await t.db
        .select({ n: count() })
        .from(stockMovements)
        .where(and(eq(stockMovements.itemId, kept), eq(stockMovements.documentType, 'supplier_receipt')));
      expect(receipts!.n).toBe(1);
      const ledger = await checkLedger(t.db);
      expect(ledger.problems).toEqual([]);
      expect(ledger.ok).toBe(true);
    });

    if (kind === 'pglite') {
      expect(readFileSync(secretFile, 'utf8').trim()).toBe('original-secret-'.padEnd(48, 'x'));
      expect(restored.stdout).toMatch(/Попередню базу збережено в .*pglite\.before-restore-/);
      const left = readdirSync(dataDir);
      expect(left.filter((n) => n.startsWith('pglite.before-restore-'))).toHaveLength(1);
      expect(left.filter((n) => n.startsWith('session-secret.before-restore-'))).toHaveLength(1);
      expect(left.filter((n) => n.includes('restoring'))).toEqual([]);
    } else {
      expect(restored.stdout).not.toMatch(/Попередню базу/);
    }
  });

  it('refuses a missing file, a damaged one, the other kind and a newer schema', async () => {
    expect(backupFile).not.toBe('');
    const refuse = (file: string | undefined, over: Partial<ReturnType<typeof target0>> = {}) =>
      restoreDatabase({ ...target0(), ...over, file, log: silent, confirm: yes });

    await expect(refuse(undefined)).rejects.toThrow(/Не вказано файл резервної копії/);
    await expect(refuse(path.join(work, 'no-such.tar'))).rejects.toThrow(/не знайдено/);
    const junk = path.join(work, 'junk.tar');
    writeFileSync(junk, 'це не резервна копія');
    await expect(refuse(junk)).rejects.toThrow(/не є резервною копією/);
    await expect(refuse(await alteredCopy(backupFile, () => {}, true))).rejects.toThrow(/пошкоджена/);

    const otherKind = await alteredCopy(backupFile, (m) => {
      m.kind = kind === 'pglite' ? 'postgresql' : 'pglite';
    });
    await expect(refuse(otherKind)).rejects.toThrow(BackupError);
    await expect(refuse(otherKind)).rejects.toThrow(kind === 'pglite' ? /копія бази PostgreSQL/ : /вбудованої бази/);
    // The real backup against a database of the other kind: refused before any connection is tried.
    const elsewhere = kind === 'pglite' ? { databaseUrl: 'postgres://nobody@127.0.0.1:1/none' } : { databaseUrl: null };
    await expect(refuse(backupFile, elsewhere)).rejects.toThrow(
      kind === 'pglite' ? /налаштована на PostgreSQL/ : /налаштована на вбудовану базу/,
    );

    const newer = await alteredCopy(backupFile, (m) => {
      m.migrations.count += 1;
    });
    await expect(refuse(newer)).rejects.toThrow(/новішою версією програми/);
  });

  it('changes nothing when the restored row counts differ from the manifest or the operator says no', async () => {
    await withApp((t) => t.db.execute(sql`update items set name = ${'Поточна назва'} where id = ${productIds.kept}`));
    const wrongCounts = await alteredCopy(backupFile, (m) => {
      m.tables['public.items']! += 1;
    });
    const questions: string[] = [];
    await expect(restoreDatabase({ ...target0(), file: wrongCounts, log: silent, confirm: yes })).rejects.toThrow(
      /кількість рядків у таблиці .*public\.items.* не збігається з копією|public\.items: у копії/,
    );
    await expect(
      restoreDatabase({
        ...target0(),
        file: backupFile,
        log: silent,
        confirm: async (question) => (questions.push(question), false),
      }),
    ).rejects.toThrow(/скасовано — дані не змінено/);
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/замінить усі .*даними з копії\. Продовжити\?$/);
    await withApp(async (t) => {
      const result = await t.db.execute(sql`select name from items where id = ${productIds.kept}`);
      expect((result as unknown as { rows: Array<{ name: string }> }).rows[0]!.name).toBe('Поточна назва');
    });
    if (kind === 'pglite') expect(readdirSync(dataDir).filter((n) => n.includes('restoring'))).toEqual([]);
  });

  it.runIf(kind === 'pglite')('refuses while the embedded database is open', async () => {
    const open = await openPglite(path.join(dataDir, 'pglite'));
    try {
      await expect(backupDatabase({ ...target0(), out: path.join(work, 'never.tar'), log: silent })).rejects.toThrow(
        new RegExp(`відкрито іншим процесом \\(PID ${process.pid}\\)`),
      );
      await expect(restoreDatabase({ ...target0(), file: backupFile, log: silent, confirm: yes })).rejects.toThrow(
        /зупиніть програму/,
      );
      expect(existsSync(path.join(work, 'never.tar'))).toBe(false);
    } finally {
      await open.close();
    }
  });

  it('npm run backup names its file and size; npm run restore without a file refuses', async () => {
    const noFile = await cli('restore.ts', []);
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toMatch(/Не вказано файл резервної копії/);

    const made = await cli('backup.ts', []);
    expect(made.code, made.stderr).toBe(0);
    const final = made.stdout.trim().split('\n').at(-1)!;
    expect(final).toMatch(
      new RegExp(`^Готово: резервну копію збережено у .*backups/erp-${kind}-[\\d_-]+\\.tar \\(.+Б\\)\\.$`),
    );
    const file = /у (\S+\.tar)/.exec(final)![1]!;
    expect((await inspectBackup(file)).manifest.kind).toBe(kind);
  });
});
