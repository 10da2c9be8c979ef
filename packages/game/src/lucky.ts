/**
 * The lucky player (幸运玩家, issue 21): the pure rule. During an operator's window every opened
 * box also gets a lucky roll, a slot of its own beside the item's roll:
 *
 *   HMAC_SHA256(key = serverSeed, msg = "lucky:<clientSeed>:<nonce>:<cursor>"), cursor from 0,
 *
 * read with fair.ts's 52-bit rejection sampler to a uniform integer in [0, 108); 0 makes the
 * opening's player a lucky player. The nonce is the box's own (the one its item roll used): the
 * item comes from the "box:" messages and the lucky roll from the "lucky:" ones, so the lucky
 * roll changes nothing of the item, and anyone can recompute both once the seed is revealed.
 */
import { LUCKY_GAME, LUCKY_ODDS, LUCKY_WINNING_ROLL } from '@kaixiang/shared/lucky-paths';
import { type Chunk, rollIntAt, type SeedTriple } from './fair.ts';

/** The lucky roll of the box opened at `seeds.nonce`, with where in the digests it was read. */
export function luckyRollAt(seeds: SeedTriple): Chunk {
  return rollIntAt({ ...seeds, game: LUCKY_GAME }, LUCKY_ODDS);
}

/** The lucky roll in [0, 108) of the box opened at `seeds.nonce`. */
export function luckyRoll(seeds: SeedTriple): number {
  return luckyRollAt(seeds).value;
}

/** Whether a lucky roll makes its player a lucky player. */
export function isLucky(roll: number): boolean {
  return roll === LUCKY_WINNING_ROLL;
}

/**
 * The lucky rolls of `count` boxes opened together from `first` on (each box its own nonce), or
 * null outside a window: then nothing is rolled, and the opening costs what it did before.
 */
export function luckyRolls(seeds: SeedTriple, count: number, inWindow: boolean): number[] | null {
  if (!inWindow) return null;
  return Array.from({ length: count }, (_, i) => luckyRoll({ ...seeds, nonce: seeds.nonce + i }));
}
