/**
 * A grab, the rain's hot path (docs/promotions/rain.md "The hot path"): thousands in the same
 * second on several processes.
 *
 *   the round, from a per-process cache (one read a second, not one per grab)
 *   → who may grab: the round's conditions against the player, computed once per player and round
 *     on this process (usually already by the info call the countdown made before the rain)
 *   → the pop: the counter hands this player the next index, or the one they already hold
 *   → ONE statement, kx_rain_grab (group-committed with the grabs of the same event-loop turn):
 *     packet idx marked theirs and credited from the house's promotions account, keyed
 *     rain:<round>:<user>
 *   → acknowledged only after it committed; then the balance push, rpRedPacketRain to the player
 *     and, a few times a second, the packets left to the hall.
 *
 * A process killed between the pop and the commit leaves an index handed out without its row: the
 * player's retry gets the same index and the same statement completes it, and the round's close
 * completes whatever is still missing. Nothing acknowledged is lost: it committed first.
 */
import { type RainConditions, rainEligibility } from '@kaixiang/game/rain';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { RAIN_EVENTS, RAIN_HALL_ROOM, type RainGrabResponse, type RainSelfEvent } from '@kaixiang/shared/rain';
import { userRoom } from '@kaixiang/shared/socket';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { rechargedSince } from '../ledger/recharges.ts';
import { assertMayClaim } from '../protection/protection.service.ts';
import type { RainCounter } from './rain.counter.ts';
import { type GrabJson, grabOn, type RainRoom, roomOf, takenOf } from './rain.repo.ts';
import { hallFrame } from './rain.rounds.ts';

/** A running round is read again after this long (its state only moves on to ended). */
const ROUND_CACHE_MS = 1_000;
/** A refusal by the conditions is remembered this long (a recharge may lift it). */
const REFUSAL_CACHE_MS = 5_000;
/** The hall hears the packets left at most this often per process. */
export const PROGRESS_FRAME_MS = 250;
const DAY_MS = 86_400_000;

export interface RainGrabDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  counter: RainCounter;
  ledger: Pick<Ledger, 'pushBalances'>;
  onGrabBatch?: (size: number) => void;
}

const trivial = (c: RainConditions) => c.minVipLevel === 0 && c.rechargeDays === 0;

