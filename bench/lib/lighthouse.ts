// Lighthouse 13 through its node API on Debian's Chromium: performance and accessibility, LCP, TBT, FCP and the
// bytes transferred, mobile (the default config: simulated slow 4G and a 4× slower CPU) and desktop.
// Signed-in pages get the session cookie as an extra header (the same cookie POST /api/auth/simple-login sets).
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface LighthousePage {
  /** Path on the server: '/' signed out is the login page. */
  path: string;
  label: string;
  signedIn: boolean;
}

export interface LighthouseRun {
  path: string;
  label: string;
  formFactor: 'mobile' | 'desktop';
  performance: number | null;
  accessibility: number | null;
  /** Simulated (mobile: throttled) metrics Lighthouse scores, milliseconds. */
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /** What this machine really measured on localhost, unthrottled (DESIGN §9: FCP ≤ 1 s on localhost). */
  observedFcpMs: number | null;
  observedLcpMs: number | null;
  transferBytes: number | null;
  requests: number | null;
  /** Longest chain of requests each waiting for the one before it (document = 1), and that chain. */
  waterfallDepth: number | null;
  waterfallChain: string[];
  failedAccessibilityAudits: string[];
  runtimeError: string | null;
  finalUrl: string | null;
}

interface DevtoolsEvent {
  method: string;
  params: {
    requestId?: string;
    timestamp?: number;
    type?: string;
    request?: { url: string };
    initiator?: { type: string; url?: string; stack?: Stack };
  };
}
interface Stack {
  callFrames: Array<{ url: string }>;
  parent?: Stack;
}
interface Request {
  id: string;
  url: string;
  type: string;
  start: number;
  end: number;
  named: string[];
}

export interface Waterfall {
  /** Requests one after another from the document to the deepest one (document = level 1). */
  depth: number;
  chain: string[];
}

/**
 * The page's request waterfall from Chrome's network log. A request waits (at most) for: the scripts its initiator
 * names, any data request (fetch/XHR) that finished before it began (code acts on data), and — for a chunk loaded
 * by `import()`, whose initiator names no script — any script that finished before it began. The longest such
 * chain is an estimate (an unrelated fetch that happened to finish first lengthens it), so the chain itself is
 * reported for the reader to judge.
 */
export function requestWaterfall(events: DevtoolsEvent[], origin: string): Waterfall {
  const byId = new Map<string, Request>();
  for (const e of events) {
    const id = e.params.requestId;
    if (!id) continue;
    if (e.method === 'Network.requestWillBeSent' && e.params.request && !byId.has(id)) {
      const named = new Set<string>();
      if (e.params.initiator?.url) named.add(e.params.initiator.url);
      for (let st = e.params.initiator?.stack; st; st = st.parent) for (const f of st.callFrames) named.add(f.url);
      byId.set(id, {
        id,
        url: e.params.request.url,
        type: e.params.type ?? 'Other',
        start: e.params.timestamp ?? 0,
        end: Infinity,
        named: [...named],
      });
    } else if (e.method === 'Network.loadingFinished' || e.method === 'Network.loadingFailed') {
      const r = byId.get(id);
      if (r) r.end = e.params.timestamp ?? r.end;
    }
  }
  const reqs = [...byId.values()].filter((r) => !r.url.startsWith('data:')).sort((a, b) => a.start - b.start);
  const depth = new Map<string, { depth: number; via: Request | null }>();
  const isData = (r: Request) => r.type === 'Fetch' || r.type === 'XHR';
  const document = reqs[0];
  for (const r of reqs) {
    // Everything the page loads waits for the document at least; what code requests may wait for more.
    let best: { depth: number; via: Request | null } =
      r === document ? { depth: 1, via: null } : { depth: 2, via: document! };
    const byCode = r.type === 'Script' || isData(r);
    const knownNames = r.named.some((u) => reqs.some((p) => p.url === u));
    for (const p of reqs) {
      if (p === r || p.end > r.start) continue;
      const parent =
        r.named.includes(p.url) || (byCode && isData(p)) || (!knownNames && r.type === 'Script' && p.type === 'Script');
      const d = depth.get(p.id)?.depth ?? 1;
      // Of equally deep candidates, the one that finished last is the likelier thing waited for.
      if (parent && (d + 1 > best.depth || (d + 1 === best.depth && best.via && p.end > best.via.end))) {
        best = { depth: d + 1, via: p };
      }
    }
    depth.set(r.id, best);
  }
  let deepest: Request | null = null;
  for (const r of reqs) if (!deepest || depth.get(r.id)!.depth > depth.get(deepest.id)!.depth) deepest = r;
  const chain: string[] = [];
  for (let r = deepest; r; r = depth.get(r.id)!.via) chain.unshift(r.url.replace(origin, '') || '/');
  return { depth: chain.length, chain };
}

export async function runLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
  cookie: string,
  formFactors: Array<'mobile' | 'desktop'>,
  log: (line: string) => void,
): Promise<LighthouseRun[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium не знайдено: ${CHROMIUM} (apt-get install chromium)`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const runs: LighthouseRun[] = [];
  try {
    for (const page of pages) {
      for (const formFactor of formFactors) {
        log(`  Lighthouse ${formFactor === 'mobile' ? 'мобільний' : 'десктоп'}: ${page.label} (${page.path})`);
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          locale: 'uk',
          ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const config = formFactor === 'desktop' ? desktopConfig : undefined;
        let result = await lighthouse(baseUrl + page.path, flags, config);
        // On a busy shared machine a run now and then ends without a score (no paint seen in time): once more.
        if (!result || result.lhr.runtimeError || result.lhr.categories.performance?.score == null) {
          log('    повторюю: Lighthouse не отримав оцінки');
          result = await lighthouse(baseUrl + page.path, flags, config);
        }
        if (!result) throw new Error('Lighthouse не повернув результату');
        const lhr = result.lhr;
        const audit = (id: string) => lhr.audits[id];
        const numeric = (id: string) => audit(id)?.numericValue ?? null;
        const metrics = (audit('metrics')?.details as { items?: Array<Record<string, number>> } | undefined)
          ?.items?.[0];
        const network = (audit('network-requests')?.details as { items?: unknown[] } | undefined)?.items ?? [];
        const devtoolsLog = (result.artifacts as unknown as { DevtoolsLog?: DevtoolsEvent[] }).DevtoolsLog ?? [];
        const waterfall = requestWaterfall(devtoolsLog, baseUrl);
        const score = (id: string) => {
          const s = lhr.categories[id]?.score;
          return s === null || s === undefined ? null : Math.round(s * 100);
        };
        const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref) => ref.id);
        runs.push({
          path: page.path,
          label: page.label,
          formFactor,
          performance: score('performance'),
          accessibility: score('accessibility'),
          fcpMs: numeric('first-contentful-paint'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          observedFcpMs: metrics?.observedFirstContentfulPaint ?? null,
          observedLcpMs: metrics?.observedLargestContentfulPaint ?? null,
          transferBytes: numeric('total-byte-weight'),
          requests: network.length || null,
          waterfallDepth: waterfall.depth || null,
          waterfallChain: waterfall.chain,
          failedAccessibilityAudits: failedA11y,
          runtimeError: lhr.runtimeError?.message ?? null,
          finalUrl: lhr.finalDisplayedUrl ?? null,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return runs;
}
