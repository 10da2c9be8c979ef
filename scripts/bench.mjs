// `npm run bench`: runs every benchmark in bench/ one after the other and prints their figures.
import { readdirSync } from 'node:fs';
import { ensureDependencies, root, runOrExit } from './lib/steps.mjs';

ensureDependencies();
for (const file of readdirSync(`${root}/bench`)
  // box-open.ts needs PostgreSQL (DATABASE_URL or 127.0.0.1:5432) and says so when there is none.
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .sort()) {
  console.log(`\n== bench/${file}`);
  runOrExit(process.execPath, ['--import', 'tsx', `bench/${file}`]);
}
