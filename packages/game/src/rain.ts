/**
 * Red-packet rain (红包雨, issue 21): the pure rules. A rain round hands out `count` packets that
 * share a pool of `poolUnits`, at least `minUnits` each. The amounts are drawn once, when the round
 * opens, with the double-mean method (二倍均值法) from the round's committed seed:
 *
 *   surplus S = pool − count × min; for packet i = 0 … count − 2, with k = count − i packets left,
 *   extra_i = roll in [0, ⌊2 × S_left / k⌋] (uniform, HMAC rejection sampling), S_left −= extra_i;
 *   the last packet takes what is left; packet i = min + extra_i.
 *
 * Every packet is ≥ min and the sum is exactly the pool (the last packet absorbs the floors), and
 * each extra is at most twice the mean of what is left, so no packet takes more than about twice
 * its share early on. Roll i = sharedRollIntAt(game "rain", serverSeed, publicSeed, roomId, round
 * 0, slot i): the same shared-round recipe as every game (engine.ts), so the fairness page
 * recomputes the list in the browser. The list's hash is published at the opening, before the
 * first grab; the n-th successful grab (0-based index n, the order the server took them in) gets
 * packet n.
 *
 * Schedules make the rounds' windows (`rainWindows`): once, daily at China-time clock times, or
 * every so many seconds from an anchor.
 */
import { assertRoomId, err, ok, type Result, type RoomId, sharedRollIntAt } from './engine.ts';
import { sha256Hex } from './sha256.ts';

export const RAIN_GAME = 'rain';
export const RAIN_ROUND = 0;

/** The smallest packet an operator may set: 0.01 yuan. */
export const RAIN_MIN_PACKET_FLOOR_UNITS = 100;
/** Packets in one round. The bench grabs 5,000 at once; the list is generated in one go. */
export const RAIN_MAX_PACKETS = 20_000;
/** The largest pool of one round: 1,000,000 yuan. */
export const RAIN_MAX_POOL_UNITS = 10_000_000_000;
/** A window lasts at least 10 s and at most an hour. */
export const RAIN_MIN_WINDOW_MS = 10_000;
export const RAIN_MAX_WINDOW_MS = 3_600_000;
/** China time (UTC+8): daily windows are clock times there. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export interface RainParams {
  poolUnits: number;
  count: number;
  minUnits: number;
}

export type RainParamsError =
  | 'RAIN_POOL_INVALID'
  | 'RAIN_COUNT_INVALID'
  | 'RAIN_MIN_PACKET_INVALID'
  | 'RAIN_POOL_TOO_SMALL';

/** Whether a round's pool, packet count and minimum can make a list. */
export function rainParamsError(p: RainParams): RainParamsError | null {
  if (!Number.isSafeInteger(p.poolUnits) || p.poolUnits <= 0 || p.poolUnits > RAIN_MAX_POOL_UNITS) {
    return 'RAIN_POOL_INVALID';
  }
  if (!Number.isSafeInteger(p.count) || p.count < 1 || p.count > RAIN_MAX_PACKETS) return 'RAIN_COUNT_INVALID';
  if (!Number.isSafeInteger(p.minUnits) || p.minUnits < RAIN_MIN_PACKET_FLOOR_UNITS) return 'RAIN_MIN_PACKET_INVALID';
  if (p.count * p.minUnits > p.poolUnits) return 'RAIN_POOL_TOO_SMALL';
  return null;
}

export interface RainSeeds {
  serverSeed: string;
  /** The public beacon value fixed after the round's seed was committed (see docs: grinding). */
  publicSeed: string;
  roomId: RoomId;
}

/** One packet's draw, for the verifier to show its work. */
export interface PacketDraw {
  /** The roll's range was [0, bound]; the roll itself. */
  bound: number;
  roll: number;
  cursor: number;
  chunkIndex: number;
}

/**
 * The round's packets in grab order, with each draw (the last packet draws nothing: it takes the
 * rest). Throws on parameters `rainParamsError` refuses: the server checks them when a round is
 * made, so a bad one here is a programmer error.
 */
export function generatePacketsWithDraws(seeds: RainSeeds, p: RainParams): { packets: number[]; draws: PacketDraw[] } {
  const bad = rainParamsError(p);
  if (bad) throw new RangeError(`rain parameters refused: ${bad}`);
  assertRoomId(seeds.roomId);
  const packets: number[] = [];
  const draws: PacketDraw[] = [];
  let surplus = p.poolUnits - p.count * p.minUnits;
  for (let i = 0; i < p.count - 1; i++) {
    const left = p.count - i;
    // At most twice the mean of what is left (k ≥ 2, so never more than the surplus itself).
    const bound = Math.floor((2 * surplus) / left);
    const chunk = sharedRollIntAt(
      {
        game: RAIN_GAME,
        serverSeed: seeds.serverSeed,
        publicSeed: seeds.publicSeed,
        roomId: seeds.roomId,
        round: RAIN_ROUND,
        slot: i,
      },
      bound + 1,
    );
    surplus -= chunk.value;
    packets.push(p.minUnits + chunk.value);
    draws.push({ bound, roll: chunk.value, cursor: chunk.cursor, chunkIndex: chunk.index });
  }
  packets.push(p.minUnits + surplus);
  return { packets, draws };
}

/** The round's packets in grab order: packet n goes to the n-th successful grab (0-based). */
export function generatePackets(seeds: RainSeeds, p: RainParams): number[] {
  return generatePacketsWithDraws(seeds, p).packets;
}

