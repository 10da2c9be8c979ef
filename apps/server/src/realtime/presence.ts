/**
 * How many sockets are in a room across every process (a battle's watchCnt, spec 2 §3). Each
 * process knows its own sockets; they tell each other on the bus's control room `sys:presence`:
 *
 * - when this process's count of a tracked room changes, it announces its new count (throttled:
 *   at most one announcement per room per THROTTLE_MS, carrying the latest count);
 * - every HEARTBEAT_MS it repeats all its non-zero counts, so a process that started later learns
 *   them, and a process that died stops counting STALE_MS after its last word.
 *
 * The room's total is then announced to the room itself (`onTotal`) by the process whose
 * announcement it was, when that announcement comes back to it from the bus. The bus is one
 * ordered stream (one Redis channel, or one process), so by then that process has heard every
 * earlier announcement of every other process: the last announcement's total is always right,
 * whichever way two processes' changes race.
 */
import { randomUUID } from 'node:crypto';
import type { BusMessage, EventBus } from '../infra/bus.ts';
import type { Clock } from '../infra/clock.ts';

export const PRESENCE_CONTROL_ROOM = 'sys:presence';
const PRESENCE_EVENT = 'presence';
export const PRESENCE_THROTTLE_MS = 1_000;
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_STALE_MS = 30_000;

interface PresenceNews {
  process: string;
  /** Room → this process's sockets in it (0: none any more). */
  rooms: Record<string, number>;
  /** A heartbeat repeats counts; it changes no total worth announcing. */
  beat: boolean;
}

export interface Presence {
  /** The hub tells this process's count of sockets in a room whenever it changes. */
  local(room: string, size: number): void;
  /** Sockets in the room on every live process, as last heard. */
  count(room: string): number;
  close(): void;
}

export function createPresence(deps: {
  bus: EventBus;
  clock: Clock;
  /** Rooms worth counting (a game room); others cost nothing. */
  tracked: (room: string) => boolean;
  /** A room's new total, announced once per change (watchCnt). */
  onTotal: (room: string, total: number) => void;
  throttleMs?: number;
  heartbeatMs?: number;
  staleMs?: number;
}): Presence {
  const self = randomUUID();
  const throttleMs = deps.throttleMs ?? PRESENCE_THROTTLE_MS;
  const staleMs = deps.staleMs ?? PRESENCE_STALE_MS;
  /** This process's counts (non-zero only). */
  const mine = new Map<string, number>();
  /** Room → process → what it last said and when. */
  const heard = new Map<string, Map<string, { size: number; at: number }>>();
  /** Rooms with a change not announced yet. */
  const dirty = new Set<string>();
  /** When each room was last announced, for the throttle; and the pending trailing flushes. */
  const lastSent = new Map<string, number>();
  let flushTimer: NodeJS.Timeout | null = null;
  let closed = false;

  function publish(rooms: Record<string, number>, beat: boolean): void {
    const news: PresenceNews = { process: self, rooms, beat };
    void deps.bus.publish(PRESENCE_CONTROL_ROOM, PRESENCE_EVENT, news).catch(() => undefined);
  }

  function flush(): void {
    flushTimer = null;
    if (closed) return;
    const now = deps.clock.now();
    const rooms: Record<string, number> = {};
    let later = Number.POSITIVE_INFINITY;
    for (const room of dirty) {
      const wait = (lastSent.get(room) ?? Number.NEGATIVE_INFINITY) + throttleMs - now;
      if (wait > 0) {
        later = Math.min(later, wait);
        continue;
      }
      rooms[room] = mine.get(room) ?? 0;
      lastSent.set(room, now);
      dirty.delete(room);
    }
    if (Object.keys(rooms).length > 0) publish(rooms, false);
    if (later !== Number.POSITIVE_INFINITY) flushTimer = setTimeout(flush, later);
    // Forget throttle times nobody needs any more.
    if (lastSent.size > 10_000) for (const [room, at] of lastSent) if (now - at >= throttleMs) lastSent.delete(room);
  }

  function total(room: string, now: number): number {
    let sum = 0;
    const byProcess = heard.get(room);
    if (byProcess) {
      for (const [process, { size, at }] of byProcess) {
        if (process === self) continue;
        if (now - at > staleMs) byProcess.delete(process);
        else sum += size;
      }
      if (byProcess.size === 0) heard.delete(room);
    }
    return sum + (mine.get(room) ?? 0);
  }

  const unsubscribe = deps.bus.subscribe((m: BusMessage) => {
    if (m.room !== PRESENCE_CONTROL_ROOM || m.type !== PRESENCE_EVENT) return;
    const news = m.data as PresenceNews;
    const now = deps.clock.now();
    for (const [room, size] of Object.entries(news.rooms)) {
      if (news.process !== self) {
        const byProcess = heard.get(room) ?? new Map<string, { size: number; at: number }>();
        if (size > 0) byProcess.set(news.process, { size, at: now });
        else byProcess.delete(news.process);
        if (byProcess.size === 0) heard.delete(room);
        else heard.set(room, byProcess);
      } else if (!news.beat) {
        deps.onTotal(room, total(room, now));
      }
    }
  });

  const heartbeat = setInterval(() => {
    if (mine.size > 0) publish(Object.fromEntries(mine), true);
  }, deps.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    local(room, size) {
      if (closed || !deps.tracked(room)) return;
      if (size > 0) mine.set(room, size);
      else mine.delete(room);
      dirty.add(room);
      if (!flushTimer) flushTimer = setTimeout(flush, 0);
    },
    count: (room) => total(room, deps.clock.now()),
    close() {
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      if (flushTimer) clearTimeout(flushTimer);
    },
  };
}
