// A sweep over the server code (decision 0019): a name sorted by the database's own collation puts «Інженерні
// мережі» before «АвтоматикаПлюс», so every ORDER BY of a name goes through ukOrder/listOrder (uk_sort_key), and
// every JS sort of a name compares in 'uk'. The detectors are tested on samples too, so the sweep can fail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNameSort } from './collation.ts';

const root = path.resolve(import.meta.dirname, '../../..');

function sources(under: string, test: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, under), { recursive: true, encoding: 'utf8' })
    .map((f) => `${under}/${f.split(path.sep).join('/')}`)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && test(f));
}

/** Server code that reads lists: the modules' server folders and the declared resources. */
const serverSources = () => [
  ...sources('src/modules', (f) => f.includes('/server/')),
  ...sources('src/resources', () => true),
];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const NAME = String.raw`(?:name|\w*Name|label|description|title)`;
const NAME_SQL = String.raw`(?:name|\w+_name|label|description|title)`;

/** asc(x.name) / desc(t.clientName): a name in the database's collation. */
export function plainNameSorts(text: string): string[] {
  return [...text.matchAll(new RegExp(String.raw`\b(?:asc|desc)\(\s*[\w.]+\.${NAME}\s*\)`, 'g'))].map((m) => m[0]);
}

/** `order by w.name, …` in raw SQL (interpolated terms such as ${ukOrder(...)} are the helper's, not counted). */
export function rawNameSorts(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/order by\s+([\s\S]*?)(?=\blimit\b|`|\)\s*(?:as|,|$)|$)/gi)) {
    const clause = m[1]!.replace(/\$\{[^}]*\}/g, '');
    const hit = new RegExp(String.raw`(?:^|[\s,(])((?:\w+\.)?${NAME_SQL})\b(?!\s*\()`).exec(clause);
    if (hit) found.push(`order by … ${hit[1]}`);
  }
  return found;
}

/** x.name.localeCompare(y.name) without 'uk': the runtime's default locale. */
export function jsNameSorts(text: string): string[] {
  return [...text.matchAll(new RegExp(String.raw`\.${NAME}\.localeCompare\((?![^)]*'uk')[^)]*\)`, 'g'))].map(
    (m) => m[0],
  );
}

/** The sort fields each `…SortFields` list declares, across the code (contracts and local lists). */
function declaredSortFields(): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const file of sources('src', () => true)) {
    for (const m of read(file).matchAll(/(\w+SortFields)\s*=\s*\[([^\]]*)\]/g)) {
      // One name in two modules (orders' and supplier orders' orderSortFields): the union, to be safe.
      const fields = [...m[2]!.matchAll(/'(\w+)'/g)].map((v) => v[1]!);
      lists.set(m[1]!, [...(lists.get(m[1]!) ?? []), ...fields]);
    }
  }
  return lists;
}

/** Files that sort a list by a parsed field that may be a name, without the Ukrainian order. */
export function unsortedNameLists(text: string, lists: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/parseSort(?:<[^>]*>)?\(\s*[^,]+,\s*(\w+|\[[^\]]*\])/g)) {
    const arg = m[1]!;
    const fields = arg.startsWith('[') ? [...arg.matchAll(/'(\w+)'/g)].map((v) => v[1]!) : (lists.get(arg) ?? []);
    const names = fields.filter(isNameSort);
    if (names.length && !/\b(?:listOrder|ukOrder|compareUk)\(|localeCompare\((?:[^()]|\([^()]*\))*'uk'/.test(text)) {
      found.push(`parseSort by ${names.join(', ')} without listOrder/ukOrder`);
    }
  }
  return found;
}

describe('Ukrainian order sweep', () => {
  it('finds the sources it sweeps', () => {
    const files = serverSources();
    expect(files).toContain('src/resources/_engine/server/resource.service.ts');
    expect(files).toContain('src/modules/orders/server/orders.read.ts');
    expect(files.length).toBeGreaterThan(100);
    expect(declaredSortFields().get('orderSortFields')).toContain('clientName');
    expect(declaredSortFields().get('moSortFields')).toContain('itemName');
  });

  it('recognises a name sorted the plain way, and not one sorted through the key', () => {
    expect(plainNameSorts('.orderBy(asc(warehouses.name))')).toHaveLength(1);
    expect(plainNameSorts('.orderBy(desc(t.clientName), asc(t.id))')).toHaveLength(1);
    expect(plainNameSorts('.orderBy(ukOrder(warehouses.name), asc(warehouses.id))')).toEqual([]);
    expect(rawNameSorts('sql`select 1 from w order by w.name, b.warehouse_id`')).toHaveLength(1);
    expect(rawNameSorts('sql`select 1 from i order by rank, i.full_name, i.id limit ${n}`')).toHaveLength(1);
    expect(rawNameSorts('sql`select 1 from w order by ${ukOrder(sql`w.name`)}, b.warehouse_id`')).toEqual([]);
    expect(rawNameSorts('sql`order by m.id`')).toEqual([]);
    expect(jsNameSorts('rows.sort((a, b) => a.name.localeCompare(b.name))')).toHaveLength(1);
    expect(jsNameSorts("rows.sort((a, b) => a.name.localeCompare(b.name, 'uk'))")).toEqual([]);
    const lists = new Map([['xSortFields', ['number', 'clientName']]]);
    expect(unsortedNameLists('parseSort(q.sort, xSortFields, "number"); orderBy(asc(col))', lists)).toHaveLength(1);
    expect(unsortedNameLists('parseSort(q.sort, xSortFields, "number"); listOrder(col, f, d)', lists)).toEqual([]);
    expect(unsortedNameLists("parseSort(q.sort, ['name', 'x'] as const, 'name')", lists)).toHaveLength(1);
    const js = "parseSort(q.sort, xSortFields, 'x'); rows.sort((a, b) => text(a).localeCompare(text(b), 'uk'))";
    expect(unsortedNameLists(js, lists)).toEqual([]);
  });

  it('sorts every name of the server code in Ukrainian order', () => {
    const lists = declaredSortFields();
    const offenders = serverSources().flatMap((file) => {
      const text = read(file);
      return [
        ...plainNameSorts(text),
        ...rawNameSorts(text),
        ...jsNameSorts(text),
        ...unsortedNameLists(text, lists),
      ].map((hit) => `${file}: ${hit}`);
    });
    expect(offenders).toEqual([]);
  });

  it('compares names in the browser code in Ukrainian too', () => {
    const offenders = sources('src', (f) => !f.includes('/server/')).flatMap((file) =>
      jsNameSorts(read(file)).map((hit) => `${file}: ${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
