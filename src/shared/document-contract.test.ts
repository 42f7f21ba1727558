// The shared parts of a stock document's contract: one line per item (the second named where it stands), the number
// of lines, the serials, the reason of a cancel and the body of posting — each with the module's words.
import { describe, expect, it } from 'vitest';
import {
  cancelBodySchema,
  itemSerialsSchema,
  postBodySchema,
  serialsField,
  uniqueItemLines,
  versionField,
} from './document-contract.ts';
import { z } from './zod-uk.ts';

const texts = {
  noLines: 'Додайте рядок',
  tooMany: 'Забагато рядків',
  duplicateItem: (lineNo: number) => `Вже є в рядку ${lineNo}`,
};
const lines = uniqueItemLines(z.strictObject({ itemId: z.number().int(), qty: z.string() }), texts, 3);

function issues(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

describe('uniqueItemLines', () => {
  it('accepts distinct items and refuses none or too many lines', () => {
    expect(
      issues(lines, [
        { itemId: 1, qty: '1' },
        { itemId: 2, qty: '2' },
      ]),
    ).toBeNull();
    expect(issues(lines, [])).toEqual([{ path: [], message: 'Додайте рядок' }]);
    const four = [1, 2, 3, 4].map((itemId) => ({ itemId, qty: '1' }));
    expect(issues(lines, four)).toEqual([{ path: [], message: 'Забагато рядків' }]);
  });

  it('names a second line of the same item where it stands, with the first line’s number', () => {
    expect(
      issues(lines, [
        { itemId: 5, qty: '1' },
        { itemId: 6, qty: '1' },
        { itemId: 5, qty: '2' },
      ]),
    ).toEqual([{ path: [2, 'itemId'], message: 'Вже є в рядку 1' }]);
  });
});

describe('the bodies of a document’s steps', () => {
  it('serials: trimmed, not empty, at most 200 characters with the module’s words', () => {
    const serials = serialsField('Не довше 200');
    expect(serials.parse([' A1 '])).toEqual(['A1']);
    expect(issues(serials, ['x'.repeat(201)])).toEqual([{ path: [0], message: 'Не довше 200' }]);
    expect(issues(serials, [''])).not.toBeNull();
    expect(
      issues(itemSerialsSchema(z.number().int(), 'Не довше 200'), { itemId: 1, serials: ['A'], x: 1 }),
    ).not.toBeNull();
  });

  it('posting: an optional version and at most `max` serial entries; a cancel needs its reason', () => {
    const post = postBodySchema(itemSerialsSchema(z.number().int(), 'Не довше 200'), 1);
    expect(post.parse({})).toEqual({});
    expect(post.parse({ version: 2, serials: [{ itemId: 1, serials: ['A'] }] })).toEqual({
      version: 2,
      serials: [{ itemId: 1, serials: ['A'] }],
    });
    expect(issues(post, { version: 0 })).not.toBeNull();
    expect(
      issues(post, {
        serials: [
          { itemId: 1, serials: [] },
          { itemId: 2, serials: [] },
        ],
      }),
    ).not.toBeNull();
    expect(issues(versionField(), 1.5)).not.toBeNull();

    const cancel = cancelBodySchema('Вкажіть причину');
    expect(cancel.parse({ reason: ' Помилка ' }).reason).toBe('Помилка');
    expect(issues(cancel, { reason: ' ' })?.[0]?.message).toBe('Вкажіть причину');
  });
});
