// Keyboard-only use (issue 10 'Accessibility'; WCAG 2.1.1 keyboard, 2.4.3 focus order, 2.4.7 focus visible): the
// shell (sidebar links, the Ctrl/Cmd+B collapse shortcut, the user menu), a list page (search, sort, pagination,
// opening a row) and a form dialog (open, fill, validation message, submit or Escape, focus back on the button that
// opened it). Past the set-up (signing in, opening a URL) there is no mouse: every control is reached with Tab or
// Shift+Tab from where the focus is, and used with Enter, Space, the arrows or Escape, as a person would.
//
// The data: the run's shared server; the list page is /positions (a declared resource), given 55 positions of this
// run's own through the API, found by a search word no other spec uses, so the page has a second page to go to.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { ADMIN_EMAIL, apiJson, signInAsAdmin, toastTitle } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Розділи системи' });

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The focused element shows where the focus is: a focus-visible outline or ring (WCAG 2.4.7). */
async function expectFocusVisible(locator: Locator) {
  const style = await locator.evaluate((el) => {
    const css = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: css.outlineStyle !== 'none' && css.outlineWidth !== '0px',
      ring: css.boxShadow !== 'none',
    };
  });
  expect(style.focusVisible).toBe(true);
  expect(style.outline || style.ring, 'фокус не видно').toBe(true);
}

