// A backup file is a plain POSIX tar (ustar), so an operator can look inside with `tar tvf` and take the
// database dump out by hand. Only what the backup needs: regular files, written and read sequentially.
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

const BLOCK = 512;
/** Largest size an 11-digit octal field holds; beyond it the GNU base-256 form is used (tar reads both). */
const MAX_OCTAL_SIZE = 0o77777777777;

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Byte offset of the entry's data in the file. */
  offset: number;
}

export type TarSource = { name: string; data: Buffer } | { name: string; file: string; size: number };

function writeString(header: Buffer, text: string, offset: number, length: number) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new TarFormatError(`tar: name too long: ${text}`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  writeString(h, name, 0, 100);
  writeOctal(h, 0o600, 100, 8);
  writeOctal(h, 0, 108, 8);
  writeOctal(h, 0, 116, 8);
  if (size <= MAX_OCTAL_SIZE) writeOctal(h, size, 124, 12);
  else {
    h[124] = 0x80;
    h.writeBigUInt64BE(BigInt(size), 128);
  }
  writeOctal(h, Math.floor(mtime.getTime() / 1000), 136, 12);
  h.fill(0x20, 148, 156);
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}

async function writeAll(handle: FileHandle, data: Buffer) {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await handle.write(data, written, data.length - written);
    written += bytesWritten;
  }
}

/** Writes the entries to `file` (which must not exist) and flushes it to disk. */
export async function writeTar(file: string, entries: TarSource[], mode = 0o600): Promise<void> {
  const handle = await open(file, 'wx', mode);
  try {
    const now = new Date();
    for (const entry of entries) {
      const size = 'data' in entry ? entry.data.length : entry.size;
      await writeAll(handle, header(entry.name, size, now));
      if ('data' in entry) await writeAll(handle, entry.data);
      else {
        let copied = 0;
        for await (const chunk of createReadStream(entry.file)) {
          await writeAll(handle, chunk as Buffer);
          copied += (chunk as Buffer).length;
        }
        if (copied !== size) throw new TarFormatError(`tar: ${entry.file} changed while being archived`);
      }
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad) await writeAll(handle, Buffer.alloc(pad));
    }
    await writeAll(handle, Buffer.alloc(BLOCK * 2));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function readString(h: Buffer, offset: number, length: number): string {
  const field = h.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(h: Buffer): number {
  if (h[124]! & 0x80) return Number(h.readBigUInt64BE(128));
  const text = readString(h, 124, 12).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('tar: bad size field');
  return parseInt(text, 8);
}

/** Lists the regular files of a tar, checking every header's checksum. */
export async function readTarIndex(file: string): Promise<TarEntry[]> {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const entries: TarEntry[] = [];
    const h = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(h, 0, BLOCK, position);
      if (bytesRead < BLOCK) throw new TarFormatError('tar: unexpected end of file');
      if (h.every((b) => b === 0)) break;
      const stored = parseInt(readString(h, 148, 8).trim(), 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
      if (stored !== sum) throw new TarFormatError('tar: header checksum mismatch');
      const size = readSize(h);
      const type = String.fromCharCode(h[156]!);
      const prefix = readString(h, 345, 155);
      const name = (prefix ? prefix + '/' : '') + readString(h, 0, 100);
      const offset = position + BLOCK;
      if (offset + size > fileSize) throw new TarFormatError('tar: entry runs past the end of the file');
      if (type === '0' || type === '\0') entries.push({ name, size, offset });
      position = offset + Math.ceil(size / BLOCK) * BLOCK;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** The bytes of one entry (for the small ones: the manifest, the secret, a PGlite image). */
export async function readTarEntry(file: string, entry: TarEntry): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const data = Buffer.alloc(entry.size);
    let read = 0;
    while (read < entry.size) {
      const { bytesRead } = await handle.read(data, read, entry.size - read, entry.offset + read);
      if (bytesRead === 0) throw new TarFormatError('tar: unexpected end of file');
      read += bytesRead;
    }
    return data;
  } finally {
    await handle.close();
  }
}

/** A stream of one entry's bytes (for the large ones: a PostgreSQL dump). */
export function streamTarEntry(file: string, entry: TarEntry): Readable {
  // createReadStream's `end` is inclusive, so an empty entry cannot be expressed as a range.
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}
