/**
 * The rain's rounds on the game engine (GAMES.md; docs/promotions/rain.md). Each window of an
 * enabled schedule becomes one room of game `rain`, made PLAN_AHEAD_MS before it starts with a
 * fresh server seed (its hash public from then on). On the scheduler leader, by deadline:
 *
 *   scheduled → (NOTICE_MS before the start) noticed: red_packet_round_notice on the hall
 *   → (the start) running: the beacon's first value after the seed was committed, the packet list
 *     drawn from seed and beacon (double-mean), written to rain_packets, its hash published,
 *     rpRedPacketRainAll {kind: 'open'}; the counter set up
 *   → (the end) ended: the counter stopped, every index it handed out whose grab did not reach
 *     PostgreSQL (a process killed between the pop and the commit) completed, the seed revealed,
 *     rpRedPacketRainAll {kind: 'close'}.
 *
 * Every step is a transition under the room's row lock that re-checks state and time, so late,
 * early or repeated ticks change nothing, and a round opens once whatever the number of processes.
 */
import { ok } from '@kaixiang/game/engine';
import { generatePackets, packetsHash, RAIN_GAME, rainWindows } from '@kaixiang/game/rain';
import { RAIN_EVENTS, type RainSelfEvent } from '@kaixiang/shared/rain';
import { userRoom } from '@kaixiang/shared/socket';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rainPackets, rainRounds, rainSchedules } from '../../db/schema/rain.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import type { Change, RoomEngine } from '../games/room-engine.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { RainCounter } from './rain.counter.ts';
import {
  enabledSchedules,
  grabIn,
  insertPackets,
  type RainRoom,
  type RainRoundData,
  type RainRoundState,
  roomOf,
  setRoundState,
  takenOf,
  timingOf,
} from './rain.repo.ts';

/** Rounds are made this far ahead of their window: the seed's hash is public that long before. */
export const PLAN_AHEAD_MS = 10 * 60_000;
/** red_packet_round_notice goes out this long before a round starts. */
export const NOTICE_MS = 60_000;
/** How often the leader makes the rounds of the coming windows. */
export const PLAN_EVERY_MS = 5_000;
/** The system's user id as a room's creator. */
const SYSTEM_USER = 0;

export interface RainRoundsDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  engine: RoomEngine;
  beacon: PublicBeacon;
  ledger: Pick<Ledger, 'pushBalances'>;
  counter: RainCounter;
}

const change = (data: RainRoundData, dueAt: number | null, events: Change<RainRoundData>['events'] = []) => ({
  data,
  state: data.state,
  dueAt,
  events,
  effects: [],
});

/** What the hall is told of a round (open and close frames carry it). */
export function hallFrame(r: RainRoom, kind: 'open' | 'progress' | 'close', remaining: number) {
  return {
    kind,
    round_id: r.id,
    start_time: r.data.startAtMs,
    end_time: r.data.endAtMs,
    count: r.data.count,
    remaining,
  };
}

