// Conventions of the browser code that a reader can check by eye but a sweep checks for certain, over every page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function webSources(): string[] {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'));
  return files.map((f) => `src/${f}`);
}

describe('browser code', () => {
  it('has no native date input: every date is a DateField, typed as дд.мм.рррр in every browser', () => {
    // `type="date"` in JSX and a `type: 'date'` handed to an input helper both render the browser's own format.
    const native = /type(?:=|:\s*)\{?["']date["']\}?/;
    const offenders = webSources().filter((file) => native.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('finds the sources it sweeps', () => {
    expect(webSources()).toContain('src/web/components/date-field.tsx');
    expect(webSources().length).toBeGreaterThan(200);
  });
});
