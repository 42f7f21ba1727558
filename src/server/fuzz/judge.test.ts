// The bad-input suite is only as good as its judge and its serializer: these pin what they must catch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deepValue,
  HTML_FRAGMENTS,
  hostileString,
  NUMBERISH,
  RawJson,
  serialize,
  SQL_FRAGMENTS,
} from './arbitraries.ts';
import { judge, shorten, type Answer } from './judge.ts';

const json = (statusCode: number, body: unknown): Answer => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

describe('judge', () => {
  it('accepts a Ukrainian 4xx and a 2xx', () => {
    expect(judge(json(400, { error: 'Некоректні дані запиту', fields: { name: 'Вкажіть назву' } }))).toEqual([]);
    expect(judge(json(200, [{ id: 1, name: 'Тест' }]))).toEqual([]);
  });

  it('flags a 5xx even with a Ukrainian message', () => {
    expect(judge(json(500, { error: 'Внутрішня помилка сервера' }))).toEqual(['статус 500 (5xx)']);
  });

  it('flags an English or missing error and a non-JSON 4xx', () => {
    expect(judge(json(400, { error: 'Bad Request', code: 'FST_ERR_BAD_URL' }))[0]).toMatch(/не українською/);
    expect(judge(json(404, { message: 'Не знайдено' }))[0]).toMatch(/немає рядка `error`/);
    expect(judge({ statusCode: 400, headers: { 'content-type': 'text/plain' }, body: 'Помилка' })[0]).toMatch(
      /не в JSON/,
    );
    expect(judge(json(400, { error: 'Помилка', fields: { a: 1 } }))).toEqual(['`fields` має бути обʼєктом рядків']);
  });

  it('flags stack traces, file paths and SQL or driver text anywhere in the body', () => {
    const leaks = [
      'TypeError: Cannot read properties of undefined\n    at getOrder (/work/main/src/modules/orders/x.ts:10:5)',
      'помилка в orders.service.ts:42',
      'Failed query: select "id" from "orders" where "id" = $1\nparams: 1',
      'duplicate key value violates unique constraint "items_sku_key"',
      'invalid byte sequence for encoding "UTF8": 0x00',
    ];
    for (const text of leaks) {
      expect(judge(json(409, { error: `Помилка: ${text}` })).join(), text).toMatch(/у відповіді/);
      expect(judge(json(200, { notes: text })).join(), text).toMatch(/у відповіді/);
    }
  });

  it('does not mistake an echoed hostile input for a leak', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        expect(judge(json(201, { id: 1, name: s }))).toEqual([]);
        expect(judge(json(409, { error: `Артикул «${s}» вже існує` }))).toEqual([]);
      }),
      { seed: 7, numRuns: 300 },
    );
    for (const s of [...SQL_FRAGMENTS, ...HTML_FRAGMENTS, ...NUMBERISH]) {
      expect(judge(json(200, { name: s })), s).toEqual([]);
    }
  });

  it('does not read a PDF as text', () => {
    const pdf: Answer = { statusCode: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF /work/ x.ts:1' };
    expect(judge(pdf)).toEqual([]);
  });
});

describe('serialize and shorten', () => {
  it('sends deep nesting verbatim, deeper than JSON.stringify could', () => {
    fc.assert(
      fc.property(deepValue, (deep) => {
        const text = serialize({ a: [deep], b: 'x' });
        expect(text.startsWith('{"a":[')).toBe(true);
        expect(text.length).toBeGreaterThan(deep.text.length);
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { seed: 3, numRuns: 20 },
    );
    expect(serialize(new RawJson('[[1]]'))).toBe('[[1]]');
  });

  it('keeps prototype-pollution keys as own keys of the JSON text', () => {
    const o = JSON.parse('{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}') as object;
    expect(serialize(o)).toBe('{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}');
  });

  it('collapses long runs so a 100 KB string reads as one token', () => {
    expect(shorten('я'.repeat(51_200))).toBe('я×51200');
    expect(shorten('😀'.repeat(25))).toBe('😀×25');
    expect(shorten('abc')).toBe('abc');
  });
});
