import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('Секрет-123');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(hash).not.toContain('Секрет-123');
    expect(await verifyPassword('Секрет-123', hash)).toBe(true);
    expect(await verifyPassword('секрет-123', hash)).toBe(false);
  });

  it('salts every hash and refuses a malformed stored value', async () => {
    expect(await hashPassword('abcdef')).not.toBe(await hashPassword('abcdef'));
    expect(await verifyPassword('abcdef', 'plain-text')).toBe(false);
  });
});
