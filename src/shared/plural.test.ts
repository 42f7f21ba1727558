import { describe, expect, it } from 'vitest';
import { countUk, pluralUk, SERIAL_FORMS } from './plural.ts';

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

describe('countUk', () => {
  it('counts a noun with the right form, from a number or a decimal string, without a float', () => {
    expect(countUk(1, SERIAL_FORMS)).toBe('1 серійний номер');
    expect(countUk('3.0000', SERIAL_FORMS)).toBe('3 серійні номери');
    expect(countUk('5', SERIAL_FORMS)).toBe('5 серійних номерів');
    expect(countUk('12', SERIAL_FORMS)).toBe('12 серійних номерів');
    expect(countUk('122.000', SERIAL_FORMS)).toBe('122 серійні номери');
    expect(countUk(0, SERIAL_FORMS)).toBe('0 серійних номерів');
    expect(countUk('2.5', days)).toBe('2,5 дні');
  });
});
