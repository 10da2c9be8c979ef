/**
 * Designing a box: turning a list of items into an odds table (integer tickets summing to
 * BOX_TICKETS) and pricing the box for a target return to player. Runs when a box version is
 * made, never per roll; the resulting table is stored and its hash published, so verifiers only
 * need fair.ts, not this file.
 *
 * Money is integer units (1/10000 yuan); products of prices and tickets can pass 2^53, so they are
 * taken in BigInt.
 */
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import type { Quality } from '@kaixiang/shared/items';
import type { OddsEntry } from './fair.ts';

/** The return to player a box is priced for unless its designer says otherwise, in basis points. */
export const DEFAULT_RTP_BP = 9000;

const UNITS_PER_FEN = 100;
const BP_PER_WHOLE = 10_000n;

/** The tiers a CS2 weapon case drops, from the lowest up (our quality scale, shared/items.ts). */
export type CaseTier = 2 | 3 | 4 | 5 | 7;
const CASE_TIERS: readonly CaseTier[] = [2, 3, 4, 5, 7];

/**
 * Valve's published weapon-case odds (2017, for China's loot-box disclosure rules) in tickets of
 * BOX_TICKETS: Mil-Spec 79.92 %, Restricted 15.98 %, Classified 3.20 %, Covert 0.64 %,
 * ★ rare special 0.26 %.
 */
export const CS2_CASE_ODDS: Readonly<Record<CaseTier, number>> = {
  2: 799_200,
  3: 159_800,
  4: 32_000,
  5: 6_400,
  7: 2_600,
};

export interface CaseItem {
  itemId: number;
  exter: number;
  quality: Quality;
}

function isCaseTier(quality: number): quality is CaseTier {
  return (CASE_TIERS as readonly number[]).includes(quality);
}

/**
 * A case's odds, CS2-style: each tier's tickets are split evenly among that tier's items, the
 * remainder one ticket each to the tier's first items in the order given. Entries come back in
 * the order given.
 *
 * A tier the case lacks gives its tickets to the nearest lower tier it has (a case without
 * Covert items makes Classified more likely, never ★ items); only if it has no lower tier do they
 * go to the nearest higher one. So a case is never better than CS2's odds at its top tier.
 */
export function cs2CaseOdds(items: readonly CaseItem[]): OddsEntry[] {
  if (items.length === 0) throw new RangeError('a case needs at least one item');
  const members = new Map<CaseTier, number[]>();
  for (const [i, item] of items.entries()) {
    if (!isCaseTier(item.quality))
      throw new RangeError(`item ${item.itemId}: quality ${item.quality} is not a case tier`);
    members.set(item.quality, [...(members.get(item.quality) ?? []), i]);
  }

  const present = CASE_TIERS.filter((tier) => members.has(tier));
  const tierTickets = new Map<CaseTier, number>(present.map((tier) => [tier, 0]));
  for (const tier of CASE_TIERS) {
    const lower = present.filter((t) => t <= tier);
    const receiver = lower.length > 0 ? lower[lower.length - 1]! : present[0]!;
    tierTickets.set(receiver, tierTickets.get(receiver)! + CS2_CASE_ODDS[tier]);
  }

  const tickets = new Array<number>(items.length).fill(0);
  for (const [tier, indexes] of members) {
    const share = Math.floor(tierTickets.get(tier)! / indexes.length);
    const remainder = tierTickets.get(tier)! % indexes.length;
    if (share === 0) throw new RangeError(`tier ${tier} has more items than tickets`);
    indexes.forEach((itemIndex, k) => {
      tickets[itemIndex] = share + (k < remainder ? 1 : 0);
    });
  }
  return items.map((item, i) => ({ itemId: item.itemId, exter: item.exter, tickets: tickets[i]! }));
}

export interface PricedItem {
  itemId: number;
  exter: number;
  /** Units, a positive integer. */
  price: number;
}

/**
 * Odds for a themed box: tickets ∝ price^(−exponent), so dear items are rare (exponent 0 makes
 * every item equally likely; 1 gives each item about the same share of the box's value).
 *
 * Every item first gets one ticket, so none is impossible to win; the other BOX_TICKETS − k are
 * shared by largest remainder (Hamilton): the floor of each item's exact share, then one more to
 * the items with the largest fractional parts, ties to the earlier item. Floating point is fine
 * here: the table is computed once and stored; nobody recomputes it to verify a roll.
 */
