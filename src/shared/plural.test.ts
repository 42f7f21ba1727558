import { describe, expect, it } from 'vitest';
import { pluralUk } from './plural.ts';

const forms = ['повідомлення', 'повідомлення', 'повідомлень'] as const;
const days = ['день', 'дні', 'днів'] as const;

describe('pluralUk', () => {
  it('chooses the one/few/many form by Ukrainian rules', () => {
    expect(pluralUk(1, days)).toBe('день');
    expect(pluralUk(21, days)).toBe('день');
    expect(pluralUk(2, days)).toBe('дні');
    expect(pluralUk(24, days)).toBe('дні');
    expect(pluralUk(5, days)).toBe('днів');
    expect(pluralUk(11, days)).toBe('днів');
    expect(pluralUk(12, days)).toBe('днів');
    expect(pluralUk(14, days)).toBe('днів');
    expect(pluralUk(111, days)).toBe('днів');
    expect(pluralUk(0, forms)).toBe('повідомлень');
  });
});
