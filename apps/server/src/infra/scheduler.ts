import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import {
  advisoryLeadership,
  DEFAULT_SCHEDULER_LOCK_KEY,
  type Leadership,
  type SchedulerLog,
  soleLeadership,
} from './leader.ts';

export type { SchedulerLog } from './leader.ts';

/**
 * Timed loops (round expiries, draws, auto-sell...) run by exactly one process: the leader
 * (leader.ts). Every process registers the same loops; only the leader's timers fire.
 */
export interface Scheduler {
  /**
   * Runs `fn` every `intervalMs` while this process leads. A run never overlaps the previous run
   * of the same loop (that tick is skipped). `signal` aborts when leadership is lost or the
   * scheduler stops: a long run should check it between steps and give up, since another process
   * may already be running the loop. Errors are logged, never thrown.
   */
  every(name: string, intervalMs: number, fn: (signal: AbortSignal) => Promise<void>): void;
  start(): void;
  /** Stops the loops, waits for runs in progress, then gives up leadership. */
  stop(): Promise<void>;
  isLeader(): boolean;
}

export interface SchedulerDeps {
  database: Database;
  pollMs: number;
  clock: Clock;
  log: SchedulerLog;
  lockKey?: number;
}

interface Loop {
  readonly name: string;
  readonly intervalMs: number;
  readonly fn: (signal: AbortSignal) => Promise<void>;
  timer: NodeJS.Timeout | null;
  /** The run in progress, if any; it may outlive the timer (a run is never cut short). */
  run: Promise<void> | null;
  abort: AbortController | null;
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const { clock, log } = deps;
  const loops = new Map<string, Loop>();
  let leading = false;
  let started = false;

  function runOnce(loop: Loop): void {
    if (loop.run) return;
    const abort = new AbortController();
    loop.abort = abort;
    const startedMs = clock.now();
    loop.run = (async () => {
      try {
        await loop.fn(abort.signal);
      } catch (err) {
        log.error({ err, loop: loop.name }, 'scheduled loop failed');
      } finally {
        const tookMs = clock.now() - startedMs;
        if (tookMs > loop.intervalMs) {
          log.warn({ loop: loop.name, tookMs, intervalMs: loop.intervalMs }, 'scheduled loop overran its interval');
        }
        loop.run = null;
        if (loop.abort === abort) loop.abort = null;
      }
    })();
  }

  function arm(loop: Loop): void {
    if (loop.timer) return;
    // The first run comes one interval after election, not at once: a leader that died mid-run
    // may still be finishing that run, and the interval gives it time to end before we start.
    loop.timer = setInterval(() => runOnce(loop), loop.intervalMs);
    loop.timer.unref();
  }

  function disarm(loop: Loop): void {
    if (loop.timer) clearInterval(loop.timer);
    loop.timer = null;
    loop.abort?.abort();
  }

  const events = {
    onElected() {
      leading = true;
      for (const loop of loops.values()) arm(loop);
    },
    onDeposed() {
      leading = false;
      for (const loop of loops.values()) disarm(loop);
    },
  };

  const leadership: Leadership =
    deps.database.kind === 'pglite' || !deps.database.url
      ? soleLeadership(events)
      : advisoryLeadership({
          ...events,
          url: deps.database.url,
          lockKey: deps.lockKey ?? DEFAULT_SCHEDULER_LOCK_KEY,
          pollMs: deps.pollMs,
          log,
        });

  return {
    every(name, intervalMs, fn) {
      if (loops.has(name)) throw new Error(`scheduler loop "${name}" is already registered`);
      if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0) {
        throw new Error(`scheduler loop "${name}": interval must be a positive integer of ms`);
      }
      const loop: Loop = { name, intervalMs, fn, timer: null, run: null, abort: null };
      loops.set(name, loop);
      if (leading && started) arm(loop);
    },
    start() {
      if (started) return;
      started = true;
      leadership.start();
    },
    async stop() {
      started = false;
      for (const loop of loops.values()) disarm(loop);
      // Runs finish before the lock goes: the next leader must not start while one is in flight.
      await Promise.all([...loops.values()].map((loop) => loop.run));
      await leadership.stop();
    },
    isLeader: () => leading && leadership.isLeader(),
  };
}
