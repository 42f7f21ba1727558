// Every page of the route table, with data (issue 10 'Accessibility', issue 20 §3 'Lists that work on every screen'):
// - at 1280 px, axe-core finds no serious or critical WCAG 2.0/2.1 A or AA violation, in the light and the dark theme;
// - at 1280 and at 390 px, the page never scrolls sideways and no row's action (a button or link of a table row or a
//   phone card) is out of sight: neither past the window nor clipped by the box its table scrolls in.
// One visit a page and width makes every check of it (a visit is most of a check's time). A screenshot of each page
// at each width is kept in .tmp/screenshots/pages for a person to look at.
//
// The data: this spec starts its own app server on its own database filled with the demo dataset (the same
// seeders as `npm run demo`, support/demo-server.ts), rather than seeding the run's shared database: the other
// specs share that one and run in an order Vitest chooses, so none of them ever meets demo records it did not
// expect. Every page thus shows realistic lists, documents in every state and detail routes with real ids.
//
// The pages: every entry of `pages` (src/web/app/routes.tsx) — a new page is checked without touching this
// file; a new detail route needs an id in detailIds() — plus the sign-in, forgot-password and reset-password
// pages and the 404 page. Each visit at 1280 px checks the page in the theme it loaded with (the saved choice,
// localStorage 'theme', src/web/lib/theme.ts), then switches the theme the way applyTheme does and checks it again;
// the switch is saved, so the next page loads in the other theme and both themes are met on a fresh load as well as
// after a switch.
// ERP_A11Y_REPORT=1 also prints the moderate and minor findings (they do not fail the run).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '@/web/app/routes.tsx';
import { THEME_STORAGE_KEY, type Theme } from '@/web/lib/theme.ts';
import { describeFindings, isBlocking, runAxe, waitForPageData } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startDemoServer, type DemoServer } from './support/demo-server.ts';
import { apiJson, signInAsAdmin } from './support/session.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/pages');
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server: DemoServer;
let browser: Browser;
const lesser: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startDemoServer('pages');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (process.env.ERP_A11Y_REPORT && lesser.length > 0) console.log(lesser.join('\n'));
});

async function newContext(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport,
    locale: 'uk-UA',
    timezoneId: 'Europe/Kyiv',
  });
  // The first page loads in the light theme; from then on the last switch decides, as it does for a person.
  await context.addInitScript((key) => {
    if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'light');
  }, THEME_STORAGE_KEY);
  return { context, page: await context.newPage() };
}

const themeOf = (page: Page): Promise<Theme> =>
  page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));

/** The end of the CSS transitions running now: axe reads colours, and a colour half-way is neither theme's. */
const transitionsDone = (page: Page) =>
  page.evaluate(async () => {
    // A transition replaced by another one (a re-render, a hover) settles its promise early: look again until none runs.
    for (let round = 0; round < 20; round += 1) {
      const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
      if (transitions.length === 0) return;
      await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
    }
  });

/** What applyTheme does (src/web/lib/theme.ts), then the end of the colour transitions it starts. */
async function switchTheme(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const hold = document.createElement('style');
    hold.textContent = '*,*::before,*::after{transition:none!important}';
    document.head.appendChild(hold);
    const dark = document.documentElement.classList.toggle('dark');
    void window.getComputedStyle(document.body).color;
    hold.remove();
    window.localStorage.setItem(key, dark ? 'dark' : 'light');
  }, THEME_STORAGE_KEY);
  await transitionsDone(page);
}

/** The page once its data is there, in the theme it has and then in the other one. */
async function expectAccessible(page: Page, where: string) {
  await waitForPageData(page);
  const failures: string[] = [];
  for (let pass = 0; pass < 2; pass += 1) {
    if (pass === 1) await switchTheme(page);
    else await transitionsDone(page);
    const theme = await themeOf(page);
    const findings = await runAxe(page);
    const blocking = findings.filter(isBlocking);
    const rest = findings.filter((f) => !isBlocking(f));
    if (blocking.length > 0) failures.push(describeFindings(`${where} (${theme})`, blocking));
    if (rest.length > 0) lesser.push(describeFindings(`${where} (${theme})`, rest));
  }
  expect(failures, failures.join('\n')).toEqual([]);
}

