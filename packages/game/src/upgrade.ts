/**
 * Upgrade (装备升级, issue 13): the pure rules. A player stakes some of their items and/or balance
 * on one target item; one roll from their own seed pair decides whether they get the target. The
 * stake is consumed either way.
 *
 * Chance (every number an integer; rates in ppm of UPGRADE_RATE_SCALE = 1,000,000)
 *   raw  = floor(stake × (SCALE − houseEdge) / target)        stake and target in units
 *   rate = min(raw, maxRate), refused when the stake is empty, when stake ≥ target, or raw < minRate.
 * So an unclamped upgrade returns (1 − houseEdge) of its stake on average, less the floor (under
 * one ppm of chance), and the RTP shown is SCALE − houseEdge.
 *
 * The limits, decided (docs/games/upgrade.md "Upgrade"):
 * - Below the min rate the upgrade is REFUSED, never raised to the min: raising it would pay the
 *   player more than the RTP.
 * - Above the max rate the chance is CAPPED at the max rate: a stake of items cannot always be cut
 *   to the exact value, and the player may knowingly pay for a surer roll. The quote says
 *   `capped` and the lower RTP of that upgrade (`rtpPpm`), so the screen can say so; the slider
 *   stops at `stakeForRate(target, maxRate)`, where adding more stops buying chance.
 * - A stake worth as much as the target or more is REFUSED: an upgrade goes up (issue 13).
 *
 * Roll: fair.ts's recipe with game "upgrade": HMAC-SHA256(serverSeed,
 * "upgrade:<clientSeed>:<nonce>:<cursor>"), 52-bit rejection sampling to a uniform integer in
 * [0, SCALE); the player wins when roll < rate. The roll depends on the seeds and the nonce only,
 * never on the stake, so the fairness page recomputes it from the revealed seed alone.
 */