/**
 * The list's commitment, published when the round opens: SHA-256 (hex) of
 * "rain:<roomId>:<packet 0>,<packet 1>,…" (decimal units). The room id keeps two rounds with the
 * same amounts from sharing a hash.
 */
export function packetsHash(roomId: RoomId, packets: readonly number[]): string {
  return sha256Hex(`${RAIN_GAME}:${roomId}:${packets.join(',')}`);
}

// --- who may grab ------------------------------------------------------------------------------

/** The operator's conditions of a schedule (signing in is always needed: the credit is a player's). */
export interface RainConditions {
  /** 0: any level. */
  minVipLevel: number;
  /** 0: no recharge needed; N: a recharge within the last N days (China days are not needed: 24 h × N). */
  rechargeDays: number;
}

export interface RainFacts {
  vipLevel: number;
  /** Units recharged within the last `rechargeDays` days (0 when none or not asked). */
  rechargedUnits: number;
}

export type RainEligibilityError = 'RAIN_VIP_TOO_LOW' | 'RAIN_RECHARGE_REQUIRED';

export function rainEligibility(c: RainConditions, f: RainFacts): Result<true, RainEligibilityError> {
  if (f.vipLevel < c.minVipLevel) return err('RAIN_VIP_TOO_LOW');
  if (c.rechargeDays > 0 && f.rechargedUnits <= 0) return err('RAIN_RECHARGE_REQUIRED');
  return ok(true);
}

export const RAIN_MAX_RECHARGE_DAYS = 365;
export const RAIN_MAX_VIP_LEVEL = 10;

export function rainConditionsError(c: RainConditions): 'RAIN_CONDITION_INVALID' | null {
  const okInt = (n: number, max: number) => Number.isSafeInteger(n) && n >= 0 && n <= max;
  return okInt(c.minVipLevel, RAIN_MAX_VIP_LEVEL) && okInt(c.rechargeDays, RAIN_MAX_RECHARGE_DAYS)
    ? null
    : 'RAIN_CONDITION_INVALID';
}

// --- schedules ---------------------------------------------------------------------------------

/**
 * When a schedule rains:
 * - once: one window [startAtMs, endAtMs);
 * - daily: each day at the given China-time clock times ("HH:MM"), for durationMs;
 * - every: every everyMs from anchorMs on, for durationMs (the development default: a rain every
 *   few minutes, so a fresh start shows one soon).
 */
export type RainTiming =
  | { kind: 'once'; startAtMs: number; endAtMs: number }
  | { kind: 'daily'; times: string[]; durationMs: number }
  | { kind: 'every'; anchorMs: number; everyMs: number; durationMs: number };

export interface RainWindow {
  startMs: number;
  endMs: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function rainTimingError(t: RainTiming): 'RAIN_WINDOW_INVALID' | null {
  const durationOk = (d: number) => Number.isSafeInteger(d) && d >= RAIN_MIN_WINDOW_MS && d <= RAIN_MAX_WINDOW_MS;
  switch (t.kind) {
    case 'once':
      return Number.isSafeInteger(t.startAtMs) && Number.isSafeInteger(t.endAtMs) && durationOk(t.endAtMs - t.startAtMs)
        ? null
        : 'RAIN_WINDOW_INVALID';
    case 'daily': {
      if (!durationOk(t.durationMs) || t.times.length < 1 || t.times.length > 48) return 'RAIN_WINDOW_INVALID';
      if (!t.times.every((s) => HHMM.test(s))) return 'RAIN_WINDOW_INVALID';
      // Windows of one day must not overlap (a player sees one countdown at a time).
      const starts = t.times.map(minutesOf).sort((a, b) => a - b);
      for (let i = 0; i < starts.length; i++) {
        const next = i + 1 < starts.length ? (starts[i + 1] as number) : (starts[0] as number) + 24 * 60;
        if ((next - (starts[i] as number)) * 60_000 <= t.durationMs) return 'RAIN_WINDOW_INVALID';
      }
      return null;
    }
    case 'every':
      return Number.isSafeInteger(t.anchorMs) &&
        durationOk(t.durationMs) &&
        Number.isSafeInteger(t.everyMs) &&
        t.everyMs > t.durationMs &&
        t.everyMs <= 7 * DAY_MS
        ? null
        : 'RAIN_WINDOW_INVALID';
  }
}

function minutesOf(hhmm: string): number {
  const m = HHMM.exec(hhmm);
  if (!m) throw new RangeError(`not a clock time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The windows of a timing that end after `fromMs` and start before `untilMs`, in order. */
export function rainWindows(t: RainTiming, fromMs: number, untilMs: number): RainWindow[] {
  const out: RainWindow[] = [];
  const keep = (startMs: number, endMs: number) => {
    if (endMs > fromMs && startMs < untilMs) out.push({ startMs, endMs });
  };
  switch (t.kind) {
    case 'once':
      keep(t.startAtMs, t.endAtMs);
      break;
    case 'daily': {
      // China midnight of the day before `fromMs` (a window may run over midnight).
      const firstDay = Math.floor((fromMs + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS - DAY_MS;
      const starts = t.times.map(minutesOf).sort((a, b) => a - b);
      for (let day = firstDay; day < untilMs; day += DAY_MS) {
        for (const m of starts) keep(day + m * 60_000, day + m * 60_000 + t.durationMs);
      }
      break;
    }
    case 'every': {
      const first = Math.max(0, Math.floor((fromMs - t.durationMs - t.anchorMs) / t.everyMs));
      for (let start = t.anchorMs + first * t.everyMs; start < untilMs; start += t.everyMs) {
        keep(start, start + t.durationMs);
      }
      break;
    }
  }
  return out;
}
