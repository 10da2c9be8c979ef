/**
 * The turntable (转盘, issue 12): the pure rules. One endless sequence of rounds that every visitor
 * shares; each round is one room of the engine (room id = round id). The server persists a
 * `TurntableRound` (jsonb), applies one transition under the room's row lock, books the effects and
 * publishes the events (GAMES.md §1).
 *
 * The wheels (spec 2 §3)
 * - Outer wheel, icons 0–8: 0 pistol, 1 shotgun, 2 gloves, 3 knife (type 1); 4 AWP, 5 grenade,
 *   6 M4, 7 AK47 (type 2); 8 C4 (type 0). Weights 12 8 3 1 | 1 12 8 3 | 2, of 50.
 * - Inner ring, icons 9–12: 9 one-third jackpot, 10 two-thirds jackpot, 11 jackpot, 12 C4.
 *   Weights 12 6 2 80, of 100. The two wheels are drawn independently.
 * - Areas 0–12 each win on their own icon (0–8 on the outer wheel, 9–12 on the inner ring): the
 *   outer C4 is area 8, the inner C4 area 12. Area 13 wins on type 1 (outer 0–3), area 14 on
 *   type 2 (outer 4–7); the outer C4 loses both, like roulette's zero. Lines on the screen: 1 =
 *   areas 12, 14, 13; 2 = areas 8–11; 3 = areas 0–7. A round has three winning areas: the outer
 *   icon's, the inner icon's, and 13 or 14 — two when the outer icon is the C4.
 * - A winning area pays its multiplier × stake (stake included): areas 0–8 pay 48/weight (4, 6,
 *   16, 48, 48, 4, 6, 16, 24), 9–12 pay 96/weight (8, 16, 48, 6/5), 13 and 14 pay 2. So every area
 *   returns exactly 24/25 = 96 % of what is staked on it (`turntableOdds`, checked by a test
 *   with exact integers). A payout is floored to whole units per (user, area): multiplier × the
 *   user's stake on that area this round. Only 6/5 can floor, by less than a unit.
 * - Jackpot: the pool is a ledger account (never a number kept here). At settlement the round's
 *   own feed — `jackpotFeedBp`, fixed when it opened from the operator's setting (default
 *   TURNTABLE_JACKPOT_BP = 1 %; 0 feeds nothing) — of the round's stakes, floored, is fed into it
 *   first; then if the
 *   inner icon is 9, 10 or 11 and anyone staked on that area, the area's bettors share
 *   floor(pool × 1/3, 2/3 or 1) — pool counted after this round's feed — by stake, each share
 *   floored; what the floors leave stays in the pool. This comes on top of the area's multiplier
 *   payout. Nobody on the area: the pool rolls over. The 96 % above excludes the jackpot; every
 *   fed unit goes back to players eventually, so the long-run return is 96 % + the feed (97 % at
 *   the default 1 %) and the house keeps the rest (`turntableReturn(feedBp)`). A round keeps the
 *   feed it opened with whatever the setting becomes meanwhile; a round persisted before rounds
 *   recorded it has none and settles at TURNTABLE_JACKPOT_BP (`feedBpOf`).
 * - Limits (per round, set at opening): each bet entry (area, amount) between minBetUnits (10,000
 *   = 1 yuan) and maxBetUnits (100,000,000); a user's stakes in a round at most maxRoundUnits;
 *   at most maxBetsPerRound entries per user per round, TURNTABLE_MAX_ENTRIES_PER_BET per command.
 *   A refused command changes nothing and costs nothing (all entries or none).
 *
 * Lifecycle and the spec's phases (-1 initial, 0 betting, 1 settled)
 * - `openRound` → 'betting' (phase 0) until betsCloseAtMs = now + TURNTABLE_BET_MS; event
 *   bet_start. `bet` is accepted only in 'betting' and only while now < betsCloseAtMs: a bet in the
 *   last millisecond either counts and is debited or is refused and costs nothing.
 * - `close` (at the deadline) → 'closed' (phase -1: betting is over, the draw waits for the public
 *   beacon's first value after the close; also what a client shows before any round exists).
 * - `spin(publicSeed)` → 'drawn': the two icons, from the committed server seed and the beacon.
 *   No event: the result goes out with settle; the server runs spin and settle in one
 *   transaction, so 'drawn' is normally never persisted.
 * - `settle` → 'settled' (phase 1) at settledAtMs: credits, the jackpot, event settle with the
 *   server seed revealed. Clients spin the wheels to the icons for TURNTABLE_SPIN_MS, then show
 *   the result for TURNTABLE_RESULT_MS; at nextRoundAtMs the server opens the next round.
 *
 * Fairness
 * - Server seeds come from a hash chain: s_n = sha256hex(s_{n+1}), so publishing the terminal hash
 *   sha256hex(s_0) once commits every round. Round n uses s_n, and its published hash
 *   sha256hex(s_n) is s_{n-1}, the previous round's revealed seed.
 * - Draw: sharedRollIntAt (engine.ts) with game "turntable", the round's server seed, the beacon
 *   value, room id = round id, round 0: slot "outer" a ticket in [0, 50), slot "inner" a ticket in
 *   [0, 100); icon = the one whose weight range (icons in order) holds the ticket. `verifyDraw`
 *   recomputes it.
 */

