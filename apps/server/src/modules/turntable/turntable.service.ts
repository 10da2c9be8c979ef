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
 * Bets do not rewrite the round: a bet is one statement (kx_turntable_bet) that holds the round's
 * row under a SHARE lock (many at once; the close waits for them and they for it, so a bet either
 * counts or is refused and costs nothing), locks the player's account, debits it and writes their
 * own row of `turntable_stakes`. The room sees area totals in frames aggregated per process every
 * BET_FRAME_MS.
 */

import { randomBytes } from 'node:crypto';
import { ok } from '@kaixiang/game/engine';
import { newServerSeed } from '@kaixiang/game/fair';
import {
  bet as betRule,
  betShapeError,
  chainSeedAt,
  chainTerminalHash,
  close,
  nextMissCounts,
  openRound,
  settle,
  spin,
  TURNTABLE_GAME,
  type TurntableBetEntry,
  type TurntableEvent,
  type TurntableLimits,
  type TurntableStep,
  type TurntableUserBets,
} from '@kaixiang/game/turntable';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { userRoom } from '@kaixiang/shared/socket';
import {
  TURNTABLE_EVENTS,
  TURNTABLE_HALL_ROOM,
  type TurntableBetEvent,
  type TurntableBetRequest,
  type TurntableBetResponse,
  type TurntableSettleSelf,
} from '@kaixiang/shared/turntable';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameSeedChains, turntableStakes } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import type { Change, EngineEffect, Room, RoomEngine } from '../games/room-engine.ts';
import type { Ledger } from '../ledger/ledger.ts';
import {
  areaTotals,
  BET_FRAME_MS,
  BET_REFUSALS,
  betOn,
  bettingRound,
  JACKPOT_OWNER,
  latestRound,
  previousMissCounts,
  type StoredRound,
  stakesOf,
} from './turntable.repo.ts';
import { createTurntableViews } from './turntable.views.ts';

/** Seeds per hash chain: a round every ~25 s uses one, so a chain lasts about three days. */
export const CHAIN_LENGTH = 10_000;
/** How often the leader checks that a round is open (the first one, or after an outage). */
export const ENSURE_MS = 1_000;
/** The system's user id as a room's creator. */
const SYSTEM_USER = 0;

export interface TurntableDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  engine: RoomEngine;
  beacon: PublicBeacon;
  /** Pushes a bettor's balance after their bet (money_modify). */
  ledger: Pick<Ledger, 'pushBalances'>;
  /** The betting phase's length (config TURNTABLE_BET_MS). */
  betMs?: number;
  /** Each statement of bets sent, by size (metrics, tests). */
  onBetBatch?: (size: number) => void;
  /**
   * The operator's game settings for a round (admin/games/game-settings.ts turntableLimits): the
   * bet limits and the jackpot feed in basis points. A round takes those in force when it opens
   * and keeps them in its own state, so a change never reaches a round already open.
   */
  limits?: () => Promise<TurntableLimits & { jackpotFeedBp: number }>;
}

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
  const views = createTurntableViews(deps);

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

  /**
   * Opens the next round if none is open and the last one's result has been shown. Serialized by
   * the chain's row lock, so a repeated or concurrent call opens nothing more.
   */
  async function openNext(): Promise<Room<StoredRound> | null> {
    let chain: StoredRound['chain'] | null = null;
    // Read before the transaction (on PGlite it holds the only connection).
    const settings = await deps.limits?.();
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
          ...(settings === undefined
            ? {}
            : {
                limits: {
                  minBetUnits: settings.minBetUnits,
                  maxBetUnits: settings.maxBetUnits,
                  maxRoundUnits: settings.maxRoundUnits,
                  maxBetsPerRound: settings.maxBetsPerRound,
                },
                jackpotFeedBp: settings.jackpotFeedBp,
              }),
        });
        const data: StoredRound = { ...step.state, chain };
        return ok(changeOf(step, data, data.betsCloseAtMs));
      },
    );
    if (room) views.forgetRounds();
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
      // The round's own jackpot feed, fixed when it opened (settle reads it; a round persisted
      // before rounds recorded it settles at the default, feedBpOf).
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
    views.forgetRounds();
    // Each bettor's own result on their own room (their balance comes with money_modify).
    for (const { userId, self } of paid) {
      await deps.bus.publish(userRoom(userId), TURNTABLE_EVENTS.settleSelf, self).catch(() => undefined);
    }
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
    views.forgetTotals(); // the totals moved
    dirty.add(roundId);
    frameTimer ??= setTimeout(() => void sendFrames().catch(() => undefined), BET_FRAME_MS);
  }

  const betStatement = betOn(db, deps.onBetBatch);

  /**
   * A bet is one statement (kx_turntable_bet, db/functions/turntable.sql): the open round found and
   * SHARE-locked, the time and limits checked against it and the player's stakes, the guarded
   * debit and the stakes written; a refusal is its answer and writes nothing.
   */
  async function placeBet(userId: number, input: TurntableBetRequest): Promise<TurntableBetResponse> {
    // The rules check every entry's types and values (the schema leaves them to them).
    const bets = input.bets as TurntableBetEntry[];
    if (betShapeError(bets, input.bet_id)) throw new AppError(await refusalOf(userId, bets, input.bet_id));
    const out = await betStatement({ userId, betId: input.bet_id ?? null, bets, now: new Date(deps.clock.now()) });
    if (out.status !== 'ok') throw new AppError(BET_REFUSALS[out.status]);
    // The answer carries the balance; the push (other tabs, the header) does not hold it up.
    void deps.ledger.pushBalances([userId]).catch(() => undefined);
    markDirty(out.round_id);
    return {
      round_id: out.round_id,
      selfbets: out.areas.flatMap((amount, area) => (amount > 0 ? [{ area, amount }] : [])),
      balance: out.balance,
    };
  }

  /**
   * Why the rules refuse a malformed command, in their order: a round that takes no bets comes
   * before a bad amount, a repeated bet id before too many entries. Read without locks: a refusal
   * writes nothing, so nothing needs to hold still.
   */
  async function refusalOf(userId: number, bets: TurntableBetEntry[], betId: string | undefined): Promise<ErrorKey> {
    const round = await bettingRound(db);
    if (!round) return 'TURNTABLE_NOT_BETTING';
    const stakes = await stakesOf(db, round.id, userId);
    const step = betRule(
      { ...round.data, users: stakes && stakes.entries > 0 ? { [userId]: stakes } : {} },
      { userId, bets, now: deps.clock.now(), ...(betId === undefined ? {} : { betId }) },
    );
    if (step.ok) throw new Error('a bet the rules accept had a shape error');
    return step.error;
  }

  return {
    /** The leader's check that a round is open (the first one; after an outage). */
    ensure: async () => {
      await openNext();
    },
    tick: onDue,
    bet: placeBet,
    roomInfo: views.roomInfo,
    userRecords: views.userRecords,
    jackpotRecords: views.jackpotRecords,
    round: views.round,
    /** Sends pending totals frames now and stops (tests, shutdown). */
    async flush() {
      if (frameTimer) clearTimeout(frameTimer);
      await sendFrames();
    },
  };
}

export type TurntableService = ReturnType<typeof createTurntableService>;
