// The JavaScript a first visit waits for (what index.html names: its script and modulepreload links),
// gzipped, from the built app (`npm run build:web` first). bench/web.ts measures the same, and more,
// through a browser; this is the quick check while working. Budget: docs/operations.md.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
let total = 0;
for (const [, path] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) {
  total += gzipSync(readFileSync(new URL(path, dist)), { level: 9 }).length;
}
console.log(`first load: ${(total / 1000).toFixed(1)} kB gzipped (budget 170)`);
