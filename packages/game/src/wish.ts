/**
 * The wishing well (许愿池, issue 22; docs/promotions/wishing-well.md): a wish rolls with the
 * player's own seed pair, exactly like a box, a bag or an upgrade:
 *
 *   roll = the first 52-bit piece of HMAC_SHA256(serverSeed, "wish:<clientSeed>:<nonce>:<cursor>")
 *          below 2^52 − (2^52 mod 1,000,000), mod 1,000,000          (fair.ts)
 *
 * and the wish hits when roll < chance (ppm): a chance of c ppm hits on exactly c of the
 * 1,000,000 rolls. Pure: no I/O, no clock, no randomness of its own.
 */
import { WISH_GAME, WISH_POINT_UNITS, WISH_SCALE, type WishCurrency } from '@kaixiang/shared/wishing-well-paths';
import { rollIntAt, type SeedTriple, serverSeedHash } from './fair.ts';

export { WISH_GAME, WISH_SCALE };

export interface WishRoll {
  /** Uniform in [0, WISH_SCALE). */
  roll: number;
  /** The digest (cursor) and chunk (0..3) it was read from, for the verifier to show. */
  cursor: number;
  chunkIndex: number;
}

/** One wish's roll from the player's seed pair at `nonce` (game "wish"). */
export function rollWish(seeds: SeedTriple): WishRoll {
  const chunk = rollIntAt({ ...seeds, game: WISH_GAME }, WISH_SCALE);
  return { roll: chunk.value, cursor: chunk.cursor, chunkIndex: chunk.index };
}

/** Whether a roll hits at a chance: roll < chance (ppm). */
export function wishHits(roll: number, chancePpm: number): boolean {
  return roll < chancePpm;
}

/** A wish's price in coin units: coins as they are, points at WISH_POINT_UNITS each. */
export function wishPriceUnits(currency: WishCurrency, price: number): number {
  return currency === 'point' ? price * WISH_POINT_UNITS : price;
}

/**
 * The return to player of an entry, ppm, floored: chance × worth ÷ price (price in coin units).
 * BigInt, so a large worth stays exact.
 */
export function wishRtpPpm(e: {
  chancePpm: number;
  worthUnits: number;
  currency: WishCurrency;
  price: number;
}): number {
  const price = BigInt(wishPriceUnits(e.currency, e.price));
  if (price <= 0n) throw new RangeError(`a wish priced ${e.price}`);
  return Number((BigInt(e.chancePpm) * BigInt(e.worthUnits)) / price);
}

export interface WishProofInput {
  serverSeed: string;
  /** The hash shown before the wish. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  chancePpm: number;
  /** What the server said: its roll and whether the wish hit. */
  roll: number;
  hit: boolean;
}

export interface WishCheck {
  seedMatchesHash: boolean;
  /** The roll recomputed from the seeds, and the outcome it gives at the chance. */
  roll: WishRoll;
  hit: boolean;
  valid: boolean;
}

/** Recomputes one wish from what the site publishes (the fairness page runs this in the browser). */
export function verifyWish(p: WishProofInput): WishCheck {
  const seedMatchesHash = serverSeedHash(p.serverSeed) === p.serverSeedHash.toLowerCase();
  const roll = rollWish({ serverSeed: p.serverSeed, clientSeed: p.clientSeed, nonce: p.nonce });
  const hit = wishHits(roll.roll, p.chancePpm);
  return { seedMatchesHash, roll, hit, valid: seedMatchesHash && roll.roll === p.roll && hit === p.hit };
}