import { assertRoomId, type Effect, err, ok, type Result, type RoomId, type Step } from './engine.ts';
import { serverSeedHash as hashOf } from './fair.ts';
import {
  assertFeedBp,
  type BetError,
  type CloseError,
  jackpotFeedUnits,
  type SettleError,
  type SpinError,
  sumOf,
  TURNTABLE_AREAS,
  TURNTABLE_BET_MS,
  TURNTABLE_JACKPOT_BP,
  TURNTABLE_JACKPOT_FRACTIONS,
  TURNTABLE_MAX_ENTRIES_PER_BET,
  TURNTABLE_OUTER_ICONS,
  TURNTABLE_RESULT_MS,
  TURNTABLE_SPIN_MS,
  type TurntableDraw,
  type TurntableError,
  verifyDraw,
  winningAreas,
  winUnits,
} from './turntable-wheel.ts';

export * from './turntable-wheel.ts';

// ---------------------------------------------------------------------------------------------
// The round

export interface TurntableLimits {
  minBetUnits: number;
  maxBetUnits: number;
  /** A user's stakes in one round, all areas together. */
  maxRoundUnits: number;
  /** Bet entries per user per round (bounds the state and the effects). */
  maxBetsPerRound: number;
}

export const TURNTABLE_DEFAULT_LIMITS: Readonly<TurntableLimits> = {
  minBetUnits: 10_000,
  maxBetUnits: 100_000_000,
  maxRoundUnits: 500_000_000,
  maxBetsPerRound: 100,
};

export type TurntableState = 'betting' | 'closed' | 'drawn' | 'settled';

export interface TurntableUserBets {
  /** Units staked per area 0–14. */
  areas: number[];
  totalUnits: number;
  /** Bet entries placed so far: entry n is debited with key turntable_bet:<round>:<user>:<n>. */
  entries: number;
  /** The client bet ids seen this round (a repeated one is refused). */
  betIds: string[];
}

/**
 * A round, JSON as it stands. It holds the server seed, which must not leave the server before
 * settlement: clients get what the server's views choose to show.
 */
export interface TurntableRound {
  roundId: RoomId;
  /** Its seed's position in the hash chain. */
  chainIndex: number;
  state: TurntableState;
  serverSeed: string;
  serverSeedHash: string;
  publicSeed: string | null;
  limits: TurntableLimits;
  /**
   * The share of the stakes fed to the jackpot at settlement, basis points, fixed at opening.
   * Absent only in rounds persisted before it was recorded: read it with `feedBpOf`.
   */
  jackpotFeedBp?: number;
  openedAtMs: number;
  betsCloseAtMs: number;
  closedAtMs: number | null;
  settledAtMs: number | null;
  nextRoundAtMs: number | null;
  /** By user id. */
  users: Record<string, TurntableUserBets>;
  draw: TurntableDraw | null;
  result: TurntableSettlement | null;
}

