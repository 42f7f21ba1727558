// axe-core in the page (issue 10 'Accessibility'): the WCAG 2.0/2.1 A and AA rules, run once the page's data is
// there. Serious and critical findings fail a test; moderate and minor ones are returned for the report.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

export interface AxeFinding {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  /** Each failing element: its selector and axe's summary of what is wrong with it. */
  targets: string[];
}

/**
 * Waits until the page shows its data: no 'Завантаження…' text, no skeleton, no list marked busy — twice in a
 * row, so a query that starts right after another one finished is waited for too.
 */
export async function waitForPageData(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __settledPolls?: number };
      const busy =
        document.body.innerText.includes('Завантаження') ||
        document.querySelector('[data-slot=skeleton], [aria-busy=true]') !== null;
      w.__settledPolls = busy ? 0 : (w.__settledPolls ?? 0) + 1;
      return w.__settledPolls >= 2;
    },
    undefined,
    { polling: 100, timeout: timeoutMs },
  );
}

/** Runs axe on the whole document (evaluated over CDP, so the app's CSP stays as it is). */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [...WCAG_TAGS],
  );
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.map(
      (n) =>
        `${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 160)} — ` +
        (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    ),
  }));
}

export const isBlocking = (finding: AxeFinding) => finding.impact !== null && BLOCKING_IMPACTS.includes(finding.impact);

/** One readable block per finding: where, which rule, why, and every failing element. */
export function describeFindings(where: string, findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `${where}: ${f.rule} [${f.impact}] ${f.help}\n` +
        f.targets
          .slice(0, 10)
          .map((t) => `    ${t}`)
          .join('\n') +
        (f.targets.length > 10 ? `\n    … ще ${f.targets.length - 10}` : ''),
    )
    .join('\n');
}