/** Presses Tab (or Shift+Tab) until the focus is on `target`; fails if it never gets there. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}) {
  const element = await target.elementHandle();
  try {
    for (let i = 0; i < max; i += 1) {
      if (await element!.evaluate((el) => el === document.activeElement)) {
        await expectFocusVisible(target);
        return;
      }
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    }
  } finally {
    await element?.dispose();
  }
  throw new Error(`Tab не дійшов до ${target.toString()} за ${max} натискань`);
}

async function expectFocused(locator: Locator) {
  await expect.poll(() => isFocused(locator), { timeout: 5_000 }).toBe(true);
}

describe('the shell', () => {
  it('reaches the sidebar links with Tab and follows one with Enter', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await tabTo(page, nav(page).getByRole('link', { name: 'Користувачі', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/users');
    await page.getByRole('heading', { level: 1, name: 'Користувачі' }).waitFor();
    // The link of the page one is on says so to assistive technology too.
    expect(await nav(page).getByRole('link', { name: 'Користувачі', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await context.close();
  });

  it('collapses and expands the sidebar with Ctrl+B and Cmd+B, wherever the focus is', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const sidebar = page.locator('[data-slot=sidebar][data-state]').first();
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');

    await tabTo(page, page.getByRole('button', { name: /Увімкнути (темну|світлу) тему/ }));
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('collapsed');
    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('expanded');
    // The shortcut leaves the focus where it was.
    await expectFocused(page.getByRole('button', { name: /Увімкнути (темну|світлу) тему/ }));
    await context.close();
  });

  it('opens the user menu from the keyboard, closes it with Escape, follows an item and logs out', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    // By its markup, not its role: while the menu is open the rest of the page is hidden from assistive technology.
    const trigger = page.locator('button[aria-haspopup="menu"]', { hasText: ADMIN_EMAIL });
    await tabTo(page, trigger);
    // Its name starts with what it is for and holds what it shows (WCAG 2.5.3).
    await page.getByRole('button', { name: /^Меню користувача: .+ admin@tekhnoprylad\.ua$/ }).waitFor();
    expect(await trigger.getAttribute('aria-haspopup')).toBe('menu');

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await expectFocused(menu.getByRole('menuitem').first());
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocused(trigger);

    // Space opens it too; the arrows walk the items; Enter follows the focused one.
    await page.keyboard.press('Space');
    await menu.waitFor();
    await expectFocused(menu.getByRole('menuitem', { name: 'Профіль' }));
    // Radix's roving focus moves the focus in a timer after the keydown, so the check waits for it.
    await page.keyboard.press('ArrowDown');
    await expectFocused(menu.getByRole('menuitem').nth(1));
    await page.keyboard.press('ArrowUp');
    await expectFocused(menu.getByRole('menuitem', { name: 'Профіль' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/profile');

    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('End');
    await expectFocused(page.getByRole('menuitem', { name: 'Вийти' }));
    await page.keyboard.press('Enter');
    await page.getByPlaceholder('Email або логін').waitFor();
    expect(await page.getByText(ADMIN_EMAIL).count()).toBe(0);
    await context.close();
  });
});

describe('a list page and its form dialog', () => {
  const word = `Клавіатура${stamp}`;
  const names = Array.from({ length: 55 }, (_, i) => `${word} посада ${String(i + 1).padStart(2, '0')}`);

  it('searches, sorts, pages and opens a row with the keyboard alone', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const failed = await page.evaluate(async (all) => {
      const statuses = await Promise.all(
        all.map((name) =>
          fetch('/api/positions', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          }).then((res) => res.status),
        ),
      );
      return statuses.filter((s) => s !== 201).length;
    }, names);
    expect(failed).toBe(0);

    await page.goto('/positions');
    await page.getByRole('heading', { level: 1, name: 'Посади' }).waitFor();
    const table = page.getByRole('table', { name: 'Посади' });
    const firstName = () => table.locator('tbody tr').first().locator('td').first().textContent();
    const summary = page.getByText(/^Показано \d+–\d+ з \d+$/);

    // Search: the labelled search box, typed into.
    const search = page.getByRole('searchbox', { name: 'Пошук: Посади' });
    await tabTo(page, search);
    await page.keyboard.type(word);
    await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toBe('Показано 1–50 з 55');
    expect(await firstName()).toBe(names[0]);

    // Sort: the column's button, and aria-sort says which way.
    const nameHeader = table.getByRole('columnheader', { name: 'Назва' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await tabTo(page, nameHeader.getByRole('button'));
    await page.keyboard.press('Enter');
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(firstName).toBe(names[54]);

    // Pagination: on to the second page, and back with Shift+Tab to the previous-page button.
    await tabTo(page, page.getByRole('button', { name: 'Наступна сторінка' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => summary.textContent()).toBe('Показано 51–55 з 55');
    await expect.poll(firstName).toBe(names[4]);
    await tabTo(page, page.getByRole('button', { name: 'Попередня сторінка' }), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => summary.textContent()).toBe('Показано 1–50 з 55');

    // Opening a row: its edit button, with the row's data in the dialog; Escape gives the focus back to it.
    const edit = page.getByRole('button', { name: `Редагувати: ${names[53]}` });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Редагування: ${names[53]}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Назва' }).inputValue()).toBe(names[53]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(edit);
    await context.close();
  });

  it('opens the form dialog, shows the validation message, submits with Enter and gives the focus back', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/positions');
    await page.getByRole('heading', { level: 1, name: 'Посади' }).waitFor();
    const create = page.getByRole('button', { name: 'Нова посада', exact: true });

    // Escape closes it without saving.
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Нова посада' });
    await dialog.waitFor();
    const name = dialog.getByRole('textbox', { name: 'Назва' });
    await expectFocused(name);
    await page.keyboard.type('не буде збережено');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(create);

    // Enter on an empty required field: the message, tied to the field, and the focus stays on it.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expectFocused(name);
    await page.keyboard.press('Enter');
    await dialog.getByText("Обов'язкове поле").waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    const described = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      describedBy.split(/\s+/).filter(Boolean),
    );
    expect(described).toContain("Обов'язкове поле");
    await expectFocused(name);

    // Filled in and sent with Enter from the last field reached by Tab.
    const created = `${word} створена з клавіатури`;
    await page.keyboard.type(created);
    await tabTo(page, dialog.getByRole('textbox', { name: 'Опис' }));
    await page.keyboard.type('Додана без миші');
    await tabTo(page, dialog.getByRole('button', { name: 'Створити' }));
    await page.keyboard.press('Enter');
    await toastTitle(page, 'Створено').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(create);
    const saved = await apiJson<Array<{ name: string; description: string | null }>>(
      page,
      'GET',
      `/api/positions?search=${encodeURIComponent(created)}`,
    );
    expect(saved).toMatchObject([{ name: created, description: 'Додана без миші' }]);
    await context.close();
  });
});
