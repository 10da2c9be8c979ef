import type { Redis } from 'ioredis';

/**
 * The rain's pop (docs/promotions/rain.md "The hot path"): which packet a grab takes. Each player
 * gets one index per round and each index one player, in the order the pops arrive; a player who
 * asks again gets the same index (a retry after a crash completes their grab). On Redis when
 * configured (every process pops from the same counter, in one script, atomically); in memory in
 * the embedded mode (one process). PostgreSQL stays the truth: the counter is rebuilt from the
 * recorded grabs when its keys are missing (Redis restarted: it keeps nothing on disk here).
 */
export type PopResult =
  /** `fresh`: this call took the index; otherwise it was this player's already. */
  | { status: 'ok'; idx: number; fresh: boolean }
  | { status: 'gone' }
  /** The round's end has come, or its close began. */
  | { status: 'closed' }
  /** The counter holds nothing for the round: rebuild it (`prepare`) and pop again. */
  | { status: 'unknown' };

export interface RoundCounterState {
  count: number;
  endAtMs: number;
  closed: boolean;
  /** Grabs recorded in PostgreSQL: their indexes stay theirs. */
  taken: readonly { userId: number; idx: number }[];
}

export interface RainCounter {
  /** Sets a round up unless it is there already (a rebuild racing another is harmless). */
  prepare(roundId: number, state: RoundCounterState): Promise<void>;
  pop(roundId: number, userId: number, nowMs: number): Promise<PopResult>;
  /**
   * The player's index `stale` turned out to be another's (the counter was rebuilt while a grab
   * was in flight): a new one, or null when none is left. Answers the player's current index if it
   * moved on already.
   */
  reassign(roundId: number, userId: number, stale: number): Promise<number | null>;
  /** Stops the pops and answers every index handed out (null: the counter has no such round). */
  close(roundId: number): Promise<{ userId: number; idx: number }[] | null>;
  /** Indexes handed out so far (null: unknown). */
  taken(roundId: number): Promise<number | null>;
}

/** Rounds are forgotten this long after their end (their grabs are in PostgreSQL). */
const KEEP_AFTER_END_MS = 86_400_000;

interface MemoryRound {
  count: number;
  endAtMs: number;
  closed: boolean;
  next: number;
  users: Map<number, number>;
}

export function memoryRainCounter(now: () => number): RainCounter {
  const rounds = new Map<number, MemoryRound>();
  const sweep = () => {
    for (const [id, r] of rounds) if (r.endAtMs + KEEP_AFTER_END_MS < now()) rounds.delete(id);
  };
  // No await inside any method: one process runs each as one step.
  return {
    async prepare(roundId, s) {
      if (rounds.has(roundId)) return;
      sweep();
      const users = new Map(s.taken.map((t) => [t.userId, t.idx] as const));
      const next = s.taken.reduce((m, t) => Math.max(m, t.idx + 1), 0);
      rounds.set(roundId, { count: s.count, endAtMs: s.endAtMs, closed: s.closed, next, users });
    },
    async pop(roundId, userId, nowMs) {
      const r = rounds.get(roundId);
      if (!r) return { status: 'unknown' };
      const have = r.users.get(userId);
      if (have !== undefined) return { status: 'ok', idx: have, fresh: false };
      if (r.closed || nowMs >= r.endAtMs) return { status: 'closed' };
      if (r.next >= r.count) return { status: 'gone' };
      const idx = r.next++;
      r.users.set(userId, idx);
      return { status: 'ok', idx, fresh: true };
    },
    async reassign(roundId, userId, stale) {
      const r = rounds.get(roundId);
      if (!r) return null;
      const have = r.users.get(userId);
      if (have !== undefined && have !== stale) return have;
      if (r.next >= r.count) return null;
      const idx = r.next++;
      r.users.set(userId, idx);
      return idx;
    },
    async close(roundId) {
      const r = rounds.get(roundId);
      if (!r) return null;
      r.closed = true;
      return [...r.users].map(([userId, idx]) => ({ userId, idx }));
    },
    async taken(roundId) {
      return rounds.get(roundId)?.next ?? null;
    },
  };
}

