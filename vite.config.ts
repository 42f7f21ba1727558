// Builds the web client into dist/client, where the server serves it (src/server/plugins/static.ts).
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, ROUTES_FILE, routePreloads, type Manifest } from './scripts/route-chunks.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const webRoot = path.join(srcDir, 'web');
const apiTarget = 'http://localhost:5000';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;
const MIN_COMPRESS_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `.br` and `.gz` beside every text asset over 1 KB once the bundle (and the public folder) is on disk:
 * @fastify/static's preCompressed option then serves them without compressing per request.
 */
function precompress(): Plugin {
  let resolvedOutDir = '';
  return {
    name: 'erp:precompress',
    apply: 'build',
    configResolved(config) {
      resolvedOutDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(resolvedOutDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size <= MIN_COMPRESS_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Writes the signed-in preload map (scripts/route-chunks.ts) beside Vite's manifest: the server lists a signed-in
 * page's shell and page chunks in its index.html (src/server/plugins/static.ts), so they load beside the first
 * script instead of after the session check.
 */
function routePreloadMap(): Plugin {
  let resolvedOutDir = '';
  return {
    name: 'erp:route-preloads',
    apply: 'build',
    configResolved(config) {
      resolvedOutDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(resolvedOutDir, '.vite', 'manifest.json'), 'utf8'));
      const map = routePreloads(manifest as Manifest, await readFile(ROUTES_FILE, 'utf8'));
      await mkdir(path.dirname(path.join(resolvedOutDir, ROUTE_PRELOADS_FILE)), { recursive: true });
      await writeFile(path.join(resolvedOutDir, ROUTE_PRELOADS_FILE), JSON.stringify(map, null, 1) + '\n');
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react(), tailwindcss(), precompress(), routePreloadMap()],
  resolve: { alias: { '@': srcDir } },
  build: {
    outDir: '../../dist/client', // relative to root: the server serves <repo>/dist/client
    emptyOutDir: true,
    assetsDir: 'assets',
    // Read by routePreloadMap and by the bench's bundle section (bench/lib/bundle.ts).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
});
