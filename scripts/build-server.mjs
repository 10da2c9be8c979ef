// `npm run build:server`: the server as one JavaScript bundle for production (apps/server/dist/main.js),
// so a production process starts without compiling TypeScript (docs/platform.md "Tooling and layout").
// Our workspace packages (packages/shared, packages/game) and their dependencies are bundled in; the
// server's own npm dependencies stay in node_modules (native addons, and packages that read their
// own files). Files the server reads at run time are found from apps/server (src/server-root.ts).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { log, root } from './lib/steps.mjs';

const pkg = JSON.parse(readFileSync(`${root}/apps/server/package.json`, 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kaixiang/'));

const started = performance.now();
const result = await build({
  entryPoints: [`${root}/apps/server/src/main.ts`],
  outfile: `${root}/apps/server/dist/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Deep imports (drizzle-orm/pg-core, zod/v4...) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: 'linked',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
log(
  `server bundle: apps/server/dist/main.js, ${(bytes / 1024).toFixed(0)} KiB, ${(performance.now() - started).toFixed(0)} ms`,
);
