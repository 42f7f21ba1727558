// The budgets of DESIGN §9 beside the measured figures. They are reported, never asserted by a timed test: a
// figure over its budget is marked in the report, and what causes it is diagnosed from the EXPLAIN plans.
import type { BenchReport } from './harness.ts';
import { LARGE_SCAN } from './sql-baseline.ts';
import { pluralUk } from '@/shared/plural.ts';

export const LOGIN_JS_BUDGET = 90 * 1024;
export const FCP_BUDGET_MS = 1000;
/** "No request waterfall deeper than 2": at most two levels of requests after the document. */
export const WATERFALL_LEVELS_BUDGET = 2;
export const API_P99_BUDGET_MS = 20;
/** A deep page may cost this much more than the first before the list counts as O(table). */
export const DEEP_PAGE_RATIO_BUDGET = 2;

export interface BudgetLine {
  area: string;
  budget: string;
  value: string;
  /** null: not measured in this run. */
  ok: boolean | null;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} КіБ`;
export const ms = (value: number) => (value < 10 ? `${value.toFixed(2)} мс` : `${value.toFixed(1)} мс`);
const dbName = (kind: string) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

export function evaluateBudgets(report: BenchReport): BudgetLine[] {
  const lines: BudgetLine[] = [];

  const login = report.bundle?.routes.find((r) => r.route === '/login');
  lines.push({
    area: 'Пакет',
    budget: `Сторінка входу: початковий JS ≤ 90 КіБ (${LOGIN_JS_BUDGET.toLocaleString('uk-UA')} Б) стиснений`,
    value: login
      ? `${kib(login.js.br)} brotli (${login.js.br.toLocaleString('uk-UA')} Б), ${kib(login.js.gzip)} gzip`
      : '—',
    ok: login ? login.js.br <= LOGIN_JS_BUDGET : null,
  });

  const runs = report.lighthouse.runs;
  const loginRuns = runs.filter((r) => r.path === '/');
  const loginMobile = loginRuns.find((r) => r.formFactor === 'mobile');
  lines.push({
    area: 'Lighthouse',
    budget: 'Сторінка входу, мобільний: продуктивність 100',
    value: loginMobile?.performance?.toString() ?? '—',
    ok: loginMobile ? loginMobile.performance === 100 : null,
  });
  for (const run of loginRuns) {
    lines.push({
      area: 'Lighthouse',
      budget: `Сторінка входу, ${run.formFactor === 'mobile' ? 'мобільний' : 'десктоп'}: доступність 100`,
      value: run.accessibility?.toString() ?? '—',
      ok: run.accessibility === null ? null : run.accessibility === 100,
    });
  }
  if (!loginRuns.length) {
    lines.push({ area: 'Lighthouse', budget: 'Сторінка входу: доступність 100', value: '—', ok: null });
  }
  for (const run of runs) {
    const where = `${run.label} (${run.path}), ${run.formFactor === 'mobile' ? 'мобільний' : 'десктоп'}`;
    lines.push({
      area: 'Lighthouse',
      budget: `${where}: FCP ≤ 1 с на localhost (виміряний, без імітації мережі)`,
      value: run.observedFcpMs === null ? '—' : ms(run.observedFcpMs),
      ok: run.observedFcpMs === null ? null : run.observedFcpMs <= FCP_BUDGET_MS,
    });
  }
  for (const path of [...new Set(runs.map((r) => r.path))]) {
    const deepest = runs
      .filter((r) => r.path === path && r.waterfallDepth !== null)
      .sort((a, b) => b.waterfallDepth! - a.waterfallDepth!)[0];
    if (!deepest) continue;
    const levels = deepest.waterfallDepth! - 1;
    lines.push({
      area: 'Lighthouse',
      budget: `${deepest.label} (${path}): каскад запитів не глибший за ${WATERFALL_LEVELS_BUDGET} рівні після документа`,
      value: `${levels} (оцінка)`,
      ok: levels <= WATERFALL_LEVELS_BUDGET,
    });
  }

  for (const db of report.databases) {
    const name = dbName(db.kind);
    for (const e of db.endpoints) {
      lines.push({
        area: `API, ${name}`,
        budget: `${e.path}: p99 ≤ ${API_P99_BUDGET_MS} мс`,
        value: e.http
          ? e.http.completed
            ? ms(e.http.p99)
            : `жодної відповіді за ${e.http.seconds.toFixed(0)} с`
          : '—',
        ok: e.http ? e.http.completed > 0 && e.http.p99 <= API_P99_BUDGET_MS : null,
      });
    }
    for (const e of db.endpoints.filter((x) => x.list)) {
      const maxRead = Math.max(0, ...e.explain.map((x) => x.maxRowsRead));
      const first = e.key.endsWith('-deep')
        ? db.endpoints.find((x) => x.key === e.key.replace('-deep', '-first'))
        : null;
      const ratio = first?.http && e.http && first.http.p50 > 0 ? e.http.p50 / first.http.p50 : null;
      const okRows = e.explain.length ? maxRead <= LARGE_SCAN : null;
      const okRatio = ratio === null ? true : ratio <= DEEP_PAGE_RATIO_BUDGET;
      lines.push({
        area: `API, ${name}`,
        budget: `${e.path}: O(розміру сторінки) — жоден вузол плану не читає > ${LARGE_SCAN.toLocaleString('uk-UA')} ${pluralUk(LARGE_SCAN, ['рядок', 'рядки', 'рядків'])}${ratio === null ? '' : `, p50 ≤ ${DEEP_PAGE_RATIO_BUDGET}× першої сторінки`}`,
        value:
          `${e.explain.length ? `${maxRead.toLocaleString('uk-UA')} рядків` : '—'}` +
          (ratio === null ? '' : `, ${ratio.toFixed(1)}× першої сторінки`),
        ok: okRows === null ? null : okRows && okRatio,
      });
    }
    const stats = db.endpoints.find((e) => e.key === 'dashboard-stats');
    if (stats) {
      const seqScans = stats.explain.flatMap((x) => x.largeScans.filter((s) => s.startsWith('Seq Scan')));
      lines.push({
        area: `API, ${name}`,
        budget: `${stats.path}: з індексованих агрегатів, без повного перегляду таблиць`,
        value: seqScans.length ? seqScans.join('; ') : 'повних переглядів великих таблиць немає',
        ok: stats.explain.length ? seqScans.length === 0 : null,
      });
    }
  }
  return lines;
}