// KEYS[1] the round's hash (count, end, next, closed), KEYS[2] user → index. Scripts run whole:
// no other client's command comes between a check and its write.
const POP = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {-3} end
local have = redis.call('HGET', KEYS[2], ARGV[1])
if have then return {1, tonumber(have)} end
local m = redis.call('HMGET', KEYS[1], 'count', 'end', 'next', 'closed')
if m[4] == '1' or tonumber(ARGV[2]) >= tonumber(m[2]) then return {-2} end
local n = tonumber(m[3])
if n >= tonumber(m[1]) then return {-1} end
redis.call('HSET', KEYS[1], 'next', n + 1)
redis.call('HSET', KEYS[2], ARGV[1], n)
return {0, n}`;

// ARGV: count, end, next, closed, time to live (ms), then user, index pairs. The time to live is
// relative: Redis's own clock need not be the app's (tests move theirs).
const PREPARE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'count', ARGV[1], 'end', ARGV[2], 'next', ARGV[3], 'closed', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
for i = 6, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 1`;

const REASSIGN = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local have = redis.call('HGET', KEYS[2], ARGV[1])
if have and have ~= ARGV[2] then return tonumber(have) end
local m = redis.call('HMGET', KEYS[1], 'count', 'next')
local n = tonumber(m[2])
if n >= tonumber(m[1]) then return -1 end
redis.call('HSET', KEYS[1], 'next', n + 1)
redis.call('HSET', KEYS[2], ARGV[1], n)
return n`;

const CLOSE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[1], 'closed', '1')
return redis.call('HGETALL', KEYS[2])`;

type Scripted = Record<
  'kxRainPop' | 'kxRainPrepare' | 'kxRainReassign' | 'kxRainClose',
  (...a: (string | number)[]) => Promise<unknown>
>;

export function redisRainCounter(redis: Redis, prefix: string, now: () => number): RainCounter {
  // Sent by SHA (EVALSHA): the hot second pays for the script text once per connection.
  redis.defineCommand('kxRainPop', { numberOfKeys: 2, lua: POP });
  redis.defineCommand('kxRainPrepare', { numberOfKeys: 2, lua: PREPARE });
  redis.defineCommand('kxRainReassign', { numberOfKeys: 2, lua: REASSIGN });
  redis.defineCommand('kxRainClose', { numberOfKeys: 2, lua: CLOSE });
  const r = redis as unknown as Scripted;
  const keys = (roundId: number) => [`${prefix}rain:${roundId}:m`, `${prefix}rain:${roundId}:u`] as const;
  return {
    async prepare(roundId, s) {
      const next = s.taken.reduce((m, t) => Math.max(m, t.idx + 1), 0);
      const pairs = s.taken.flatMap((t) => [t.userId, t.idx]);
      await r.kxRainPrepare(
        ...keys(roundId),
        s.count,
        s.endAtMs,
        next,
        s.closed ? 1 : 0,
        Math.max(0, s.endAtMs - now()) + KEEP_AFTER_END_MS,
        ...pairs,
      );
    },
    async pop(roundId, userId, nowMs) {
      const [code, idx] = (await r.kxRainPop(...keys(roundId), userId, nowMs)) as [number, number?];
      if (code === 0 || code === 1) return { status: 'ok', idx: Number(idx), fresh: code === 0 };
      return { status: code === -1 ? 'gone' : code === -2 ? 'closed' : 'unknown' };
    },
    async reassign(roundId, userId, stale) {
      const idx = Number(await r.kxRainReassign(...keys(roundId), userId, stale));
      return idx < 0 ? null : idx;
    },
    async close(roundId) {
      const flat = (await r.kxRainClose(...keys(roundId))) as string[] | null;
      if (!flat) return null;
      const out: { userId: number; idx: number }[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) out.push({ userId: Number(flat[i]), idx: Number(flat[i + 1]) });
      return out;
    },
    async taken(roundId) {
      const next = await redis.hget(keys(roundId)[0], 'next');
      return next === null ? null : Number(next);
    },
  };
}
