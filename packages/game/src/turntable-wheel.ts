/**
 * The turntable's wheels (packages/game/src/turntable.ts has the whole game's rules): icons,
 * weights and multipliers, every area's exact odds and return, the seeds' hash chain and the
 * draw — what the fairness page and the screen need without the round's transitions.
 */

import { type RoomId, sharedRollIntAt } from './engine.ts';
import { sha256Hex } from './sha256.ts';

export const TURNTABLE_GAME = 'turntable';
export const TURNTABLE_BET_MS = 15_000;
export const TURNTABLE_SPIN_MS = 6_000;
export const TURNTABLE_RESULT_MS = 4_000;
export const TURNTABLE_HISTORY_CAP = 100;
/**
 * The share of every stake fed to the jackpot pool, in basis points, when nothing else is said:
 * the operator's default (game settings `turntable.jackpot_feed_bp`) and the feed of a round
 * persisted before rounds recorded their own (`feedBpOf`).
 */
export const TURNTABLE_JACKPOT_BP = 100;
/** A feed is a share of the stakes: at most all of them (the operator's bounds are narrower). */
export const TURNTABLE_JACKPOT_BP_SCALE = 10_000;
export const TURNTABLE_MAX_ENTRIES_PER_BET = 15;
export const TURNTABLE_QUICK_BETS_UNITS = [10_000, 100_000, 500_000, 1_000_000, 5_000_000, 10_000_000] as const;
/** The draw's roll parts (the round is always 0: one draw per room). */
export const TURNTABLE_DRAW_ROUND = 0;
export const TURNTABLE_OUTER_SLOT = 'outer';
export const TURNTABLE_INNER_SLOT = 'inner';

export const TURNTABLE_AREAS = 15;
export const TURNTABLE_OUTER_ICONS = 9;
/** The first inner icon; inner icons are 9–12. */
export const TURNTABLE_INNER_FIRST = 9;
export const TURNTABLE_LINES = [
  [12, 14, 13],
  [8, 9, 10, 11],
  [0, 1, 2, 3, 4, 5, 6, 7],
] as const;
export const TURNTABLE_ICON_NAMES = [
  'pistol',
  'shotgun',
  'gloves',
  'knife',
  'awp',
  'grenade',
  'm4',
  'ak47',
  'c4',
  'jackpot_third',
  'jackpot_two_thirds',
  'jackpot',
  'c4',
] as const;
/** Weights by outer icon 0–8. */
export const TURNTABLE_OUTER_WEIGHTS: readonly number[] = [12, 8, 3, 1, 1, 12, 8, 3, 2];
/** Weights by inner icon 9–12 (index icon − 9). */
export const TURNTABLE_INNER_WEIGHTS: readonly number[] = [12, 6, 2, 80];

export interface Fraction {
  num: number;
  den: number;
}

/** What a winning area pays per unit staked, stake included, by area 0–14. */
export const TURNTABLE_MULTIPLIERS: readonly Fraction[] = [
  ...[4, 6, 16, 48, 48, 4, 6, 16, 24, 8, 16, 48].map((num) => ({ num, den: 1 })),
  { num: 6, den: 5 },
  { num: 2, den: 1 },
  { num: 2, den: 1 },
];

/** The share of the jackpot pool won by the bettors of inner icon 9, 10, 11 when it is drawn. */
export const TURNTABLE_JACKPOT_FRACTIONS: Readonly<Record<number, Fraction>> = {
  9: { num: 1, den: 3 },
  10: { num: 2, den: 3 },
  11: { num: 1, den: 1 },
};

export const TURNTABLE_ERRORS = [
  'TURNTABLE_NOT_BETTING',
  'TURNTABLE_BETTING_CLOSED',
  'TURNTABLE_BET_ID_INVALID',
  'TURNTABLE_BET_REPEATED',
  'TURNTABLE_BET_EMPTY',
  'TURNTABLE_TOO_MANY_BETS',
  'TURNTABLE_AREA_INVALID',
  'TURNTABLE_BET_NOT_INTEGER',
  'TURNTABLE_BET_NEGATIVE',
  'TURNTABLE_BET_ZERO',
  'TURNTABLE_BET_TOO_SMALL',
  'TURNTABLE_BET_TOO_LARGE',
  'TURNTABLE_ROUND_LIMIT',
  'TURNTABLE_STILL_BETTING',
  'TURNTABLE_NOT_CLOSED',
  'TURNTABLE_NOT_DRAWN',
  'TURNTABLE_ALREADY_SETTLED',
] as const;
export type TurntableError = (typeof TURNTABLE_ERRORS)[number];
export type BetError = Exclude<
  TurntableError,
  'TURNTABLE_STILL_BETTING' | 'TURNTABLE_NOT_CLOSED' | 'TURNTABLE_NOT_DRAWN' | 'TURNTABLE_ALREADY_SETTLED'
