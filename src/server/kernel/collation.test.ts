// uk_sort_key() and ukOrder() against Node's Intl.Collator('uk') (full ICU data) on the database the suite runs on:
// PGlite here, PostgreSQL in CI (DATABASE_URL). The two must put any list of names in one order (decision 0019).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUk } from '@/shared/collation.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { ukOrder, ukSortKey } from './collation.ts';
import { migrationsFolder } from './db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const names = [
  'Ґудзик',
  'Гайка',
  'гайка',
  'ГАЙКА',
  'Єнот',
  'Ешелон',
  'Їжак',
  'їжак',
  'Іній',
  'Ирій',
  'Йод',
  'йод',
  'Автоматика',
  'ТОВ «Імрад»',
  'Інженерні мережі',
  'АвтоматикаПлюс',
  'Автоматика Плюс',
  'apple',
  'Apple',
  'Zebra',
  'zebra',
  '1-й',
  '10',
  '9',
  'Ізолятор браку',
  'Інвойс',
  'Імрад',
  'Ель',
  'ель',
  'Щука',
  'Ь',
  'Юрій',
  'Яр',
  'яр',
  'Склад №2',
  'Склад 2',
  'п’ять',
  'пам',
  'ґанок',
  'ГҐ',
  'гґ',
  'Єва',
  'єва',
  'ФОП Іванов І.І.',
  '(тест)',
  'Ж/Д',
  'ТОВ Імрад',
  'Г',
  'г',
  'Ї',
  'ї',
  'І',
  'і',
  'И',
  'и',
  'Й',
  'й',
  'ABC',
  'abc',
  'Ёлка',
  'Ель-1',
  'Ъ',
  'Ы',
  'Э',
];

/** The texts as the database orders them by `order`. */
async function ordered(texts: readonly string[], order: (t: SQL) => SQL): Promise<string[]> {
  const values = sql.join(
    texts.map((text, i) => sql`(${i}::int, ${text}::text)`),
    sql`, `,
  );
  const result = (await t.db.execute(
    sql`select v.t from (values ${values}) as v(id, t) order by ${order(sql`v.t`)}, v.id`,
  )) as unknown as { rows: Array<{ t: string }> };
  return result.rows.map((r) => r.t);
}

/** A deterministic list of random words over Ukrainian and Latin letters, both cases, digits and punctuation. */
function randomWords(count: number): string[] {
  const alphabet = [...'абвгґдеєжзиіїйклмнопрстуфхцчшщьюяАБГҐДЄЖИІЇЙЯЬaAbBzZ0123456789 -.,«»"№()/'];
  let seed = 20261127;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(7) }, () => alphabet[next(alphabet.length)]).join(''),
  );
}

describe('Ukrainian sort key', () => {
  it('orders names as Intl.Collator("uk") does: Ґ after Г, Є after Е, І Ї after И, case-insensitive', async () => {
    const got = await ordered(names, (v) => ukOrder(v));
    expect(got).toEqual([...names].sort(compareUk));
    // The cases that a byte or root-ICU order gets wrong, spelled out.
    const pos = (s: string) => got.indexOf(s);
    expect(pos('Гайка')).toBeLessThan(pos('Ґудзик'));
    expect(pos('Ґудзик')).toBeLessThan(pos('Ешелон'));
    expect(pos('Ешелон')).toBeLessThan(pos('Єнот'));
    expect(pos('Ирій')).toBeLessThan(pos('Іній'));
    expect(pos('Іній')).toBeLessThan(pos('Їжак'));
    expect(pos('Їжак')).toBeLessThan(pos('Йод'));
    expect(pos('Автоматика')).toBeLessThan(pos('Інженерні мережі'));
    expect(pos('АвтоматикаПлюс')).toBeLessThan(pos('Інвойс'));
    expect(pos('1-й')).toBeLessThan(pos('Автоматика'));
  });

  it('orders descending as the exact reverse', async () => {
    const got = await ordered(names, (v) => ukOrder(v, 'desc'));
    expect(got).toEqual([...names].sort(compareUk).reverse());
  });

  it('agrees with Intl.Collator("uk") on two thousand random words', async () => {
    const words = [...new Set(randomWords(2000))];
    expect(await ordered(words, (v) => ukOrder(v))).toEqual([...words].sort(compareUk));
  });

  it('maps upper and lower case to one key, and leaves null null', async () => {
    const result = (await t.db.execute(
      sql`select ${ukSortKey(sql`'ҐЄІЇ Abc'::text`)} = ${ukSortKey(sql`'ґєії aBC'::text`)} as same,
                 uk_sort_key(null) is null as "nullKey"`,
    )) as unknown as { rows: Array<{ same: boolean; nullKey: boolean }> };
    expect(result.rows[0]).toEqual({ same: true, nullKey: true });
  });

  it('puts nulls where asked', async () => {
    const values = sql`(values (1, 'Б'::text), (2, null), (3, 'А'))`;
    const run = async (order: SQL) =>
      (
        (await t.db.execute(sql`select v.id from ${values} as v(id, t) order by ${order}`)) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows.map((r) => r.id);
    expect(await run(ukOrder(sql`v.t`, 'asc', 'last'))).toEqual([3, 1, 2]);
    expect(await run(ukOrder(sql`v.t`, 'desc', 'first'))).toEqual([2, 1, 3]);
  });

  it('gives every character the key migration 0025 gave it, whatever order the lists are in now', async () => {
    // The lists of the first definition, read from its migration: the reordered one (0051) must map alike, or every
    // index on uk_sort_key would be out of date.
    const first = readFileSync(path.join(migrationsFolder, '0025_uk_sort_key.sql'), 'utf8');
    const [, from, to] = /SELECT translate\(\$1,\s*'((?:[^']|'')*)',\s*U&'([^']*)'\)/.exec(first)!;
    const chars = [...from!.replace(/''/g, "'")];
    const points = [...to!.matchAll(/\\([0-9A-Fa-f]{4})/g)].map((m) => String.fromCharCode(parseInt(m[1]!, 16)));
    expect(chars).toHaveLength(points.length);
    const key = (text: string) => [...text].map((c) => (chars.includes(c) ? points[chars.indexOf(c)] : c)).join('');
    const text = `${chars.join('')}Ω€中x`;
    const [row] = (
      (await t.db.execute(sql`select uk_sort_key(${text}) as key`)) as unknown as { rows: Array<{ key: string }> }
    ).rows;
    expect(row!.key).toBe(key(text));
  });
});