export function createRainRounds(deps: RainRoundsDeps) {
  const { db, engine } = deps;

  /** Makes the round of one window unless it exists (the schedule's row lock serializes planners). */
  async function makeRound(scheduleId: number, window: { startMs: number; endMs: number }): Promise<void> {
    let data: RainRoundData | null = null;
    await engine.createIf<RainRoundData>(
      RAIN_GAME,
      SYSTEM_USER,
      async (lt) => {
        data = null;
        const [s] = await lt.tx.select().from(rainSchedules).where(eq(rainSchedules.id, scheduleId)).for('update');
        if (!s?.enabled) return null;
        const [made] = await lt.tx
          .select({ id: rainRounds.roomId })
          .from(rainRounds)
          .where(and(eq(rainRounds.scheduleId, scheduleId), eq(rainRounds.startAt, new Date(window.startMs))));
        if (made) return null;
        data = {
          state: 'scheduled',
          scheduleId,
          startAtMs: window.startMs,
          endAtMs: window.endMs,
          poolUnits: s.poolUnits,
          count: s.packetCount,
          minUnits: s.minPacketUnits,
          conditions: { minVipLevel: s.minVipLevel, rechargeDays: s.rechargeDays },
          committedAtMs: lt.now.getTime(),
          packetsHash: null,
          handedOut: null,
          handedOutUnits: null,
        };
        return {};
      },
      (_fresh, now) => {
        if (!data) throw new Error('a rain round is made from its schedule');
        return ok(change(data, Math.max(now, data.startAtMs - NOTICE_MS)));
      },
      async (lt, room) => {
        await lt.tx.insert(rainRounds).values({
          roomId: room.id,
          scheduleId,
          startAt: new Date(window.startMs),
          endAt: new Date(window.endMs),
          state: 'scheduled',
        });
      },
    );
  }

  /** The leader's job: a round for every window of an enabled schedule that starts soon (or runs now). */
  async function plan(): Promise<void> {
    const now = deps.clock.now();
    for (const s of await enabledSchedules(db)) {
      for (const w of rainWindows(timingOf(s), now, now + PLAN_AHEAD_MS)) await makeRound(s.id, w);
    }
  }

  async function notice(id: number): Promise<void> {
    await engine.transact<RainRoundData>(RAIN_GAME, id, async (r, lt) => {
      if (r.data.state !== 'scheduled' || lt.now.getTime() < r.data.startAtMs - NOTICE_MS) return null;
      await setRoundState(lt.tx, id, 'noticed');
      const data: RainRoundData = { ...r.data, state: 'noticed' };
      const frame = { round_id: r.id, start_time: r.data.startAtMs, end_time: r.data.endAtMs, count: r.data.count };
      return ok(change(data, r.data.startAtMs, [{ type: RAIN_EVENTS.notice, data: frame }]));
    });
  }

  async function open(room: RainRoom): Promise<void> {
    // The first beacon value after the seed was committed: the house could not pick a seed that
    // gives the list it wants (docs: "What the proof covers"). Published before the start, as the
    // round is made minutes ahead; waited for (outside the lock) when it was made late.
    const beacon = await deps.beacon.valueAfter(room.data.committedAtMs);
    const after = await engine.transact<RainRoundData>(RAIN_GAME, room.id, async (r, lt) => {
      if ((r.data.state !== 'scheduled' && r.data.state !== 'noticed') || lt.now.getTime() < r.data.startAtMs)
        return null;
      const packets = generatePackets(
        { serverSeed: r.serverSeed, publicSeed: beacon.value, roomId: r.id },
        { poolUnits: r.data.poolUnits, count: r.data.count, minUnits: r.data.minUnits },
      );
      await insertPackets(lt.tx, r.id, packets);
      await setRoundState(lt.tx, r.id, 'running');
      const data: RainRoundData = { ...r.data, state: 'running', packetsHash: packetsHash(r.id, packets) };
      const frame = { ...hallFrame({ ...r, data }, 'open', r.data.count), packets_hash: data.packetsHash };
      return ok({ ...change(data, r.data.endAtMs, [{ type: RAIN_EVENTS.all, data: frame }]), beacon });
    });
    if (after.data.state === 'running') {
      await deps.counter.prepare(after.id, {
        count: after.data.count,
        endAtMs: after.data.endAtMs,
        closed: false,
        taken: [],
      });
    }
  }

  async function close(id: number): Promise<void> {
    // Pops stop first; every index handed out until then is in this list.
    const handed = (await deps.counter.close(id)) ?? [];
    let completed: { userId: number; event: RainSelfEvent }[] = [];
    await engine.transact<RainRoundData>(RAIN_GAME, id, async (r, lt) => {
      completed = [];
      if (r.data.state !== 'running' || lt.now.getTime() < r.data.endAtMs) return null;
      const recorded = new Set((await takenOf(lt.tx, id)).map((t) => t.userId));
      for (const h of handed.sort((a, b) => a.idx - b.idx)) {
        if (recorded.has(h.userId)) continue;
        const out = await grabIn(lt.tx, { roundId: id, userId: h.userId, idx: h.idx, now: lt.now });
        if (out.status === 'ok' && !out.duplicate) {
          completed.push({ userId: h.userId, event: { round_id: id, index: out.index, amount: out.amount } });
        }
      }
      const [sum] = await lt.tx
        .select({ n: sql<number>`count(*)::int`, units: sql<string>`coalesce(sum(${rainPackets.amountUnits}), 0)` })
        .from(rainPackets)
        .where(and(eq(rainPackets.roundId, id), isNotNull(rainPackets.userId)));
      const handedOut = sum?.n ?? 0;
      const handedOutUnits = Number(sum?.units ?? 0);
      await setRoundState(lt.tx, id, 'ended');
      const data: RainRoundData = { ...r.data, state: 'ended', handedOut, handedOutUnits };
      const frame = { ...hallFrame({ ...r, data }, 'close', r.data.count - handedOut), handed_out: handedOut };
      return ok({
        ...change(data, null, [{ type: RAIN_EVENTS.all, data: frame }]),
        ended: true,
        value: handedOutUnits,
      });
    });
    if (completed.length === 0) return;
    await deps.ledger.pushBalances(completed.map((c) => c.userId)).catch(() => undefined);
    for (const c of completed) {
      await deps.bus.publish(userRoom(c.userId), RAIN_EVENTS.self, c.event).catch(() => undefined);
    }
  }

  /** The round's tick on the leader: whichever step is due. */
  async function onDue(id: number): Promise<void> {
    const room = await roomOf(db, id);
    if (!room) return;
    const now = deps.clock.now();
    switch (room.data.state) {
      case 'scheduled':
        if (now >= room.data.startAtMs - NOTICE_MS) await notice(id);
        return;
      case 'noticed':
        if (now >= room.data.startAtMs) await open(room);
        return;
      case 'running':
        if (now >= room.data.endAtMs) await close(id);
        return;
      default:
        return;
    }
  }

  /** An operator cancels a round that has not opened: ended, nothing drawn, its seed shown. */
  async function cancel(
    id: number,
    /** Records who cancelled it, in the same transaction (the admin audit). */
    audit: (tx: Tx, before: RainRoundState, now: Date) => Promise<void>,
  ): Promise<RainRoom | null> {
    const room = await roomOf(db, id);
    if (!room) return null;
    return engine.transact<RainRoundData>(RAIN_GAME, id, async (r, lt) => {
      if (r.data.state !== 'scheduled' && r.data.state !== 'noticed')
        return { ok: false, error: 'RAIN_ROUND_NOT_CANCELLABLE' };
      await setRoundState(lt.tx, id, 'cancelled');
      await audit(lt.tx, r.data.state, lt.now);
      const data: RainRoundData = { ...r.data, state: 'cancelled', handedOut: 0, handedOutUnits: 0 };
      return ok({ ...change(data, null), ended: true });
    });
  }

  return { plan, onDue, cancel };
}

export type RainRounds = ReturnType<typeof createRainRounds>;