>;
export type CloseError = 'TURNTABLE_NOT_BETTING' | 'TURNTABLE_STILL_BETTING';
export type SpinError = 'TURNTABLE_NOT_CLOSED';
export type SettleError = 'TURNTABLE_NOT_DRAWN' | 'TURNTABLE_ALREADY_SETTLED';

// ---------------------------------------------------------------------------------------------
// Odds

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

function fraction(num: bigint, den: bigint): Fraction {
  const g = gcd(num, den);
  return { num: Number(num / g), den: Number(den / g) };
}

/** The sum of some integers (also the round rules' totals). */
export const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The icons whose draw makes `area` win (outer icons for 0–8, 13, 14; inner for 9–12). */
export function areaIcons(area: number): number[] {
  if (area === 13) return [0, 1, 2, 3];
  if (area === 14) return [4, 5, 6, 7];
  return [area];
}

export function areaWins(area: number, outIcon: number, innerIcon: number): boolean {
  return areaIcons(area).includes(area >= TURNTABLE_INNER_FIRST && area <= 12 ? innerIcon : outIcon);
}

/** The areas a draw makes win, ascending. */
export function winningAreas(outIcon: number, innerIcon: number): number[] {
  return Array.from({ length: TURNTABLE_AREAS }, (_, area) => area).filter((area) =>
    areaWins(area, outIcon, innerIcon),
  );
}

export interface TurntableAreaOdds {
  area: number;
  wheel: 'outer' | 'inner';
  icons: number[];
  /** The chance the area wins, reduced. */
  chance: Fraction;
  multiplier: Fraction;
  /** chance × multiplier, reduced: the same for every area. */
  rtp: Fraction;
  /** The jackpot share its bettors split when its icon is drawn, if any. */
  jackpot: Fraction | null;
}

/** Every area's exact odds, for the screen, the help and the tests. */
export function turntableOdds(): TurntableAreaOdds[] {
  const outerTotal = BigInt(sumOf(TURNTABLE_OUTER_WEIGHTS));
  const innerTotal = BigInt(sumOf(TURNTABLE_INNER_WEIGHTS));
  return Array.from({ length: TURNTABLE_AREAS }, (_, area) => {
    const inner = area >= TURNTABLE_INNER_FIRST && area <= 12;
    const icons = areaIcons(area);
    const weight = BigInt(
      sumOf(
        icons.map((icon) =>
          inner ? TURNTABLE_INNER_WEIGHTS[icon - TURNTABLE_INNER_FIRST]! : TURNTABLE_OUTER_WEIGHTS[icon]!,
        ),
      ),
    );
    const total = inner ? innerTotal : outerTotal;
    const multiplier = TURNTABLE_MULTIPLIERS[area]!;
    return {
      area,
      wheel: inner ? 'inner' : 'outer',
      icons,
      chance: fraction(weight, total),
      multiplier: { ...multiplier },
      rtp: fraction(weight * BigInt(multiplier.num), total * BigInt(multiplier.den)),
      jackpot: TURNTABLE_JACKPOT_FRACTIONS[area] ? { ...TURNTABLE_JACKPOT_FRACTIONS[area] } : null,
    };
  });
}

/** Throws unless `feedBp` is a whole number of basis points between 0 and all of the stakes. */
export function assertFeedBp(feedBp: number): void {
  if (!Number.isSafeInteger(feedBp) || feedBp < 0 || feedBp > TURNTABLE_JACKPOT_BP_SCALE)
    throw new RangeError(`jackpot feed must be an integer in [0, ${TURNTABLE_JACKPOT_BP_SCALE}] bp, got ${feedBp}`);
}

/**
 * The return shown to players for a round fed at `feedBp` (the round's own, recorded when it
 * opened): every area's RTP (throws if the tables ever disagree), the jackpot share and their sum.
 */
