// scrypt is memory-hard and built into Node (DESIGN §6). Parameters are stored in the hash so they can
// be raised later without invalidating existing passwords.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 1 << 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  const n = Number(nText);
  const rr = Number(rText);
  const pp = Number(pText);
  const expected = Buffer.from(keyText, 'base64');
  const key = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: n,
    r: rr,
    p: pp,
    maxmem: 128 * n * rr * 2,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A fixed hash to verify against when the login is unknown, so the answer time does not reveal
// whether an account exists.
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