export function weightedOdds(items: readonly PricedItem[], exponent: number): OddsEntry[] {
  if (items.length === 0) throw new RangeError('a box needs at least one item');
  if (items.length > BOX_TICKETS) throw new RangeError(`more items than tickets: ${items.length}`);
  if (!Number.isFinite(exponent) || exponent < 0) throw new RangeError(`invalid exponent ${exponent}`);
  for (const item of items) {
    if (!Number.isSafeInteger(item.price) || item.price < 1) {
      throw new RangeError(`item ${item.itemId}: invalid price ${item.price}`);
    }
  }

  // Relative to the cheapest item, every weight is in (0, 1] and the cheapest is 1, so the sum
  // never underflows to 0 even for a steep exponent.
  const cheapest = Math.min(...items.map((item) => item.price));
  const weights = items.map((item) => (cheapest / item.price) ** exponent);
  const weightSum = weights.reduce((sum, w) => sum + w, 0);

  const free = BOX_TICKETS - items.length;
  const quotas = weights.map((w) => (free * w) / weightSum);
  const tickets = quotas.map((q) => 1 + Math.floor(q));
  let left = BOX_TICKETS - tickets.reduce((sum, t) => sum + t, 0);
  const byRemainder = quotas
    .map((q, i) => ({ i, remainder: q - Math.floor(q) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  // Each floor loses less than one ticket, so 0 ≤ left < items.length in exact arithmetic; the
  // modulo only guards against the float sum of the quotas being a hair off.
  for (let k = 0; left > 0; k = (k + 1) % byRemainder.length, left--) tickets[byRemainder[k]!.i]! += 1;
  return items.map((item, i) => ({ itemId: item.itemId, exter: item.exter, tickets: tickets[i]! }));
}

/**
 * The expected value of one opening in units, rounded down: Σ tickets × price / total.
 * `prices[i]` is the price of `entries[i]` (an item's price depends on its wear, so the entry's
 * position, not its item id, is the key).
 */
export function expectedValue(entries: readonly OddsEntry[], prices: readonly number[], total = BOX_TICKETS): number {
  if (prices.length !== entries.length) {
    throw new RangeError(`${prices.length} prices for ${entries.length} entries`);
  }
  if (!Number.isSafeInteger(total) || total < 1) throw new RangeError(`invalid ticket total ${total}`);
  let sum = 0n;
  for (const [i, entry] of entries.entries()) {
    const price = prices[i]!;
    if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`entry ${i}: invalid price ${price}`);
    sum += BigInt(entry.tickets) * BigInt(price);
  }
  return Number(sum / BigInt(total));
}

function assertRtpBp(rtpBp: number): void {
  if (!Number.isSafeInteger(rtpBp) || rtpBp < 1) throw new RangeError(`invalid RTP ${rtpBp} bp`);
}

/**
 * The lowest box price, in whole fen (multiples of 100 units) and at least one fen, whose return
 * `ev / price` does not exceed `rtpBp` / 10000. Rounding up can only lower the return.
 */
export function priceForRtp(ev: number, rtpBp: number = DEFAULT_RTP_BP): number {
  if (!Number.isSafeInteger(ev) || ev < 0) throw new RangeError(`invalid expected value ${ev}`);
  assertRtpBp(rtpBp);
  // ev / price ≤ rtpBp / 10000  ⇔  price ≥ ev × 10000 / rtpBp; then up to a whole fen.
  const minUnits = ceilDiv(BigInt(ev) * BP_PER_WHOLE, BigInt(rtpBp));
  const fen = ceilDiv(minUnits, BigInt(UNITS_PER_FEN));
  const price = Number(fen > 0n ? fen : 1n) * UNITS_PER_FEN;
  if (!Number.isSafeInteger(price)) throw new RangeError(`price out of range for expected value ${ev}`);
  return price;
}

/** The return of a box priced `price` with expected value `ev`, in basis points, rounded down. */
export function rtpBpOf(ev: number, price: number): number {
  if (!Number.isSafeInteger(ev) || ev < 0) throw new RangeError(`invalid expected value ${ev}`);
  if (!Number.isSafeInteger(price) || price < 1) throw new RangeError(`invalid price ${price}`);
  return Number((BigInt(ev) * BP_PER_WHOLE) / BigInt(price));
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}
