/**
 * Start-up time and idle memory of one server process: the TypeScript sources run through tsx
 * (`npm start`, development) beside the built bundle (`npm run build:server`, then
 * `node apps/server/dist/main.js`: production). Both start on the same database, already migrated
 * and seeded by a first start that is not counted, so the figures are what a restart costs: a
 * fresh database kx_start_<ts> on the PostgreSQL server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), as in production, or the embedded one when no
 * PostgreSQL answers. Start-up is from spawn until /readyz answers; idle memory is the process's
 * resident set after it has sat idle for IDLE_MS. BENCH_STARTS sets the starts per variant (default 3).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, dbUrl } from './support/pg-admin.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const IDLE_MS = 3_000;
const PORT = 3391;

const variants = [
  { name: 'tsx (TypeScript at run time)', args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
  { name: 'built bundle (dist/main.js)', args: ['apps/server/dist/main.js'] },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function residentMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function startOnce(args: string[], db: Record<string, string>): Promise<{ startMs: number; rssMiB: number }> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...db },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await sleep(20);
    }
    const startMs = performance.now() - t0;
    await sleep(IDLE_MS);
    return { startMs, rssMiB: residentMiB(child.pid ?? 0) };
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

console.log('server-start: building the bundle (npm run build:server)…');
execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
const dbName = `kx_start_${Date.now()}`;
const onPostgres = await admin('select 1').then(
  () => true,
  () => false,
);
const dataDir = mkdtempSync(join(tmpdir(), 'kx-start-'));
let db: Record<string, string> = { PGLITE_DIR: dataDir };
if (onPostgres) {
  await admin(`create database ${dbName}`);
  db = { DATABASE_URL: dbUrl(dbName) };
}
try {
  await startOnce(variants[0]!.args, db); // migrates and seeds the database
  console.log(
    `${STARTS} starts each on a migrated, seeded ${onPostgres ? 'PostgreSQL' : 'embedded (PGlite)'} database; ` +
      `memory after ${IDLE_MS / 1000} s idle; ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`${''.padEnd(30)} ${'start ms'.padStart(9)} ${'(min–max)'.padStart(13)} ${'idle RSS MiB'.padStart(13)}`);
  for (const v of variants) {
    const runs = [];
    for (let i = 0; i < STARTS; i++) runs.push(await startOnce(v.args, db));
    const ms = runs.map((r) => r.startMs);
    console.log(
      `${v.name.padEnd(30)} ${median(ms).toFixed(0).padStart(9)} ${`(${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)})`.padStart(13)} ${median(
        runs.map((r) => r.rssMiB),
      )
        .toFixed(0)
        .padStart(13)}`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres) await admin(`drop database if exists ${dbName} with (force)`);
}
