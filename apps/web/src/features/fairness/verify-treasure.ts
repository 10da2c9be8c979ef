import { verifyTreasure } from '@kaixiang/game/treasure';
import type { BeaconInfoResponse } from '@kaixiang/shared/beacon';
import type { TreasureEndInfo } from '@kaixiang/shared/treasure';
import { type BeaconTiming, beaconTiming } from './verify-beacon.ts';

export interface TreasureCheck {
  /** SHA-256 of the revealed seed is the hash the treasure showed from its making. */
  seedMatches: boolean;
  /** Every card was sold: the draw ran over all of them. */
  cardsSold: boolean;
  /** The winning card recomputed (0-based) and whether it is the announced one. */
  card: number;
  cardMatches: boolean;
  /** The recomputed card's holder and whether it is the announced winner. */
  holder: number | null;
  holderMatches: boolean;
  /** The beacon round is the first published after the last card was sold. */
  beacon: BeaconTiming;
}

export type TreasureVerifyResult = { kind: 'checked'; ok: boolean; check: TreasureCheck };

/**
 * A treasure's draw recomputed in the browser from get-end-treasure-info by packages/game's own
 * rules (`verifyTreasure`: HMAC-SHA256 of the seed over "treasure:<beacon>:<id>:0:0:<cursor>",
 * the 52-bit sampler into [0, cards)): the seed against its committed hash, the winning card,
 * its holder, and the beacon round against the time the last card was sold (`beacon`: the
 * beacon's schedule). A treasure not drawn (still on sale, waiting for the beacon, or refunded)
 * has nothing to check: null.
 */
export function verifyTreasureDraw(
  end: TreasureEndInfo,
  beacon: BeaconInfoResponse | null,
): TreasureVerifyResult | null {
  if (end.phase !== 'won' || !end.server_seed || !end.public_seed || end.winning_card === null || !end.winner) {
    return null;
  }
  const v = verifyTreasure({
    serverSeed: end.server_seed,
    serverSeedHash: end.server_seed_hash,
    publicSeed: end.public_seed,
    roomId: end.room_id,
    holders: end.holders,
    card: end.winning_card,
    userId: end.winner.user_id,
  });
  const check: TreasureCheck = {
    seedMatches: v.seedMatches,
    cardsSold: end.holders.length === end.total,
    card: v.card,
    cardMatches: v.card === end.winning_card,
    holder: v.userId,
    holderMatches: v.userId === end.winner.user_id,
    beacon: beaconTiming(beacon, end.filled_at, end.beacon_round),
  };
  const ok = check.seedMatches && check.cardsSold && check.cardMatches && check.holderMatches && check.beacon.ok;
  return { kind: 'checked', ok, check };
}