export interface TurntableBetEntry {
  area: number;
  amount: number;
}

export interface TurntableAreaResult {
  area: number;
  /** Units staked on it this round, by how many users. */
  amount: number;
  users: number;
  win: boolean;
  /** Units its multiplier paid (0 when it lost); a jackpot comes on top, in `jackpot`. */
  award: number;
}

export interface TurntableUserResult {
  userId: number;
  stakedUnits: number;
  /** Multiplier payouts. */
  wonUnits: number;
  jackpotUnits: number;
  /** Per staked area (only stakes above 0). */
  details: { area: number; amount: number; award: number }[];
}

export interface TurntableJackpotResult {
  /** The jackpot icon drawn (9, 10, 11), or null. */
  icon: number | null;
  /** The jackpot account's balance before this round's feed. */
  poolBeforeUnits: number;
  feedUnits: number;
  /** floor((pool + feed) × fraction) when the icon was drawn and someone bet on it; else 0. */
  awardUnits: number;
  /** The sum of the winners' floored shares; awardUnits − paidUnits stays in the pool. */
  paidUnits: number;
  poolAfterUnits: number;
}

export interface TurntableSettlement {
  outIcon: number;
  innerIcon: number;
  winningAreas: number[];
  /** Every area 0–14. */
  areas: TurntableAreaResult[];
  /** Every user who bet, by ascending id. */
  users: TurntableUserResult[];
  jackpot: TurntableJackpotResult;
  stakedUnits: number;
  wonUnits: number;
  /** Stakes − multiplier payouts − jackpot feed: the pool's result of the round (negative when it lost). */
  houseUnits: number;
}

/**
 * Money between the game's pool and the jackpot account (both house accounts): 'feed' moves
 * `amount` from the pool to the jackpot, 'draw' from the jackpot to the pool, which pays the
 * jackpot's winners with ordinary credits (reason 'turntable_jackpot').
 */
export interface JackpotTransfer {
  type: 'jackpot';
  direction: 'feed' | 'draw';
  amount: number;
  key: string;
}
export type TurntableEffect = Effect | JackpotTransfer;

export type TurntableEvent =
  | {
      type: 'bet_start';
      roundId: RoomId;
      chainIndex: number;
      serverSeedHash: string;
      startMs: number;
      endMs: number;
      limits: TurntableLimits;
      jackpotFeedBp: number;
    }
  | { type: 'bet'; roundId: RoomId; userId: number; bets: TurntableBetEntry[] }
  | { type: 'bet_end'; roundId: RoomId; closedAtMs: number; stakedUnits: number }
  | {
      type: 'settle';
      roundId: RoomId;
      outIcon: number;
      innerIcon: number;
      winningAreas: number[];
      areas: TurntableAreaResult[];
      jackpot: TurntableJackpotResult;
      serverSeed: string;
      publicSeed: string;
      settledAtMs: number;
      nextRoundAtMs: number;
    };

export type TurntableStep = Step<TurntableRound, TurntableEvent, TurntableEffect>;

export interface OpenRoundInput {
  roundId: RoomId;
  chainIndex: number;
  /** Seed `chainIndex` of the published chain. */
  serverSeed: string;
  now: number;
  limits?: Partial<TurntableLimits>;
  /** The jackpot feed in basis points (TURNTABLE_JACKPOT_BP unless the operator chose another). */
  jackpotFeedBp?: number;
  /** The betting phase's length (TURNTABLE_BET_MS unless the operator chose another). */
  betMs?: number;
}

