/**
 * What the turntable's screens are answered (room-info, own records, jackpot records, one round
 * for the fairness page), from the rounds the service runs (turntable.service.ts).
 */
import {
  feedBpOf,
  phaseInfo,
  TURNTABLE_AREAS,
  TURNTABLE_GAME,
  TURNTABLE_HISTORY_CAP,
  TURNTABLE_OUTER_ICONS,
  TURNTABLE_QUICK_BETS_UNITS,
  turntableOdds,
  turntableReturn,
  winUnits,
} from '@kaixiang/game/turntable';
import type {
  TurntableJackpotResponse,
  TurntableRecordResponse,
  TurntableRoomInfo,
  TurntableRoundResponse,
} from '@kaixiang/shared/turntable';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameRooms, turntableStakes } from '../../db/schema/games.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import type { Room, RoomEngine } from '../games/room-engine.ts';
import {
  areaTotals,
  BET_FRAME_MS,
  jackpotBalance,
  latestRound,
  previousMissCounts,
  type StoredRound,
  stakesOf,
  zeros,
} from './turntable.repo.ts';

export function createTurntableViews(deps: { db: Db; clock: Clock; engine: RoomEngine; beacon: PublicBeacon }) {
  const { db, engine } = deps;

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

  const fraction = (f: { num: number; den: number }) => ({ num: f.num, den: f.den });
  const ODDS = turntableOdds().map((o) => ({
    area: o.area,
    icons: o.icons,
    chance: fraction(o.chance),
    multiplier: fraction(o.multiplier),
    rtp: fraction(o.rtp),
    jackpot: o.jackpot ? fraction(o.jackpot) : null,
  }));
  /** The return at each feed a round was opened with (a handful of values over a site's life). */
  const returns = new Map<number, ReturnType<typeof turntableReturn>>();
  const returnAt = (feedBp: number) => {
    let r = returns.get(feedBp);
    if (!r) {
      r = turntableReturn(feedBp);
      returns.set(feedBp, r);
    }
    return r;
  };

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
      jackpotBalance(db),
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
      viewer === null ? Promise.resolve(null) : stakesOf(db, round.id, viewer),
    ]);
    const settled = r.state === 'settled' && r.result !== null;
    const wins = new Set(settled ? r.result?.winningAreas : []);
    const selfAreas = own?.areas ?? zeros(TURNTABLE_AREAS);
    const phase = phaseInfo(r, now);
    // This round's return: its jackpot feed as it opened, whatever the setting is now.
    const ret = returnAt(feedBpOf(r));
    return {
      round_id: round.id,
      phase: phase.phase,
      phase_end_at: phase.endMs,
      now,
      bets_close_at: r.betsCloseAtMs,
      closed_at: r.closedAtMs,
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
      rtp: { area: fraction(ret.areaRtp), jackpot: fraction(ret.jackpotShare), long_run: fraction(ret.longRun) },
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
          jackpot_feed_bp: feedBpOf(data as StoredRound),
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
          jackpot_feed_bp: feedBpOf(r),
          winners: winners
            .filter((w) => w.roomId === row.id)
            .map((w) => ({ user_id: w.userId, nick_name: w.nick, avatar: w.avatar, amount: w.amount })),
        };
      }),
      jackpot: await jackpotBalance(db),
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
      bets_close_at: r.betsCloseAtMs,
      closed_at: r.closedAtMs,
      chain: { id: r.chain.id, index: r.chain.index, terminal_hash: r.chain.terminalHash },
      out_icon: settled ? (r.result?.outIcon ?? null) : null,
      inner_icon: settled ? (r.result?.innerIcon ?? null) : null,
      settled_at: r.settledAtMs,
      jackpot_feed_bp: feedBpOf(r),
    };
  }

  return {
    roomInfo,
    userRecords,
    jackpotRecords,
    round: roundFacts,
    /** A round opened or settled here: the history is read again. */
    forgetRounds: () => rounds.forget(),
    /** A bet was taken here: the totals are read again. */
    forgetTotals: () => {
      shared = null;
    },
  };
}

export type TurntableViews = ReturnType<typeof createTurntableViews>;
