// Lists that work on every screen (issue 20 §3): every page of the route table, with the demo data, at 1280 and at
// 390 px — the page never scrolls sideways, and no row's action (a button or link of a table row or a phone card) is
// out of sight: neither past the window nor clipped by the box its table scrolls in. A screenshot of each page at
// each width is kept in .tmp/screenshots/layout for a person to look at.
//
// The data: its own app server on its own database with the demo dataset (support/demo-server.ts), as the
// accessibility spec does, so every list has rows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '@/web/app/routes.tsx';
import { waitForPageData } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startDemoServer, type DemoServer } from './support/demo-server.ts';
import { apiJson, signInAsAdmin } from './support/session.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/layout');
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

let server: DemoServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startDemoServer('layout');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

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

/** Real ids for the detail routes' parameters. */
async function detailIds(page: Page): Promise<Record<string, string>> {
  const [audit] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/inventory-audits?limit=1');
  const [client] = await apiJson<Array<{ id: number }>>(page, 'GET', '/api/clients?limit=1');
  return {
    '/inventory-audits/:id': String(audit!.id),
    '/clients/:id/delivery-settings': String(client!.id),
    '/clients/:id/nova-poshta-settings': String(client!.id),
  };
}

describe.each(WIDTHS)('at $width px', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let ids: Record<string, string>;
  beforeAll(async () => {
    context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      locale: 'uk-UA',
      timezoneId: 'Europe/Kyiv',
    });
    page = await context.newPage();
    await signInAsAdmin(page);
    ids = await detailIds(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(pages.map((p) => p.path))('%s', async (route) => {
    const url = route.includes(':') ? route.replace(/:[a-z]+/i, ids[route]!) : route;
    await page.goto(url);
    await page.locator('main').waitFor();
    await waitForPageData(page);
    const name = url === '/' ? 'home' : url.slice(1).replaceAll('/', '_');
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`) });
    expect(await layoutProblems(page), url).toEqual([]);
  });
});