function assertUnits(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be an integer ≥ ${min}, got ${value}`);
}

export function openRound(input: OpenRoundInput): TurntableStep {
  const { roundId, chainIndex, serverSeed, now } = input;
  assertRoomId(roundId);
  assertUnits('chainIndex', chainIndex, 0);
  assertUnits('now', now, 0);
  if (serverSeed.length === 0) throw new RangeError('a round needs a server seed');
  assertUnits('betMs', input.betMs ?? TURNTABLE_BET_MS, 1);
  const limits = { ...TURNTABLE_DEFAULT_LIMITS, ...input.limits };
  assertUnits('minBetUnits', limits.minBetUnits, 1);
  assertUnits('maxBetUnits', limits.maxBetUnits, limits.minBetUnits);
  assertUnits('maxRoundUnits', limits.maxRoundUnits, limits.maxBetUnits);
  assertUnits('maxBetsPerRound', limits.maxBetsPerRound, 1);
  const jackpotFeedBp = input.jackpotFeedBp ?? TURNTABLE_JACKPOT_BP;
  assertFeedBp(jackpotFeedBp);
  const round: TurntableRound = {
    roundId,
    chainIndex,
    state: 'betting',
    serverSeed,
    serverSeedHash: hashOf(serverSeed),
    publicSeed: null,
    limits,
    jackpotFeedBp,
    openedAtMs: now,
    betsCloseAtMs: now + (input.betMs ?? TURNTABLE_BET_MS),
    closedAtMs: null,
    settledAtMs: null,
    nextRoundAtMs: null,
    users: {},
    draw: null,
    result: null,
  };
  return {
    state: round,
    events: [
      {
        type: 'bet_start',
        roundId,
        chainIndex,
        serverSeedHash: round.serverSeedHash,
        startMs: now,
        endMs: round.betsCloseAtMs,
        limits: { ...limits },
        jackpotFeedBp,
      },
    ],
    effects: [],
  };
}

export interface BetInput {
  userId: number;
  bets: readonly TurntableBetEntry[];
  now: number;
  /** The client's id of this command (1–64 of A–Z a–z 0–9 _ -): a retry with the same id is refused. */
  betId?: string;
}

const BET_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An entry's own faults, whatever the round (checked in this order; the values come from a client). */
function entryShapeError(entry: TurntableBetEntry): BetError | null {
  const { area, amount } = entry as { area: unknown; amount: unknown };
  if (typeof area !== 'number' || !Number.isInteger(area) || area < 0 || area >= TURNTABLE_AREAS) {
    return 'TURNTABLE_AREA_INVALID';
  }
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return 'TURNTABLE_BET_NOT_INTEGER';
  if (amount < 0) return 'TURNTABLE_BET_NEGATIVE';
  if (amount === 0) return 'TURNTABLE_BET_ZERO';
  return null;
}

/** An entry against the round's per-entry limits (its shape already checked). */
function entryLimitError(entry: TurntableBetEntry, limits: TurntableLimits): BetError | null {
  if (entry.amount < limits.minBetUnits) return 'TURNTABLE_BET_TOO_SMALL';
  if (entry.amount > limits.maxBetUnits) return 'TURNTABLE_BET_TOO_LARGE';
  return null;
}

/**
 * The faults of a bet command that no round or stake can change: a malformed bet id, no entries,
 * more than TURNTABLE_MAX_ENTRIES_PER_BET, an entry's area or amount not a valid value. A command
 * without them can still be refused by what `bet` checks against the round and the player's stakes
 * (the server's one-statement bet checks those in the database, in `bet`'s order: see
 * db/functions/turntable.sql). `bet` runs these checks too, interleaved in its own order.
 */
export function betShapeError(bets: readonly TurntableBetEntry[], betId?: string): BetError | null {
  if (betId !== undefined && (typeof betId !== 'string' || !BET_ID.test(betId))) return 'TURNTABLE_BET_ID_INVALID';
  if (!Array.isArray(bets) || bets.length === 0) return 'TURNTABLE_BET_EMPTY';
  if (bets.length > TURNTABLE_MAX_ENTRIES_PER_BET) return 'TURNTABLE_TOO_MANY_BETS';
  for (const entry of bets) {
    const error = entryShapeError(entry);
    if (error) return error;
  }
  return null;
}

export function bet(round: TurntableRound, input: BetInput): Result<TurntableStep, BetError> {
  const { userId, bets, now, betId } = input;
  assertUnits('userId', userId, 0);
  if (round.state !== 'betting') return err('TURNTABLE_NOT_BETTING');
  if (!(now < round.betsCloseAtMs)) return err('TURNTABLE_BETTING_CLOSED');
  const mine = round.users[userId];
  if (betId !== undefined) {
    if (typeof betId !== 'string' || !BET_ID.test(betId)) return err('TURNTABLE_BET_ID_INVALID');
    if (mine?.betIds.includes(betId)) return err('TURNTABLE_BET_REPEATED');
  }
  if (!Array.isArray(bets) || bets.length === 0) return err('TURNTABLE_BET_EMPTY');
  const entries = mine?.entries ?? 0;
  if (bets.length > TURNTABLE_MAX_ENTRIES_PER_BET || entries + bets.length > round.limits.maxBetsPerRound) {
    return err('TURNTABLE_TOO_MANY_BETS');
  }
  for (const entry of bets) {
    const error = entryShapeError(entry) ?? entryLimitError(entry, round.limits);
    if (error) return err(error);
  }
  const added = sumOf(bets.map((b) => b.amount));
  if ((mine?.totalUnits ?? 0) + added > round.limits.maxRoundUnits) return err('TURNTABLE_ROUND_LIMIT');

  const areas = mine ? [...mine.areas] : new Array<number>(TURNTABLE_AREAS).fill(0);
  for (const b of bets) areas[b.area]! += b.amount;
  const user: TurntableUserBets = {
    areas,
    totalUnits: (mine?.totalUnits ?? 0) + added,
    entries: entries + bets.length,
    betIds: betId === undefined ? [...(mine?.betIds ?? [])] : [...(mine?.betIds ?? []), betId],
  };
  const placed = bets.map(({ area, amount }) => ({ area, amount }));
  return ok({
    state: { ...round, users: { ...round.users, [userId]: user } },
    events: [{ type: 'bet', roundId: round.roundId, userId, bets: placed }],
    effects: placed.map(({ amount }, i) => ({
      type: 'debit',
      userId,
      amount,
      key: `turntable_bet:${round.roundId}:${userId}:${entries + i}`,
    })),
  });
}

export function close(round: TurntableRound, now: number): Result<TurntableStep, CloseError> {
  if (round.state !== 'betting') return err('TURNTABLE_NOT_BETTING');
  if (now < round.betsCloseAtMs) return err('TURNTABLE_STILL_BETTING');
  const stakedUnits = sumOf(Object.values(round.users).map((u) => u.totalUnits));
  return ok({
    state: { ...round, state: 'closed', closedAtMs: now },
    events: [{ type: 'bet_end', roundId: round.roundId, closedAtMs: now, stakedUnits }],
    effects: [],
  });
}

/** Draws the icons with the public beacon value fixed after the close (GAMES.md §4). */
export function spin(round: TurntableRound, publicSeed: string): Result<TurntableStep, SpinError> {
  if (round.state !== 'closed') return err('TURNTABLE_NOT_CLOSED');
  const draw = verifyDraw({ serverSeed: round.serverSeed, publicSeed, roundId: round.roundId });
  return ok({ state: { ...round, state: 'drawn', publicSeed, draw }, events: [], effects: [] });
}

export interface SettleInput {
  /** The jackpot account's balance, read in the settling transaction, before this round's feed. */
  jackpotPoolUnits: number;
  now: number;
}

export function settle(round: TurntableRound, input: SettleInput): Result<TurntableStep, SettleError> {
  if (round.state === 'settled') return err('TURNTABLE_ALREADY_SETTLED');
  if (round.state !== 'drawn' || round.draw === null || round.publicSeed === null) return err('TURNTABLE_NOT_DRAWN');
  assertUnits('jackpotPoolUnits', input.jackpotPoolUnits, 0);
  const { result, effects } = settlement(round, round.draw, input.jackpotPoolUnits);
  const nextRoundAtMs = input.now + TURNTABLE_SPIN_MS + TURNTABLE_RESULT_MS;
  return ok({
    state: { ...round, state: 'settled', settledAtMs: input.now, nextRoundAtMs, result },
    events: [
      {
        type: 'settle',
        roundId: round.roundId,
        outIcon: result.outIcon,
        innerIcon: result.innerIcon,
        winningAreas: result.winningAreas,
        areas: result.areas,
        jackpot: result.jackpot,
        serverSeed: round.serverSeed,
        publicSeed: round.publicSeed,
        settledAtMs: input.now,
        nextRoundAtMs,
      },
    ],
    effects,
  });
}

/** The users of a round by ascending id, so settlement lists and pays in one fixed order. */
function usersOf(round: TurntableRound): [number, TurntableUserBets][] {
  return Object.entries(round.users)
    .map(([id, bets]): [number, TurntableUserBets] => [Number(id), bets])
    .sort((a, b) => a[0] - b[0]);
}

function settlement(
  round: TurntableRound,
  draw: TurntableDraw,
  poolBeforeUnits: number,
): { result: TurntableSettlement; effects: TurntableEffect[] } {
  const { roundId } = round;
  const { outIcon, innerIcon } = draw;
  const winning = winningAreas(outIcon, innerIcon);
  const areas: TurntableAreaResult[] = Array.from({ length: TURNTABLE_AREAS }, (_, area) => ({
    area,
    amount: 0,
    users: 0,
    win: winning.includes(area),
    award: 0,
  }));
  const users = usersOf(round).map(([userId, bets]): TurntableUserResult => {
    const details: TurntableUserResult['details'] = [];
    bets.areas.forEach((amount, area) => {
      if (amount === 0) return;
      const award = winning.includes(area) ? winUnits(area, amount) : 0;
      const a = areas[area]!;
      a.amount += amount;
      a.users += 1;
      a.award += award;
      details.push({ area, amount, award });
    });
    const wonUnits = sumOf(details.map((d) => d.award));
    return { userId, stakedUnits: bets.totalUnits, wonUnits, jackpotUnits: 0, details };
  });
  const stakedUnits = sumOf(users.map((u) => u.stakedUnits));
  const wonUnits = sumOf(users.map((u) => u.wonUnits));
  if (!Number.isSafeInteger(stakedUnits) || !Number.isSafeInteger(wonUnits))
    throw new RangeError('round sums overflow');

  const feedUnits = jackpotFeedUnits(stakedUnits, feedBpOf(round));
  const pool = poolBeforeUnits + feedUnits;
  const share = TURNTABLE_JACKPOT_FRACTIONS[innerIcon];
  const areaStake = areas[innerIcon]!.amount;
  let awardUnits = 0;
  if (share && areaStake > 0) {
    awardUnits = Number((BigInt(pool) * BigInt(share.num)) / BigInt(share.den));
    for (const u of users) {
      const stake = u.details.find((d) => d.area === innerIcon)?.amount ?? 0;
      u.jackpotUnits = Number((BigInt(awardUnits) * BigInt(stake)) / BigInt(areaStake));
    }
  }
  const paidUnits = sumOf(users.map((u) => u.jackpotUnits));
  const jackpot: TurntableJackpotResult = {
    icon: share ? innerIcon : null,
    poolBeforeUnits,
    feedUnits,
    awardUnits,
    paidUnits,
    poolAfterUnits: pool - paidUnits,
  };

  // Feed before draw, so the jackpot account never dips below zero within the transaction.
  const effects: TurntableEffect[] = [];
  if (feedUnits > 0) {
    effects.push({ type: 'jackpot', direction: 'feed', amount: feedUnits, key: `turntable_jackpot_feed:${roundId}` });
  }
  if (paidUnits > 0) {
    effects.push({ type: 'jackpot', direction: 'draw', amount: paidUnits, key: `turntable_jackpot_draw:${roundId}` });
  }
  for (const u of users) {
    if (u.wonUnits > 0) {
      effects.push({
        type: 'credit',
        userId: u.userId,
        amount: u.wonUnits,
        key: `turntable_win:${roundId}:${u.userId}`,
        reason: 'turntable_win',
      });
    }
    if (u.jackpotUnits > 0) {
      effects.push({
        type: 'credit',
        userId: u.userId,
        amount: u.jackpotUnits,
        key: `turntable_jackpot:${roundId}:${u.userId}`,
        reason: 'turntable_jackpot',
      });
    }
  }
  return {
    result: {
      outIcon,
      innerIcon,
      winningAreas: winning,
      areas,
      users,
      jackpot,
      stakedUnits,
      wonUnits,
      houseUnits: stakedUnits - wonUnits - feedUnits,
    },
    effects,
  };
}

/** The round's jackpot feed: its own, or TURNTABLE_JACKPOT_BP for a round persisted without one. */
export function feedBpOf(round: TurntableRound): number {
  return round.jackpotFeedBp ?? TURNTABLE_JACKPOT_BP;
}

export type TurntableCommand =
  | ({ type: 'bet' } & BetInput)
  | { type: 'close'; now: number }
  | { type: 'spin'; publicSeed: string }
  | ({ type: 'settle' } & SettleInput);

/** One command on an existing round, for a server that queues commands as data. */
export function apply(round: TurntableRound, command: TurntableCommand): Result<TurntableStep, TurntableError> {
  switch (command.type) {
    case 'bet': {
      const { type: _, ...input } = command;
      return bet(round, input);
    }
    case 'close':
      return close(round, command.now);
    case 'spin':
      return spin(round, command.publicSeed);
    case 'settle':
      return settle(round, { jackpotPoolUnits: command.jackpotPoolUnits, now: command.now });
  }
}

// ---------------------------------------------------------------------------------------------
// What the screen shows

export type TurntablePhase = -1 | 0 | 1;

export interface PhaseInfo {
  phase: TurntablePhase;
  startMs: number;
  endMs: number;
  timeLeftMs: number;
}

/** The spec's phase_info at `now`; no round yet is phase -1 with nothing left. */
export function phaseInfo(round: TurntableRound | null, now: number): PhaseInfo {
  if (round === null) return { phase: -1, startMs: now, endMs: now, timeLeftMs: 0 };
  if (round.state === 'settled') {
    const end = round.nextRoundAtMs!;
    return { phase: 1, startMs: round.settledAtMs!, endMs: end, timeLeftMs: Math.max(0, end - now) };
  }
  if (round.state === 'betting' && now < round.betsCloseAtMs) {
    return { phase: 0, startMs: round.openedAtMs, endMs: round.betsCloseAtMs, timeLeftMs: round.betsCloseAtMs - now };
  }
  // Betting over, the draw pending (waiting for the beacon).
  return { phase: -1, startMs: round.betsCloseAtMs, endMs: round.betsCloseAtMs, timeLeftMs: 0 };
}

// ---------------------------------------------------------------------------------------------
// Miss counts, kept by the server with each settled round

/** icon_miss_count after a round whose outer icon was `outIcon`: it resets to 0, every other icon 0–8 adds 1. */
export function nextMissCounts(counts: readonly number[], outIcon: number): number[] {
  return Array.from({ length: TURNTABLE_OUTER_ICONS }, (_, icon) => (icon === outIcon ? 0 : (counts[icon] ?? 0) + 1));
}
