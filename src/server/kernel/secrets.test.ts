import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secrets.ts';

const key = 'k'.repeat(40);

describe('sealed secrets', () => {
  it('opens what it sealed, never shows the plain text, and differs each time', () => {
    const a = sealSecret(key, 'np-api-key-123');
    const b = sealSecret(key, 'np-api-key-123');
    expect(a).not.toContain('np-api-key-123');
    expect(a).not.toBe(b);
    expect(openSecret(key, a)).toBe('np-api-key-123');
  });

  it('answers null under another key or when damaged', () => {
    const sealed = sealSecret(key, 'secret');
    expect(openSecret('x'.repeat(40), sealed)).toBeNull();
    expect(openSecret(key, sealed.slice(0, -2) + 'AA')).toBeNull();
    expect(openSecret(key, 'garbage')).toBeNull();
  });
});