import { UPGRADE_GAME, UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';
import { err, ok, type Result } from './engine.ts';
import { rollIntAt, type SeedTriple, serverSeedHash } from './fair.ts';

export interface UpgradeRules {
  /** What the house keeps of a stake on average, ppm (50,000 = 5 %). */
  houseEdgePpm: number;
  /** The least chance an upgrade may have, ppm; below it the upgrade is refused. */
  minRatePpm: number;
  /** The most chance an upgrade may have, ppm; above it the chance is capped. */
  maxRatePpm: number;
}

/** RTP 95 %, chances from 1 % to 75 % (the server's defaults: UPGRADE_* in config.ts). */
export const DEFAULT_UPGRADE_RULES: UpgradeRules = { houseEdgePpm: 50_000, minRatePpm: 10_000, maxRatePpm: 750_000 };

const SCALE = BigInt(UPGRADE_RATE_SCALE);

/** Throws unless the rules make sense: 0 ≤ edge < 100 %, 0 < min ≤ max < 100 %. */
export function assertRules(r: UpgradeRules): void {
  const ppm = (v: number) => Number.isSafeInteger(v) && v >= 0 && v < UPGRADE_RATE_SCALE;
  if (!ppm(r.houseEdgePpm)) throw new RangeError(`house edge ${r.houseEdgePpm} ppm outside [0, ${UPGRADE_RATE_SCALE})`);
  if (!ppm(r.minRatePpm) || r.minRatePpm < 1) throw new RangeError(`min rate ${r.minRatePpm} ppm must be ≥ 1`);
  if (!ppm(r.maxRatePpm) || r.maxRatePpm < r.minRatePpm) {
    throw new RangeError(`max rate ${r.maxRatePpm} ppm must be in [min rate, ${UPGRADE_RATE_SCALE})`);
  }
}

/** The RTP an unclamped upgrade returns, ppm: SCALE − house edge. */
export const nominalRtpPpm = (r: UpgradeRules): number => UPGRADE_RATE_SCALE - r.houseEdgePpm;

function assertUnits(name: string, v: number, least: number): void {
  if (!Number.isSafeInteger(v) || v < least) throw new RangeError(`${name} ${v} is not a safe integer ≥ ${least}`);
}

/** What a stake is worth: the staked items' prices plus the staked balance, in units. */
export function stakeValue(itemPricesUnits: readonly number[], balanceUnits: number): number {
  assertUnits('balance', balanceUnits, 0);
  let sum = balanceUnits;
  for (const p of itemPricesUnits) {
    assertUnits('item price', p, 0);
    sum += p;
  }
  if (!Number.isSafeInteger(sum)) throw new RangeError(`stake ${sum} is not a safe integer`);
  return sum;
}

export type QuoteError = 'STAKE_EMPTY' | 'STAKE_NOT_BELOW_TARGET' | 'RATE_TOO_LOW';

export interface UpgradeQuote {
  stakeUnits: number;
  targetUnits: number;
  /** floor(stake × (SCALE − edge) / target): the chance before the limits, ppm. */
  rawRatePpm: number;
  /** The chance the roll uses, ppm: roll < ratePpm wins. */
  ratePpm: number;
  /** True when the max rate cut the chance (the stake buys more than it gets). */
  capped: boolean;
  /** This upgrade's own return, ppm of the stake: floor(rate × target / stake). */
  rtpPpm: number;
}

/** The chance of staking `stakeUnits` on a target worth `targetUnits`, or why it is refused. */
export function quote(stakeUnits: number, targetUnits: number, rules: UpgradeRules): Result<UpgradeQuote, QuoteError> {
  assertRules(rules);
  assertUnits('stake', stakeUnits, 0);
  assertUnits('target', targetUnits, 1);
  if (stakeUnits === 0) return err('STAKE_EMPTY');
  if (stakeUnits >= targetUnits) return err('STAKE_NOT_BELOW_TARGET');
  const stake = BigInt(stakeUnits);
  const target = BigInt(targetUnits);
  // stake < target, so raw < SCALE − edge: a safe number.
  const raw = Number((stake * (SCALE - BigInt(rules.houseEdgePpm))) / target);
  if (raw < rules.minRatePpm) return err('RATE_TOO_LOW');
  const rate = Math.min(raw, rules.maxRatePpm);
  return ok({
    stakeUnits,
    targetUnits,
    rawRatePpm: raw,
    ratePpm: rate,
    capped: raw > rules.maxRatePpm,
    rtpPpm: Number((BigInt(rate) * target) / stake),
  });
}

/**
 * The least stake whose chance on this target is at least `ratePpm` (before the max-rate cap):
 * ceil(rate × target / (SCALE − edge)). With the min rate it is the smallest stake allowed; with
 * the max rate, the stake past which more buys no more chance. Can be ≥ target: then no stake
 * reaches that rate. At most Number.MAX_SAFE_INTEGER.
 */
export function stakeForRate(targetUnits: number, ratePpm: number, rules: UpgradeRules): number {
  assertRules(rules);
  assertUnits('target', targetUnits, 1);
  assertUnits('rate', ratePpm, 0);
  const keep = SCALE - BigInt(rules.houseEdgePpm);
  const stake = (BigInt(ratePpm) * BigInt(targetUnits) + keep - 1n) / keep;
  return stake > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(stake);
}

/**
 * The dearest target a stake may aim at: floor(stake × (SCALE − edge) / minRate), at most
 * Number.MAX_SAFE_INTEGER. Targets worth more than the stake and at most this much are the
 * reachable ones (the list filters on it).
 */
export function maxTargetUnits(stakeUnits: number, rules: UpgradeRules): number {
  assertRules(rules);
  assertUnits('stake', stakeUnits, 0);
  const top = (BigInt(stakeUnits) * (SCALE - BigInt(rules.houseEdgePpm))) / BigInt(rules.minRatePpm);
  return top > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(top);
}

export interface UpgradeRoll {
  /** Uniform in [0, UPGRADE_RATE_SCALE). */
  roll: number;
  /** The digest (cursor) and chunk (0..3) it was read from, for the verifier to show. */
  cursor: number;
  chunkIndex: number;
}

/** The roll of one upgrade from the player's seed pair at `nonce` (fair.ts, game "upgrade"). */
export function rollUpgrade(seeds: SeedTriple): UpgradeRoll {
  const chunk = rollIntAt({ ...seeds, game: UPGRADE_GAME }, UPGRADE_RATE_SCALE);
  return { roll: chunk.value, cursor: chunk.cursor, chunkIndex: chunk.index };
}

/** Whether a roll wins at a rate: roll < rate (a rate of r ppm wins on exactly r of SCALE rolls). */
export function upgradeWins(roll: number, ratePpm: number): boolean {
  return roll < ratePpm;
}

export interface UpgradeProof {
  serverSeed: string;
  /** The hash shown before the roll. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  ratePpm: number;
  /** What the server said: its roll and whether it won. */
  roll: number;
  success: boolean;
}

export interface UpgradeCheck {
  /** sha256(serverSeed) is the hash shown before the roll. */
  seedMatchesHash: boolean;
  /** The roll recomputed from the seeds. */
  roll: number;
  success: boolean;
  /** Everything the server said agrees with the recomputation. */
  valid: boolean;
}

/** Recomputes an upgrade from its revealed seed (the fairness page runs this in the browser). */
export function verifyUpgrade(p: UpgradeProof): UpgradeCheck {
  const seedMatchesHash = serverSeedHash(p.serverSeed) === p.serverSeedHash;
  const { roll } = rollUpgrade({ serverSeed: p.serverSeed, clientSeed: p.clientSeed, nonce: p.nonce });
  const success = upgradeWins(roll, p.ratePpm);
  return { seedMatchesHash, roll, success, valid: seedMatchesHash && roll === p.roll && success === p.success };
}

/**
 * The "random pick" button (spec 1 §3: show_rate weights random picks): the index of the entry
 * whose weight range holds `r`, a uniform integer in [0, totalWeight(entries)). Entries of weight
 * 0 are never picked; -1 when every weight is 0. The caller brings the randomness.
 */
export function pickByShowRate(entries: readonly { showRate: number }[], r: number): number {
  const total = totalShowRate(entries);
  if (total === 0) return -1;
  if (!Number.isSafeInteger(r) || r < 0 || r >= total) throw new RangeError(`pick ${r} outside [0, ${total})`);
  let to = 0;
  for (let i = 0; i < entries.length; i++) {
    to += entries[i]!.showRate;
    if (r < to) return i;
  }
  throw new Error('unreachable');
}

export function totalShowRate(entries: readonly { showRate: number }[]): number {
  let total = 0;
  for (const e of entries) {
    assertUnits('show_rate', e.showRate, 0);
    total += e.showRate;
  }
  return total;
}
