// Secrets kept in the database (API keys of integrations) are sealed with the app key (domain README §10):
// AES-256-GCM under a key derived from SESSION_SECRET by HKDF. They are written, used, and never answered.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'erp-sealed-secrets', 'aes-256-gcm', 32));
}

const sealObservers = new Set<(plain: string) => void>();

/**
 * Tells `observer` every secret sealed from now on (answers the unsubscribe). Nothing in the app observes: the test
 * app does, to fail any response that carries a secret (issue 26: no secret is ever answered).
 */
export function observeSealedSecrets(observer: (plain: string) => void): () => void {
  sealObservers.add(observer);
  return () => sealObservers.delete(observer);
}

/** What a sealed secret looks like inside any text: 'v1.' and the base64url IV (16 characters) and tag (22). */
export const SEALED_SECRET_PATTERN = /v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\./;

/** 'v1.<iv>.<tag>.<ciphertext>' in base64url. */
export function sealSecret(appSecret: string, plain: string): string {
  for (const observer of sealObservers) observer(plain);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when it was sealed under another key (the secret changed) or is damaged. */
export function openSecret(appSecret: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
