// A sweep over the web code (issue 20): a search box keeps its text and its pause in the toolkit's `useSearchBox`,
// whose `clear` also drops a search still waiting. Pages that kept their own text and timer brought a search typed
// just before 'Скинути фільтри' (or before closing a picker) back under an empty box. The detector is tested on
// samples too, so the sweep can fail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const OWNERS = new Set(['src/web/components/use-search-box.ts', 'src/web/lib/use-debounced-action.ts']);

/** Whether a file debounces a search box itself: its own debouncer beside a search field or a search text. */
export function ownsDebouncedSearch(text: string): boolean {
  const debounces = /\buse(?:DebouncedAction|Debouncer)\(/.test(text);
  const searches = /type="search"|\bsearchText\b|\bsetSearch\(|\bonSearch=/.test(text);
  return debounces && searches;
}

it('the detector finds a page keeping its own search pause and passes one using the toolkit', () => {
  const own = `const debounce = useDebouncedAction(300);\n<Input type="search" value={searchText} />`;
  const toolkit = `const search = useSearchBox('', apply);\n<Input type="search" value={search.text} />`;
  const calculator = `const debounce = useDebouncedAction(400);\n<Input inputMode="decimal" value={qty} />`;
  expect(ownsDebouncedSearch(own)).toBe(true);
  expect(ownsDebouncedSearch(toolkit)).toBe(false);
  expect(ownsDebouncedSearch(calculator)).toBe(false);
});

it('no web file debounces a search box outside the toolkit', () => {
  const files = ['src/web', 'src/modules', 'src/resources'].flatMap((under) =>
    readdirSync(path.join(root, under), { recursive: true, encoding: 'utf8' })
      .map((f) => `${under}/${f.split(path.sep).join('/')}`)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('/server/') && !OWNERS.has(f)),
  );
  expect(files.length).toBeGreaterThan(100);
  const offenders = files.filter((f) => ownsDebouncedSearch(readFileSync(path.join(root, f), 'utf8')));
  expect(offenders).toEqual([]);
});
