import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { systemClock } from './clock.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

/** Loop behaviour with a single-process (always leader) database; leadership itself is in the int test. */
const single = { kind: 'pglite', url: null } as unknown as Database;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function recordingLog() {
  const entries: Array<{ level: string; obj: Record<string, unknown>; msg: string | undefined }> = [];
  const at = (level: string) => (obj: object, msg?: string) =>
    entries.push({ level, obj: obj as Record<string, unknown>, msg });
  return { entries, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

async function until(check: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

const schedulers: Scheduler[] = [];
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
});

function make(database: Database = single) {
  const { entries, log } = recordingLog();
  const scheduler = createScheduler({ database, pollMs: 20, clock: systemClock, log });
  schedulers.push(scheduler);
  return { scheduler, entries };
}

describe('scheduler loops', () => {
  it('never overlaps a run with the previous run of the same loop', async () => {
    const { scheduler } = make();
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    // Each run takes three intervals: the ticks in between must be skipped, not stacked.
    scheduler.every('slow', 10, async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await sleep(30);
      active--;
      runs++;
    });
    scheduler.start();
    await until(() => runs >= 3, 'three runs');
    expect(maxActive).toBe(1);
  });

  it('logs a failing run and keeps the loop going', async () => {
    const { scheduler, entries } = make();
    let calls = 0;
    scheduler.every('flaky', 10, async () => {
      calls++;
      if (calls === 1) throw new Error('database hiccup');
    });
    scheduler.start();
    await until(() => calls >= 3, 'three calls');
    const failures = entries.filter((e) => e.level === 'error');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.obj.loop).toBe('flaky');
    expect((failures[0]!.obj.err as Error).message).toBe('database hiccup');
  });

  it('runs nothing before start, and a loop registered after start right away', async () => {
    const { scheduler } = make();
    let early = 0;
    let late = 0;
    scheduler.every('early', 10, async () => {
      early++;
    });
    await sleep(40);
    expect(early).toBe(0);
    scheduler.start();
    scheduler.every('late', 10, async () => {
      late++;
    });
    await until(() => early >= 2 && late >= 2, 'both loops');
  });

  it('refuses a second loop of the same name', () => {
    const { scheduler } = make();
    scheduler.every('x', 10, async () => {});
    expect(() => scheduler.every('x', 10, async () => {})).toThrow(/already registered/);
  });

  it('waits on stop for the run in progress, after telling it to give up', async () => {
    const { scheduler } = make();
    let signal: AbortSignal | null = null;
    let finished = false;
    scheduler.every('long', 10, async (s) => {
      signal = s;
      await sleep(50);
      finished = true;
    });
    scheduler.start();
    await until(() => signal !== null, 'a run');
    await scheduler.stop();
    expect(signal!.aborted).toBe(true);
    expect(finished).toBe(true);
  });

  it('stays a follower, retrying quietly, while PostgreSQL is unreachable', async () => {
    const unreachable = { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' } as unknown as Database;
    const { scheduler, entries } = make(unreachable);
    let runs = 0;
    scheduler.every('never', 10, async () => {
      runs++;
    });
    scheduler.start();
    await sleep(100);
    expect(scheduler.isLeader()).toBe(false);
    expect(runs).toBe(0);
    // One warning per outage, not one per poll.
    expect(entries.filter((e) => e.level === 'warn')).toHaveLength(1);
    await scheduler.stop();
  });
});
