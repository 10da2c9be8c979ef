// `npm start`: everything a fresh clone needs to serve the site on http://localhost:3000
// (PORT to change): dependencies, the web build, then the server, which migrates and seeds the
// embedded database (or DATABASE_URL) on its way up.
import { ensureDependencies, ensureWebBuild, log, spawnForwarding } from './lib/steps.mjs';

ensureDependencies();
ensureWebBuild();
log(`starting the server on port ${process.env.PORT ?? 3000}…`);
spawnForwarding(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']);