/** Real ids for the detail routes' parameters, read through the API as the signed-in administrator. */
async function detailIds(page: Page): Promise<Record<string, string>> {
  const [audit] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/inventory-audits?limit=1');
  const [client] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/clients?limit=1');
  const [forecast] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/production-forecasts?limit=1');
  expect(audit, 'демо-дані без інвентаризації').toBeDefined();
  expect(client, 'демо-дані без клієнта').toBeDefined();
  expect(forecast, 'демо-дані без прогнозу виробництва').toBeDefined();
  return {
    '/inventory-audits/:id': String(audit!.id),
    '/production-forecasts/:id': String(forecast!.id),
    '/clients/:id/delivery-settings': String(client!.id),
    '/clients/:id/nova-poshta-settings': String(client!.id),
  };
}

/** What is wrong with the page's layout: sideways scrolling, and each row action out of sight (by its name). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`сторінка прокручується вбік на ${root.scrollWidth - root.clientWidth} px`);
    }
    // The part of an element one can see: the window, cut by every ancestor that clips its overflow.
    const visibleBox = (element: Element) => {
      let left = 0;
      let right = root.clientWidth;
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow !== 'visible') {
          const box = node.getBoundingClientRect();
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
      }
      return { left, right };
    };
    const rows = [...document.querySelectorAll('main tbody tr, main [data-slot=card-row]')].slice(0, 5);
    for (const row of rows) {
      for (const action of row.querySelectorAll('button, a[href]')) {
        const box = action.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue; // not shown at this width (the other layout's)
        const visible = visibleBox(action);
        if (box.left < visible.left - 1 || box.right > visible.right + 1) {
          const name = action.getAttribute('aria-label') ?? action.textContent?.trim() ?? action.tagName;
          problems.push(
            `дія «${name}» рядка поза видимою частиною (${Math.round(box.left)}–${Math.round(box.right)} px)`,
          );
        }
      }
    }
    return [...new Set(problems)];
  });
}

describe('signed out', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newContext(WIDE));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sign-in page', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Увійти' }).waitFor();
    await expectAccessible(page, '/ (вхід)');
  });

  it('forgot-password page', async () => {
    await page.goto('/forgot-password');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, '/forgot-password');
  });

  it('reset-password page with a valid link', async () => {
    await page.goto(`/reset-password?token=${server.resetToken}`);
    await page.getByLabel('Новий пароль', { exact: true }).waitFor();
    await expectAccessible(page, '/reset-password');
  });
});

/** The page's URL for a route, with a real id in place of a detail route's parameter. */
function urlOf(route: string, ids: Record<string, string>): string {
  if (!route.includes(':')) return route;
  expect(ids[route], `немає id для ${route}: додайте його в detailIds()`).toBeDefined();
  return route.replace(/:[a-z]+/i, ids[route]!);
}

/** The page's layout at this width, with a screenshot kept for a person to look at. */
async function expectLaidOut(page: Page, url: string, width: number) {
  const name = url === '/' ? 'home' : url.slice(1).replaceAll('/', '_');
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  expect(await layoutProblems(page), `${url} (${width} px)`).toEqual([]);
}

/** One describe block's signed-in page at this width, and the demo's ids for the detail routes. */
function signedIn(viewport: { width: number; height: number }) {
  const at = {} as { context: BrowserContext; page: Page; ids: Record<string, string> };
  beforeAll(async () => {
    ({ context: at.context, page: at.page } = await newContext(viewport));
    await signInAsAdmin(at.page);
    at.ids = await detailIds(at.page);
  });
  afterAll(async () => {
    await at.context?.close();
  });
  return at;
}

describe('signed in at 1280 px: accessible in both themes, nothing out of sight', () => {
  const at = signedIn(WIDE);

  it.each(pages.map((p) => p.path))('%s', async (route) => {
    const url = urlOf(route, at.ids);
    await at.page.goto(url);
    await at.page.locator('main').waitFor();
    await expectAccessible(at.page, url);
    await expectLaidOut(at.page, url, WIDE.width);
  });

  it('404 page', async () => {
    await at.page.goto('/no-such-page');
    await at.page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' }).waitFor();
    await expectAccessible(at.page, '/no-such-page');
  });
});

describe('signed in at 390 px: nothing out of sight', () => {
  const at = signedIn(PHONE);

  it.each(pages.map((p) => p.path))('%s', async (route) => {
    const url = urlOf(route, at.ids);
    await at.page.goto(url);
    await at.page.locator('main').waitFor();
    await waitForPageData(at.page);
    await expectLaidOut(at.page, url, PHONE.width);
  });
});
