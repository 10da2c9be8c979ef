import { type RollVerification, verifyRoll } from '@kaixiang/game/roll';
import type { BeaconInfoResponse } from '@kaixiang/shared/beacon';
import type { RollRewardResponse } from '@kaixiang/shared/roll';
import { type BeaconTiming, beaconTiming } from './verify-beacon.ts';

export type RollVerifyResult =
  | { kind: 'pending' }
  | { kind: 'checked'; ok: boolean; check: RollVerification; prizes: number; beacon: BeaconTiming };

/**
 * A roll room's draw recomputed in the browser from get-roll-room-reward: the revealed seed
 * against the hash the room showed from its making, the entrant list against its hash, each
 * prize's winner by packages/game's own draw, which prizes went back to the owner, and the beacon
 * round against the time entries closed (`beacon`: the beacon's schedule). A room not drawn yet
 * has nothing to check (its seed is still secret).
 */
export function verifyRollRoom(reward: RollRewardResponse, beacon: BeaconInfoResponse | null): RollVerifyResult {
  if (!reward.drawn || !reward.server_seed || !reward.public_seed || !reward.entrants_hash) return { kind: 'pending' };
  const prizes = reward.list.length + reward.returned.length;
  const check = verifyRoll({
    serverSeed: reward.server_seed,
    serverSeedHash: reward.server_seed_hash,
    publicSeed: reward.public_seed,
    roomId: reward.room_id,
    entrants: reward.entrants,
    entrantsHash: reward.entrants_hash,
    prizes,
    awards: reward.list.map((w) => ({ prize: w.index, userId: w.winner.user_id })),
    returned: reward.returned,
  });
  const timing = beaconTiming(beacon, reward.closed_at, reward.beacon_round);
  const ok =
    check.seedMatches &&
    check.entrantsMatch &&
    check.returnedMatch &&
    check.awards.every((a) => a.matches) &&
    timing.ok;
  return { kind: 'checked', ok, check, prizes, beacon: timing };
}
