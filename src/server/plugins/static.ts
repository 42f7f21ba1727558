// Serves the built client: hashed assets pre-compressed (br/gzip) and cached for a year, index.html never
// cached, every non-API path answers the app, unknown /api paths answer JSON 404.
//
// A request that carries a session cookie gets index.html with the signed-in shell's chunks and its page's chunks
// listed as preloads (the map the build writes, scripts/route-chunks.ts): they load beside the first script
// instead of after the session check, the shell and the page one after another (DESIGN §9: no request waterfall
// deeper than 2). Only the cookie's signature is checked, not the session: a stale cookie costs a few unused
// downloads of public files, and the login page served without a cookie stays as small as it was.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { readSessionToken } from '@/modules/auth/server/index.ts';
import { commonMessages } from '@/shared/api-error.ts';
import type { AppInstance } from '../kernel/endpoint.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../../scripts/route-chunks.ts';

const NO_STORE = 'no-store, max-age=0';

interface PreloadTable {
  shell: string[];
  routes: Array<{ pattern: RegExp; files: string[] }>;
}

/** '/inventory-audits/:id' → a matcher of '/inventory-audits/12' (a trailing slash allowed, as wouter does). */
export function routePattern(route: string): RegExp {
  const parts = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}

function readPreloads(clientDir: string): PreloadTable | null {
  const file = path.join(clientDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return null;
  const map = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  return {
    shell: map.shell,
    routes: Object.entries(map.routes).map(([route, files]) => ({ pattern: routePattern(route), files })),
  };
}

const SAFE_ASSET = /^[\w./-]+$/;

/** index.html with `files` (paths inside the client directory) preloaded just before `</head>`. */
export function withPreloads(html: string, files: readonly string[]): string {
  const links = files
    .filter((file) => SAFE_ASSET.test(file) && !file.includes('..'))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    );
  return html.replace(/\s*<\/head>/, (end) => links.map((link) => `\n    ${link}`).join('') + end);
}

/**
 * Whether a request path names the API in any spelling the router or a proxy might read as `/api`: percent-encoded
 * (once or more), in another case, with `//`, `/./`, `..` segments, backslashes or `;` parameters. Such a request
 * that matched no route is answered 404, never the app's page (decision 0014).
 */
export function spellsApiPath(url: string): boolean {
  let path = url.split('?')[0]!.split('#')[0]!;
  for (let i = 0; i < 4; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const raw of path.replace(/\\/g, '/').split('/')) {
    const segment = raw.split(';')[0]!.trim().toLowerCase();
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments[0] === 'api';
}

export async function registerStatic(app: AppInstance, clientDir: string | null) {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = indexFile !== null && existsSync(indexFile);
  if (clientDir && hasClient) {
    // The client's files are public; every route the app serves declares its access (the guard refuses the rest).
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), access: { kind: 'public' } } as typeof route.config;
      });
      await scope.register(fastifyStatic, {
        root: clientDir,
        preCompressed: true,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          const html = filePath.endsWith('.html');
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : html ? NO_STORE : 'no-cache',
          );
        },
      });
    });
  }
  const indexHtml = indexFile && hasClient ? readFileSync(indexFile, 'utf8') : null;
  const preloads = clientDir && hasClient ? readPreloads(clientDir) : null;
  // One page per route pattern (and one for paths no route matches), made once.
  const signedInPages = new Map<RegExp | null, string>();
  const signedInPage = (url: string): string => {
    const pathname = url.split('?')[0]!;
    const route = preloads!.routes.find((r) => r.pattern.test(pathname)) ?? null;
    let html = signedInPages.get(route?.pattern ?? null);
    if (html === undefined) {
      html = withPreloads(indexHtml!, [...preloads!.shell, ...(route?.files ?? [])]);
      signedInPages.set(route?.pattern ?? null, html);
    }
    return html;
  };

  app.setNotFoundHandler((request, reply) => {
    if (spellsApiPath(request.url) || !indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: commonMessages.notFound });
    }
    const html = preloads && readSessionToken(request) !== null ? signedInPage(request.url) : indexHtml;
    return reply.status(200).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(html);
  });
}
