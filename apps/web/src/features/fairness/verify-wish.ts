import { verifyWish } from '@kaixiang/game/wish';
import type { WishRecord } from '@kaixiang/shared/wishing-well';

export type WishVerifyResult =
  /** The pair is still the active one: its server seed is published when the player rotates it. */
  | { kind: 'hidden' }
  | {
      kind: 'checked';
      seedHashOk: boolean;
      /** The recomputed roll, the digest and piece it came from, and whether the record agrees. */
      roll: number;
      cursor: number;
      chunk: number;
      rollOk: boolean;
      /** roll < chance: the recomputed outcome and whether the record (and the item) agree. */
      hit: boolean;
      outcomeOk: boolean;
      ok: boolean;
    };

/**
 * Recomputes one of the player's wishes from what the wishing well publishes with it, by the code
 * the server ran (packages/game/wish): HMAC_SHA256(server seed, "wish:<client seed>:<nonce>:<cursor>")
 * read as a roll in [0, 1,000,000), a hit when below the chance recorded with the wish.
 */
export function verifyWishRecord(r: WishRecord): WishVerifyResult {
  const serverSeed = r.proof.server_seed;
  if (!serverSeed) return { kind: 'hidden' };
  const check = verifyWish({
    serverSeed,
    serverSeedHash: r.proof.server_seed_hash,
    clientSeed: r.proof.client_seed,
    nonce: r.proof.nonce,
    chancePpm: r.chance_ppm,
    roll: r.roll,
    hit: r.hit,
  });
  // A hit must have granted an item and a miss none: the record is checked against itself too.
  const outcomeOk = check.hit === r.hit && (r.user_item_id !== null) === r.hit;
  return {
    kind: 'checked',
    seedHashOk: check.seedMatchesHash,
    roll: check.roll.roll,
    cursor: check.roll.cursor,
    chunk: check.roll.chunkIndex,
    rollOk: check.roll.roll === r.roll,
    hit: check.hit,
    outcomeOk,
    ok: check.valid && outcomeOk,
  };
}