export function turntableReturn(feedBp: number = TURNTABLE_JACKPOT_BP): {
  areaRtp: Fraction;
  jackpotShare: Fraction;
  longRun: Fraction;
} {
  assertFeedBp(feedBp);
  const rtps = turntableOdds().map((odds) => odds.rtp);
  const areaRtp = rtps[0]!;
  if (rtps.some((r) => r.num !== areaRtp.num || r.den !== areaRtp.den))
    throw new Error('turntable areas differ in RTP');
  const jackpotShare = fraction(BigInt(feedBp), BigInt(TURNTABLE_JACKPOT_BP_SCALE));
  const longRun = fraction(
    BigInt(areaRtp.num) * BigInt(jackpotShare.den) + BigInt(jackpotShare.num) * BigInt(areaRtp.den),
    BigInt(areaRtp.den) * BigInt(jackpotShare.den),
  );
  return { areaRtp, jackpotShare, longRun };
}

/** What `stakeUnits` on a winning `area` pays, stake included, floored to units. */
export function winUnits(area: number, stakeUnits: number): number {
  const m = TURNTABLE_MULTIPLIERS[area]!;
  return Number((BigInt(stakeUnits) * BigInt(m.num)) / BigInt(m.den));
}

/** The jackpot feed of a round's stakes at `feedBp` (the round's own; TURNTABLE_JACKPOT_BP if not said), floored. */
export function jackpotFeedUnits(stakedUnits: number, feedBp: number = TURNTABLE_JACKPOT_BP): number {
  assertFeedBp(feedBp);
  return Number((BigInt(stakedUnits) * BigInt(feedBp)) / BigInt(TURNTABLE_JACKPOT_BP_SCALE));
}

// ---------------------------------------------------------------------------------------------
// Fairness: the hash chain and the draw

/** `seed` hashed `times` times (sha256hex of the text each time). */
export function hashTimes(seed: string, times: number): string {
  let s = seed;
  for (let i = 0; i < times; i++) s = sha256Hex(s);
  return s;
}

/**
 * Seed `index` of a chain of `length` seeds whose last (index length − 1, the secret) is `top`.
 * It costs length − 1 − index hashes: a server keeps checkpoints and calls hashTimes from the
 * nearest one above.
 */
export function chainSeedAt(top: string, length: number, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= length)
    throw new RangeError(`no seed ${index} in ${length}`);
  return hashTimes(top, length - 1 - index);
}

/** The chain's public commitment, sha256hex(s_0), published before round 0. */
export function chainTerminalHash(top: string, length: number): string {
  return hashTimes(top, length);
}

/** Whether `seed` is seed `index` of the chain committed by `terminalHash`. */
export function verifyChainSeed(seed: string, index: number, terminalHash: string): boolean {
  return hashTimes(seed, index + 1) === terminalHash;
}

export interface TurntableDrawRoll {
  icon: number;
  ticket: number;
  /** Where the ticket was read (digest cursor, chunk 0..3), for the verifier. */
  cursor: number;
  chunkIndex: number;
}

export interface TurntableDraw {
  outIcon: number;
  innerIcon: number;
  outer: TurntableDrawRoll;
  inner: TurntableDrawRoll;
}

function iconOf(weights: readonly number[], ticket: number, first: number): number {
  let end = 0;
  for (let i = 0; i < weights.length; i++) {
    end += weights[i]!;
    if (ticket < end) return first + i;
  }
  throw new RangeError(`ticket ${ticket} is outside the wheel`);
}

/** The icons of a round, as the server drew them and as the fairness page recomputes them. */
export function verifyDraw(input: { serverSeed: string; publicSeed: string; roundId: RoomId }): TurntableDraw {
  const base = {
    game: TURNTABLE_GAME,
    serverSeed: input.serverSeed,
    publicSeed: input.publicSeed,
    roomId: input.roundId,
    round: TURNTABLE_DRAW_ROUND,
  };
  const roll = (slot: string, weights: readonly number[], first: number): TurntableDrawRoll => {
    const chunk = sharedRollIntAt({ ...base, slot }, sumOf(weights));
    return {
      icon: iconOf(weights, chunk.value, first),
      ticket: chunk.value,
      cursor: chunk.cursor,
      chunkIndex: chunk.index,
    };
  };
  const outer = roll(TURNTABLE_OUTER_SLOT, TURNTABLE_OUTER_WEIGHTS, 0);
  const inner = roll(TURNTABLE_INNER_SLOT, TURNTABLE_INNER_WEIGHTS, TURNTABLE_INNER_FIRST);
  return { outIcon: outer.icon, innerIcon: inner.icon, outer, inner };
}
