/**
 * The turntable (转盘, issue 12) on the game engine (rules: packages/game/src/turntable.ts; engine:
 * ../games/room-engine.ts). Every round is one room of game `turntable`; all rounds talk on the
 * socket room `roulette:hall`. A round's life:
 *
 *   open (the next seed of the published hash chain) → betting, due at its close
 *   → close (FOR UPDATE: waits for every bet in flight) → the public beacon's first value after
 *     the close → spin + settle in ONE transaction: every stake read, the jackpot's balance locked,
 *     one credit transfer per reason for every winner, the jackpot fed and drawn → settled, due
 *     when the wheels have turned and the result was shown → the next round opens.
 *
 * Bets do not rewrite the round: a bet holds the round's row under a SHARE lock (many at once; the
 * close waits for them and they for it, so a bet either counts or is refused and costs nothing),
 * locks the player's own stakes row in `turntable_stakes`, debits and updates that row. The room
 * sees area totals in frames aggregated per process every BET_FRAME_MS.
 */

import { randomBytes } from 'node:crypto';
import { ok } from '@kaixiang/game/engine';
import { newServerSeed } from '@kaixiang/game/fair';
import {
  bet as betRule,
  chainSeedAt,
  chainTerminalHash,
  close,
  nextMissCounts,
  openRound,
  phaseInfo,
  settle,
  spin,
  TURNTABLE_AREAS,
  TURNTABLE_GAME,
  TURNTABLE_HISTORY_CAP,
  TURNTABLE_OUTER_ICONS,
  TURNTABLE_QUICK_BETS_UNITS,
  type TurntableBetEntry,
  type TurntableEvent,
  type TurntableRound,
  type TurntableStep,
  type TurntableUserBets,
  turntableOdds,
  turntableReturn,
  winUnits,
} from '@kaixiang/game/turntable';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { userRoom } from '@kaixiang/shared/socket';
import {
  TURNTABLE_EVENTS,
  TURNTABLE_HALL_ROOM,
  type TurntableBetEvent,
  type TurntableBetRequest,
  type TurntableBetResponse,
  type TurntableJackpotResponse,
  type TurntableRecordResponse,
  type TurntableRoomInfo,
  type TurntableRoundResponse,
  type TurntableSettleSelf,
} from '@kaixiang/shared/turntable';
import { and, count, desc, eq, gt, inArray, lt as lessThan, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRooms, gameSeedChains, turntableStakes } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import { type Change, type EngineEffect, type Room, type RoomEngine, toRoom } from '../games/room-engine.ts';

/** Seeds per hash chain: a round every ~25 s uses one, so a chain lasts about three days. */
export const CHAIN_LENGTH = 10_000;
/** How often a process sends the area totals of rounds that took bets (a few frames a second). */
export const BET_FRAME_MS = 250;
/** How often the leader checks that a round is open (the first one, or after an outage). */
export const ENSURE_MS = 1_000;
const JACKPOT_OWNER = 'h:turntable_jackpot';
/** The system's user id as a room's creator. */
const SYSTEM_USER = 0;

/** The rules' round as stored: stakes live in turntable_stakes, so `users` stays empty. */
type StoredRound = TurntableRound & {
  chain: { id: number; index: number; terminalHash: string };
  /** Rounds since each outer icon last came up, after this round (settled rounds only). */
  missCounts?: number[];
};

export interface TurntableDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  engine: RoomEngine;
  beacon: PublicBeacon;
  /** The betting phase's length (config TURNTABLE_BET_MS). */
  betMs?: number;
}

const zeros = (n: number) => new Array<number>(n).fill(0);

function eventOf(e: TurntableEvent): { type: string; data: Record<string, unknown> } | null {
  switch (e.type) {
    case 'bet_start':
      return {
        type: TURNTABLE_EVENTS.betStart,
        data: { round_id: e.roundId, server_seed_hash: e.serverSeedHash, bets_close_at: e.endMs },
      };
    case 'settle':
      return {
        type: TURNTABLE_EVENTS.settle,
        data: { round_id: e.roundId, out_icon: e.outIcon, inner_icon: e.innerIcon },
      };
    default:
      return null; // bets go out as aggregated frames; the close shows in the countdown
  }
}

