/**
 * Signed API throughput over real HTTP on the embedded database. Baseline in the same run: the
 * unsigned /healthz (no signature check, no database), so the figure shows what the signature
 * check, routing, validation and a database read add on this machine today.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 4000);
const CONCURRENCY = 32;

async function measure(name: string, makeRequest: () => Promise<Response>) {
  const latencies: number[] = [];
  const end = performance.now() + DURATION_MS;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await makeRequest();
        await res.arrayBuffer();
        if (!res.ok) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2);
  console.log(
    `${name.padEnd(34)} ${String(Math.round(latencies.length / (DURATION_MS / 1000))).padStart(7)} req/s   p50 ${q(0.5)} ms   p99 ${q(0.99)} ms   errors ${errors}`,
  );
}

// The browser signs with WebCrypto; here the same algorithm runs synchronously with node:crypto so
// the figures measure the server, not the load generator's thread-pool round trips.
const EMPTY_BODY_HASH = createHash('sha256').update('').digest('hex');
function signedGet(secret: string, path: string): Record<string, string> {
  const ts = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const sign = createHmac('sha256', secret).update(`GET\n${path}\n${ts}\n${nonce}\n${EMPTY_BODY_HASH}`).digest('hex');
  return { 'x-ts': ts, 'x-nonce': nonce, 'x-sign': sign };
}

const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', PORT: '0' });
const rt = await createRuntime(config, { pgliteDir: null });
const app = await buildApp(rt);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

console.log(`api-throughput: ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each, PGlite in memory`);
await measure('warm-up', () => fetch(`${base}/healthz`));
await measure('baseline GET /healthz', () => fetch(`${base}/healthz`));
await measure('signed GET /api/site/v1/nav', () => {
  const path = '/api/site/v1/nav?type=1';
  return fetch(base + path, { headers: signedGet(config.SIGN_SECRET, path) });
});
await measure('signed GET /api/site/v1/statistics', () => {
  const path = '/api/site/v1/statistics';
  return fetch(base + path, { headers: signedGet(config.SIGN_SECRET, path) });
});
console.log(`rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
await app.close();
await rt.close();
