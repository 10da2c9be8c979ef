// `npm run bench`: runs every benchmark in bench/ one after the other and prints their figures.
import { readdirSync } from 'node:fs';
import { ensureDependencies, root, runOrExit } from './lib/steps.mjs';

ensureDependencies();
for (const file of readdirSync(`${root}/bench`)
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  console.log(`\n== bench/${file}`);
  runOrExit(process.execPath, ['--import', 'tsx', `bench/${file}`]);
}