export function createRainGrab(deps: RainGrabDeps) {
  const { db, counter } = deps;
  const statement = grabOn(db, deps.onGrabBatch);

  // --- the round -------------------------------------------------------------------------------
  const rounds = new Map<number, { room: RainRoom; at: number }>();
  async function runningRound(roundId: number): Promise<RainRoom> {
    const now = deps.clock.now();
    const cached = rounds.get(roundId);
    let room = cached && now - cached.at < ROUND_CACHE_MS ? cached.room : null;
    if (!room) {
      room = await roomOf(db, roundId);
      if (!room) throw new AppError('RAIN_ROUND_NOT_FOUND');
      // Only a running round is kept: one still to open is read again, so the opening shows at once.
      if (room.data.state === 'running') rounds.set(roundId, { room, at: now });
      for (const [id, c] of rounds) if (now - c.at > 60_000) rounds.delete(id);
    }
    return room;
  }

  // --- who may grab ----------------------------------------------------------------------------
  const verdicts = new Map<string, { error: ErrorKey | null; at: number }>();
  async function refusalOf(room: RainRoom, userId: number): Promise<ErrorKey | null> {
    const c = room.data.conditions;
    if (trivial(c)) return null;
    const key = `${room.id}:${userId}`;
    const now = deps.clock.now();
    const known = verdicts.get(key);
    if (known && (known.error === null || now - known.at < REFUSAL_CACHE_MS)) return known.error;
    const [me] = await db.select({ vip: users.vipLevel }).from(users).where(eq(users.id, userId));
    const recharged = c.rechargeDays > 0 ? await rechargedSince(db, userId, now - c.rechargeDays * DAY_MS) : 0;
    const verdict = rainEligibility(c, { vipLevel: me?.vip ?? 0, rechargedUnits: recharged });
    const error = verdict.ok ? null : verdict.error;
    if (verdicts.size > 200_000) verdicts.clear();
    verdicts.set(key, { error, at: now });
    return error;
  }

  // --- the counter, rebuilt from PostgreSQL when it lost the round ------------------------------
  const rebuilding = new Map<number, Promise<void>>();
  function rebuild(room: RainRoom): Promise<void> {
    let p = rebuilding.get(room.id);
    if (!p) {
      p = (async () => {
        const taken = await takenOf(db, room.id);
        const closed = room.data.state !== 'running';
        await counter.prepare(room.id, { count: room.data.count, endAtMs: room.data.endAtMs, closed, taken });
      })().finally(() => rebuilding.delete(room.id));
      rebuilding.set(room.id, p);
    }
    return p;
  }

  async function pop(room: RainRoom, userId: number, now: number) {
    let out = await counter.pop(room.id, userId, now);
    if (out.status === 'unknown') {
      await rebuild(room);
      out = await counter.pop(room.id, userId, now);
    }
    return out;
  }

  // --- progress frames -------------------------------------------------------------------------
  const dirty = new Map<number, RainRoom>();
  let frameTimer: NodeJS.Timeout | null = null;
  async function sendFrames(): Promise<void> {
    frameTimer = null;
    const list = [...dirty.values()];
    dirty.clear();
    for (const room of list) {
      const taken = (await counter.taken(room.id)) ?? 0;
      const frame = hallFrame(room, 'progress', Math.max(0, room.data.count - taken));
      await deps.bus.publish(RAIN_HALL_ROOM, RAIN_EVENTS.all, frame).catch(() => undefined);
    }
  }
  function markProgress(room: RainRoom): void {
    dirty.set(room.id, room);
    frameTimer ??= setTimeout(() => void sendFrames().catch(() => undefined), PROGRESS_FRAME_MS);
  }

  // --- the grab --------------------------------------------------------------------------------
  async function grab(userId: number, roundId: number): Promise<RainGrabResponse> {
    const room = await runningRound(roundId);
    const now = deps.clock.now();
    // Not running: not opened yet, or over (the close may not have run yet: the time decides).
    if (room.data.state !== 'running' && room.data.state !== 'ended') throw new AppError('RAIN_NOT_RUNNING');
    const refusal = await refusalOf(room, userId);
    if (refusal) throw new AppError(refusal);
    // A player on a break or excluded takes no packet (one primary-key read, before the pop).
    await assertMayClaim(deps.db, userId, now);
    let popped = await pop(room, userId, now);
    if (popped.status === 'gone') throw new AppError('RAIN_PACKETS_GONE');
    if (popped.status !== 'ok') throw new AppError('RAIN_NOT_RUNNING');
    let out: GrabJson = { status: 'taken' };
    // 'taken' only after a rebuild raced a grab in flight: a fresh index, at most twice.
    for (let attempt = 0; attempt < 3; attempt++) {
      out = await statement({ roundId, userId, idx: popped.idx, now: new Date(now) });
      if (out.status !== 'taken') break;
      const idx = await counter.reassign(roundId, userId, popped.idx);
      if (idx === null) throw new AppError('RAIN_PACKETS_GONE');
      popped = { status: 'ok', idx, fresh: true };
    }
    if (out.status === 'taken') throw new AppError('RAIN_BUSY');
    if (out.status !== 'ok') throw new AppError('RAIN_PACKETS_GONE');
    // Recorded before, and this click took no new index: a second grab. A fresh pop whose row the
    // close completed meanwhile, or a retry completing a crashed grab, is this player's answer.
    if (out.duplicate && !popped.fresh) throw new AppError('RAIN_ALREADY_GRABBED');
    if (!out.duplicate) {
      void deps.ledger.pushBalances([userId]).catch(() => undefined);
      const event: RainSelfEvent = { round_id: roundId, index: out.index, amount: out.amount };
      void deps.bus.publish(userRoom(userId), RAIN_EVENTS.self, event).catch(() => undefined);
      markProgress(room);
    }
    return { round_id: roundId, index: out.index, amount: out.amount, balance: out.balance };
  }

  return {
    grab,
    /** Why this player may not grab this round (null: they may); cached as the grab caches it. */
    refusalOf,
    /** Packets handed out so far (the counter's count; rebuilt from PostgreSQL when unknown). */
    async taken(room: RainRoom): Promise<number> {
      let n = await counter.taken(room.id);
      if (n === null && room.data.state === 'running') {
        await rebuild(room);
        n = await counter.taken(room.id);
      }
      return n ?? 0;
    },
    async flush() {
      if (frameTimer) clearTimeout(frameTimer);
      await sendFrames();
    },
  };
}

export type RainGrab = ReturnType<typeof createRainGrab>;
