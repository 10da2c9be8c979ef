import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { systemClock } from './clock.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

/**
 * Leadership between processes. Each scheduler here has its own Database and its own dedicated
 * lock session, exactly as two server processes would; a random lock key per test keeps these
 * tests apart from each other and from anything else using the same database.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const POLL_MS = 50;
const INTERVAL_MS = 20;

interface Run {
  who: string;
  startMs: number;
  endMs: number;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const quietLog = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function open(opts: { url?: string }): Promise<Database> {
  const database = await openDatabase(opts);
  cleanups.push(() => database.close());
  return database;
}

/** A "process": its own database handle and scheduler, running the shared loop. */
async function startProcess(who: string, lockKey: number, runs: Run[]): Promise<Scheduler> {
  const scheduler = createScheduler({
    database: await open({ url: DATABASE_URL }),
    pollMs: POLL_MS,
    clock: systemClock,
    log: quietLog,
    lockKey,
  });
  scheduler.every('expire-rounds', INTERVAL_MS, async () => {
    const startMs = performance.now();
    await sleep(5);
    runs.push({ who, startMs, endMs: performance.now() });
  });
  cleanups.push(() => scheduler.stop());
  scheduler.start();
  return scheduler;
}

function expectNoOverlap(runs: Run[]): void {
  const sorted = [...runs].sort((a, b) => a.startMs - b.startMs);
  for (let i = 1; i < sorted.length; i++) {
    const [prev, next] = [sorted[i - 1]!, sorted[i]!];
    if (next.startMs < prev.endMs) throw new Error(`runs overlap: ${JSON.stringify([prev, next])}`);
  }
}

const leaderOf = (a: Scheduler, b: Scheduler) => (a.isLeader() ? a : b);
const runsBy = (runs: Run[], who: string) => runs.filter((r) => r.who === who).length;

describe.skipIf(!DATABASE_URL)('scheduler leadership on PostgreSQL', () => {
  it('lets exactly one process run the loop, and the other take over when the leader stops', async () => {
    const lockKey = randomInt(1, 2 ** 31);
    const runs: Run[] = [];
    const a = await startProcess('a', lockKey, runs);
    const b = await startProcess('b', lockKey, runs);
    await until(() => runs.length >= 5, 'five runs');
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const [leader, follower, leaderName, followerName] = a.isLeader() ? [a, b, 'a', 'b'] : [b, a, 'b', 'a'];
    expect(runsBy(runs, followerName)).toBe(0);

    await leader.stop();
    const stoppedAt = performance.now();
    expect(leader.isLeader()).toBe(false);
    await until(() => follower.isLeader(), 'takeover', 5 * POLL_MS + 1000);
    await until(() => runsBy(runs, followerName) >= 3, 'runs by the new leader');
    expect(runs.filter((r) => r.who === leaderName && r.startMs >= stoppedAt)).toEqual([]);
    expectNoOverlap(runs);
  });

  it('hands over when the leader loses its session, and the old leader rejoins as a follower', async () => {
    const lockKey = randomInt(1, 2 ** 31);
    const runs: Run[] = [];
    const a = await startProcess('a', lockKey, runs);
    const b = await startProcess('b', lockKey, runs);
    await until(() => a.isLeader() || b.isLeader(), 'a leader');
    const first = leaderOf(a, b);
    const second = first === a ? b : a;
    await until(() => runs.length >= 3, 'runs');

    // An administrator (or a network failure) kills the leader's session: PostgreSQL drops its lock.
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    const holder = await admin.query<{ pid: number }>(
      "select pid from pg_locks where locktype = 'advisory' and classid = 0 and objid = $1 and granted",
      [lockKey],
    );
    expect(holder.rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [holder.rows[0]!.pid]);

    await until(() => !first.isLeader(), 'the old leader noticing', 2000);
    await until(() => second.isLeader(), 'takeover', 5 * POLL_MS + 1000);
    const secondName = second === a ? 'a' : 'b';
    await until(() => runsBy(runs, secondName) >= 3, 'runs by the new leader');
    // The old leader reconnected and keeps trying, but the lock is taken.
    await sleep(3 * POLL_MS);
    expect(first.isLeader()).toBe(false);

    // ...and it is ready to lead again when the new leader goes.
    await second.stop();
    await until(() => first.isLeader(), 'the old leader taking over again', 5 * POLL_MS + 2000);
    const firstName = first === a ? 'a' : 'b';
    const before = runsBy(runs, firstName);
    await until(() => runsBy(runs, firstName) > before, 'runs by the old leader');
    expectNoOverlap(runs);
  });
});

describe('scheduler on PGlite', () => {
  it('is the leader from start to stop: a single process has nobody to share with', async () => {
    const scheduler = createScheduler({
      database: await open({}),
      pollMs: POLL_MS,
      clock: systemClock,
      log: quietLog,
    });
    let runs = 0;
    scheduler.every('tick', INTERVAL_MS, async () => {
      runs++;
    });
    expect(scheduler.isLeader()).toBe(false);
    scheduler.start();
    expect(scheduler.isLeader()).toBe(true);
    await until(() => runs >= 2, 'two runs');
    await scheduler.stop();
    expect(scheduler.isLeader()).toBe(false);
    const after = runs;
    await sleep(3 * INTERVAL_MS);
    expect(runs).toBe(after);
  });
});
