// The shared field builders: what each accepts (and turns it into), what it refuses, and with which words.
import { describe, expect, it } from 'vitest';
import {
  booleanFilter,
  checked,
  decimalText,
  decimalTextOf,
  optionalText,
  periodFilterShape,
  reasonText,
  refId,
  tooLongMessage,
} from './contract-fields.ts';
import { normalisePhone } from './requisites.ts';
import { z } from './zod-uk.ts';

const messages = {
  decimal: (scale: number) => `Вкажіть число (не більше ${scale} знаків після коми)`,
  positive: 'Має бути більше нуля',
};

/** The messages of a refused value, in order; null when it is accepted. */
function issues(schema: z.ZodType, value: unknown): string[] | null {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues.map((i) => i.message);
}

describe('decimalText', () => {
  const qty = decimalText(4, messages, { positive: true });

  it('normalises a comma, spaces and the ends', () => {
    expect(qty.parse(' 1 250,5 ')).toBe('1250.5');
    expect(qty.parse('0.0001')).toBe('0.0001');
    expect(decimalText(2, messages).parse('0')).toBe('0');
  });

  it('refuses what is not a non-negative decimal of the scale, with the module words', () => {
    const word = messages.decimal(4);
    expect(issues(qty, 'abc')).toEqual([word, messages.positive]);
    expect(issues(qty, '-1')).toEqual([word]);
    expect(issues(qty, '1.')).toEqual([word]);
    expect(issues(qty, '1.12345')).toEqual([word]);
    expect(issues(qty, '1.12345x')).toEqual([word, word]);
    expect(issues(qty, 5)).toEqual([word]);
    expect(issues(qty, '0,0000')).toEqual([messages.positive]);
    expect(issues(decimalText(4, messages), '0,0000')).toBeNull();
  });

  it('bounds the digits before the point when asked', () => {
    const money = decimalText(2, messages, { intDigits: 12 });
    expect(money.parse('123456789012.34')).toBe('123456789012.34');
    expect(issues(money, '1234567890123')).toEqual([messages.decimal(2)]);
    expect(decimalText(2, messages).parse('1234567890123')).toBe('1234567890123');
  });

  it('takes one fixed sentence for every scale, and the decimal words for zero when there is no other', () => {
    const rate = decimalText(6, { decimal: 'Ставка' }, { positive: true });
    expect(issues(rate, '1.1234567')).toEqual(['Ставка']);
    expect(issues(rate, '0')).toEqual(['Ставка']);
  });

  it('decimalTextOf binds the messages and the precision', () => {
    const of = decimalTextOf(messages, { intDigits: 3 });
    expect(of(1).parse('999,9')).toBe('999.9');
    expect(issues(of(1), '1000')).toEqual([messages.decimal(1)]);
    expect(issues(of(1, { positive: true }), '0')).toEqual([messages.positive]);
  });
});

describe('optionalText', () => {
  const notes = optionalText(5);

  it('trims, answers null for empty and keeps absent absent', () => {
    expect(notes.parse('  ab  ')).toBe('ab');
    expect(notes.parse('   ')).toBeNull();
    expect(notes.parse(null)).toBeNull();
    expect(notes.parse(undefined)).toBeUndefined();
  });

  it('refuses a longer text with the default or the module words', () => {
    expect(issues(notes, 'abcdef')).toEqual([tooLongMessage(5)]);
    expect(tooLongMessage(5)).toBe('Не довше 5 символів');
    expect(
      issues(
        optionalText(5, (max) => `Максимум ${max}`),
        'abcdef',
      ),
    ).toEqual(['Максимум 5']);
    expect(notes.parse(' abcde ')).toBe('abcde');
  });
});

describe('refId', () => {
  it('takes a positive integer and refuses anything else with the module words', () => {
    const id = refId('Оберіть запис зі списку');
    expect(id.parse(5)).toBe(5);
    expect(id.parse(2_147_483_648)).toBe(2_147_483_648);
    for (const bad of [0, -1, 1.5, '5', null, undefined]) expect(issues(id, bad)).toEqual(['Оберіть запис зі списку']);
  });

  it('maxDbId bounds it by the id column', () => {
    const id = refId('Оберіть запис зі списку', { maxDbId: true });
    expect(id.parse(2_147_483_647)).toBe(2_147_483_647);
    expect(id.safeParse(2_147_483_648).success).toBe(false);
  });
});

describe('reasonText', () => {
  it('takes a trimmed reason of 1–500 characters', () => {
    const reason = reasonText('Вкажіть причину');
    expect(reason.parse('  брак ')).toBe('брак');
    expect(issues(reason, '  ')).toEqual(['Вкажіть причину']);
    expect(issues(reason, 5)).toEqual(['Вкажіть причину']);
    expect(issues(reason, 'x'.repeat(501))).toEqual(['Не довше 500 символів']);
  });

  it('typeError: false leaves a non-text value to zod', () => {
    const reason = reasonText('Вкажіть причину', { typeError: false });
    expect(issues(reason, '')).toEqual(['Вкажіть причину']);
    const words = issues(reason, 5);
    expect(words).toHaveLength(1);
    expect(words![0]).not.toBe('Вкажіть причину');
  });
});

describe('list filters', () => {
  it('periodFilterShape: two optional document dates in the module words', () => {
    const query = z.strictObject(periodFilterShape('Дата?'));
    expect(query.parse({ dateFrom: '2024-01-31', dateTo: ' 2024-02-29 ' })).toEqual({
      dateFrom: '2024-01-31',
      dateTo: '2024-02-29',
    });
    expect(query.parse({})).toEqual({});
    expect(issues(query, { dateFrom: '2024-02-30' })).toEqual(['Дата?']);
    expect(issues(query, { dateTo: '' })).toEqual(['Дата?']);
    expect(issues(query, { dateTo: '1999-12-31' })).toEqual(['Дата має бути в межах 01.01.2000–31.12.2999']);
  });

  it('booleanFilter: the text true or false', () => {
    expect(booleanFilter().parse('true')).toBe('true');
    expect(booleanFilter().parse(undefined)).toBeUndefined();
    expect(booleanFilter().safeParse('yes').success).toBe(false);
  });
});

describe('checked', () => {
  it('answers the check value or its error as the issue', () => {
    const phone = z.string().transform(checked(normalisePhone));
    const good = normalisePhone('0501234567');
    expect(good.ok).toBe(true);
    if (good.ok) expect(phone.parse('0501234567')).toBe(good.value);
    const bad = normalisePhone('12');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(issues(phone, '12')).toEqual([bad.error]);
  });
});
