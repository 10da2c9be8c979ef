// `npm test`: every tier, installing what is missing. Lint + format, types, unit and component
// tests, integration on PGlite, integration again on the real PostgreSQL + Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set (CI sets them), then browser tests on the built site.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, log, root, run } from './lib/steps.mjs';

const vitest = ['node_modules/.bin/vitest'];
const reports = mkdtempSync(join(tmpdir(), 'kx-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Failed tests by name, repeated at the very end: CI keeps only the tail of the output. */
const failedTests = [];
/** Each step's wall time, printed at the end: the run must stay well inside CI's limit. */
const durations = [];
function timed(name, fn) {
  const started = Date.now();
  const result = fn();
  durations.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  return result;
}

function vitestArgs(name, args) {
  return ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${join(reports, `${name}.json`)}`];
}

function vitestStep(name, args, env = process.env) {
  log(`tests: ${name}`);
  const status = timed(name, () => run(vitest[0], vitestArgs(name, args), { env }));
  recordReport(name, status);
}

/**
 * Two vitest runs at once, each its own process with its own report, for tiers that do not share
 * a database (PGlite in memory beside the real PostgreSQL): on a 2-core machine each run keeps one
 * worker busy, so together they finish in about the time of the longer one. Output of the two
 * interleaves; each prints its own summary and the failures are repeated at the end.
 */
async function vitestSteps(steps) {
  log(`tests: ${steps.map((s) => s.name).join(' ‖ ')}`);
  const started = Date.now();
  const statuses = await Promise.all(
    steps.map(
      (s) =>
        new Promise((resolve) => {
          const child = spawn(vitest[0], vitestArgs(s.name, s.args), { stdio: 'inherit', cwd: root, env: s.env });
          child.on('error', () => resolve(1));
          child.on('exit', (code) => {
            durations.push(`${s.name} ${Math.round((Date.now() - started) / 1000)} s`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  steps.forEach((s, i) => {
    recordReport(s.name, statuses[i]);
  });
}

function recordReport(name, status) {
  const out = join(reports, `${name}.json`);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const failures = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failures) {
        const why = (a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failedTests.push(`${name}: ${file.name.replace(`${root}/`, '')} › ${a.fullName}\n    ${why}`);
      }
      if (!failures.length && file.status === 'failed') {
        failedTests.push(
          `${name}: ${file.name.replace(`${root}/`, '')}\n    ${(file.message ?? '').split('\n')[0].slice(0, 300)}`,
        );
      }
    }
  } catch {
    // No report means the runner itself failed; the exit status below records it.
  }
  if (status !== 0) failedSteps.push(name);
}

ensureDependencies();
log('lint and format (biome)');
if (timed('lint', () => run('node_modules/.bin/biome', ['ci', '.'])) !== 0) failedSteps.push('lint');
log('type check (tsc -b)');
if (timed('typecheck', () => run('node_modules/.bin/tsc', ['-b'])) !== 0) failedSteps.push('typecheck');

vitestStep('unit', ['--project', 'unit', '--project', 'web']);

const embedded = { ...process.env };
delete embedded.TEST_DATABASE_URL;
delete embedded.TEST_REDIS_URL;
const pglite = { name: 'integration-pglite', args: ['--project', 'integration'], env: embedded };
if (process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL) {
  // The same tests on both databases, at once: they share nothing (PGlite lives in the process).
  await vitestSteps([
    pglite,
    { name: 'integration-postgres-redis', args: ['--project', 'integration'], env: process.env },
  ]);
} else {
  vitestStep(pglite.name, pglite.args, pglite.env);
}

ensureChromium();
// The browser tests' global setup builds the web app and starts the server on a fresh database.
vitestStep('browser', ['--config', 'apps/web/e2e/vitest.config.ts']);

rmSync(reports, { recursive: true, force: true });
console.log('');
for (const line of failedTests) console.log(`FAILED ${line}`);
log(`step times: ${durations.join(', ')}`);
if (failedSteps.length) log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
