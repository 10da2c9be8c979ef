import { type BattleRoomData, ROOM_STATE } from '@kaixiang/shared/battles';

/**
 * Where a battle's screen is at a given server time (spec 2 §4): the server reveals round k at
 * started_at + (k - 1) · round_ms and settles one round after the last; the screen turns each
 * seat's reel for the round being revealed and counts a round's items once its reels have landed.
 * Driven by server time only, so a watcher who arrives late, or reloads, sees the battle exactly
 * where it is: the reel of the current round part-way through, earlier rounds landed.
 */

/** Items on one seat's reel (spec 2 §9) and where the won one sits: a few tiles follow it. */
export const REEL_TILES = 30;
export const REEL_LAND_INDEX = 26;
/**
 * The completion screen comes this long after the last round's reveal (spec 2 §9 "end screen
 * after 6 s"): the fast mode's whole battle is "0.5 s per round plus 6 s", and a normal round's
 * 5 s reel plus a moment on the landed items is the same 6 s.
 */
export const END_SCREEN_MS = 6_000;

/** A reel turns for most of its round and rests on the result for the remainder. */
export function spinMsOf(roundMs: number): number {
  return Math.round(roundMs * 0.9);
}

type TimedRoom = Pick<BattleRoomData, 'room_state' | 'started_at' | 'round_ms' | 'total_round' | 'rolls'>;

export interface BattleMoment {
  /** Rounds whose reels have landed: their items count in each seat's total. */
  landed: number;
  /** The round (1-based) whose reels are turning and for how long they have been, or null. */
  spinning: { round: number; elapsedMs: number } | null;
  /** Every reel has landed and the end screen's wait is over: show the completion screen. */
  finished: boolean;
  /** When this moment changes next without news from the server (ms from now), or null. */
  nextInMs: number | null;
}

export function revealAt(room: Pick<TimedRoom, 'started_at' | 'round_ms'>, round: number): number {
  return (room.started_at ?? 0) + (round - 1) * room.round_ms;
}

export function momentOf(room: TimedRoom, serverNow: number): BattleMoment {
  const idle: BattleMoment = { landed: 0, spinning: null, finished: false, nextInMs: null };
  if (room.room_state === ROOM_STATE.waiting || room.room_state === ROOM_STATE.dissolved) return idle;
  const total = room.total_round;
  if (room.started_at === null) {
    // Running but the public seed not fixed yet: nothing revealed.
    return room.room_state === ROOM_STATE.ended ? { ...idle, landed: total, finished: true } : idle;
  }
  const known = Math.min(room.rolls.length, total);
  const byClock = Math.floor((serverNow - room.started_at) / room.round_ms) + 1;
  const round = Math.max(0, Math.min(known, byClock));
  if (round === 0) return { ...idle, nextInMs: Math.max(0, room.started_at - serverNow) };
  const spin = spinMsOf(room.round_ms);
  const elapsedMs = serverNow - revealAt(room, round);
  if (elapsedMs < spin) {
    return { landed: round - 1, spinning: { round, elapsedMs }, finished: false, nextInMs: spin - elapsedMs };
  }
  if (round < total) {
    // The next reveal comes with a socket event; the timer is for a snapshot that already has it.
    const next = revealAt(room, round + 1) - serverNow;
    return { landed: round, spinning: null, finished: false, nextInMs: round < known ? Math.max(0, next) : null };
  }
  const endAt = revealAt(room, total) + END_SCREEN_MS;
  if (room.room_state !== ROOM_STATE.ended) return { landed: total, spinning: null, finished: false, nextInMs: null };
  if (serverNow >= endAt) return { landed: total, spinning: null, finished: true, nextInMs: null };
  return { landed: total, spinning: null, finished: false, nextInMs: endAt - serverNow };
}

/** Each seat's value of the rounds that have landed, by seat index. */
export function seatTotals(room: Pick<BattleRoomData, 'rolls' | 'user_num'>, landed: number): number[] {
  const totals = Array.from({ length: room.user_num }, () => 0);
  for (const round of room.rolls.slice(0, landed)) {
    for (const roll of round) if (roll.seat < totals.length) totals[roll.seat] = (totals[roll.seat] ?? 0) + roll.price;
  }
  return totals;
}
