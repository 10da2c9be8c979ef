import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.KX_API_TARGET ?? 'http://localhost:3000';

// Everything the server answers besides the SPA; in dev Vite serves the SPA and forwards the rest.
const proxied = ['/api', '/img', '/audio', '/docs', '/dev'];

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; below this size the server sends them as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at the highest levels:
 * the server sends the one the browser accepts (@fastify/static `preCompressed`), so the cost is
 * paid once per build instead of once per request. index.html is left out: the server injects
 * the runtime config into it and compresses the result itself. Source maps are left out too:
 * only developer tools fetch them, and the server compresses those on the fly.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kx-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Dot directories (.vite/manifest.json) are build records, not served.
      const files = (await readdir(outDir, { recursive: true })).filter(
        (f) => COMPRESSIBLE.test(f) && !f.startsWith('.'),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const raw = await readFile(path);
          if (raw.length < MIN_COMPRESS_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks and styles each route loads: bench/web.ts reads it to report bytes per route.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        // `$initial` keeps the vendor and shell groups to what the first page loads: a library or
        // module only a lazily loaded page or dialog uses (qrcode, the fairness hashes, zod with
        // the schemas) stays in that page's chunks instead of riding along with every first visit.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            // The rest of the first load (shell, home page, zh-CN texts) in one file, not a handful.
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
      '/connect': { target: API_TARGET.replace(/^http/, 'ws'), ws: true },
    },
  },
});
