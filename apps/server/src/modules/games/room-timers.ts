/**
 * Room deadlines (GAMES.md §2). `game_rooms.due_at` is the truth; the scheduler leader turns it
 * into ticks:
 *
 * - a precise in-memory timer per room it knows of, armed when a commit on this process sets a
 *   deadline, or when another process tells it one on the control room (`sys:games` `due`);
 * - a sweep every SWEEP_MS that arms every deadline due within the next sweep: rooms whose news
 *   never reached this process (made on another process before this one led, a lost message, a
 *   restart) are picked up at most one sweep late.
 *
 * A tick is the game's `onDue(roomId)`, which applies a transition through the engine under the
 * room's row lock and re-checks the deadline there: a late, early or repeated tick is harmless.
 * Followers keep no timers; when leadership moves the new leader's sweep finds every deadline.
 */
import { and, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameRooms } from '../../db/schema/games.ts';
import type { BusMessage, EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Scheduler, SchedulerLog } from '../../infra/scheduler.ts';
import type { RoomEngine } from './room-engine.ts';

export const GAMES_CONTROL_ROOM = 'sys:games';
const DUE_EVENT = 'due';
export const SWEEP_MS = 1_000;
/** A tick that fails (a lost database connection) is tried again this much later. */
const RETRY_MS = 500;
/** How long a served deadline is remembered against stale sweep reads. */
const SERVED_MEMORY_MS = 60_000;

export type TickObserver = (tick: { game: string; roomId: number; lateMs: number; tookMs: number }) => void;

interface DueNews {
  game: string;
  room_id: number;
  due_at: number;
}

export interface RoomTimers {
  /** Starts the sweep (and the games' own leader jobs) on this scheduler and listens for deadlines. */
  attach(scheduler: Scheduler): void;
  /** A game's own periodic job on the leader (the turntable opens its first round); before attach. */
  job(name: string, intervalMs: number, fn: () => Promise<void>): void;
  /** Rooms with an armed timer (tests, metrics). */
  armed(): number;
  /** Runs one sweep now (tests). */
  sweep(): Promise<void>;
  /** Called after every tick with how late it started and how long it took (bench, metrics). */
  observe(observer: TickObserver): void;
  stop(): void;
}

export function createRoomTimers(deps: {
  db: Db;
  bus: EventBus;
  clock: Clock;
  engine: RoomEngine;
  log: SchedulerLog;
}): RoomTimers {
  const observers: TickObserver[] = [];
  const timers = new Map<number, { dueAt: number; timer: NodeJS.Timeout }>();
  /** Rooms whose tick is running: the deadline it serves, and the earliest later one heard of meanwhile. */
  const inFlight = new Map<number, { served: number; next: { game: string; dueAt: number } | null }>();
  /**
   * The last deadline a tick served, per room. A sweep reads the table before it arms what it
   * read; a room's tick may commit its next deadline in between. Without this the sweep's stale
   * deadline would replace the new one's timer (and the new one would wait for the next sweep).
   */
  const served = new Map<number, number>();
  let scheduler: Scheduler | null = null;
  const jobs: { name: string; intervalMs: number; fn: () => Promise<void> }[] = [];
  let unsubscribe: (() => void) | null = null;

  const leading = () => scheduler?.isLeader() ?? false;

  function arm(game: string, roomId: number, dueAt: number): void {
    if (!leading()) return;
    if (dueAt <= (served.get(roomId) ?? Number.NEGATIVE_INFINITY)) return;
    // A tick in flight sets the room's next deadline itself; the sweep may still read the one it
    // is serving. Keep the earliest news for when it is done instead of ticking twice.
    const flight = inFlight.get(roomId);
    if (flight) {
      if (dueAt > flight.served && (flight.next === null || dueAt < flight.next.dueAt)) flight.next = { game, dueAt };
      return;
    }
    const current = timers.get(roomId);
    if (current && current.dueAt <= dueAt) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(() => void fire(game, roomId, dueAt), Math.max(0, dueAt - deps.clock.now()));
    timers.set(roomId, { dueAt, timer });
  }

  async function fire(game: string, roomId: number, dueAt: number): Promise<void> {
    if (timers.get(roomId)?.dueAt === dueAt) timers.delete(roomId);
    if (!leading() || inFlight.has(roomId)) return;
    // A timer may fire a millisecond before the clock says the deadline came: its tick would find
    // nothing due, yet count the deadline as served. Wait the rest instead.
    if (deps.clock.now() < dueAt) {
      arm(game, roomId, dueAt);
      return;
    }
    const onDue = deps.engine.spec(game).onDue;
    if (!onDue) return;
    const lateMs = deps.clock.now() - dueAt;
    const started = performance.now();
    const flight = { served: dueAt, next: null as { game: string; dueAt: number } | null };
    inFlight.set(roomId, flight);
    let failed = false;
    try {
      // The transition sets the next deadline, which comes back through onDeadline (kept above).
      await onDue(roomId);
      served.set(roomId, Math.max(dueAt, served.get(roomId) ?? dueAt));
      const tookMs = performance.now() - started;
      for (const observer of observers) observer({ game, roomId, lateMs, tookMs });
    } catch (err) {
      deps.log.error({ err, game, roomId }, 'room tick failed');
      failed = true;
    }
    inFlight.delete(roomId);
    if (failed) {
      const retry = setTimeout(() => void fire(game, roomId, dueAt), RETRY_MS);
      timers.set(roomId, { dueAt, timer: retry });
    } else if (flight.next) arm(flight.next.game, roomId, flight.next.dueAt);
  }

  async function sweep(): Promise<void> {
    const now = deps.clock.now();
    // A sweep's read is at most moments old: older served deadlines cannot come back.
    for (const [roomId, at] of served) if (at < now - SERVED_MEMORY_MS) served.delete(roomId);
    const horizon = new Date(now + SWEEP_MS);
    const rows = await deps.db
      .select({ id: gameRooms.id, game: gameRooms.game, dueAt: gameRooms.dueAt })
      .from(gameRooms)
      .where(and(isNotNull(gameRooms.dueAt), lte(gameRooms.dueAt, horizon)))
      .orderBy(gameRooms.dueAt)
      .limit(1_000);
    for (const r of rows) if (r.dueAt) arm(r.game, r.id, r.dueAt.getTime());
  }

  deps.engine.onDeadline((game, roomId, dueAt) => {
    if (leading()) arm(game, roomId, dueAt);
    else {
      const news: DueNews = { game, room_id: roomId, due_at: dueAt };
      void deps.bus.publish(GAMES_CONTROL_ROOM, DUE_EVENT, news).catch(() => undefined);
    }
  });

  return {
    attach(s) {
      scheduler = s;
      s.every('games:sweep', SWEEP_MS, sweep);
      for (const j of jobs) s.every(j.name, j.intervalMs, j.fn);
      unsubscribe = deps.bus.subscribe((m: BusMessage) => {
        if (m.room !== GAMES_CONTROL_ROOM || m.type !== DUE_EVENT) return;
        const news = m.data as DueNews;
        arm(news.game, news.room_id, news.due_at);
      });
    },
    job(name, intervalMs, fn) {
      jobs.push({ name, intervalMs, fn });
    },
    armed: () => timers.size,
    observe: (observer) => {
      observers.push(observer);
    },
    sweep,
    stop() {
      unsubscribe?.();
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
      served.clear();
    },
  };
}
