// Ukrainian alphabetical order as a person sees it (issue 21, decision 0019): warehouses named with Г Ґ Е Є И І Ї Й,
// Latin and a digit, sorted by the «Назва» header — ascending, then descending — read in the order the rows show.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUk } from '@/shared/collation.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { apiJson, signInAsAdmin } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const words = ['Ґудзик', 'Гайка', 'Єнот', 'Ешелон', 'Їжак', 'Іній', 'Ирій', 'Йод', 'Автоматика', 'Інженерні мережі'];
const names = [...words, 'АвтоматикаПлюс', 'apple', '1-й'].map((w) => `${w} ${stamp}`);
// Spelled out, not computed: what a Ukrainian reader expects (digits, then Cyrillic А…Я, then Latin, as in 'uk').
const ascending = [
  '1-й',
  'Автоматика',
  'АвтоматикаПлюс',
  'Гайка',
  'Ґудзик',
  'Ешелон',
  'Єнот',
  'Ирій',
  'Інженерні мережі',
  'Іній',
  'Їжак',
  'Йод',
  'apple',
].map((w) => `${w} ${stamp}`);

/** The names of our warehouses in the order the table shows them. */
async function shownNames(page: Page): Promise<string[]> {
  const cells = await page.getByRole('table', { name: 'Склади' }).locator('tbody td').allTextContents();
  return cells.map((c) => c.trim()).filter((c) => names.includes(c));
}

describe('Ukrainian alphabetical order', () => {
  it('sorts the warehouses by name А…Я and back, as the alphabet has them', async () => {
    expect([...names].sort(compareUk)).toEqual(ascending);
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    for (const [i, name] of names.entries()) {
      await apiJson(page, 'POST', '/api/warehouses', { code: `UA${stamp}${i}`, name, type: 'general' });
    }
    await page.goto('/warehouses');
    await page.getByRole('heading', { level: 1, name: 'Склади' }).waitFor();
    await page.getByLabel('Пошук: Склади').fill(stamp);

    const table = page.getByRole('table', { name: 'Склади' });
    const header = table.getByRole('columnheader', { name: 'Назва' });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => shownNames(page), { timeout: 10_000 }).toEqual(ascending);

    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => shownNames(page), { timeout: 10_000 }).toEqual([...ascending].reverse());
    await context.close();
  });
});