function changeOf(step: TurntableStep, data: StoredRound, dueAt: number | null, effects: EngineEffect[] = []) {
  const change: Change<StoredRound> = {
    data,
    state: data.state,
    dueAt,
    events: step.events.flatMap((e) => eventOf(e) ?? []),
    effects,
    ended: data.state === 'settled',
  };
  return change;
}

export function createTurntableService(deps: TurntableDeps) {
  const { db, engine } = deps;

  // --- rounds ------------------------------------------------------------------------------

  /** The game's current chain, its row locked: what serializes openings. */
  async function lockChain(tx: Tx) {
    const [chain] = await tx
      .select()
      .from(gameSeedChains)
      .where(eq(gameSeedChains.game, TURNTABLE_GAME))
      .orderBy(desc(gameSeedChains.id))
      .limit(1)
      .for('update');
    return chain ?? null;
  }

  /** The chain's next seed (a new chain when there is none or it is used up), and the chain moved on. */
  async function takeSeed(tx: Tx, locked: typeof gameSeedChains.$inferSelect | null, now: Date) {
    let current = locked;
    if (!current || current.nextIndex >= current.length) {
      const top = newServerSeed((n) => randomBytes(n));
      [current = null] = await tx
        .insert(gameSeedChains)
        .values({
          game: TURNTABLE_GAME,
          topSeed: top,
          length: CHAIN_LENGTH,
          terminalHash: chainTerminalHash(top, CHAIN_LENGTH),
          createdAt: now,
        })
        .returning();
      if (!current) throw new Error('chain insert answered nothing');
    }
    await tx
      .update(gameSeedChains)
      .set({ nextIndex: current.nextIndex + 1 })
      .where(eq(gameSeedChains.id, current.id));
    return {
      seed: chainSeedAt(current.topSeed, current.length, current.nextIndex),
      chain: { id: current.id, index: current.nextIndex, terminalHash: current.terminalHash },
    };
  }

  async function latestRound(tx: Tx | Db): Promise<Room<StoredRound> | null> {
    const [row] = await tx
      .select()
      .from(gameRooms)
      .where(eq(gameRooms.game, TURNTABLE_GAME))
      .orderBy(desc(gameRooms.id))
      .limit(1);
    return row ? toRoom<StoredRound>(row) : null;
  }

  /**
   * Opens the next round if none is open and the last one's result has been shown. Serialized by
   * the chain's row lock, so a repeated or concurrent call opens nothing more.
   */
  async function openNext(): Promise<Room<StoredRound> | null> {
    let chain: StoredRound['chain'] | null = null;
    const room = await engine.createIf<StoredRound>(
      TURNTABLE_GAME,
      SYSTEM_USER,
      async (lt) => {
        chain = null;
        const locked = await lockChain(lt.tx);
        const last = await latestRound(lt.tx);
        if (last && last.data.state !== 'settled') return null; // a round is open
        if (last?.data.nextRoundAtMs != null && last.data.nextRoundAtMs > lt.now.getTime()) return null; // too early
        const next = await takeSeed(lt.tx, locked, lt.now);
        chain = next.chain;
        return { serverSeed: next.seed };
      },
      (fresh, now) => {
        if (!chain) throw new Error('a round opens with a chain seed');
        const step = openRound({
          roundId: fresh.id,
          chainIndex: chain.index,
          serverSeed: fresh.serverSeed,
          now,
          ...(deps.betMs === undefined ? {} : { betMs: deps.betMs }),
        });
        const data: StoredRound = { ...step.state, chain };
        return ok(changeOf(step, data, data.betsCloseAtMs));
      },
    );
    if (room) rounds.forget();
    return room;
  }

  /** The round's tick on the scheduler leader: close, draw and settle; then the next round. */
  async function onDue(roundId: number): Promise<void> {
    let closedAt: number | null = null;
    const after = await engine.apply<StoredRound>(TURNTABLE_GAME, roundId, (r, now) => {
      closedAt = null;
      if (r.dueAt === null || r.dueAt > now) return null;
      if (r.data.state === 'betting') {
        const step = close(r.data, now);
        if (!step.ok) return null;
        closedAt = now;
        // Due at once: if this process dies waiting for the beacon, the next leader goes on.
        return ok(changeOf(step.value, { ...r.data, ...step.value.state }, now));
      }
      if (r.data.state === 'closed') closedAt = r.data.closedAtMs;
      return null;
    });
    if (closedAt !== null) {
      await settleRound(roundId, closedAt);
      return;
    }
    if (after.data.state === 'settled' && after.dueAt !== null && after.dueAt <= deps.clock.now()) {
      await openNext();
      await engine.apply<StoredRound>(TURNTABLE_GAME, roundId, (r) =>
        r.dueAt === null ? null : ok({ data: r.data, state: r.state, dueAt: null, events: [], effects: [] }),
      );
    }
  }

  async function settleRound(roundId: number, closedAt: number): Promise<void> {
    // The first beacon value after the close: unknown to everyone, the house included, until then.
    const beacon = await deps.beacon.valueAfter(closedAt);
    let paid: { userId: number; self: TurntableSettleSelf }[] = [];
    const room = await engine.transact<StoredRound>(TURNTABLE_GAME, roundId, async (r, lt) => {
      paid = [];
      if (r.data.state !== 'closed') return null;
      const [pool] = await lt.tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.owner, JACKPOT_OWNER), eq(ledgerAccounts.currency, 'coin')))
        .for('update');
      const stakes = await lt.tx.select().from(turntableStakes).where(eq(turntableStakes.roomId, r.id));
      const usersBets: Record<string, TurntableUserBets> = {};
      for (const s of stakes) {
        if (s.entries > 0) {
          usersBets[s.userId] = { areas: s.areas, totalUnits: s.totalUnits, entries: s.entries, betIds: s.betIds };
        }
      }
      const spun = spin({ ...r.data, users: usersBets }, beacon.value);
      if (!spun.ok) return null;
      const step = settle(spun.value.state, { jackpotPoolUnits: pool?.balance ?? 0, now: lt.now.getTime() });
      if (!step.ok) return null;
      const result = step.value.state.result;
      if (!result) throw new Error('a settled round has a result');
      if (result.users.length > 0) {
        await lt.tx.execute(sql`
          update turntable_stakes s set won_units = v.won, jackpot_units = v.jackpot, updated_at = ${lt.now.toISOString()}::timestamptz
          from unnest(${`{${result.users.map((u) => u.userId).join(',')}}`}::int[],
                      ${`{${result.users.map((u) => u.wonUnits).join(',')}}`}::bigint[],
                      ${`{${result.users.map((u) => u.jackpotUnits).join(',')}}`}::bigint[]) as v(user_id, won, jackpot)
          where s.room_id = ${r.id} and s.user_id = v.user_id`);
      }
      paid = result.users.map((u) => ({
        userId: u.userId,
        self: { round_id: r.id, staked: u.stakedUnits, won: u.wonUnits, jackpot: u.jackpotUnits },
      }));
      const previous = await previousMissCounts(lt.tx, r.id);
      const data: StoredRound = {
        ...step.value.state,
        chain: r.data.chain,
        users: {},
        result: { ...result, users: [] },
        missCounts: nextMissCounts(previous, result.outIcon),
      };
      const effects: EngineEffect[] = step.value.effects.map((e) => {
        if (e.type !== 'jackpot') return e;
        const toJackpot = e.direction === 'feed' ? e.amount : -e.amount;
        return {
          type: 'ledger',
          transfer: {
            kind: `turntable_jackpot_${e.direction}`,
            key: e.key,
            currency: 'coin',
            memo: `转盘 #${r.id}`,
            legs: [
              { account: { house: 'turntable_jackpot' }, amount: toJackpot },
              { account: { house: 'game_pool' }, amount: -toJackpot },
            ],
          },
        };
      });
      return ok({
        ...changeOf(step.value, data, data.nextRoundAtMs, effects),
        beacon,
        value: result.stakedUnits,
      });
    });
    if (room.data.state !== 'settled') return;
    rounds.forget();
    // Each bettor's own result on their own room (their balance comes with money_modify).
    for (const { userId, self } of paid) {
      await deps.bus.publish(userRoom(userId), TURNTABLE_EVENTS.settleSelf, self).catch(() => undefined);
    }
  }

  /** The miss counts after the last round settled before `roundId` (zeros before the first). */
  async function previousMissCounts(tx: Tx | Db, roundId: number): Promise<number[]> {
    const [row] = await tx
      .select({ counts: sql<number[] | null>`${gameRooms.data}->'missCounts'` })
      .from(gameRooms)
      .where(and(eq(gameRooms.game, TURNTABLE_GAME), eq(gameRooms.state, 'settled'), lessThan(gameRooms.id, roundId)))
      .orderBy(desc(gameRooms.id))
      .limit(1);
    return row?.counts ?? zeros(TURNTABLE_OUTER_ICONS);
  }

  engine.register({
    game: TURNTABLE_GAME,
    channel: () => TURNTABLE_HALL_ROOM,
    pool: 'game_pool',
    kinds: { debit: 'turntable_bet', credit: (reason) => reason },
    itemSourceName: (roomId) => `转盘 #${roomId}`,
    onDue,
  });

  // --- bets ----------------------------------------------------------------------------------

  /** Rounds that took bets since their last totals frame, on this process. */
  const dirty = new Set<number>();
  let frameTimer: NodeJS.Timeout | null = null;

  async function areaTotals(tx: Tx | Db, roundId: number) {
    const totals = Array.from({ length: TURNTABLE_AREAS }, (_, area) => ({ area, amount: 0, users: 0 }));
    const rows = (await tx.execute(sql`
      select (a.idx - 1)::int as area, sum(a.amount)::bigint as amount, count(*) filter (where a.amount > 0)::int as users
      from turntable_stakes s, unnest(s.areas) with ordinality as a(amount, idx)
      where s.room_id = ${roundId} group by a.idx`)) as unknown as {
      rows: { area: number; amount: string | number; users: number }[];
    };
    for (const r of rows.rows) {
      const t = totals[Number(r.area)];
      if (t) {
        t.amount = Number(r.amount);
        t.users = Number(r.users);
      }
    }
    return totals;
  }

  async function sendFrames(): Promise<void> {
    frameTimer = null;
    const ids = [...dirty];
    dirty.clear();
    for (const id of ids) {
      const frame: TurntableBetEvent = { round_id: id, areas: await areaTotals(db, id) };
      await deps.bus.publish(TURNTABLE_HALL_ROOM, TURNTABLE_EVENTS.bet, frame).catch(() => undefined);
    }
  }

  function markDirty(roundId: number): void {
    shared = null; // the totals moved
    dirty.add(roundId);
    frameTimer ??= setTimeout(() => void sendFrames().catch(() => undefined), BET_FRAME_MS);
  }

  async function placeBet(userId: number, input: TurntableBetRequest): Promise<TurntableBetResponse> {
    const out = await engine
      .shared<StoredRound, TurntableBetResponse>(TURNTABLE_GAME, eq(gameRooms.state, 'betting'), async (room, lt) => {
        // The player's row, locked: their bets in this round are served one after the other.
        const [row] = await lt.tx
          .insert(turntableStakes)
          .values({
            roomId: room.id,
            userId,
            areas: zeros(TURNTABLE_AREAS),
            betIds: [],
            createdAt: lt.now,
            updatedAt: lt.now,
          })
          .onConflictDoUpdate({ target: [turntableStakes.roomId, turntableStakes.userId], set: { updatedAt: lt.now } })
          .returning();
        if (!row) throw new Error('stakes upsert answered nothing');
        const mine: Record<string, TurntableUserBets> =
          row.entries > 0
            ? { [userId]: { areas: row.areas, totalUnits: row.totalUnits, entries: row.entries, betIds: row.betIds } }
            : {};
        const step = betRule(
          { ...room.data, users: mine },
          {
            userId,
            // The rules check every entry's types and values (the schema leaves them to them).
            bets: input.bets as TurntableBetEntry[],
            now: lt.now.getTime(),
            ...(input.bet_id === undefined ? {} : { betId: input.bet_id }),
          },
        );
        if (!step.ok) throw new AppError(step.error as ErrorKey);
        const after = step.value.state.users[userId];
        if (!after) throw new Error('a bet leaves the player stakes');
        const amount = after.totalUnits - row.totalUnits;
        const posted = await lt.post({
          kind: 'turntable_bet',
          key: `turntable_bet:${room.id}:${userId}:${row.entries}`,
          currency: 'coin',
          memo: `转盘 #${room.id}`,
          legs: [
            { account: { userId }, amount: -amount },
            { account: { house: 'game_pool' }, amount },
          ],
        });
        await lt.tx
          .update(turntableStakes)
          .set({
            areas: after.areas,
            totalUnits: after.totalUnits,
            entries: after.entries,
            betIds: after.betIds,
            updatedAt: lt.now,
          })
          .where(and(eq(turntableStakes.roomId, room.id), eq(turntableStakes.userId, userId)));
        return {
          value: {
            round_id: room.id,
            selfbets: after.areas.flatMap((a, area) => (a > 0 ? [{ area, amount: a }] : [])),
            balance: posted.balances.get(userId) ?? 0,
          },
        };
      })
      .catch((e: unknown) => {
        // No round takes bets now (between rounds).
        throw e instanceof AppError && e.key === 'GAME_ROOM_NOT_FOUND' ? new AppError('TURNTABLE_NOT_BETTING') : e;
      });
    markDirty(out.round_id);
    return out;
  }

  // --- reads ---------------------------------------------------------------------------------

  /** The last rounds' icons (newest first), kept until a round settles here or for a second. */
  const rounds = (() => {
    let cached: { at: number; list: { round_id: number; out_icon: number; inner_icon: number }[] } | null = null;
    return {
      forget: () => {
        cached = null;
      },
      async history() {
        const now = deps.clock.now();
        if (cached && now - cached.at < 1_000) return cached.list;
        const rows = await db
          .select({
            id: gameRooms.id,
            out: sql<number>`(${gameRooms.data}->'result'->>'outIcon')::int`,
            inner: sql<number>`(${gameRooms.data}->'result'->>'innerIcon')::int`,
          })
          .from(gameRooms)
          .where(and(eq(gameRooms.game, TURNTABLE_GAME), eq(gameRooms.state, 'settled')))
          .orderBy(desc(gameRooms.id))
          .limit(TURNTABLE_HISTORY_CAP);
        cached = { at: now, list: rows.map((r) => ({ round_id: r.id, out_icon: r.out, inner_icon: r.inner })) };
        return cached.list;
      },
    };
  })();

  async function jackpotBalance(): Promise<number> {
    const [row] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.owner, JACKPOT_OWNER), eq(ledgerAccounts.currency, 'coin')));
    return row?.balance ?? 0;
  }

  const fraction = (f: { num: number; den: number }) => ({ num: f.num, den: f.den });
  const ODDS = turntableOdds().map((o) => ({
    area: o.area,
    icons: o.icons,
    chance: fraction(o.chance),
    multiplier: fraction(o.multiplier),
    rtp: fraction(o.rtp),
    jackpot: o.jackpot ? fraction(o.jackpot) : null,
  }));
  const RETURN = turntableReturn();

  /**
   * What every visitor of a round sees alike (area totals, jackpot, history, miss counts): when a
   * round opens or settles every screen asks at once, so one read serves them all, for this round
   * version (its seq) and at most a totals frame's time; a bet on this process forgets it.
   */
  let shared: { key: string; at: number; facts: Promise<PublicFacts> } | null = null;
  type PublicFacts = {
    totals: Awaited<ReturnType<typeof areaTotals>>;
    jackpot: number;
    history: Awaited<ReturnType<typeof rounds.history>>;
    counts: number[];
  };
  function publicFacts(round: Room<StoredRound>): Promise<PublicFacts> {
    const key = `${round.id}:${round.seq}`;
    const now = deps.clock.now();
    if (shared && shared.key === key && now - shared.at < BET_FRAME_MS) return shared.facts;
    const facts = Promise.all([
      areaTotals(db, round.id),
      jackpotBalance(),
      rounds.history(),
      round.data.state === 'settled'
        ? Promise.resolve(round.data.missCounts ?? zeros(TURNTABLE_OUTER_ICONS))
        : previousMissCounts(db, round.id),
    ]).then(([totals, jackpot, history, counts]) => ({ totals, jackpot, history, counts }));
    const entry = { key, at: now, facts };
    shared = entry;
    facts.catch(() => {
      if (shared === entry) shared = null;
    });
    return facts;
  }

  async function roomInfo(viewer: number | null): Promise<TurntableRoomInfo> {
    const round = await latestRound(db);
    if (!round) throw new AppError('TURNTABLE_NO_ROUND');
    const r = round.data;
    const now = deps.clock.now();
    const [{ totals, jackpot, history, counts }, own] = await Promise.all([
      publicFacts(round),
      viewer === null
        ? Promise.resolve(undefined)
        : db
            .select()
            .from(turntableStakes)
            .where(and(eq(turntableStakes.roomId, round.id), eq(turntableStakes.userId, viewer)))
            .then((rows) => rows[0]),
    ]);
    const settled = r.state === 'settled' && r.result !== null;
    const wins = new Set(settled ? r.result?.winningAreas : []);
    const selfAreas = own?.areas ?? zeros(TURNTABLE_AREAS);
    const phase = phaseInfo(r, now);
    return {
      round_id: round.id,
      phase: phase.phase,
      phase_end_at: phase.endMs,
      now,
      bets_close_at: r.betsCloseAtMs,
      settled_at: r.settledAtMs,
      next_round_at: r.nextRoundAtMs,
      min_bet: r.limits.minBetUnits,
      max_bet: r.limits.maxBetUnits,
      max_round: r.limits.maxRoundUnits,
      quick_bet: [...TURNTABLE_QUICK_BETS_UNITS],
      areas: totals.map((t) => {
        const self = selfAreas[t.area] ?? 0;
        return {
          ...t,
          self,
          state: settled ? (wins.has(t.area) ? 1 : 2) : 0,
          award: settled && wins.has(t.area) ? winUnits(t.area, self) : 0,
        };
      }),
      selfbets: selfAreas.flatMap((amount, area) => (amount > 0 ? [{ area, amount }] : [])),
      jackpot,
      history,
      icon_miss_count: counts,
      result:
        settled && r.result
          ? {
              out_icon: r.result.outIcon,
              inner_icon: r.result.innerIcon,
              winning_areas: r.result.winningAreas,
              area_award: r.result.areas.filter((a) => a.win).map((a) => ({ area: a.area, award: a.award })),
              jackpot_award: r.result.jackpot.paidUnits,
            }
          : null,
      server_seed_hash: round.serverSeedHash,
      server_seed: settled ? round.serverSeed : null,
      public_seed: round.publicSeed,
      beacon_round: round.beaconRound,
      beacon_url: round.beaconRound === null ? null : deps.beacon.urlOf(round.beaconRound),
      chain: { id: r.chain.id, index: r.chain.index, terminal_hash: r.chain.terminalHash },
      odds: ODDS,
      rtp: {
        area: fraction(RETURN.areaRtp),
        jackpot: fraction(RETURN.jackpotShare),
        long_run: fraction(RETURN.longRun),
      },
    };
  }

  async function userRecords(userId: number, pageNo: number, pageSize: number): Promise<TurntableRecordResponse> {
    const mine = eq(turntableStakes.userId, userId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ stake: turntableStakes, data: gameRooms.data, state: gameRooms.state })
        .from(turntableStakes)
        .innerJoin(gameRooms, eq(gameRooms.id, turntableStakes.roomId))
        .where(and(mine, gt(turntableStakes.entries, 0)))
        .orderBy(desc(turntableStakes.roomId))
        .limit(pageSize)
        .offset(pageNo * pageSize),
      db
        .select({ n: count() })
        .from(turntableStakes)
        .where(and(mine, gt(turntableStakes.entries, 0))),
    ]);
    return {
      list: rows.map(({ stake, data, state }) => {
        const result = state === 'settled' ? (data as StoredRound).result : null;
        const wins = new Set(result?.winningAreas ?? []);
        return {
          round_id: stake.roomId,
          created_at: stake.createdAt.getTime(),
          out_icon: result?.outIcon ?? null,
          inner_icon: result?.innerIcon ?? null,
          staked: stake.totalUnits,
          won: stake.wonUnits,
          jackpot: stake.jackpotUnits,
          // Only the areas bet on (spec 2 §3: details keep bets above 0).
          details: stake.areas.flatMap((amount, area) =>
            amount > 0 ? [{ area, amount, award: wins.has(area) ? winUnits(area, amount) : 0 }] : [],
          ),
        };
      }),
      total: total?.n ?? 0,
    };
  }

  async function jackpotRecords(): Promise<TurntableJackpotResponse> {
    const winners = await db
      .select({
        roomId: turntableStakes.roomId,
        userId: turntableStakes.userId,
        amount: turntableStakes.jackpotUnits,
        nick: users.nickName,
        avatar: users.avatar,
      })
      .from(turntableStakes)
      .innerJoin(users, eq(users.id, turntableStakes.userId))
      .where(gt(turntableStakes.jackpotUnits, 0))
      .orderBy(desc(turntableStakes.roomId), desc(turntableStakes.jackpotUnits))
      .limit(100);
    const ids = [...new Set(winners.map((w) => w.roomId))].slice(0, 20);
    const roundRows =
      ids.length === 0
        ? []
        : await db.select().from(gameRooms).where(inArray(gameRooms.id, ids)).orderBy(desc(gameRooms.id));
    return {
      list: roundRows.map((row) => {
        const r = row.data as StoredRound;
        return {
          round_id: row.id,
          settled_at: r.settledAtMs ?? row.createdAt.getTime(),
          inner_icon: r.result?.innerIcon ?? 0,
          award: r.result?.jackpot.paidUnits ?? 0,
          winners: winners
            .filter((w) => w.roomId === row.id)
            .map((w) => ({ user_id: w.userId, nick_name: w.nick, avatar: w.avatar, amount: w.amount })),
        };
      }),
      jackpot: await jackpotBalance(),
    };
  }

  async function roundFacts(roundId: number): Promise<TurntableRoundResponse> {
    const round = await engine.load<StoredRound>(TURNTABLE_GAME, roundId);
    if (!round) throw new AppError('TURNTABLE_ROUND_NOT_FOUND');
    const r = round.data;
    const settled = r.state === 'settled';
    return {
      round_id: round.id,
      state: r.state,
      server_seed_hash: round.serverSeedHash,
      server_seed: settled ? round.serverSeed : null,
      public_seed: round.publicSeed,
      beacon_round: round.beaconRound,
      beacon_url: round.beaconRound === null ? null : deps.beacon.urlOf(round.beaconRound),
      chain: { id: r.chain.id, index: r.chain.index, terminal_hash: r.chain.terminalHash },
      out_icon: settled ? (r.result?.outIcon ?? null) : null,
      inner_icon: settled ? (r.result?.innerIcon ?? null) : null,
      settled_at: r.settledAtMs,
    };
  }

  return {
    /** The leader's check that a round is open (the first one; after an outage). */
    ensure: async () => {
      await openNext();
    },
    tick: onDue,
    bet: placeBet,
    roomInfo,
    userRecords,
    jackpotRecords,
    round: roundFacts,
    /** Sends pending totals frames now and stops (tests, shutdown). */
    async flush() {
      if (frameTimer) clearTimeout(frameTimer);
      await sendFrames();
    },
  };
}

export type TurntableService = ReturnType<typeof createTurntableService>;
