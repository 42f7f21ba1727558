// The backup file: a tar of manifest.json, the database payload (a PGlite data-directory image or a pg_dump
// archive) and, for the embedded database, the session secret. It appears under its final name only when it
// is complete and on disk (written as `<name>.part`, then renamed), so no half-written backup can be restored.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, fileStamp, manifestSchema, type BackupKind, type BackupManifest } from './manifest.ts';
import { readTarEntry, readTarIndex, streamTarEntry, TarFormatError, writeTar, type TarEntry } from './tar.ts';

const MANIFEST = 'manifest.json';
const SECRET = 'session-secret';

export type Payload = { data: Buffer } | { file: string };

async function sha256(payload: Payload): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  if ('data' in payload) {
    hash.update(payload.data);
    return { sha256: hash.digest('hex'), bytes: payload.data.length };
  }
  let bytes = 0;
  for await (const chunk of createReadStream(payload.file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The file to write: `--out` as given (never overwritten), or a new timestamped name in ./backups. */
export function resolveOutPath(out: string | undefined, kind: BackupKind, cwd: string, now: Date): string {
  if (out) {
    const file = path.resolve(cwd, out);
    if (existsSync(file)) throw new BackupError(`Файл ${file} уже існує — вкажіть інше ім'я (--out).`);
    mkdirSync(path.dirname(file), { recursive: true });
    return file;
  }
  const dir = path.resolve(cwd, 'backups');
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `erp-${kind}-${fileStamp(now)}`);
  let file = `${base}.tar`;
  for (let n = 2; existsSync(file); n++) file = `${base}-${n}.tar`;
  return file;
}

export async function writeBackupFile(
  out: string,
  manifest: Omit<BackupManifest, 'payload'> & { payload: Pick<BackupManifest['payload'], 'file'> },
  payload: Payload,
  secret: string | null,
): Promise<{ manifest: BackupManifest; bytes: number }> {
  const full: BackupManifest = { ...manifest, payload: { ...manifest.payload, ...(await sha256(payload)) } };
  const part = `${out}.part`;
  try {
    await writeTar(part, [
      { name: MANIFEST, data: Buffer.from(JSON.stringify(full, null, 2) + '\n') },
      ...(secret !== null ? [{ name: SECRET, data: Buffer.from(secret + '\n') }] : []),
      'data' in payload
        ? { name: full.payload.file, data: payload.data }
        : { name: full.payload.file, file: payload.file, size: full.payload.bytes },
    ]);
    await rename(part, out);
  } catch (error) {
    await unlink(part).catch(() => {});
    throw error;
  }
  return { manifest: full, bytes: (await stat(out)).size };
}

export interface BackupFile {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  payload: TarEntry;
  secret: string | null;
}

/** Reads and checks a backup file: its format, its manifest and the checksum of its payload. */
export async function readBackupFile(file: string): Promise<BackupFile> {
  let bytes: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new BackupError(`${file} — не файл резервної копії, а каталог.`);
    bytes = info.size;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Файл резервної копії не знайдено: ${file}`);
  }
  const notABackup = (why: string) =>
    new BackupError(`Файл ${file} не є резервною копією цієї програми або пошкоджений (${why}).`);
  let entries: TarEntry[];
  try {
    entries = await readTarIndex(file);
  } catch (error) {
    if (error instanceof TarFormatError) throw notABackup('це не tar-архів');
    throw error;
  }
  const manifestEntry = entries.find((e) => e.name === MANIFEST);
  if (!manifestEntry) throw notABackup('немає manifest.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse((await readTarEntry(file, manifestEntry)).toString('utf8'));
  } catch {
    throw notABackup('manifest.json не читається');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw notABackup('manifest.json має невідомий формат');
  const manifest = result.data;
  const payload = entries.find((e) => e.name === manifest.payload.file);
  if (!payload) throw notABackup(`немає ${manifest.payload.file}`);
  const hash = createHash('sha256');
  for await (const chunk of streamTarEntry(file, payload)) hash.update(chunk as Buffer);
  if (payload.size !== manifest.payload.bytes || hash.digest('hex') !== manifest.payload.sha256) {
    throw new BackupError(`Резервна копія ${file} пошкоджена: контрольна сума даних не збігається з manifest.json.`);
  }
  const secretEntry = entries.find((e) => e.name === SECRET);
  const secret = secretEntry ? (await readTarEntry(file, secretEntry)).toString('utf8').trim() : null;
  if (manifest.sessionSecretIncluded && !secret) throw notABackup('немає секрету сесій, зазначеного в manifest.json');
  return { file, bytes, manifest, payload, secret };
}
